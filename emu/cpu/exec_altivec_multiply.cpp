// AltiVec multiplies, multiply-add, multiply-sum and sums across elements.
//
// Even/odd multiplies: big-endian element 2k of a pair is the high half of the wider host lane
// that holds the pair (reversed storage), at either width, so they are element-wise on wide lanes.
#include "cpu/altivec_simd.h"

namespace pimnic {

using namespace vec;

// Halfword products: the 16-bit lanes' low and high product halves; even = high halfword of each
// word, odd = low halfword.
#if defined(PIMNIC_ALTIVEC_SSE2)
using sse::V;
namespace {
inline V even_words(V lo, V hi) { return _mm_or_si128(_mm_srli_epi32(lo, 16), _mm_slli_epi32(_mm_srli_epi32(hi, 16), 16)); }
inline V odd_words(V lo, V hi) { return _mm_or_si128(_mm_srli_epi32(_mm_slli_epi32(lo, 16), 16), _mm_slli_epi32(hi, 16)); }
}  // namespace
#endif

Status exec_vmuleub(Hart& h, uint32_t w) {
  return VEC_PICK(sse::map2(h, w, [](V a, V b) { return _mm_mullo_epi16(_mm_srli_epi16(a, 8), _mm_srli_epi16(b, 8)); }),
                  map2<uint16_t>(h, w, [](unsigned a, unsigned b) { return (a >> 8) * (b >> 8); }));
}
Status exec_vmuloub(Hart& h, uint32_t w) {
  return VEC_PICK(sse::map2(h, w, [](V a, V b) {
                    const V m = _mm_set1_epi16(0xFF);
                    return _mm_mullo_epi16(_mm_and_si128(a, m), _mm_and_si128(b, m));
                  }),
                  map2<uint16_t>(h, w, [](unsigned a, unsigned b) { return (a & 0xFF) * (b & 0xFF); }));
}
Status exec_vmulesb(Hart& h, uint32_t w) {
  return VEC_PICK(sse::map2(h, w, [](V a, V b) { return _mm_mullo_epi16(_mm_srai_epi16(a, 8), _mm_srai_epi16(b, 8)); }),
                  map2<int16_t>(h, w, [](int16_t a, int16_t b) { return (a >> 8) * (b >> 8); }));
}
Status exec_vmulosb(Hart& h, uint32_t w) {
  return VEC_PICK(sse::map2(h, w, [](V a, V b) {
                    return _mm_mullo_epi16(_mm_srai_epi16(_mm_slli_epi16(a, 8), 8), _mm_srai_epi16(_mm_slli_epi16(b, 8), 8));
                  }),
                  map2<int16_t>(h, w, [](int16_t a, int16_t b) { return int8_t(a) * int8_t(b); }));
}
Status exec_vmuleuh(Hart& h, uint32_t w) {
  return VEC_PICK(sse::map2(h, w, [](V a, V b) { return even_words(_mm_mullo_epi16(a, b), _mm_mulhi_epu16(a, b)); }),
                  map2<uint32_t>(h, w, [](uint32_t a, uint32_t b) { return (a >> 16) * (b >> 16); }));
}
Status exec_vmulouh(Hart& h, uint32_t w) {
  return VEC_PICK(sse::map2(h, w, [](V a, V b) { return odd_words(_mm_mullo_epi16(a, b), _mm_mulhi_epu16(a, b)); }),
                  map2<uint32_t>(h, w, [](uint32_t a, uint32_t b) { return (a & 0xFFFF) * (b & 0xFFFF); }));
}
Status exec_vmulesh(Hart& h, uint32_t w) {
  return VEC_PICK(sse::map2(h, w, [](V a, V b) { return even_words(_mm_mullo_epi16(a, b), _mm_mulhi_epi16(a, b)); }),
                  map2<int32_t>(h, w, [](int32_t a, int32_t b) { return (a >> 16) * (b >> 16); }));
}
Status exec_vmulosh(Hart& h, uint32_t w) {
  return VEC_PICK(sse::map2(h, w, [](V a, V b) { return odd_words(_mm_mullo_epi16(a, b), _mm_mulhi_epi16(a, b)); }),
                  map2<int32_t>(h, w, [](int32_t a, int32_t b) { return int16_t(a) * int16_t(b); }));
}

// High half of the product (bits 0-16 of the 32-bit product), plus vC, saturated.
Status exec_vmhaddshs(Hart& h, uint32_t w) {
  return map3_sat<int16_t>(h, w, [](int a, int b, int c) { return ((a * b) >> 15) + c; });
}
Status exec_vmhraddshs(Hart& h, uint32_t w) {
  return map3_sat<int16_t>(h, w, [](int a, int b, int c) { return ((a * b + 0x4000) >> 15) + c; });
}
Status exec_vmladduhm(Hart& h, uint32_t w) {
  return map3<uint16_t>(h, w, [](uint32_t a, uint32_t b, uint32_t c) { return a * b + c; });
}

// Multiply-sum: each word of vD is its word of vC plus the products of the byte or halfword pieces
// of the same word of vA and vB (order inside the word does not matter for a sum).
namespace {
template <class TA, class TB> inline int64_t byte_products(uint32_t a, uint32_t b) {
  int64_t s = 0;
  for (int k = 0; k < 32; k += 8) s += int64_t(TA(a >> k)) * int64_t(TB(b >> k));
  return s;
}
template <class T> inline int64_t half_products(uint32_t a, uint32_t b) {
  return int64_t(T(a)) * T(b) + int64_t(T(a >> 16)) * T(b >> 16);
}
}  // namespace

#if defined(PIMNIC_ALTIVEC_SSE2)
// SSE2 multiply-sums: split bytes into halfword lanes (pmaddwd then sums adjacent products).
namespace {
const V kLowBytes = _mm_set1_epi16(0xFF), kOnes16 = _mm_set1_epi16(1);
inline V byte_sums(V a_lo, V a_hi, V b_lo, V b_hi) {
  return _mm_add_epi32(_mm_madd_epi16(a_lo, b_lo), _mm_madd_epi16(a_hi, b_hi));
}
// Sum of each word's two unsigned halfword products, as two words that do not overflow.
inline void half_products_u(V a, V b, V& even, V& odd) {
  const V lo = _mm_mullo_epi16(a, b), hi = _mm_mulhi_epu16(a, b);
  even = even_words(lo, hi), odd = odd_words(lo, hi);
}
}  // namespace
#endif

Status exec_vmsumubm(Hart& h, uint32_t w) {
  return VEC_PICK(sse::map3(h, w, [](V a, V b, V c) {
                    return _mm_add_epi32(c, byte_sums(_mm_and_si128(a, kLowBytes), _mm_srli_epi16(a, 8),
                                                      _mm_and_si128(b, kLowBytes), _mm_srli_epi16(b, 8)));
                  }),
                  map3<uint32_t>(h, w, [](uint32_t a, uint32_t b, uint32_t c) { return uint32_t(byte_products<uint8_t, uint8_t>(a, b)) + c; }));
}
Status exec_vmsummbm(Hart& h, uint32_t w) {
  return VEC_PICK(sse::map3(h, w, [](V a, V b, V c) {
                    return _mm_add_epi32(c, byte_sums(_mm_srai_epi16(_mm_slli_epi16(a, 8), 8), _mm_srai_epi16(a, 8),
                                                      _mm_and_si128(b, kLowBytes), _mm_srli_epi16(b, 8)));
                  }),
                  map3<uint32_t>(h, w, [](uint32_t a, uint32_t b, uint32_t c) { return uint32_t(byte_products<int8_t, uint8_t>(a, b)) + c; }));
}
Status exec_vmsumuhm(Hart& h, uint32_t w) {
  return VEC_PICK(sse::map3(h, w, [](V a, V b, V c) {
                    V even, odd;
                    half_products_u(a, b, even, odd);
                    return _mm_add_epi32(c, _mm_add_epi32(even, odd));
                  }),
                  map3<uint32_t>(h, w, [](uint32_t a, uint32_t b, uint32_t c) { return uint32_t(half_products<uint16_t>(a, b)) + c; }));
}
// pmaddwd's one overflow (both products (-32768)^2) wraps, which is right modulo 2^32.
Status exec_vmsumshm(Hart& h, uint32_t w) {
  return VEC_PICK(sse::map3(h, w, [](V a, V b, V c) { return _mm_add_epi32(c, _mm_madd_epi16(a, b)); }),
                  map3<uint32_t>(h, w, [](uint32_t a, uint32_t b, uint32_t c) { return uint32_t(half_products<int16_t>(a, b)) + c; }));
}
// All terms are nonnegative, so saturating twice is saturating once.
Status exec_vmsumuhs(Hart& h, uint32_t w) {
  if (!enabled(h)) [[unlikely]] return unavailable(h);
#if defined(PIMNIC_ALTIVEC_SSE2)
  const VReg &a = h.vr[ra(w)], &b = h.vr[rb(w)], &c = h.vr[rc(w)];
  VReg& d = h.vr[rt(w)];
  V sat = _mm_setzero_si128();
  for (unsigned k = 0, n = sse::chunks(h); k < n; ++k) {
    V even, odd;
    half_products_u(sse::ld(a, k), sse::ld(b, k), even, odd);
    sse::st(d, k, sse::adds_u32(sse::adds_u32(even, odd, sat), sse::ld(c, k), sat));
  }
  set_sat(h, sse::any(sat));
  return Status::Ok;
#else
  return map3_sat<uint32_t>(h, w, [](uint32_t a, uint32_t b, uint32_t c) { return half_products<uint16_t>(a, b) + c; });
#endif
}
Status exec_vmsumshs(Hart& h, uint32_t w) {
  return map3_sat<int32_t>(h, w, [](uint32_t a, uint32_t b, int32_t c) { return half_products<int16_t>(a, b) + c; });
}

// vsum4*: per word, the pieces of vA's word plus vB's word, saturated (lane-local at any width).
Status exec_vsum4ubs(Hart& h, uint32_t w) {
  return VEC_PICK(sse::map2_sat(h, w, [](V a, V b, V& sat) {
                    const V pairs = _mm_add_epi16(_mm_and_si128(a, kLowBytes), _mm_srli_epi16(a, 8));
                    return sse::adds_u32(_mm_madd_epi16(pairs, kOnes16), b, sat);
                  }),
                  map2_sat<uint32_t>(h, w, [](uint32_t a, uint32_t b) { return byte_products<uint8_t, uint8_t>(a, 0x01010101) + b; }));
}
Status exec_vsum4sbs(Hart& h, uint32_t w) {
  return VEC_PICK(sse::map2_sat(h, w, [](V a, V b, V& sat) {
                    const V pairs = _mm_add_epi16(_mm_srai_epi16(_mm_slli_epi16(a, 8), 8), _mm_srai_epi16(a, 8));
                    return sse::adds_s32(_mm_madd_epi16(pairs, kOnes16), b, sat);
                  }),
                  map2_sat<int32_t>(h, w, [](uint32_t a, int32_t b) { return byte_products<int8_t, uint8_t>(a, 0x01010101) + b; }));
}
Status exec_vsum4shs(Hart& h, uint32_t w) {
  return VEC_PICK(sse::map2_sat(h, w, [](V a, V b, V& sat) { return sse::adds_s32(_mm_madd_epi16(a, kOnes16), b, sat); }),
                  map2_sat<int32_t>(h, w, [](uint32_t a, int32_t b) { return int64_t(int16_t(a)) + int16_t(a >> 16) + b; }));
}

// vsum2sws: per doubleword, both words of vA plus the odd (second) word of vB, into the odd word;
// the even word is zero. In host order the odd word is the low half of the 64-bit lane.
Status exec_vsum2sws(Hart& h, uint32_t w) {
  if (!enabled(h)) [[unlikely]] return unavailable(h);
  const VReg &a = h.vr[ra(w)], &b = h.vr[rb(w)];
  VReg r;
  bool sat = false;
  by_width(h, [&](auto nb) {
    for (unsigned j = 0; j < nb / 8; ++j) {
      int64_t s = int64_t(a.sw[2 * j]) + a.sw[2 * j + 1] + b.sw[2 * j];
      r.w[2 * j] = uint32_t(saturate<int32_t>(s, sat));
    }
  });
  h.vr[rt(w)] = r;
  set_sat(h, sat);
  return Status::Ok;
}

// vsumsws: every word of vA plus the last word of vB, into the last word; the rest is zero.
Status exec_vsumsws(Hart& h, uint32_t w) {
  if (!enabled(h)) [[unlikely]] return unavailable(h);
  const VReg &a = h.vr[ra(w)], &b = h.vr[rb(w)];
  VReg r;
  bool sat = false;
  int64_t s = b.sw[0];
  for (unsigned j = 0; j < h.vec_bytes() / 4; ++j) s += a.sw[j];
  r.sw[0] = saturate<int32_t>(s, sat);
  h.vr[rt(w)] = r;
  set_sat(h, sat);
  return Status::Ok;
}

}  // namespace pimnic
