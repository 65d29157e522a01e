// Instruction word fields, named as in the PowerPC manuals. Bit numbers are IBM style:
// bit 0 is the most significant bit of the 32-bit word.
#pragma once
#include <cstdint>

#include "util/bits.h"

namespace pimnic::isa {

// Bits [from, to] inclusive, IBM numbering.
inline constexpr uint32_t field(uint32_t w, int from, int to) {
  return (w >> (31 - to)) & ((1u << (to - from + 1)) - 1u);
}
// The mask that selects bits [from, to].
inline constexpr uint32_t field_mask(int from, int to) {
  return ((1u << (to - from + 1)) - 1u) << (31 - to);
}
inline constexpr uint32_t place(uint32_t v, int from, int to) {
  return (v << (31 - to)) & field_mask(from, to);
}

inline constexpr uint32_t opcd(uint32_t w) { return w >> 26; }
inline constexpr uint32_t rt(uint32_t w) { return field(w, 6, 10); }  // also rS, frT, vD, BO, TO
inline constexpr uint32_t ra(uint32_t w) { return field(w, 11, 15); } // also BI, vA
inline constexpr uint32_t rb(uint32_t w) { return field(w, 16, 20); } // also SH, NB, vB
inline constexpr uint32_t rc(uint32_t w) { return field(w, 21, 25); } // frC, vC, MB
inline constexpr uint32_t me(uint32_t w) { return field(w, 26, 30); }
inline constexpr int32_t simm(uint32_t w) { return int16_t(w & 0xFFFF); }
inline constexpr uint32_t uimm(uint32_t w) { return w & 0xFFFF; }
inline constexpr uint32_t crfd(uint32_t w) { return field(w, 6, 8); }
inline constexpr uint32_t crfs(uint32_t w) { return field(w, 11, 13); }
inline constexpr bool rc_bit(uint32_t w) { return w & 1; }
inline constexpr bool lk_bit(uint32_t w) { return w & 1; }
inline constexpr bool aa_bit(uint32_t w) { return (w >> 1) & 1; }
inline constexpr bool oe_bit(uint32_t w) { return (w >> 10) & 1; }
inline constexpr int32_t bd(uint32_t w) { return int16_t(w & 0xFFFC); }
inline constexpr int32_t li(uint32_t w) { return sext(w & 0x03FFFFFC, 26); }
// SPR and DCR numbers are stored with their two 5-bit halves swapped.
inline constexpr uint32_t spr(uint32_t w) { return field(w, 16, 20) << 5 | field(w, 11, 15); }
inline constexpr uint32_t crm(uint32_t w) { return field(w, 12, 19); }
inline constexpr uint32_t fm(uint32_t w) { return field(w, 7, 14); }
inline constexpr uint32_t vsh(uint32_t w) { return field(w, 22, 25); }
inline constexpr int32_t vsimm(uint32_t w) { return sext(field(w, 11, 15), 5); }

}  // namespace pimnic::isa
