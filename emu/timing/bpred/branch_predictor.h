// The branch prediction unit of a core: a direction predictor, a BTB and a return-address stack
// behind one interface. Fetch calls predict(); when the branch executes, resolve() says whether
// and how the prediction was wrong and repairs the speculative state; commit() trains.
#pragma once
#include <cstdint>
#include <memory>
#include <string>

#include "sim/stats.h"
#include "timing/bpred/bimodal.h"
#include "timing/bpred/bpred_config.h"
#include "timing/bpred/branch_info.h"
#include "timing/bpred/btb.h"
#include "timing/bpred/ras.h"

namespace pimnic::timing {


struct BranchPrediction {
  bool taken = false;
  uint32_t next_pc = 0;         // predicted fetch address after the branch
  bool btb_hit = false;
  bool decode_redirect = false; // taken direct branch missing in the BTB: its target is known only at decode
  DirState dir;
  RasState ras;
};

enum class BranchMiss : uint8_t {
  None,
  Misfetch,   // direction right, target found only at decode
  Direction,  // conditional branch went the other way
  Target,     // right direction, wrong target (indirect branch, return)
};

class BranchPredictor {
 public:
  explicit BranchPredictor(const BpredConfig& cfg);  // throws std::invalid_argument
  BranchPrediction predict(const BranchInfo& b);
  // Compare with the real next pc; on a miss, repair the history and the return stack.
  BranchMiss resolve(const BranchInfo& b, const BranchPrediction& p, uint32_t next_pc);
  // Train the direction predictor and the BTB (in program order).
  void commit(const BranchInfo& b, const BranchPrediction& p, uint32_t next_pc);
  // predict, resolve and commit at once, for a pipeline with one branch in flight (without the
  // prediction record: the direction predictor's state for a later recovery).
  [[gnu::always_inline]] BranchMiss predict_in_order(const BranchInfo& b, uint32_t next_pc) {
    if (!(b.indirect | b.call | b.ret) && (bimodal_ || !b.conditional)) [[likely]] return predict_direct(b, next_pc);
    return predict_other(b, next_pc);
  }
  void register_stats(StatRegistry& s, const std::string& prefix);

  struct Stats {
    uint64_t lookups = 0, cond_lookups = 0, cond_correct = 0;
    uint64_t mispredicts = 0, direction_misses = 0, target_misses = 0, misfetches = 0;
    uint64_t btb_lookups = 0, btb_hits = 0, ras_pops = 0, ras_correct = 0;
  } stats;

 private:
  // Did b go elsewhere than pc + 4? (An unconditional branch counts as taken even to pc + 4.)
  static bool taken_to(const BranchInfo& b, uint32_t next_pc) { return next_pc != b.pc + 4 || !b.conditional; }
  // predict_in_order for a direct branch that neither calls nor returns (most branches), when it is
  // unconditional or the direction predictor is bimodal: inline, one BTB search. (Its fetch target
  // is b.target whether the BTB holds it or decode finds it.)
  [[gnu::always_inline]] BranchMiss predict_direct(const BranchInfo& b, uint32_t next_pc) {
    const bool taken = taken_to(b, next_pc);
    ++stats.lookups;
    bool predicted = true;
    if (b.conditional) {
      ++stats.cond_lookups;
      predicted = bimodal_->predict_in_order(b.pc, b.target, taken);
    }
    ++stats.btb_lookups;
    uint32_t target = 0;
    const bool btb_hit = btb_.lookup_then_update(b.pc, target, taken, next_pc);
    stats.btb_hits += btb_hit;
    const bool decode_redirect = !btb_hit || target != b.target;
    return verdict(b, taken, predicted, predicted ? b.target : b.pc + 4, decode_redirect, next_pc);
  }
  BranchMiss predict_other(const BranchInfo& b, uint32_t next_pc);
  // Apply a branch's effect on the return stack, given its direction.
  void ras_action(const BranchInfo& b, bool taken);
  uint32_t fetch_target(const BranchInfo& b, bool taken, bool& btb_hit, bool& decode_redirect);
  // How a prediction (direction `predicted`, fetch address predicted_pc) fared against the branch's
  // outcome, counted.
  [[gnu::always_inline]] BranchMiss verdict(const BranchInfo& b, bool taken, bool predicted, uint32_t predicted_pc,
                                            bool decode_redirect, uint32_t next_pc) {
    if (b.ret && taken && predicted) stats.ras_correct += predicted_pc == next_pc;
    if (b.conditional) stats.cond_correct += taken == predicted;
    if (b.conditional && taken != predicted) {
      ++stats.direction_misses, ++stats.mispredicts;
      return BranchMiss::Direction;
    }
    if (predicted_pc != next_pc) {
      ++stats.target_misses, ++stats.mispredicts;
      return BranchMiss::Target;
    }
    if (predicted && decode_redirect) {
      ++stats.misfetches;
      return BranchMiss::Misfetch;
    }
    return BranchMiss::None;
  }
  std::unique_ptr<DirectionPredictor> dir_;
  BimodalPredictor* bimodal_;  // dir_ when it is one: called directly (the in-order hot path)
  Btb btb_;
  ReturnStack ras_;
};

}  // namespace pimnic::timing
