#include "timing/bpred/gshare.h"

namespace pimnic::timing {

GsharePredictor::GsharePredictor(unsigned table_bits, unsigned history_bits)
    : ctr_(size_t(1) << table_bits, 2),
      mask_((1u << table_bits) - 1),
      hist_mask_(history_bits >= 64 ? ~uint64_t(0) : (uint64_t(1) << history_bits) - 1) {}

bool GsharePredictor::predict(uint32_t pc, uint32_t, DirState& st) {
  st.ghr = ghr_;
  // Histories longer than the index are folded in so that every bit counts.
  uint64_t h = ghr_;
  uint32_t folded = 0;
  unsigned width = __builtin_popcount(mask_);
  while (h) {
    folded ^= uint32_t(h & mask_);
    h >>= width;
  }
  st.base_index = ((pc >> 2) ^ folded) & mask_;
  st.taken = ctr_[st.base_index] >= 2;
  ghr_ = ((ghr_ << 1) | st.taken) & hist_mask_;
  return st.taken;
}

void GsharePredictor::recover(const DirState& st, bool taken) { ghr_ = ((st.ghr << 1) | taken) & hist_mask_; }

void GsharePredictor::update(uint32_t, bool taken, const DirState& st) { count(ctr_[st.base_index], taken, 3); }

}  // namespace pimnic::timing
