// SSE2 forms of the hot element-wise AltiVec operations, on 16-byte chunks (one chunk at 128 bits,
// two at 256). GCC at -O2 does not vectorise the portable loops of altivec_common.h (saturation,
// reductions), so the instructions compilers emit most get intrinsics here; the portable loops stay
// as the fallback for hosts without SSE2. Use VEC_PICK(sse2_form, portable_form) in executors.
#pragma once
#include "cpu/altivec_common.h"

// Build with -DPIMNIC_ALTIVEC_PORTABLE to test the portable forms on an SSE2 host.
#if defined(__SSE2__) && !defined(PIMNIC_ALTIVEC_PORTABLE)
#include <emmintrin.h>
#define PIMNIC_ALTIVEC_SSE2 1
#define VEC_PICK(sse2, portable) sse2
#else
#define VEC_PICK(sse2, portable) portable
#endif

#if defined(PIMNIC_ALTIVEC_SSE2)
namespace pimnic::vec::sse {

using V = __m128i;  // may_alias in GCC's headers: safe over any view of VReg

inline V ld(const VReg& r, unsigned chunk) { return _mm_load_si128(reinterpret_cast<const V*>(r.b) + chunk); }
inline void st(VReg& r, unsigned chunk, V v) { _mm_store_si128(reinterpret_cast<V*>(r.b) + chunk, v); }
inline unsigned chunks(const Hart& h) { return h.vec_bytes() / 16; }

inline V ones() { return _mm_set1_epi32(-1); }
inline V sign8() { return _mm_set1_epi8(char(0x80)); }
inline V sign16() { return _mm_set1_epi16(short(0x8000)); }
inline V sign32() { return _mm_set1_epi32(int(0x80000000u)); }
// mask ? x : y
inline V select(V mask, V x, V y) { return _mm_or_si128(_mm_and_si128(mask, x), _mm_andnot_si128(mask, y)); }
// Unsigned greater-than by flipping the sign bits.
inline V gt_u8(V a, V b) { return _mm_cmpgt_epi8(_mm_xor_si128(a, sign8()), _mm_xor_si128(b, sign8())); }
inline V gt_u16(V a, V b) { return _mm_cmpgt_epi16(_mm_xor_si128(a, sign16()), _mm_xor_si128(b, sign16())); }
inline V gt_u32(V a, V b) { return _mm_cmpgt_epi32(_mm_xor_si128(a, sign32()), _mm_xor_si128(b, sign32())); }
inline bool any(V v) { return _mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_setzero_si128())) != 0xFFFF; }

// vD = op(vA, vB). Each chunk is read before it is written, so vD may alias a source; on a
// 128-bit core only the first chunk is written and the upper host bytes stay zero.
template <class Op> inline Status map2(Hart& h, uint32_t w, Op op) {
  if (!enabled(h)) [[unlikely]] return unavailable(h);
  const VReg &a = h.vr[ra(w)], &b = h.vr[rb(w)];
  VReg& d = h.vr[rt(w)];
  for (unsigned k = 0, n = chunks(h); k < n; ++k) st(d, k, op(ld(a, k), ld(b, k)));
  return Status::Ok;
}

template <class Op> inline Status map3(Hart& h, uint32_t w, Op op) {
  if (!enabled(h)) [[unlikely]] return unavailable(h);
  const VReg &a = h.vr[ra(w)], &b = h.vr[rb(w)], &c = h.vr[rc(w)];
  VReg& d = h.vr[rt(w)];
  for (unsigned k = 0, n = chunks(h); k < n; ++k) st(d, k, op(ld(a, k), ld(b, k), ld(c, k)));
  return Status::Ok;
}

// Saturating: op(a, b, sat) ORs into sat a nonzero value for every lane it clamped.
template <class Op> inline Status map2_sat(Hart& h, uint32_t w, Op op) {
  if (!enabled(h)) [[unlikely]] return unavailable(h);
  const VReg &a = h.vr[ra(w)], &b = h.vr[rb(w)];
  VReg& d = h.vr[rt(w)];
  V sat = _mm_setzero_si128();
  for (unsigned k = 0, n = chunks(h); k < n; ++k) st(d, k, op(ld(a, k), ld(b, k), sat));
  set_sat(h, any(sat));
  return Status::Ok;
}

// vD = mask from op(vA, vB); CR6 when Rc (bit 0: all lanes true, bit 2: none).
template <class Op> inline Status compare(Hart& h, uint32_t w, Op op) {
  if (!enabled(h)) [[unlikely]] return unavailable(h);
  const VReg &a = h.vr[ra(w)], &b = h.vr[rb(w)];
  VReg& d = h.vr[rt(w)];
  V all = ones(), some = _mm_setzero_si128();
  for (unsigned k = 0, n = chunks(h); k < n; ++k) {
    V m = op(ld(a, k), ld(b, k));
    all = _mm_and_si128(all, m), some = _mm_or_si128(some, m);
    st(d, k, m);
  }
  if (vc_rc(w)) h.set_cr_field(6, (_mm_movemask_epi8(all) == 0xFFFF ? 8u : 0u) | (any(some) ? 0u : 2u));
  return Status::Ok;
}

// A saturating result, noting the lanes where it differs from the wrapped one.
inline V noting(V clamped, V wrapped, V& sat) {
  sat = _mm_or_si128(sat, _mm_xor_si128(clamped, wrapped));
  return clamped;
}

// Reverse the 16 bytes (memory order <-> VReg storage order) without leaving the register.
inline V reverse_bytes(V v) {
  v = _mm_shuffle_epi32(v, _MM_SHUFFLE(0, 1, 2, 3));
  v = _mm_shufflehi_epi16(_mm_shufflelo_epi16(v, _MM_SHUFFLE(2, 3, 0, 1)), _MM_SHUFFLE(2, 3, 0, 1));
  return _mm_or_si128(_mm_slli_epi16(v, 8), _mm_srli_epi16(v, 8));
}
// n bytes of memory (big-endian order) into a register, and back.
inline void load_reversed(VReg& r, const uint8_t* mem, unsigned n) {
  for (unsigned k = 0; k < n / 16; ++k)
    st(r, k, reverse_bytes(_mm_loadu_si128(reinterpret_cast<const V*>(mem + n - 16 - 16 * k))));
}
inline void store_reversed(uint8_t* mem, const VReg& r, unsigned n) {
  for (unsigned k = 0; k < n / 16; ++k)
    _mm_storeu_si128(reinterpret_cast<V*>(mem + n - 16 - 16 * k), reverse_bytes(ld(r, k)));
}

// Saturating word add/subtract (SSE2 has them only for bytes and halfwords).
inline V adds_u32(V a, V b, V& sat) {
  V s = _mm_add_epi32(a, b), carry = gt_u32(a, s);
  sat = _mm_or_si128(sat, carry);
  return _mm_or_si128(s, carry);
}
inline V subs_u32(V a, V b, V& sat) {
  V borrow = gt_u32(b, a);
  sat = _mm_or_si128(sat, borrow);
  return _mm_andnot_si128(borrow, _mm_sub_epi32(a, b));
}
// Signed overflow happened where the result's sign differs from what the operands imply; the
// clamped value is then INT_MAX or INT_MIN by a's sign.
inline V adds_s32(V a, V b, V& sat) {
  V s = _mm_add_epi32(a, b);
  V ovf = _mm_srai_epi32(_mm_and_si128(_mm_xor_si128(a, s), _mm_xor_si128(b, s)), 31);
  sat = _mm_or_si128(sat, ovf);
  return select(ovf, _mm_xor_si128(_mm_srai_epi32(a, 31), _mm_set1_epi32(0x7FFFFFFF)), s);
}
inline V subs_s32(V a, V b, V& sat) {
  V s = _mm_sub_epi32(a, b);
  V ovf = _mm_srai_epi32(_mm_and_si128(_mm_xor_si128(a, b), _mm_xor_si128(a, s)), 31);
  sat = _mm_or_si128(sat, ovf);
  return select(ovf, _mm_xor_si128(_mm_srai_epi32(a, 31), _mm_set1_epi32(0x7FFFFFFF)), s);
}

}  // namespace pimnic::vec::sse
#endif
