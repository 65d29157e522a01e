// Decoder for one feature set (a core profile), built from the instruction table.
#pragma once
#include <array>
#include <cstdint>
#include <vector>

#include "isa/insn_table.h"

namespace pimnic::isa {

class Decoder {
 public:
  explicit Decoder(uint8_t features);
  // The row that matches, or null for an illegal instruction on this core.
  const InsnRow* decode(uint32_t word) const {
    for (const InsnRow* r : by_opcode_[word >> 26])
      if (r->matches(word)) return r;
    return nullptr;
  }
  uint8_t features() const { return features_; }
  // Rows this decoder can produce (for test enumeration).
  std::vector<const InsnRow*> rows() const;

 private:
  uint8_t features_;
  // Per primary opcode, rows ordered most-specific mask first. Decoding happens once per
  // instruction location (the decode cache keeps the result), so a short scan is enough.
  std::array<std::vector<const InsnRow*>, 64> by_opcode_;
};

// Rows a feature set includes.
inline bool row_in_features(const InsnRow& r, uint8_t features) { return (r.features & features) == r.features; }

}  // namespace pimnic::isa
