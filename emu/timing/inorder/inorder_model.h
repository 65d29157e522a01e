// The single-issue in-order pipeline: fetch, decode, execute, memory, writeback (F D X M W).
//
// Like the out-of-order model it never ticks cycle by cycle: after the functional core executed an
// instruction, the model places it in the pipeline against what the previous instruction left.
// Each stage holds one instruction, so an instruction enters a stage only when its predecessor has
// moved on (F <- D of the previous, D <- X of the previous); it issues (enters X) once its source
// registers are ready on the bypass (scoreboard), its unit accepts a new operation (issue interval)
// and, for serializing or device-touching instructions, the pipeline has drained. X lasts the
// class's latency; loads and stores reach the data cache in M; writeback is in order.
// Fetch goes through the I-cache a line at a time and follows the branch predictor: a taken
// branch predicted right costs taken_bubble cycles, a mispredicted one refetches after it
// resolves at the end of X (the wrong-path fetches appear flushed in the Kanata log).
#pragma once
#include <cstdint>
#include <memory>
#include <string>

#include "sim/clock.h"
#include "isa/decoder.h"
#include "timing/bpred/branch_predictor.h"
#include "cpu/hart_stepper.h"
#include "timing/core_model.h"
#include "timing/mem/hierarchy.h"
#include "timing/inorder/inorder_config.h"
#include "timing/inorder/static_info.h"
#include "timing/op_timing.h"

namespace pimnic::timing {

class InOrderModel final : public CoreModel {
 public:
  InOrderModel(const InOrderConfig& cfg, const OpTiming& ops, const BpredConfig& bp, MemHierarchy& mem,
               const ClockDomain& clock);
  const char* kind() const override { return "inorder"; }
  StopReason run(Hart& h, uint64_t budget, uint64_t until_cycle) override;
  void account(Hart& h, const ExecRecord& rec) override;
  void drain(Hart& h) override;
  void register_stats(StatRegistry& s, const std::string& prefix) override;
  void set_pipeline_log(PipelineLog* log) override { log_ = log; }

  struct Stats {
    uint64_t insts = 0;
    uint64_t stall_fetch_icache = 0;   // cycles fetch waited for the I-cache beyond one
    uint64_t stall_branch = 0;         // fetch cycles lost to mispredictions
    uint64_t stall_taken = 0;          // fetch cycles lost to taken branches predicted right
    uint64_t stall_data = 0;           // issue cycles waiting for a source register
    uint64_t stall_unit = 0;           // issue cycles waiting for a busy (unpipelined) unit
    uint64_t stall_serialize = 0;      // issue cycles waiting for the pipeline to drain
    uint64_t stall_memory = 0;         // cycles loads waited in M beyond one (cache misses)
    uint64_t serializing = 0, interrupts = 0, idle_cycles = 0;
    uint64_t loads = 0, stores = 0, mmio = 0;
  } stats;
  const BranchPredictor& predictor() const { return bp_; }

 private:
  void start(Hart& h);
  void time(Hart& h, const ExecRecord& r);  // account(), inline in run()
  uint64_t to_cycle(Tick t) const { return (t + period_ - 1) / period_; }
  // The cycle an access issued at cycle t completes; an L1 hit (`l1`, when the hierarchy has one,
  // is where `level` sends it first) needs no conversion from picoseconds.
  [[gnu::always_inline]] uint64_t access_done(Cache* l1, MemLevel& level, uint32_t addr, uint32_t size,
                                              AccessKind kind, uint64_t t, uint8_t* where = nullptr) {
    MemResp m = l1 ? l1->access(addr, size, kind, t * period_) : level.access({addr, size, kind}, t * period_);
    if (where) *where = m.level;
    if (l1 && m.level == 1) [[likely]] return t + (l1 == l1i_ ? l1i_hit_ : l1d_hit_);
    return to_cycle(m.ready);
  }
  // When an instruction entered each stage, and when its result was on the bypass (a branch resolves).
  struct Stages {
    uint64_t F, D, X, M, W, E;
  };
  // What held an instruction up, for the Kanata note (the first reason in pipeline order, a
  // misprediction before all).
  struct Why {
    bool icache = false, data = false, unit = false, serialize = false, mmio = false, dcache = false;
    BranchMiss branch = BranchMiss::None;
    const char* note() const;
  };
  void log_insn(const ExecRecord& r, const Stages& t, const Why& why);

  InOrderConfig cfg_;
  OpTiming ops_;
  MemHierarchy& mem_;
  Tick period_;
  BranchPredictor bp_;
  StaticInfoCache info_;
  HartStepper stepper_;
  ExecRecord rec_;
  PipelineLog* log_ = nullptr;

  bool started_ = false;
  uint64_t start_cycle_ = 0;
  // What the previous instruction left: when it entered each stage, and when the next fetch may
  // start (after a redirect or the fetch of a new line).
  uint64_t prev_D_ = 0, prev_X_ = 0, prev_M_ = 0;
  uint64_t drain_ = 0;  // cycle at which everything so far has completed (previous W + 1)
  uint64_t fetch_ready_ = 0;
  uint32_t fetch_line_ = ~0u;
  uint32_t line_shift_ = 5;
  uint64_t unit_free_[OpTiming::kClasses] = {};
  uint64_t reg_ready_[StaticInfo::kSlots] = {};
  Cache* l1i_;  // null when the core has none (accesses go to mem_ directly)
  Cache* l1d_;
  uint64_t l1i_hit_ = 0, l1d_hit_ = 0, mmio_cycles_ = 0;  // in core cycles
  const isa::Decoder* decoder_ = nullptr;
  unsigned thread_ = 0;
};

}  // namespace pimnic::timing
