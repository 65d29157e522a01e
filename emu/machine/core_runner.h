// How a machine runs one core for a slice of simulated time. The machine calls only this
// interface; each kind of core holds its own way of running:
//   - one hart, functional or under a timing model (HartRunner): a bare-metal image, or a Linux
//     process, whose system calls and wait states live in the hart's Environment;
//   - a PIM core's threads interleaved by the PIM pipeline model (PimPipelineRunner);
//   - a PIM core's threads taking turns functionally, one instruction per cycle (PimTurnsRunner).
// Every runner keeps the core's cycle (the threads of a PIM core share one) and bounds its slice
// by the event queue's next event, as begin_slice does, so that a device a core touches stops it
// in time.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>

#include "cpu/core.h"
#include "cpu/exec_record.h"
#include "sim/event_queue.h"
#include "timing/model_factory.h"

namespace pimnic {

// Instruction traces of a machine's core (cli/machine_traces implements it over trace::Tracer):
// the core's instructions are executed and recorded one by one (run), or, where the core's
// timing model executes them itself (a PIM pipeline), recorded as it retires them (observe).
class InstructionTracer {
 public:
  virtual ~InstructionTracer() = default;
  // Execute up to budget instructions of h, none once h.cycles() has reached until_cycle.
  // Returns like Hart::run.
  virtual StopReason run(Hart& h, uint64_t budget, uint64_t until_cycle) = 0;
  virtual void observe(Hart& h, const ExecRecord& rec) = 0;
};

class CoreRunner {
 public:
  virtual ~CoreRunner() = default;
  // Run at most `budget` instructions, up to simulated time `bound` (or the queue's next event,
  // or an earlier event a device schedules meanwhile). Returns why the slice ended: SliceEnd
  // (a limit), or a stop of some thread (Exit, Fault, Halt, Breakpoint, ...) that
  // Core::stopped_hart() names. A core whose threads all wait idles to the bound instead.
  virtual StopReason run_slice(EventQueue& events, Tick bound, uint64_t budget) = 0;
  // Timed models execute with Hart::step, which the decode cache's breakpoints do not stop; such
  // runners check breakpoints themselves (steps_through_breakpoints() is false for them).
  using BreakpointTest = std::function<bool(uint32_t pc)>;
  virtual bool steps_through_breakpoints() const { return true; }
  // run_slice one instruction at a time: a thread that reaches a pc for which at(pc) holds stops
  // there (Breakpoint, before executing it).
  virtual StopReason run_slice_checked(EventQueue& events, Tick bound, uint64_t budget, const BreakpointTest& at) {
    (void)at;
    return run_slice(events, bound, budget);
  }
  // A debugger's single step of one hart (fn), inside a slice bounded like run_slice's; the
  // core's cycle follows. Returns the instructions retired.
  virtual uint64_t debug_step(EventQueue& events, Tick bound, const std::function<void()>& fn) = 0;
  // The core's cycle (its drain point: see timing/core_model.h).
  virtual uint64_t cycles() const = 0;
  // The core retired nothing and no device has anything pending: can it still go on by itself
  // (a timer it armed, a PIM thread waiting only for a fetch or a result)?
  virtual bool may_wake_itself() const = 0;
  // End of the run: complete what the timing model has in flight.
  virtual void drain() = 0;
  // In a wait state that only its external interrupt can end (a Linux process asleep in a system
  // call, firmware in TIMER_WAIT): the machine stops scheduling it until the input rises.
  virtual bool asleep() const { return false; }
  // It slept until `t`: its clock moves on to then, as if it had idled all along.
  virtual void wake_at(Tick t) { (void)t; }
  // Trace the core's instructions from now on (null: no more). Traced slices take the same
  // simulated time as untraced ones: a timed hart's steps are timed by its model from the
  // records (the tracer then must hand each record to CoreModel::account: traced_steps_need_timing()).
  virtual void trace_with(InstructionTracer* tracer) = 0;
  virtual bool traced_steps_need_timing() const { return false; }
  uint64_t instructions() const;  // retired by all the core's harts
  Core& core() { return core_; }

 protected:
  explicit CoreRunner(Core& core) : core_(core) {}
  Core& core_;
};

// What a core's deadlock means: every thread of a PIM core waits on a full/empty bit (or none
// lives). In a machine of several cores another core, a parcel or a device may still change that,
// so the runner idles to the slice's end and leaves the verdict to the machine's idle watch; the
// only core of a one-core machine stops there (StopReason::Deadlock, Core::deadlock_message).
enum class CoreDeadlock { IdleThrough, Stops };

// The runner for a core and its timing (timing.model null or functional: untimed).
std::unique_ptr<CoreRunner> make_core_runner(Core& core, const timing::CoreTiming& timing,
                                             CoreDeadlock deadlock = CoreDeadlock::IdleThrough);
// ... for an untimed (functional) core.
std::unique_ptr<CoreRunner> make_core_runner(Core& core, CoreDeadlock deadlock = CoreDeadlock::IdleThrough);

}  // namespace pimnic
