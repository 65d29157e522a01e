#include "isa/decoder.h"

#include <algorithm>
#include <bit>

namespace pimnic::isa {

Decoder::Decoder(uint8_t features) : features_(features) {
  for (const InsnRow& r : table())
    if (row_in_features(r, features)) by_opcode_[r.match >> 26].push_back(&r);
  for (auto& v : by_opcode_)
    std::stable_sort(v.begin(), v.end(), [](const InsnRow* a, const InsnRow* b) {
      return std::popcount(a->mask) > std::popcount(b->mask);
    });
}

std::vector<const InsnRow*> Decoder::rows() const {
  std::vector<const InsnRow*> out;
  for (const auto& v : by_opcode_) out.insert(out.end(), v.begin(), v.end());
  return out;
}

}  // namespace pimnic::isa
