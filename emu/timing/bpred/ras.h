// Return-address stack: calls push the address after the call, returns pop a predicted target.
// A circular stack (overflow overwrites the oldest entry). Each prediction saves the top index and
// top entry, which is enough to repair the stack after a mispredicted branch (Skadron et al.).
#pragma once
#include <cstdint>
#include <vector>

namespace pimnic::timing {

struct RasState {
  uint32_t top = 0;
  uint32_t top_value = 0;
};

class ReturnStack {
 public:
  explicit ReturnStack(uint32_t size);  // throws std::invalid_argument when 0 or huge
  static uint32_t check(uint32_t size);  // what the constructor throws for; returns size
  RasState save() const { return {top_, s_[top_]}; }
  void restore(const RasState& st) {
    top_ = st.top;
    s_[top_] = st.top_value;
  }
  void push(uint32_t return_addr) {
    top_ = (top_ + 1) % uint32_t(s_.size());
    s_[top_] = return_addr;
  }
  uint32_t pop() {
    uint32_t v = s_[top_];
    top_ = (top_ + uint32_t(s_.size()) - 1) % uint32_t(s_.size());
    return v;
  }
  uint32_t peek() const { return s_[top_]; }

 private:
  std::vector<uint32_t> s_;
  uint32_t top_ = 0;
};

}  // namespace pimnic::timing
