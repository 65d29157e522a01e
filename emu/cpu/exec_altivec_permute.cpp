// AltiVec cross-lane operations: vperm, vsldoi, merges, splats, packs and unpacks.
// 256-bit behaviour follows docs/isa/altivec256.md. Loops are written in host order where the
// mapping is simple (comments give the big-endian meaning).
#include <cstring>

#include "cpu/altivec_simd.h"

#if defined(PIMNIC_ALTIVEC_SSE2)
#include <tmmintrin.h>
#endif

namespace pimnic {

using namespace vec;
#if defined(PIMNIC_ALTIVEC_SSE2)
using sse::V;
#endif

namespace {

// vA||vB in host order: u[0..N) = vB, u[N..2N) = vA. Big-endian byte i of the concatenation is
// u[2N-1-i].
template <unsigned N> struct Concat {
  uint8_t u[2 * N];
  Concat(const VReg& a, const VReg& b) {
    std::memcpy(u, b.b, N);
    std::memcpy(u + N, a.b, N);
  }
};

}  // namespace

#if defined(PIMNIC_ALTIVEC_SSE2)
namespace {
// With SSSE3 (checked at run time): one pshufb per 16-byte source chunk of vA||vB, each lane kept
// where its index falls in that chunk.
__attribute__((target("ssse3"))) void perm_ssse3(VReg& d, const VReg& a, const VReg& b, const VReg& c,
                                                 unsigned nchunks) {
  const V span = _mm_set1_epi8(char(32 * nchunks - 1)), low = _mm_set1_epi8(0x0F), high = _mm_set1_epi8(0x30);
  V out[2];
  for (unsigned k = 0; k < nchunks; ++k) {
    const V idx = _mm_andnot_si128(sse::ld(c, k), span);  // index into u = vB chunks, then vA chunks
    const V lane = _mm_and_si128(idx, low), which = _mm_and_si128(idx, high);
    V r = _mm_setzero_si128();
    for (unsigned s = 0; s < 2 * nchunks; ++s) {
      const V src = s < nchunks ? sse::ld(b, s) : sse::ld(a, s - nchunks);
      const V hit = _mm_cmpeq_epi8(which, _mm_set1_epi8(char(s << 4)));
      r = _mm_or_si128(r, _mm_and_si128(hit, _mm_shuffle_epi8(src, lane)));
    }
    out[k] = r;
  }
  for (unsigned k = 0; k < nchunks; ++k) sse::st(d, k, out[k]);
}
bool host_has_ssse3() {
  __builtin_cpu_init();  // may run before the runtime's own initialisation
  return __builtin_cpu_supports("ssse3");
}
const bool kHostHasSsse3 = host_has_ssse3();
}  // namespace
#endif

// Each control byte picks big-endian byte (c & (2N-1)) of vA||vB.
Status exec_vperm(Hart& h, uint32_t w) {
  if (!enabled(h)) [[unlikely]] return unavailable(h);
  const VReg &c = h.vr[rc(w)];
#if defined(PIMNIC_ALTIVEC_SSE2)
  if (kHostHasSsse3) [[likely]] {
    perm_ssse3(h.vr[rt(w)], h.vr[ra(w)], h.vr[rb(w)], c, sse::chunks(h));
    return Status::Ok;
  }
#endif
  VReg r;
  by_width(h, [&](auto nb) {
    Concat<nb> cat(h.vr[ra(w)], h.vr[rb(w)]);
    for (unsigned k = 0; k < nb; ++k) r.b[k] = cat.u[~c.b[k] & (2 * nb - 1)];
  });
  h.vr[rt(w)] = r;
  return Status::Ok;
}

// Bytes SH..SH+N-1 of vA||vB (SH is 0-15 at both widths).
Status exec_vsldoi(Hart& h, uint32_t w) {
  if (!enabled(h)) [[unlikely]] return unavailable(h);
  VReg r;
  by_width(h, [&](auto nb) {
    Concat<nb> cat(h.vr[ra(w)], h.vr[rb(w)]);
    std::memcpy(r.b, cat.u + nb - vsh(w), nb);
  });
  h.vr[rt(w)] = r;
  return Status::Ok;
}

// Merges interleave the elements of the first (high) or last (low) half of vA and vB.
namespace {
template <class T> Status merge(Hart& h, uint32_t w, bool high) {
  if (!enabled(h)) [[unlikely]] return unavailable(h);
  const VReg &a = h.vr[ra(w)], &b = h.vr[rb(w)];
  VReg r;
  by_width(h, [&](auto nb) {
    constexpr unsigned half = nb / sizeof(T) / 2;
    unsigned from = high ? 0 : half;
    for (unsigned i = 0; i < half; ++i) {
      be<T>(r, 2 * i, nb) = be<T>(a, from + i, nb);
      be<T>(r, 2 * i + 1, nb) = be<T>(b, from + i, nb);
    }
  });
  h.vr[rt(w)] = r;
  return Status::Ok;
}
}  // namespace

#if defined(PIMNIC_ALTIVEC_SSE2)
// In host order a merge is an unpack of vB with vA: at 128 bits the first half is the upper host
// half (unpackhi), at 256 bits the first half is chunk 1 and fills both result chunks.
namespace {
template <class Lo, class Hi> Status merge_sse(Hart& h, uint32_t w, bool high, Lo lo, Hi hi) {
  if (!enabled(h)) [[unlikely]] return unavailable(h);
  const VReg &a = h.vr[ra(w)], &b = h.vr[rb(w)];
  VReg& d = h.vr[rt(w)];
  if (h.vec_bytes() == 16) {
    const V x = sse::ld(a, 0), y = sse::ld(b, 0);
    sse::st(d, 0, high ? hi(y, x) : lo(y, x));
  } else {
    const unsigned k = high ? 1 : 0;
    const V x = sse::ld(a, k), y = sse::ld(b, k);
    const V r0 = lo(y, x), r1 = hi(y, x);
    sse::st(d, 0, r0), sse::st(d, 1, r1);
  }
  return Status::Ok;
}
}  // namespace
#define VMERGE(name, T, high, bits)                                                                  \
  Status exec_##name(Hart& h, uint32_t w) {                                                          \
    return VEC_PICK(merge_sse(h, w, high, [](V y, V x) { return _mm_unpacklo_epi##bits(y, x); },    \
                              [](V y, V x) { return _mm_unpackhi_epi##bits(y, x); }),                \
                    merge<T>(h, w, high));                                                           \
  }
#else
#define VMERGE(name, T, high, bits) \
  Status exec_##name(Hart& h, uint32_t w) { return merge<T>(h, w, high); }
#endif
VMERGE(vmrghb, uint8_t, true, 8)
VMERGE(vmrghh, uint16_t, true, 16)
VMERGE(vmrghw, uint32_t, true, 32)
VMERGE(vmrglb, uint8_t, false, 8)
VMERGE(vmrglh, uint16_t, false, 16)
VMERGE(vmrglw, uint32_t, false, 32)
#undef VMERGE

// Splats: element UIMM of vB (modulo the element count) into every element.
namespace {
// All elements of vD = v.
template <class T> inline void fill(Hart& h, VReg& d, T v) {
#if defined(PIMNIC_ALTIVEC_SSE2)
  V x;
  if constexpr (sizeof(T) == 1) x = _mm_set1_epi8(char(v));
  else if constexpr (sizeof(T) == 2) x = _mm_set1_epi16(short(v));
  else x = _mm_set1_epi32(int(v));
  for (unsigned k = 0, n = sse::chunks(h); k < n; ++k) sse::st(d, k, x);
#else
  for (unsigned i = 0; i < h.vec_bytes() / sizeof(T); ++i) lanes<T>(d)[i] = v;
#endif
}
template <class T> Status splat(Hart& h, uint32_t w) {
  if (!enabled(h)) [[unlikely]] return unavailable(h);
  const unsigned n = h.vec_bytes(), count = n / sizeof(T);
  fill<T>(h, h.vr[rt(w)], be<T>(h.vr[rb(w)], ra(w) & (count - 1), n));
  return Status::Ok;
}
template <class T> Status splat_imm(Hart& h, uint32_t w) {
  if (!enabled(h)) [[unlikely]] return unavailable(h);
  fill<T>(h, h.vr[rt(w)], T(vsimm(w)));
  return Status::Ok;
}
}  // namespace

Status exec_vspltb(Hart& h, uint32_t w) { return splat<uint8_t>(h, w); }
Status exec_vsplth(Hart& h, uint32_t w) { return splat<uint16_t>(h, w); }
Status exec_vspltw(Hart& h, uint32_t w) { return splat<uint32_t>(h, w); }
Status exec_vspltisb(Hart& h, uint32_t w) { return splat_imm<uint8_t>(h, w); }
Status exec_vspltish(Hart& h, uint32_t w) { return splat_imm<uint16_t>(h, w); }
Status exec_vspltisw(Hart& h, uint32_t w) { return splat_imm<uint32_t>(h, w); }

// Packs narrow every element of vA, then every element of vB. In host order vB's results fill the
// lower half and vA's the upper half.
namespace {
template <class TN, class TW, class Conv> Status pack(Hart& h, uint32_t w, Conv conv) {
  if (!enabled(h)) [[unlikely]] return unavailable(h);
  const VReg &a = h.vr[ra(w)], &b = h.vr[rb(w)];
  VReg r;
  bool sat = false;
  by_width(h, [&](auto nb) {
    constexpr unsigned m = nb / sizeof(TW);
    for (unsigned j = 0; j < m; ++j) {
      lanes<TN>(r)[j] = conv(lanes<TW>(b)[j], sat);
      lanes<TN>(r)[m + j] = conv(lanes<TW>(a)[j], sat);
    }
  });
  h.vr[rt(w)] = r;
  set_sat(h, sat);
  return Status::Ok;
}
template <class TN> struct Sat {
  template <class T> TN operator()(T v, bool& sat) const { return saturate<TN>(int64_t(v), sat); }
};
// 32-bit pixel to 1:5:5:5: bit 7, then the top five bits of each of the other three bytes.
inline uint16_t to_pixel(uint32_t v, bool&) {
  return uint16_t((v >> 24 & 1) << 15 | (v >> 19 & 0x1F) << 10 | (v >> 11 & 0x1F) << 5 | (v >> 3 & 0x1F));
}
}  // namespace

#if defined(PIMNIC_ALTIVEC_SSE2)
// SSE2 packs: op(lo, hi, sat) narrows two wide chunks into one (lo's elements in the low host
// half). vB's chunks come first in host order, then vA's.
namespace {
template <class Op> Status pack_sse(Hart& h, uint32_t w, Op op) {
  if (!enabled(h)) [[unlikely]] return unavailable(h);
  const VReg &a = h.vr[ra(w)], &b = h.vr[rb(w)];
  VReg& d = h.vr[rt(w)];
  V sat = _mm_setzero_si128();
  if (h.vec_bytes() == 16) {
    sse::st(d, 0, op(sse::ld(b, 0), sse::ld(a, 0), sat));
  } else {
    const V r0 = op(sse::ld(b, 0), sse::ld(b, 1), sat), r1 = op(sse::ld(a, 0), sse::ld(a, 1), sat);
    sse::st(d, 0, r0), sse::st(d, 1, r1);
  }
  set_sat(h, sse::any(sat));
  return Status::Ok;
}
inline V sext8in16(V x) { return _mm_srai_epi16(_mm_slli_epi16(x, 8), 8); }
inline V sext16in32(V x) { return _mm_srai_epi32(_mm_slli_epi32(x, 16), 16); }
// Lanes where x differs from y (saturation happened).
inline void note(V& sat, V x, V y) { sat = _mm_or_si128(sat, _mm_xor_si128(x, y)); }
// Words clamped to [0, 65535], then packed through the signed instruction by a 32768 bias.
inline V pack_u16(V x, V y) {
  const V bias = _mm_set1_epi32(32768);
  return _mm_xor_si128(_mm_packs_epi32(_mm_sub_epi32(x, bias), _mm_sub_epi32(y, bias)), _mm_set1_epi16(short(0x8000)));
}
inline V clamp_s32_u16(V x, V& sat) {
  V c = _mm_andnot_si128(_mm_srai_epi32(x, 31), x);  // negative -> 0
  c = sse::select(_mm_cmpgt_epi32(c, _mm_set1_epi32(65535)), _mm_set1_epi32(65535), c);
  note(sat, c, x);
  return c;
}
inline V clamp_u32_u16(V x, V& sat) {
  V c = sse::select(sse::gt_u32(x, _mm_set1_epi32(65535)), _mm_set1_epi32(65535), x);
  note(sat, c, x);
  return c;
}
}  // namespace
#endif

Status exec_vpkuhum(Hart& h, uint32_t w) {
  return VEC_PICK(pack_sse(h, w, [](V x, V y, V&) {
                    const V m = _mm_set1_epi16(0xFF);
                    return _mm_packus_epi16(_mm_and_si128(x, m), _mm_and_si128(y, m));
                  }),
                  (pack<uint8_t, uint16_t>(h, w, [](uint16_t v, bool&) { return uint8_t(v); })));
}
Status exec_vpkuwum(Hart& h, uint32_t w) {
  return VEC_PICK(pack_sse(h, w, [](V x, V y, V&) { return _mm_packs_epi32(sext16in32(x), sext16in32(y)); }),
                  (pack<uint16_t, uint32_t>(h, w, [](uint32_t v, bool&) { return uint16_t(v); })));
}
Status exec_vpkuhus(Hart& h, uint32_t w) {
  return VEC_PICK(pack_sse(h, w, [](V x, V y, V& sat) {
                    const V hi = _mm_set1_epi16(short(0xFF00)), max = _mm_set1_epi16(255);
                    sat = _mm_or_si128(sat, _mm_or_si128(_mm_and_si128(x, hi), _mm_and_si128(y, hi)));
                    return _mm_packus_epi16(_mm_sub_epi16(x, _mm_subs_epu16(x, max)), _mm_sub_epi16(y, _mm_subs_epu16(y, max)));
                  }),
                  (pack<uint8_t, uint16_t>(h, w, Sat<uint8_t>{})));
}
Status exec_vpkuwus(Hart& h, uint32_t w) {
  return VEC_PICK(pack_sse(h, w, [](V x, V y, V& sat) { return pack_u16(clamp_u32_u16(x, sat), clamp_u32_u16(y, sat)); }),
                  (pack<uint16_t, uint32_t>(h, w, Sat<uint16_t>{})));
}
Status exec_vpkshus(Hart& h, uint32_t w) {
  return VEC_PICK(pack_sse(h, w, [](V x, V y, V& sat) {
                    const V hi = _mm_set1_epi16(short(0xFF00));
                    sat = _mm_or_si128(sat, _mm_or_si128(_mm_and_si128(x, hi), _mm_and_si128(y, hi)));
                    return _mm_packus_epi16(x, y);
                  }),
                  (pack<uint8_t, int16_t>(h, w, Sat<uint8_t>{})));
}
Status exec_vpkswus(Hart& h, uint32_t w) {
  return VEC_PICK(pack_sse(h, w, [](V x, V y, V& sat) { return pack_u16(clamp_s32_u16(x, sat), clamp_s32_u16(y, sat)); }),
                  (pack<uint16_t, int32_t>(h, w, Sat<uint16_t>{})));
}
Status exec_vpkshss(Hart& h, uint32_t w) {
  return VEC_PICK(pack_sse(h, w, [](V x, V y, V& sat) {
                    note(sat, x, sext8in16(x)), note(sat, y, sext8in16(y));
                    return _mm_packs_epi16(x, y);
                  }),
                  (pack<int8_t, int16_t>(h, w, Sat<int8_t>{})));
}
Status exec_vpkswss(Hart& h, uint32_t w) {
  return VEC_PICK(pack_sse(h, w, [](V x, V y, V& sat) {
                    note(sat, x, sext16in32(x)), note(sat, y, sext16in32(y));
                    return _mm_packs_epi32(x, y);
                  }),
                  (pack<int16_t, int32_t>(h, w, Sat<int16_t>{})));
}
Status exec_vpkpx(Hart& h, uint32_t w) { return pack<uint16_t, uint32_t>(h, w, to_pixel); }

// Unpacks widen the elements of the first (high) or last (low) half of vB. In host order the
// first half is the upper half.
namespace {
template <class TW, class TN, class Conv> Status unpack(Hart& h, uint32_t w, bool high, Conv conv) {
  if (!enabled(h)) [[unlikely]] return unavailable(h);
  const VReg& b = h.vr[rb(w)];
  VReg r;
  by_width(h, [&](auto nb) {
    constexpr unsigned m = nb / sizeof(TW);
    const unsigned from = high ? m : 0;
    for (unsigned j = 0; j < m; ++j) lanes<TW>(r)[j] = conv(lanes<TN>(b)[from + j]);
  });
  h.vr[rt(w)] = r;
  return Status::Ok;
}
struct Widen {
  template <class T> int32_t operator()(T v) const { return v; }
};
// 1:5:5:5 pixel to 32 bits: the first bit sign-extended into a byte, each field zero-extended.
inline uint32_t from_pixel(uint16_t p) {
  return (p & 0x8000 ? 0xFF000000u : 0u) | uint32_t(p >> 10 & 0x1F) << 16 | uint32_t(p >> 5 & 0x1F) << 8 | (p & 0x1F);
}
}  // namespace

#if defined(PIMNIC_ALTIVEC_SSE2)
// SSE2 unpacks: the source half is the upper host half of vB (high) or the lower one (low); at 256
// bits that is a whole chunk, widened into two.
namespace {
template <class Lo, class Hi> Status unpack_sse(Hart& h, uint32_t w, bool high, Lo widen_lo, Hi widen_hi) {
  if (!enabled(h)) [[unlikely]] return unavailable(h);
  const VReg& b = h.vr[rb(w)];
  VReg& d = h.vr[rt(w)];
  if (h.vec_bytes() == 16) {
    const V x = sse::ld(b, 0);
    sse::st(d, 0, high ? widen_hi(x) : widen_lo(x));
  } else {
    const V x = sse::ld(b, high ? 1 : 0);
    const V r0 = widen_lo(x), r1 = widen_hi(x);
    sse::st(d, 0, r0), sse::st(d, 1, r1);
  }
  return Status::Ok;
}
inline V bytes_lo(V x) { return _mm_srai_epi16(_mm_unpacklo_epi8(x, x), 8); }
inline V bytes_hi(V x) { return _mm_srai_epi16(_mm_unpackhi_epi8(x, x), 8); }
inline V halves_lo(V x) { return _mm_srai_epi32(_mm_unpacklo_epi16(x, x), 16); }
inline V halves_hi(V x) { return _mm_srai_epi32(_mm_unpackhi_epi16(x, x), 16); }
}  // namespace
#endif

Status exec_vupkhsb(Hart& h, uint32_t w) {
  return VEC_PICK(unpack_sse(h, w, true, bytes_lo, bytes_hi), (unpack<int16_t, int8_t>(h, w, true, Widen{})));
}
Status exec_vupklsb(Hart& h, uint32_t w) {
  return VEC_PICK(unpack_sse(h, w, false, bytes_lo, bytes_hi), (unpack<int16_t, int8_t>(h, w, false, Widen{})));
}
Status exec_vupkhsh(Hart& h, uint32_t w) {
  return VEC_PICK(unpack_sse(h, w, true, halves_lo, halves_hi), (unpack<int32_t, int16_t>(h, w, true, Widen{})));
}
Status exec_vupklsh(Hart& h, uint32_t w) {
  return VEC_PICK(unpack_sse(h, w, false, halves_lo, halves_hi), (unpack<int32_t, int16_t>(h, w, false, Widen{})));
}
Status exec_vupkhpx(Hart& h, uint32_t w) { return unpack<uint32_t, uint16_t>(h, w, true, from_pixel); }
Status exec_vupklpx(Hart& h, uint32_t w) { return unpack<uint32_t, uint16_t>(h, w, false, from_pixel); }

}  // namespace pimnic
