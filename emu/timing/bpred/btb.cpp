#include "timing/bpred/btb.h"

#include <stdexcept>

namespace pimnic::timing {

void Btb::check(uint32_t sets, uint32_t ways) {
  if (sets == 0 || (sets & (sets - 1)) != 0 || sets > (1u << 20))
    throw std::invalid_argument("core.bpred.btb_sets must be a power of two up to 1048576");
  if (ways == 0 || ways > 64) throw std::invalid_argument("core.bpred.btb_ways must be between 1 and 64");
}

Btb::Btb(uint32_t sets, uint32_t ways) : sets_(sets), ways_(ways) {
  check(sets, ways);
  e_.resize(size_t(sets) * ways);
  last_ = &e_[0];
}

Btb::Entry* Btb::insert(uint32_t pc) {
  Entry* set = &e_[size_t((pc >> 2) & (sets_ - 1)) * ways_];
  Entry* e = &set[0];
  for (uint32_t w = 0; w < ways_; ++w) {
    if (!set[w].valid()) {
      e = &set[w];
      break;
    }
    if (set[w].last_use < e->last_use) e = &set[w];
  }
  e->pc = pc;
  last_ = e;
  return e;
}

}  // namespace pimnic::timing
