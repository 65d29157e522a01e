// A core: one decoder and decode cache shared by its hardware threads, and the address space it
// executes in. Conventional cores have one hart; PIM cores have several.
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "cpu/dcr_bus.h"
#include "cpu/decode_cache.h"
#include "cpu/hart.h"
#include "isa/decoder.h"
#include "sim/clock.h"
#include "sim/event_queue.h"
#include "sim/parcel_port.h"
#include "sim/thread_contexts.h"

namespace pimnic {

struct CoreConfig {
  std::string name = "core";
  std::string profile = "host";  // host | nic | pim
  uint8_t features = isa::FEAT_BASE;
  unsigned vec_bytes = 0;        // 0: no vector unit; 16 or 32
  unsigned harts = 1;
  uint32_t pvr = 0;
  uint32_t pir = 0;
  unsigned tb_divider = 8;       // core cycles per time-base tick
  double clock_hz = 2e9;
};

// The three core profiles of DESIGN.md: host (7400: FPU + AltiVec-128), nic (440-class: no FPU,
// no AltiVec), pim (AltiVec-256, PIM extension, no FPU). Throws std::invalid_argument otherwise.
CoreConfig core_profile(std::string_view profile);

class Core : public ThreadContexts {
 public:
  Core(CoreConfig cfg, AddressSpace& mem);
  Core(const Core&) = delete;
  Core& operator=(const Core&) = delete;

  const CoreConfig& config() const { return cfg_; }
  const std::string& name() const { return cfg_.name; }
  AddressSpace& mem() { return mem_; }
  const AddressSpace& mem() const { return mem_; }
  const isa::Decoder& decoder() const { return decoder_; }
  DecodeCache& dcache() { return dcache_; }
  DcrBus& dcr() { return dcr_; }  // device control registers (440-class cores)
  size_t num_harts() const { return harts_.size(); }
  Hart& hart(size_t i) { return *harts_[i]; }
  const Hart& hart(size_t i) const { return *harts_[i]; }
  bool has(isa::Feature f) const { return cfg_.features & f; }
  const ClockDomain& clock() const { return clock_; }
  // The machine's event queue: a device access happens at its hart's time, but never before the
  // queue's now (a core may lag the events it has not reached yet). Unset: the hart's time alone.
  void set_machine_queue(const EventQueue* q) { queue_ = q; }
  // The time of a device access made at `cycles` of this core's clock (MmioAccess::time).
  Tick device_time(uint64_t cycles) const {
    const Tick t = clock_.ticks(cycles);
    return queue_ && queue_->now() > t ? queue_->now() : t;
  }

  // ---- PIM threads (cpu/thread_scheduler.cpp, docs/isa/pim.md) --------------------------------
  // Full/empty bits of the RAM at address 0, shared with every PIM core on the same memory (empty
  // range on cores without the PIM extension).
  FebMemory& feb() { return *feb_; }
  // Run the live threads round robin for about budget instructions in all. Returns SliceEnd,
  // Deadlock (every live thread blocked for good), or the first other stop (exit, fault, ...) of
  // a thread: stopped_hart() is that thread. A core with one hart just runs it.
  StopReason run_threads(uint64_t budget);
  size_t stopped_hart() const { return stopped_; }
  // For timing models that run the threads themselves (timing/pim/pim_model.h).
  void set_stopped_hart(size_t i) { stopped_ = i; }
  // Start a free context at pc with r3 = arg, inheriting parent's MSR and time; null if none free.
  Hart* start_thread(const Hart& parent, uint32_t pc, uint32_t arg);
  // Start context `index` (which must be free) from reset, with the parent's MSR and time.
  Hart* start_thread_at(size_t index, const Hart& parent);
  unsigned live_threads() const;
  // "every thread blocked: thread 0 at 0x... waits for 0x... to become full, ..."
  std::string deadlock_message() const;
  // Back to one running thread (hart 0) and all words full (machine reset; the bits are the
  // memory's, so this refills them for the other cores on it too).
  void reset_threads();
  // The node's parcel engine (null: parcel and migrate are illegal). With one, the core's last
  // thread may exit without ending the run: parcels can bring new threads (threads_come_from_outside).
  ParcelPort* parcels() const { return parcels_; }
  // Called after each thread's turn in run_threads (timelines sample the threads' states here).
  std::function<void(const Hart&)> after_turn;
  // Runs a thread's turn in run_threads instead of Hart::run (traced runs step it; empty: run).
  std::function<StopReason(Hart&, uint64_t budget)> thread_runner;
  void set_parcels(ParcelPort* p) { parcels_ = p; }
  // Threads may also be started here by the other PIM cores of its NIC (devices/pim_spawn.h): its
  // last thread may then exit without ending the run too.
  void set_spawned_from_outside() { spawned_from_outside_ = true; }
  // ThreadContexts (devices/pim_spawn.h, devices/parcel_engine.h)
  void allow_outside_starts() override { set_spawned_from_outside(); }
  void connect_parcels(ParcelPort* port) override { set_parcels(port); }
  int start_thread_with(uint32_t pc, const uint32_t* args, unsigned nargs, const uint32_t* msr) override;
  unsigned contexts() const override { return unsigned(num_harts()); }
  bool context_free(unsigned i) const override { return harts_[i]->thread_state == ThreadState::Free; }
  void resume_thread(unsigned i, const uint8_t* state) override;
  // Can a thread start on this core from elsewhere (a parcel, another core)?
  bool threads_come_from_outside() const { return parcels_ || spawned_from_outside_; }

 private:
  CoreConfig cfg_;
  ClockDomain clock_;
  AddressSpace& mem_;
  isa::Decoder decoder_;
  DecodeCache dcache_;
  DcrBus dcr_;
  std::vector<std::unique_ptr<Hart>> harts_;
  FebMemory* feb_;
  FebMemory no_feb_;  // cores without the PIM extension
  size_t stopped_ = 0;
  size_t next_ = 0;  // round-robin position
  ParcelPort* parcels_ = nullptr;
  bool spawned_from_outside_ = false;
  const EventQueue* queue_ = nullptr;
};

// The simulated time of a hart (its drain point, see timing/core_model.h): what a device it
// accesses takes as "now".
inline Tick now_of(const Hart& h) { return h.core().clock().ticks(h.cycles()); }

}  // namespace pimnic
