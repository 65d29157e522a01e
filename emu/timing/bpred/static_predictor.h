// Static direction prediction: always not-taken, always taken, or backward-taken/forward-not-taken
// (BTFN, right for loops). No state, nothing to learn.
#pragma once
#include "timing/bpred/direction.h"

namespace pimnic::timing {

class StaticPredictor final : public DirectionPredictor {
 public:
  enum class Policy { NotTaken, Taken, Btfn };
  explicit StaticPredictor(Policy p) : policy_(p) {}
  bool predict(uint32_t pc, uint32_t target, DirState& st) override {
    bool t = policy_ == Policy::Taken || (policy_ == Policy::Btfn && target != 0 && target <= pc);
    st.taken = t;
    return t;
  }
  void recover(const DirState&, bool) override {}
  void update(uint32_t, bool, const DirState&) override {}

 private:
  Policy policy_;
};

}  // namespace pimnic::timing
