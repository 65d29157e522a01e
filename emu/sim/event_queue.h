// The discrete-event kernel (gem5 EventQueue / Dolphin CoreTiming style). Components schedule only
// what happens next (a DMA beat, a packet arrival), never a per-cycle tick. Events run in the order
// (time, priority, insertion sequence): two events at the same picosecond and priority run in the
// order they were scheduled, so a rerun is bit-identical. Cores are not events: they run slices up
// to next_time() and then let the queue catch up (see machine run loops).
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "sim/clock.h"

namespace pimnic {

// Lower runs first at the same tick.
enum EventPriority : int {
  kPrioDeviceUpdate = 0,    // device state changes (DMA beat lands, packet arrives)
  kPrioDefault = 50,
  kPrioInterrupt = 80,      // interrupt lines settle after the devices that drive them
  kPrioStats = 100,         // periodic sampling sees the tick's final state
};

class EventQueue {
 public:
  using Callback = std::function<void()>;
  struct Handle {
    uint64_t seq = 0;  // 0: none
    explicit operator bool() const { return seq != 0; }
  };

  // Schedule fn at `when` (>= now()). Throws std::logic_error for a time in the past.
  Handle schedule(Tick when, Callback fn, int priority = kPrioDefault, const char* name = "event");
  Handle schedule_in(Tick delay, Callback fn, int priority = kPrioDefault, const char* name = "event") {
    return schedule(now_ + delay, std::move(fn), priority, name);
  }
  // Cancel a pending event; false if it already ran or was cancelled.
  bool cancel(Handle h);

  Tick now() const { return now_; }
  // Time of the earliest pending event, kMaxTick if none.
  Tick next_time() const { return heap_.empty() ? kMaxTick : heap_.front().when; }
  bool empty() const { return heap_.empty(); }
  size_t pending() const { return heap_.size(); }
  // Run every event with time <= until, in order (events may schedule more); then now() = until
  // (unless until is kMaxTick, then now() is the time of the last event run).
  void run_until(Tick until);
  // Advance time without running anything; throws std::logic_error if an event before t would be skipped.
  void advance_to(Tick t);

  uint64_t events_run() const { return events_run_; }

  // The running core's slice ends at the horizon (the next event when the slice began). A device
  // that, during the slice, schedules something earlier (an MMIO write starting a DMA) lowers the
  // horizon and the listener stops the core there, so that the event runs at its time.
  void set_horizon(Tick t, std::function<void(Tick)> on_lowered = {}) {
    horizon_ = t;
    on_lowered_ = std::move(on_lowered);
  }
  Tick horizon() const { return horizon_; }

 private:
  struct Entry {
    Tick when;
    int priority;
    uint64_t seq;
    Callback fn;
    const char* name;
  };
  // Heap order: the "greatest" entry is the one that runs last.
  static bool later(const Entry& a, const Entry& b) {
    if (a.when != b.when) return a.when > b.when;
    if (a.priority != b.priority) return a.priority > b.priority;
    return a.seq > b.seq;
  }
  std::vector<Entry> heap_;
  std::vector<uint64_t> cancelled_;  // sorted seqs still in the heap but cancelled
  Tick now_ = 0;
  uint64_t next_seq_ = 1;
  uint64_t events_run_ = 0;
  Tick horizon_ = kMaxTick;
  std::function<void(Tick)> on_lowered_;
};

}  // namespace pimnic
