// Two-level global predictor, gshare form (McFarling): the global history of conditional-branch
// outcomes XORed with the branch address indexes a table of 2-bit counters, so a branch's
// direction can depend on the last `history_bits` outcomes.
#pragma once
#include <vector>

#include "timing/bpred/direction.h"

namespace pimnic::timing {

class GsharePredictor final : public DirectionPredictor {
 public:
  GsharePredictor(unsigned table_bits, unsigned history_bits);
  bool predict(uint32_t pc, uint32_t target, DirState& st) override;
  void recover(const DirState& st, bool taken) override;
  void update(uint32_t pc, bool taken, const DirState& st) override;

 private:
  std::vector<uint8_t> ctr_;
  uint32_t mask_;
  uint64_t hist_mask_;
  uint64_t ghr_ = 0;  // speculative: includes predictions of branches not yet resolved
};

}  // namespace pimnic::timing
