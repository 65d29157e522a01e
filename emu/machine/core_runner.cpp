// The three kinds of core the machine runs (core_runner.h).
#include "machine/core_runner.h"

#include <algorithm>
#include <vector>

#include "machine/slice.h"
#include "timing/pim/pim_model.h"

namespace pimnic {

uint64_t CoreRunner::instructions() const {
  uint64_t n = 0;
  for (size_t i = 0; i < core_.num_harts(); ++i) n += core_.hart(i).icount;
  return n;
}

namespace {

// One hart: a bare-metal image or a Linux process (its environment decides what a wait state
// waits for), functional (model null or untimed) or under a timing model that steps it.
class HartRunner final : public CoreRunner {
 public:
  HartRunner(Core& core, timing::CoreModel* model) : CoreRunner(core), model_(model && model->steps() ? model : nullptr) {}

  StopReason run_slice(EventQueue& events, Tick bound, uint64_t budget) override {
    Hart& h = core_.hart(0);
    if (!env_allows(h, budget)) return StopReason::Exit;
    const uint64_t until = begin_slice(core_, events, h.cycles(), bound);
    if (!model_) budget = std::min(budget, until - h.cycles());  // one cycle per instruction
    StopReason why = tracer_ ? tracer_->run(h, budget, until) : model_ ? model_->run(h, budget, until)
                                                                       : core_.run_threads(budget);
    end_slice(core_, events);
    return why;
  }
  void trace_with(InstructionTracer* tracer) override { tracer_ = tracer; }
  bool traced_steps_need_timing() const override { return model_ != nullptr; }
  bool steps_through_breakpoints() const override { return !model_; }
  StopReason run_slice_checked(EventQueue& events, Tick bound, uint64_t budget, const BreakpointTest& at) override {
    if (!model_) return run_slice(events, bound, budget);
    Hart& h = core_.hart(0);
    if (!env_allows(h, budget)) return StopReason::Exit;
    const Tick next = std::min(bound, events.next_time());
    const uint64_t until = begin_slice(core_, events, h.cycles(), bound);
    StopReason why = StopReason::SliceEnd;
    for (uint64_t n = 0; n < budget;) {
      const uint64_t before = h.icount;
      why = model_->run(h, 1, until);
      n += std::max<uint64_t>(1, h.icount - before);
      if (why != StopReason::SliceEnd && why != StopReason::None) break;
      why = StopReason::SliceEnd;
      if (h.icount != before && at(h.pc)) {
        why = StopReason::Breakpoint;
        break;
      }
      if (h.cycles() >= until || events.next_time() < next) break;
    }
    end_slice(core_, events);
    return why;
  }
  uint64_t debug_step(EventQueue& events, Tick bound, const std::function<void()>& fn) override {
    begin_slice(core_, events, cycles(), bound);
    const uint64_t before = instructions();
    fn();
    end_slice(core_, events);
    return instructions() - before;
  }
  uint64_t cycles() const override { return core_.hart(0).cycles(); }
  bool may_wake_itself() const override {
    const Hart& h = core_.hart(0);
    return h.env() ? h.env()->wakes_itself(h) : (h.msr & MSR_POW) && (h.msr & MSR_EE);
  }
  void drain() override {
    if (model_) model_->drain(core_.hart(0));
  }
  bool asleep() const override {
    const Hart& h = core_.hart(0);
    if (!(h.msr & MSR_POW) || h.external_irq) return false;
    return h.wake_on_irq || ((h.msr & MSR_EE) && h.env() && !h.env()->wakes_itself(h));
  }
  void wake_at(Tick t) override {
    Hart& h = core_.hart(0);
    const uint64_t cycle = core_.clock().cycle_at_or_after(t);
    if (cycle > h.cycles()) h.cycle_offset += cycle - h.cycles();
  }

 private:
  // The environment's turn before a slice (a Linux process delivers its timers' signals); false
  // when the hart is not to run again.
  bool env_allows(Hart& h, uint64_t& budget) {
    Environment* env = h.env();
    if (!env) return true;
    if (!env->before_slice(h)) return false;
    budget = env->slice_budget(budget, !model_);
    return true;
  }
  timing::CoreModel* model_;
  InstructionTracer* tracer_ = nullptr;
};

// A timed PIM core: the interleaved pipeline issues its threads; all share the core cycle.
class PimPipelineRunner final : public CoreRunner {
 public:
  PimPipelineRunner(Core& core, timing::PimModel& pim, CoreDeadlock deadlock)
      : CoreRunner(core), pim_(pim), deadlock_(deadlock) {}

  StopReason run_slice(EventQueue& events, Tick bound, uint64_t budget) override {
    const uint64_t until = begin_slice(core_, events, cycle_, bound);
    StopReason why = pim_.run_core(core_, budget, until);
    if (why == StopReason::Deadlock && deadlock_ == CoreDeadlock::IdleThrough) {  // every thread waits or none lives: a parcel, a device or the other core may change that
      pim_.idle_until(core_, until);
      why = StopReason::SliceEnd;
    }
    cycle_ = pim_.cycle();
    end_slice(core_, events);
    return why;
  }
  bool steps_through_breakpoints() const override { return false; }
  StopReason run_slice_checked(EventQueue& events, Tick bound, uint64_t budget, const BreakpointTest& at) override {
    const Tick next = std::min(bound, events.next_time());
    const uint64_t until = begin_slice(core_, events, cycle_, bound);
    std::vector<uint64_t> counts(core_.num_harts());
    StopReason why = StopReason::SliceEnd;
    for (uint64_t n = 0; n < budget;) {
      for (size_t k = 0; k < counts.size(); ++k) counts[k] = core_.hart(k).icount;
      why = pim_.run_core(core_, 1, until);
      cycle_ = pim_.cycle();
      if (why == StopReason::Deadlock && deadlock_ == CoreDeadlock::IdleThrough) {  // as in run_slice
        pim_.idle_until(core_, until);
        cycle_ = pim_.cycle();
        why = StopReason::SliceEnd;
        break;
      }
      if (why != StopReason::SliceEnd && why != StopReason::None) break;
      why = StopReason::SliceEnd;
      uint64_t retired = 0;
      for (size_t k = 0; k < counts.size(); ++k) {
        Hart& h = core_.hart(k);
        retired += h.icount - counts[k];
        if (h.icount != counts[k] && h.thread_state == ThreadState::Running && at(h.pc)) {
          core_.set_stopped_hart(k);
          why = StopReason::Breakpoint;
        }
      }
      if (why == StopReason::Breakpoint) break;
      n += std::max<uint64_t>(1, retired);
      if (cycle_ >= until || events.next_time() < next) break;
    }
    end_slice(core_, events);
    return why;
  }
  uint64_t debug_step(EventQueue& events, Tick bound, const std::function<void()>& fn) override {
    begin_slice(core_, events, cycle_, bound);
    const uint64_t before = instructions();
    fn();
    end_slice(core_, events);
    const uint64_t retired = instructions() - before;
    pim_.idle_until(core_, cycle_ + std::max<uint64_t>(retired, 1));
    cycle_ = pim_.cycle();
    return retired;
  }
  uint64_t cycles() const override { return cycle_; }
  bool may_wake_itself() const override { return pim_.runnable(); }
  void drain() override { pim_.drain(core_.hart(0)); }
  // The pipeline picks the thread that issues: the tracer is handed what it retires.
  void trace_with(InstructionTracer* tracer) override {
    if (tracer) pim_.on_retire = [tracer](Hart& h, const ExecRecord& rec) { tracer->observe(h, rec); };
    else pim_.on_retire = nullptr;
  }

 private:
  timing::PimModel& pim_;
  CoreDeadlock deadlock_;
  uint64_t cycle_ = 0;
};

// A PIM core run functionally: its threads take turns in one pipeline, so they share one cycle
// count (one instruction per cycle).
class PimTurnsRunner final : public CoreRunner {
 public:
  PimTurnsRunner(Core& core, CoreDeadlock deadlock) : CoreRunner(core), deadlock_(deadlock) {}

  StopReason run_slice(EventQueue& events, Tick bound, uint64_t budget) override {
    align_harts();
    const uint64_t until = begin_slice(core_, events, cycle_, bound);
    const uint64_t before = instructions();
    StopReason why = core_.run_threads(std::min(budget, until - cycle_));
    cycle_ += instructions() - before;
    for (size_t i = 0; i < core_.num_harts(); ++i)  // a thread in a wait state idled the core
      if (core_.hart(i).msr & MSR_POW) cycle_ = std::max(cycle_, core_.hart(i).cycles());
    if (why == StopReason::Deadlock && deadlock_ == CoreDeadlock::IdleThrough) {  // as in PimPipelineRunner
      cycle_ = std::max(cycle_, until);
      why = StopReason::SliceEnd;
    }
    end_slice(core_, events);
    return why;
  }
  uint64_t debug_step(EventQueue& events, Tick bound, const std::function<void()>& fn) override {
    align_harts();
    begin_slice(core_, events, cycle_, bound);
    const uint64_t before = instructions();
    fn();
    end_slice(core_, events);
    const uint64_t retired = instructions() - before;
    cycle_ += std::max<uint64_t>(retired, 1);
    return retired;
  }
  uint64_t cycles() const override { return cycle_; }
  bool may_wake_itself() const override { return false; }
  void drain() override {}
  // Each thread's turn goes through the tracer.
  void trace_with(InstructionTracer* tracer) override {
    if (tracer) core_.thread_runner = [tracer](Hart& h, uint64_t budget) { return tracer->run(h, budget, ~0ull); };
    else core_.thread_runner = nullptr;
  }

 private:
  // Every thread's time is the core's.
  void align_harts() {
    for (size_t i = 0; i < core_.num_harts(); ++i) core_.hart(i).cycle_offset = cycle_ - core_.hart(i).icount;
  }
  CoreDeadlock deadlock_;
  uint64_t cycle_ = 0;
};

}  // namespace

std::unique_ptr<CoreRunner> make_core_runner(Core& core, const timing::CoreTiming& timing, CoreDeadlock deadlock) {
  if (core.num_harts() == 1) return std::make_unique<HartRunner>(core, timing.model.get());
  if (timing::PimModel* pim = timing.pim_model()) return std::make_unique<PimPipelineRunner>(core, *pim, deadlock);
  return std::make_unique<PimTurnsRunner>(core, deadlock);
}

std::unique_ptr<CoreRunner> make_core_runner(Core& core, CoreDeadlock deadlock) {
  static const timing::CoreTiming untimed;
  return make_core_runner(core, untimed, deadlock);
}

}  // namespace pimnic
