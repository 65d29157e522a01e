// AltiVec integer add and subtract (modulo, carry, saturating), averages, maximum and minimum.
// All element-wise: the same code serves both widths.
#include "cpu/altivec_common.h"

namespace pimnic {

using namespace vec;

// Modulo: wrap-around in the element type.
Status exec_vaddubm(Hart& h, uint32_t w) { return map2<uint8_t>(h, w, [](uint8_t a, uint8_t b) { return a + b; }); }
Status exec_vadduhm(Hart& h, uint32_t w) { return map2<uint16_t>(h, w, [](uint16_t a, uint16_t b) { return a + b; }); }
Status exec_vadduwm(Hart& h, uint32_t w) { return map2<uint32_t>(h, w, [](uint32_t a, uint32_t b) { return a + b; }); }
Status exec_vsububm(Hart& h, uint32_t w) { return map2<uint8_t>(h, w, [](uint8_t a, uint8_t b) { return a - b; }); }
Status exec_vsubuhm(Hart& h, uint32_t w) { return map2<uint16_t>(h, w, [](uint16_t a, uint16_t b) { return a - b; }); }
Status exec_vsubuwm(Hart& h, uint32_t w) { return map2<uint32_t>(h, w, [](uint32_t a, uint32_t b) { return a - b; }); }

// Carry out of a + b; for subtraction the carry of a + ~b + 1 (1 when no borrow).
Status exec_vaddcuw(Hart& h, uint32_t w) {
  return map2<uint32_t>(h, w, [](uint32_t a, uint32_t b) { return uint32_t(a + b < a); });
}
Status exec_vsubcuw(Hart& h, uint32_t w) {
  return map2<uint32_t>(h, w, [](uint32_t a, uint32_t b) { return uint32_t(a >= b); });
}

// Saturating: exact result in a wider type, clamped.
Status exec_vaddubs(Hart& h, uint32_t w) { return map2_sat<uint8_t>(h, w, [](int a, int b) { return a + b; }); }
Status exec_vadduhs(Hart& h, uint32_t w) { return map2_sat<uint16_t>(h, w, [](int a, int b) { return a + b; }); }
Status exec_vadduws(Hart& h, uint32_t w) { return map2_sat<uint32_t>(h, w, [](int64_t a, int64_t b) { return a + b; }); }
Status exec_vaddsbs(Hart& h, uint32_t w) { return map2_sat<int8_t>(h, w, [](int a, int b) { return a + b; }); }
Status exec_vaddshs(Hart& h, uint32_t w) { return map2_sat<int16_t>(h, w, [](int a, int b) { return a + b; }); }
Status exec_vaddsws(Hart& h, uint32_t w) { return map2_sat<int32_t>(h, w, [](int64_t a, int64_t b) { return a + b; }); }
Status exec_vsububs(Hart& h, uint32_t w) { return map2_sat<uint8_t>(h, w, [](int a, int b) { return a - b; }); }
Status exec_vsubuhs(Hart& h, uint32_t w) { return map2_sat<uint16_t>(h, w, [](int a, int b) { return a - b; }); }
Status exec_vsubuws(Hart& h, uint32_t w) { return map2_sat<uint32_t>(h, w, [](int64_t a, int64_t b) { return a - b; }); }
Status exec_vsubsbs(Hart& h, uint32_t w) { return map2_sat<int8_t>(h, w, [](int a, int b) { return a - b; }); }
Status exec_vsubshs(Hart& h, uint32_t w) { return map2_sat<int16_t>(h, w, [](int a, int b) { return a - b; }); }
Status exec_vsubsws(Hart& h, uint32_t w) { return map2_sat<int32_t>(h, w, [](int64_t a, int64_t b) { return a - b; }); }

// Averages round up: (a + b + 1) >> 1 without losing the carry.
Status exec_vavgub(Hart& h, uint32_t w) { return map2<uint8_t>(h, w, [](unsigned a, unsigned b) { return (a + b + 1) >> 1; }); }
Status exec_vavguh(Hart& h, uint32_t w) { return map2<uint16_t>(h, w, [](unsigned a, unsigned b) { return (a + b + 1) >> 1; }); }
Status exec_vavguw(Hart& h, uint32_t w) { return map2<uint32_t>(h, w, [](uint64_t a, uint64_t b) { return (a + b + 1) >> 1; }); }
Status exec_vavgsb(Hart& h, uint32_t w) { return map2<int8_t>(h, w, [](int a, int b) { return (a + b + 1) >> 1; }); }
Status exec_vavgsh(Hart& h, uint32_t w) { return map2<int16_t>(h, w, [](int a, int b) { return (a + b + 1) >> 1; }); }
Status exec_vavgsw(Hart& h, uint32_t w) { return map2<int32_t>(h, w, [](int64_t a, int64_t b) { return (a + b + 1) >> 1; }); }

#define VMINMAX(name, T, op) \
  Status exec_##name(Hart& h, uint32_t w) { return map2<T>(h, w, [](T a, T b) { return a op b ? a : b; }); }
VMINMAX(vmaxub, uint8_t, >)
VMINMAX(vmaxuh, uint16_t, >)
VMINMAX(vmaxuw, uint32_t, >)
VMINMAX(vmaxsb, int8_t, >)
VMINMAX(vmaxsh, int16_t, >)
VMINMAX(vmaxsw, int32_t, >)
VMINMAX(vminub, uint8_t, <)
VMINMAX(vminuh, uint16_t, <)
VMINMAX(vminuw, uint32_t, <)
VMINMAX(vminsb, int8_t, <)
VMINMAX(vminsh, int16_t, <)
VMINMAX(vminsw, int32_t, <)
#undef VMINMAX

}  // namespace pimnic
