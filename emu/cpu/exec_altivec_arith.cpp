// AltiVec integer add and subtract (modulo, carry, saturating), averages, maximum and minimum.
// All element-wise: the same code serves both widths. SSE2 forms first, portable loops second.
#include "cpu/altivec_simd.h"

namespace pimnic {

using namespace vec;
#if defined(PIMNIC_ALTIVEC_SSE2)
using sse::V;
#endif

// Modulo: wrap-around in the element type.
Status exec_vaddubm(Hart& h, uint32_t w) {
  return VEC_PICK(sse::map2(h, w, [](V a, V b) { return _mm_add_epi8(a, b); }),
                  map2<uint8_t>(h, w, [](uint8_t a, uint8_t b) { return a + b; }));
}
Status exec_vadduhm(Hart& h, uint32_t w) {
  return VEC_PICK(sse::map2(h, w, [](V a, V b) { return _mm_add_epi16(a, b); }),
                  map2<uint16_t>(h, w, [](uint16_t a, uint16_t b) { return a + b; }));
}
Status exec_vadduwm(Hart& h, uint32_t w) {
  return VEC_PICK(sse::map2(h, w, [](V a, V b) { return _mm_add_epi32(a, b); }),
                  map2<uint32_t>(h, w, [](uint32_t a, uint32_t b) { return a + b; }));
}
Status exec_vsububm(Hart& h, uint32_t w) {
  return VEC_PICK(sse::map2(h, w, [](V a, V b) { return _mm_sub_epi8(a, b); }),
                  map2<uint8_t>(h, w, [](uint8_t a, uint8_t b) { return a - b; }));
}
Status exec_vsubuhm(Hart& h, uint32_t w) {
  return VEC_PICK(sse::map2(h, w, [](V a, V b) { return _mm_sub_epi16(a, b); }),
                  map2<uint16_t>(h, w, [](uint16_t a, uint16_t b) { return a - b; }));
}
Status exec_vsubuwm(Hart& h, uint32_t w) {
  return VEC_PICK(sse::map2(h, w, [](V a, V b) { return _mm_sub_epi32(a, b); }),
                  map2<uint32_t>(h, w, [](uint32_t a, uint32_t b) { return a - b; }));
}

// Carry out of a + b; for subtraction the carry of a + ~b + 1 (1 when no borrow).
Status exec_vaddcuw(Hart& h, uint32_t w) {
  return VEC_PICK(sse::map2(h, w, [](V a, V b) { return _mm_srli_epi32(sse::gt_u32(a, _mm_add_epi32(a, b)), 31); }),
                  map2<uint32_t>(h, w, [](uint32_t a, uint32_t b) { return uint32_t(a + b < a); }));
}
Status exec_vsubcuw(Hart& h, uint32_t w) {
  return VEC_PICK(sse::map2(h, w, [](V a, V b) { return _mm_andnot_si128(sse::gt_u32(b, a), _mm_set1_epi32(1)); }),
                  map2<uint32_t>(h, w, [](uint32_t a, uint32_t b) { return uint32_t(a >= b); }));
}

// Saturating: exact result in a wider type, clamped.
#define VSAT_SSE(clamp, wrap) \
  sse::map2_sat(h, w, [](V a, V b, V& s) { return sse::noting(clamp(a, b), wrap(a, b), s); })
Status exec_vaddubs(Hart& h, uint32_t w) {
  return VEC_PICK(VSAT_SSE(_mm_adds_epu8, _mm_add_epi8), map2_sat<uint8_t>(h, w, [](int a, int b) { return a + b; }));
}
Status exec_vadduhs(Hart& h, uint32_t w) {
  return VEC_PICK(VSAT_SSE(_mm_adds_epu16, _mm_add_epi16), map2_sat<uint16_t>(h, w, [](int a, int b) { return a + b; }));
}
Status exec_vaddsbs(Hart& h, uint32_t w) {
  return VEC_PICK(VSAT_SSE(_mm_adds_epi8, _mm_add_epi8), map2_sat<int8_t>(h, w, [](int a, int b) { return a + b; }));
}
Status exec_vaddshs(Hart& h, uint32_t w) {
  return VEC_PICK(VSAT_SSE(_mm_adds_epi16, _mm_add_epi16), map2_sat<int16_t>(h, w, [](int a, int b) { return a + b; }));
}
Status exec_vsububs(Hart& h, uint32_t w) {
  return VEC_PICK(VSAT_SSE(_mm_subs_epu8, _mm_sub_epi8), map2_sat<uint8_t>(h, w, [](int a, int b) { return a - b; }));
}
Status exec_vsubuhs(Hart& h, uint32_t w) {
  return VEC_PICK(VSAT_SSE(_mm_subs_epu16, _mm_sub_epi16), map2_sat<uint16_t>(h, w, [](int a, int b) { return a - b; }));
}
Status exec_vsubsbs(Hart& h, uint32_t w) {
  return VEC_PICK(VSAT_SSE(_mm_subs_epi8, _mm_sub_epi8), map2_sat<int8_t>(h, w, [](int a, int b) { return a - b; }));
}
Status exec_vsubshs(Hart& h, uint32_t w) {
  return VEC_PICK(VSAT_SSE(_mm_subs_epi16, _mm_sub_epi16), map2_sat<int16_t>(h, w, [](int a, int b) { return a - b; }));
}
#undef VSAT_SSE
Status exec_vadduws(Hart& h, uint32_t w) {
  return VEC_PICK(sse::map2_sat(h, w, sse::adds_u32), map2_sat<uint32_t>(h, w, [](int64_t a, int64_t b) { return a + b; }));
}
Status exec_vaddsws(Hart& h, uint32_t w) {
  return VEC_PICK(sse::map2_sat(h, w, sse::adds_s32), map2_sat<int32_t>(h, w, [](int64_t a, int64_t b) { return a + b; }));
}
Status exec_vsubuws(Hart& h, uint32_t w) {
  return VEC_PICK(sse::map2_sat(h, w, sse::subs_u32), map2_sat<uint32_t>(h, w, [](int64_t a, int64_t b) { return a - b; }));
}
Status exec_vsubsws(Hart& h, uint32_t w) {
  return VEC_PICK(sse::map2_sat(h, w, sse::subs_s32), map2_sat<int32_t>(h, w, [](int64_t a, int64_t b) { return a - b; }));
}

// Averages round up: (a + b + 1) >> 1 without losing the carry. Signed bytes and halfwords use the
// unsigned instructions on operands biased by the sign bit.
Status exec_vavgub(Hart& h, uint32_t w) {
  return VEC_PICK(sse::map2(h, w, [](V a, V b) { return _mm_avg_epu8(a, b); }),
                  map2<uint8_t>(h, w, [](unsigned a, unsigned b) { return (a + b + 1) >> 1; }));
}
Status exec_vavguh(Hart& h, uint32_t w) {
  return VEC_PICK(sse::map2(h, w, [](V a, V b) { return _mm_avg_epu16(a, b); }),
                  map2<uint16_t>(h, w, [](unsigned a, unsigned b) { return (a + b + 1) >> 1; }));
}
Status exec_vavgsb(Hart& h, uint32_t w) {
  return VEC_PICK(sse::map2(h, w, [](V a, V b) {
                    V s = sse::sign8();
                    return _mm_xor_si128(_mm_avg_epu8(_mm_xor_si128(a, s), _mm_xor_si128(b, s)), s);
                  }),
                  map2<int8_t>(h, w, [](int a, int b) { return (a + b + 1) >> 1; }));
}
Status exec_vavgsh(Hart& h, uint32_t w) {
  return VEC_PICK(sse::map2(h, w, [](V a, V b) {
                    V s = sse::sign16();
                    return _mm_xor_si128(_mm_avg_epu16(_mm_xor_si128(a, s), _mm_xor_si128(b, s)), s);
                  }),
                  map2<int16_t>(h, w, [](int a, int b) { return (a + b + 1) >> 1; }));
}
Status exec_vavguw(Hart& h, uint32_t w) { return map2<uint32_t>(h, w, [](uint64_t a, uint64_t b) { return (a + b + 1) >> 1; }); }
Status exec_vavgsw(Hart& h, uint32_t w) { return map2<int32_t>(h, w, [](int64_t a, int64_t b) { return (a + b + 1) >> 1; }); }

// Maximum and minimum: native for unsigned bytes and signed halfwords, a compare and select
// otherwise.
#define VMINMAX(name, T, op, sse_form) \
  Status exec_##name(Hart& h, uint32_t w) { \
    return VEC_PICK(sse::map2(h, w, [](V a, V b) { return sse_form; }), map2<T>(h, w, [](T a, T b) { return a op b ? a : b; })); \
  }
VMINMAX(vmaxub, uint8_t, >, _mm_max_epu8(a, b))
VMINMAX(vminub, uint8_t, <, _mm_min_epu8(a, b))
VMINMAX(vmaxsh, int16_t, >, _mm_max_epi16(a, b))
VMINMAX(vminsh, int16_t, <, _mm_min_epi16(a, b))
VMINMAX(vmaxsb, int8_t, >, sse::select(_mm_cmpgt_epi8(a, b), a, b))
VMINMAX(vminsb, int8_t, <, sse::select(_mm_cmpgt_epi8(a, b), b, a))
VMINMAX(vmaxuh, uint16_t, >, sse::select(sse::gt_u16(a, b), a, b))
VMINMAX(vminuh, uint16_t, <, sse::select(sse::gt_u16(a, b), b, a))
VMINMAX(vmaxsw, int32_t, >, sse::select(_mm_cmpgt_epi32(a, b), a, b))
VMINMAX(vminsw, int32_t, <, sse::select(_mm_cmpgt_epi32(a, b), b, a))
VMINMAX(vmaxuw, uint32_t, >, sse::select(sse::gt_u32(a, b), a, b))
VMINMAX(vminuw, uint32_t, <, sse::select(sse::gt_u32(a, b), b, a))
#undef VMINMAX

}  // namespace pimnic
