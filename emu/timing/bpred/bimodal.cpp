#include "timing/bpred/bimodal.h"

namespace pimnic::timing {

// Counters start weakly taken: loops are the common case.
BimodalPredictor::BimodalPredictor(unsigned bits) : ctr_(size_t(1) << bits, 2), mask_((1u << bits) - 1) {}

bool BimodalPredictor::predict(uint32_t pc, uint32_t, DirState& st) {
  st.base_index = (pc >> 2) & mask_;
  st.taken = ctr_[st.base_index] >= 2;
  return st.taken;
}

void BimodalPredictor::update(uint32_t, bool taken, const DirState& st) { count(ctr_[st.base_index], taken, 3); }

}  // namespace pimnic::timing
