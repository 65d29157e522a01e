// Configuration of the single-issue in-order pipeline (inorder_model.h). Branch prediction is
// configured by timing/bpred/bpred_config.h (core.bpred.*).
#pragma once
#include <cstdint>
#include <string>

namespace pimnic {
class ParamRegistry;
}

namespace pimnic::timing {

struct InOrderConfig {
  uint32_t mispredict_penalty = 1;  // cycles after a mispredicted branch resolves before fetch restarts
  uint32_t taken_bubble = 1;        // fetch cycles lost on a correctly predicted taken branch (target known at decode)
  uint32_t serialize_penalty = 2;   // refetch cycles after an instruction that serializes (isync, sc, rfi, mtmsr)
  bool memo = true;                 // replay the timing of blocks entered as before (block_memo.h)
  void declare(ParamRegistry& params, const std::string& prefix);
  void check(const std::string& prefix) const;  // throws std::invalid_argument
};

}  // namespace pimnic::timing
