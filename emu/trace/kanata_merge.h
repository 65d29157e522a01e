// Several cores' pipelines in one Kanata log (`--trace kanata:FILE` on a machine, FILE without
// %c): each core's timing model reports through a lane of its own, which turns the core's cycles
// into the log's (one log cycle = the fastest merged core's clock period) and its hardware
// threads into thread ids of their own; the log is written as far as every lane has settled. A
// lane with nothing in flight lets the log go up to its core's present, or to the machine's safe
// time (a sleeping core's clock stands still, but it wakes no earlier than that).
#pragma once
#include <algorithm>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "sim/clock.h"
#include "trace/kanata_writer.h"

namespace pimnic::trace {

class KanataMerge {
 public:
  KanataMerge(std::unique_ptr<OutputStream> out, Tick unit_ps) : writer_(std::move(out)), unit_(unit_ps) {}

  class Lane final : public timing::PipelineLog {
   public:
    uint64_t begin(uint64_t cycle, unsigned thread, uint32_t pc, const char* text) override {
      ++in_flight_;
      return m_.writer_.begin(log_cycle(cycle), first_thread_ + thread, pc, (prefix_ + text).c_str());
    }
    void stage(uint64_t id, uint64_t cycle, const char* stage) override { m_.writer_.stage(id, log_cycle(cycle), stage); }
    void note(uint64_t id, const char* text) override { m_.writer_.note(id, text); }
    void end(uint64_t id, uint64_t cycle, bool flushed) override {
      --in_flight_;
      m_.writer_.end(id, log_cycle(cycle), flushed);
    }
    void settle(uint64_t cycle) override {
      settled_ = std::max(settled_, log_cycle(cycle));
      m_.settle();
    }
    void mark(uint64_t cycle, unsigned thread, const TraceMark& mk) {
      m_.writer_.mark(log_cycle(cycle), first_thread_ + thread, mk);
    }

   private:
    friend class KanataMerge;
    Lane(KanataMerge& m, Tick period, uint64_t scale, unsigned first_thread, std::string prefix,
         std::function<uint64_t()> now)
        : m_(m), period_(period), scale_(scale), first_thread_(first_thread), prefix_(std::move(prefix)),
          now_(std::move(now)) {}
    uint64_t log_cycle(uint64_t c) const { return c == ~0ull ? c : c * scale_; }
    // No event of this lane will come before this log cycle.
    uint64_t bound() const {
      if (in_flight_) return settled_;
      return std::max({settled_, log_cycle(now_()), m_.safe_ == kMaxTick ? ~uint64_t(0) : log_cycle(m_.safe_ / period_)});
    }
    KanataMerge& m_;
    Tick period_;
    uint64_t scale_;
    unsigned first_thread_;
    std::string prefix_;
    std::function<uint64_t()> now_;  // the core's cycle
    uint64_t settled_ = 0;
    int64_t in_flight_ = 0;
  };

  // A core with clock period `period_ps` whose threads are numbered from first_thread in the log;
  // its instructions' labels start with prefix ("n0.nic "). now: the core's cycle.
  Lane& add_lane(Tick period_ps, unsigned first_thread, std::string prefix, std::function<uint64_t()> now) {
    const uint64_t scale = std::max<uint64_t>(1, (period_ps + unit_ / 2) / unit_);
    lanes_.push_back(
        std::unique_ptr<Lane>(new Lane(*this, period_ps, scale, first_thread, std::move(prefix), std::move(now))));
    return *lanes_.back();
  }
  // Write as far as every lane allows (after a lane settles, and after each turn of the machine,
  // which says up to when no core will retire anything: MultiNodeMachine::safe_time).
  void settle(Tick safe) {
    safe_ = std::max(safe_, safe);
    settle();
  }
  void settle() {
    uint64_t upto = ~0ull;
    for (const auto& l : lanes_) upto = std::min(upto, l->bound());
    writer_.settle(upto);
  }
  void finish() { writer_.finish(); }

 private:
  KanataWriter writer_;
  Tick unit_;
  Tick safe_ = 0;
  std::vector<std::unique_ptr<Lane>> lanes_;
};

}  // namespace pimnic::trace
