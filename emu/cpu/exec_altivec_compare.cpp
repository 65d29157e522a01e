// AltiVec integer compares. The float compares live with the float unit (exec_altivec_float.cpp).
#include "cpu/altivec_simd.h"

namespace pimnic {

using namespace vec;

#if defined(PIMNIC_ALTIVEC_SSE2)
using sse::V;
#endif

#define VCMP(name, T, op, sse_form) \
  Status exec_##name(Hart& h, uint32_t w) { \
    return VEC_PICK(sse::compare(h, w, [](V a, V b) { return sse_form; }), compare<T>(h, w, [](T a, T b) { return a op b; })); \
  }
VCMP(vcmpequb, uint8_t, ==, _mm_cmpeq_epi8(a, b))
VCMP(vcmpequh, uint16_t, ==, _mm_cmpeq_epi16(a, b))
VCMP(vcmpequw, uint32_t, ==, _mm_cmpeq_epi32(a, b))
VCMP(vcmpgtub, uint8_t, >, sse::gt_u8(a, b))
VCMP(vcmpgtuh, uint16_t, >, sse::gt_u16(a, b))
VCMP(vcmpgtuw, uint32_t, >, sse::gt_u32(a, b))
VCMP(vcmpgtsb, int8_t, >, _mm_cmpgt_epi8(a, b))
VCMP(vcmpgtsh, int16_t, >, _mm_cmpgt_epi16(a, b))
VCMP(vcmpgtsw, int32_t, >, _mm_cmpgt_epi32(a, b))
#undef VCMP

}  // namespace pimnic
