// Bimodal predictor (Smith): a table of 2-bit saturating counters indexed by the branch address.
// Learns each branch's bias; blind to patterns.
#pragma once
#include <vector>

#include "timing/bpred/direction.h"

namespace pimnic::timing {

class BimodalPredictor final : public DirectionPredictor {
 public:
  explicit BimodalPredictor(unsigned index_bits);
  bool predict(uint32_t pc, uint32_t target, DirState& st) override;
  void recover(const DirState&, bool) override {}
  void update(uint32_t pc, bool taken, const DirState& st) override;
  bool predict_in_order(uint32_t pc, uint32_t, bool taken) override {
    uint8_t& c = ctr_[(pc >> 2) & mask_];
    const bool p = c >= 2;
    count(c, taken, 3);
    return p;
  }

 private:
  std::vector<uint8_t> ctr_;
  uint32_t mask_;
};

}  // namespace pimnic::timing
