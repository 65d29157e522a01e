// The PIM core timing model (issue 7; seeds mpi-over-parcels-pim.txt Table 1 and
// pim-nic-mpi-matching.txt Table I), with two settings of core.pim.pipeline (pim_config.h):
// "single" (seed pim-nic-mpi-matching's PIM: one thread may issue every cycle, a taken branch
// stalls it depth - 1 cycles, memory until the access completes, other threads fill the stalls)
// and "interleaved", described here. N hardware thread contexts share a single-issue pipeline of
// `depth` (4) interleaved stages, one thread per stage — a barrel. Each cycle at most one
// instruction issues, from the first thread in round-robin order (after the one that issued last)
// that is ready in that cycle; a thread that issued at cycle t is ready again at
//   max(t + depth, t + latency of its operation class, completion of its memory accesses),
// so one thread runs at most one instruction every `depth` cycles and `depth` ready threads fill
// the pipeline. The functional units are the core's, shared by its threads (pim_units.h): an
// operation whose unit is still busy (a divide's 19 cycles) waits for it, the other threads go on. No branch prediction (the next instruction of a thread is fetched after its
// predecessor left the pipeline: branches cost nothing extra). The I-cache comes from the memory
// hierarchy; there is no data cache: loads and stores (a 256-bit lvx/stvx is one access) go to
// the memory level (DRAM open row 4 / closed row 11 cycles under the pim preset), issued at the
// issue cycle, and the thread waits for them without taking issue slots. A thread blocked on a
// full/empty bit (its attempt took one slot and did not retire) takes no slot until the bit it
// waits for holds; then it is woken and executes the instruction again.
//
// The functional core decides what happens: the model steps the chosen thread with Hart::step
// (ExecRecord) and moves time only. All threads of the core share the core's cycle: whenever the
// model returns, every hart's cycles() is the core cycle (the next issue slot not yet used), which
// is also what a thread sees as "now" (time base, devices) while it executes.
//
// Memory shared by two PIM cores: give both hierarchies the same backing level
// (MemHierarchy(..., shared_memory)); bank and bus busy-until times then make them contend. The
// busy-until levels expect requests in time order, so cores that share memory must run in small
// lockstep quanta (run_core with until_cycle a few cycles ahead, alternating).
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "cpu/exec_record.h"
#include "cpu/hart.h"
#include "sim/clock.h"
#include "timing/core_model.h"
#include "timing/op_timing.h"
#include "timing/pim/pim_config.h"
#include "timing/pim/pim_context.h"
#include "timing/pim/pim_memory.h"
#include "timing/pim/pim_stats.h"
#include "timing/pim/pim_units.h"

namespace pimnic {
class Core;
}

namespace pimnic::timing {

class MemHierarchy;

class PimModel final : public CoreModel {
 public:
  // `contexts`: hardware threads of the core (per-thread statistics; more are added if the core
  // turns out to have more). mem may be null (every access then takes one cycle).
  PimModel(const PimConfig& cfg, const OpTiming& ops, MemHierarchy* mem, const ClockDomain& clock, unsigned contexts);
  const char* kind() const override { return "pim"; }

  // Run the core's live threads, interleaved, until `budget` instructions have retired (all
  // threads together), the core cycle reaches `until_cycle`, or a thread stops. Returns like
  // Core::run_threads: SliceEnd (a limit, or a device asked for the machine's events to run),
  // Deadlock (every live thread is blocked on a full/empty bit and none can be woken, or no thread
  // lives; the core cycle stays where it is: see idle_until), or the first other stop of a thread
  // (Exit, Fault, Halt, Breakpoint, ...), with Core::stopped_hart() naming that thread. Blocked,
  // Yield and ThreadExit are handled here and never returned.
  StopReason run_core(Core& core, uint64_t budget, uint64_t until_cycle);
  // Move the core's cycle forward to `cycle` with no thread issuing (after a Deadlock that the
  // machine resolves later, e.g. a parcel that will start a thread).
  void idle_until(Core& core, uint64_t cycle);
  // The core cycle (every hart's cycles() after run_core).
  uint64_t cycle() const { return now_; }
  // Some thread of the core can issue once its fetch or an earlier result is back: it neither
  // waits on a full/empty bit nor sleeps (MSR[POW]). A slice may end with nothing retired while a
  // slow fetch is outstanding; the core is not idle then.
  bool runnable() const;

  // CoreModel: run() runs h's whole core (run_core); account() times one record of h stepped by
  // someone else (traced runs) as an issue of h's context.
  StopReason run(Hart& h, uint64_t budget, uint64_t until_cycle) override;
  void account(Hart& h, const ExecRecord& rec) override;
  void drain(Hart& h) override;
  void register_stats(StatRegistry& s, const std::string& prefix) override;
  void set_pipeline_log(PipelineLog* log) override { log_ = log; }
  // Sees every instruction the pipeline retires, with its record (machine instruction traces).
  std::function<void(Hart&, const ExecRecord&)> on_retire;

  PimStats stats;

 private:
  void bind(Core& core);
  // Which contexts hold a thread (live_), noting threads started or ended since the last look.
  void rescan(Core& core);
  // Bring the core cycle to `cycle`, counting the threads alive (and, of them, active: neither
  // blocked on a full/empty bit nor in a wait state) meanwhile.
  void advance(uint64_t cycle, unsigned alive, unsigned active, bool idle);
  // Time the instruction context i executed at now_: when the thread may issue again.
  uint64_t time_insn(size_t i, const ExecRecord& r);
  PimThreadStats& tstats(size_t i);
  void set_all_cycles(Core& core);
  void log_insn(const Hart& h, const ExecRecord& r, uint64_t ready);

  // The class of the instruction a thread issues next (to see whether its unit is free), or
  // OpClass::Count when it cannot be decoded (it faults without a unit).
  isa::OpClass next_class(Core& core, uint32_t pc);

  PimConfig cfg_;
  // Cycles from a thread's issue to its next issue when nothing else holds it: depth on the
  // interleaved pipeline (one thread per stage), 1 on the single pipeline (cfg_.pipeline).
  uint32_t turn_;
  // Single pipeline only: cycles from a taken branch's issue to its thread's next fetch (the
  // branch resolves in X, the stage before the last: depth - 1). 0 on the interleaved pipeline,
  // where the turn already covers it.
  uint32_t taken_stall_;
  OpTiming ops_;
  PimUnits units_;
  PimMemory mem_;
  std::vector<PimContext> ctx_;
  ExecRecord rec_;
  PipelineLog* log_ = nullptr;
  Core* core_ = nullptr;
  bool started_ = false;
  bool registered_ = false;     // per-thread statistics are registered (their vector is fixed)
  PimThreadStats spare_;        // for contexts beyond the registered ones
  uint64_t now_ = 0;  // the core cycle: the next issue slot
  size_t rr_ = 0;     // round robin: the context after the one that issued last
  uint64_t live_ = 0; // contexts holding a thread (running or blocked), one bit each
};

}  // namespace pimnic::timing
