// The core-timing-model interface. The functional core (Hart) executes; a model consumes the
// ExecRecord of each executed instruction (pc, next pc, word, row id, memory accesses, interrupt;
// register dependencies from isa::register_deps of the row) and moves time only. A model never
// writes architectural state: the only hart fields it touches are cycle_offset and device_after
// (the cycle before which a device access waits: the model's store buffer drains then).
//
// Time convention, shared by every model so that devices and the time base agree:
//   between two instructions, h.cycles() is the core cycle at which everything executed so far has
//   completed (the pipeline's drain point). Hart::step() adds one cycle per instruction (and the
//   idle time of a wait state); after each record the model sets
//   h.cycle_offset += completion - h.cycles(). An instruction that serializes or touches a device
//   therefore executes, functionally, at the drain point of the instructions before it, which is
//   when a real pipeline would let it run. Models issue in program order, like sim-outorder.
//
// Stepping: a model either drives the hart itself (run(): its own step loop) or is fed records that
// someone else stepped (account(): the tracer, when commit/qemu/binary traces are on), so traces
// and timing work together and see the same instructions.
#pragma once
#include <cstdint>
#include <string>

#include "cpu/exec_record.h"
#include "cpu/hart.h"

namespace pimnic {
class StatRegistry;
}

namespace pimnic::timing {

class PipelineLog;

class CoreModel {
 public:
  virtual ~CoreModel() = default;
  // "functional", "inorder", "ooo"
  virtual const char* kind() const = 0;
  // Execute h until `budget` instructions have retired, h.cycles() >= until_cycle, or the hart
  // stops. Returns like Hart::run (SliceEnd when a limit was reached).
  virtual StopReason run(Hart& h, uint64_t budget, uint64_t until_cycle) = 0;
  // Time one instruction that the caller stepped with Hart::step (h is already past it).
  virtual void account(Hart& h, const ExecRecord& rec) = 0;
  // End of the run: complete what is in flight (h.cycles() = the last completion).
  virtual void drain(Hart&) {}
  // Statistics under "<prefix>." (e.g. "core0.").
  virtual void register_stats(StatRegistry&, const std::string& /*prefix*/) {}
  // Where pipeline events go (Kanata); null for none. Set before the run.
  virtual void set_pipeline_log(PipelineLog*) {}
  // True if the model needs every instruction stepped (all but the functional model).
  virtual bool steps() const { return true; }
};

}  // namespace pimnic::timing
