// Fetch: up to fetch_width instructions a cycle from one I-cache line stream, a fetch group ending
// at a taken branch, the branch predictor consulted for every branch. Fetch only ever sees the
// right path (the functional core has already executed it); a wrong prediction shows up as the
// cycles fetch would have spent on the wrong path: it restarts only once the branch resolves.
#pragma once
#include <cstdint>
#include <deque>

#include "sim/clock.h"
#include "timing/bpred/branch_predictor.h"
#include "timing/ooo/ooo_config.h"

namespace pimnic::timing {

class MemHierarchy;

class FetchStage {
 public:
  FetchStage(const OooConfig& cfg, const BpredConfig& bpred, MemHierarchy* mem, const ClockDomain& clock);
  // Cycle in which the instruction at pc is fetched; `room` is the first cycle the fetch queue
  // has space for it.
  uint64_t fetch(uint32_t pc, uint64_t room);
  // Fetch continues no earlier than `cycle`, in a new fetch group (taken branch, redirect).
  void redirect(uint64_t cycle) {
    if (cycle > next_) next_ = cycle;
    count_ = width_;  // the current group is over
  }
  // Predict a branch fetched at `cycle`, after training with every branch committed before it.
  BranchPrediction predict(const BranchInfo& b, uint64_t cycle);
  // Remember a branch for training when it commits.
  void committed(const BranchInfo& b, const BranchPrediction& p, uint32_t next_pc, uint64_t commit);
  // Train with everything still pending (end of run).
  void train_all();
  void reset(uint64_t cycle);

  BranchPredictor bp;
  uint64_t icache_stall = 0;  // cycles fetch waited for the I-cache beyond its hit latency

 private:
  struct Pending {
    BranchInfo b;
    BranchPrediction p;
    uint32_t next_pc;
    uint64_t commit;
  };
  MemHierarchy* mem_;
  ClockDomain clock_;
  uint32_t width_, line_, hit_latency_;
  uint64_t next_ = 0;       // earliest cycle of the next fetch
  uint64_t cycle_ = ~0ull;  // cycle of the current fetch group
  uint32_t count_ = 0;      // instructions fetched in it
  uint32_t line_addr_ = ~0u;
  std::deque<Pending> pending_;
};

}  // namespace pimnic::timing
