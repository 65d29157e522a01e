// The out-of-order core model, in the spirit of SimpleScalar's sim-outorder: fetch queue, decode
// (rename + dispatch into the RUU), out-of-order issue to functional-unit pools, LSQ with
// store-to-load forwarding, in-order commit, a branch predictor with BTB and return stack.
//
// It never runs the pipeline cycle by cycle. The functional core executes an instruction first;
// the model then schedules that instruction's whole timeline (fetch, dispatch, issue, complete,
// commit) against what the older instructions left: per-cycle width and unit reservations, the
// cycle each register's newest value is ready (renaming at the register ids of isa/deps.h), the
// RUU and LSQ entries freed by older commits. Oldest-first issue falls out of scheduling in
// program order. Wrong-path work is not simulated: a misprediction costs the fetch cycles until
// the branch resolves, plus a redirect penalty.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "sim/clock.h"
#include "timing/core_model.h"
#include "cpu/hart_stepper.h"
#include "timing/ooo/deps_cache.h"
#include "timing/ooo/fetch_stage.h"
#include "timing/ooo/fu_pools.h"
#include "timing/ooo/ooo_config.h"
#include "timing/ooo/issue_table.h"
#include "timing/ooo/store_queue.h"
#include "timing/op_timing.h"

namespace pimnic::timing {

class MemHierarchy;

class OooModel final : public CoreModel {
 public:
  // mem may be null (every access then takes one cycle). Throws std::invalid_argument on a bad
  // configuration.
  OooModel(const OooConfig& cfg, const BpredConfig& bpred, const OpTiming& ops, MemHierarchy* mem,
           const ClockDomain& clock);
  const char* kind() const override { return "ooo"; }
  StopReason run(Hart& h, uint64_t budget, uint64_t until_cycle) override;
  void account(Hart& h, const ExecRecord& rec) override;
  void drain(Hart& h) override;
  void register_stats(StatRegistry& s, const std::string& prefix) override;
  void set_pipeline_log(PipelineLog* log) override { log_ = log; }

  struct Stats {
    uint64_t insts = 0, cycles = 0;
    uint64_t ruu_occupancy = 0, lsq_occupancy = 0, ifq_occupancy = 0;  // entry-cycles (sums)
    uint64_t loads = 0, stores = 0, forwarded = 0, partial_forward = 0;
    uint64_t serializing = 0, interrupts = 0;
    uint64_t stall_mispredict = 0, stall_misfetch = 0, stall_serialize_fetch = 0;
    uint64_t stall_ruu_full = 0, stall_lsq_full = 0, stall_drain = 0, stall_width = 0;
  } stats;
  const BranchPredictor& predictor() const { return fetch_.bp; }

 private:
  void start(Hart& h);
  uint64_t execute_memory(const ExecRecord& rec, uint64_t cycle, uint64_t& complete, const char*& note);

  OooConfig cfg_;
  OpTiming ops_;
  MemHierarchy* mem_;
  ClockDomain clock_;
  PipelineLog* log_ = nullptr;
  FetchStage fetch_;
  FuPools pools_;
  IssueTable issue_;
  std::array<uint8_t, size_t(isa::OpClass::Count)> pool_of_;
  StoreQueue stores_;
  DepsCache deps_;
  HartStepper stepper_;  // Hart::step with the interrupt checks where Hart::run has them
  ExecRecord rec_;

  bool started_ = false;
  uint64_t start_cycle_ = 0;
  // Rings indexed by the instruction's (memory operation's) position modulo their size.
  struct RingPos {
    uint32_t i = 0, n;
    explicit RingPos(uint32_t size) : n(size) {}
    void next() { i = i + 1 == n ? 0 : i + 1; }
  };
  uint64_t seq_ = 0, mem_seq_ = 0;    // instructions and memory operations so far
  RingPos ruu_pos_, lsq_pos_, ifq_pos_;
  std::vector<uint64_t> ruu_free_;    // commit cycle of instruction seq - ruu_size
  std::vector<uint64_t> lsq_free_;    // commit cycle of memory operation mem_seq - lsq_size
  std::vector<uint64_t> ifq_free_;    // dispatch cycle of instruction seq - fetch_queue
  uint64_t reg_ready_[isa::REG_COUNT] = {};
  uint64_t dispatch_cycle_ = 0;
  uint32_t dispatch_count_ = 0;
  uint64_t last_commit_ = 0;
  uint32_t commit_count_ = 0;
  uint64_t store_port_ = 0;           // next cycle the store drain can write the data cache
  uint64_t store_issue_ = 0;          // latest issue cycle of a store: loads wait for older addresses
  uint64_t last_icount_ = 0;
};

}  // namespace pimnic::timing
