// The branch prediction unit of a core: a direction predictor, a BTB and a return-address stack
// behind one interface. Fetch calls predict(); when the branch executes, resolve() says whether
// and how the prediction was wrong and repairs the speculative state; commit() trains.
#pragma once
#include <cstdint>
#include <memory>
#include <string>

#include "sim/stats.h"
#include "timing/bpred/bpred_config.h"
#include "timing/bpred/branch_info.h"
#include "timing/bpred/btb.h"
#include "timing/bpred/ras.h"

namespace pimnic::timing {

class BimodalPredictor;

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
  // predict, resolve and commit at once, for a pipeline with one branch in flight.
  BranchMiss predict_in_order(const BranchInfo& b, uint32_t next_pc);
  void register_stats(StatRegistry& s, const std::string& prefix);

  struct Stats {
    uint64_t lookups = 0, cond_lookups = 0, cond_correct = 0;
    uint64_t mispredicts = 0, direction_misses = 0, target_misses = 0, misfetches = 0;
    uint64_t btb_lookups = 0, btb_hits = 0, ras_pops = 0, ras_correct = 0;
  } stats;

 private:
  // Apply a branch's effect on the return stack, given its direction.
  void ras_action(const BranchInfo& b, bool taken);
  uint32_t fetch_target(const BranchInfo& b, bool taken, bool& btb_hit, bool& decode_redirect);
  BranchMiss verdict(const BranchInfo& b, bool taken, bool predicted, uint32_t predicted_pc, bool decode_redirect,
                     uint32_t next_pc);
  std::unique_ptr<DirectionPredictor> dir_;
  BimodalPredictor* bimodal_;  // dir_ when it is one: called directly (the in-order hot path)
  Btb btb_;
  ReturnStack ras_;
};

}  // namespace pimnic::timing
