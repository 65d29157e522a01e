// Floating-point machinery of the AltiVec executors. The vector unit always rounds to nearest even,
// raises no exceptions, and in non-Java mode (VSCR[NJ]) reads denormal inputs as zero and flushes
// results that underflow to zero (keeping the sign). NaN results follow the PowerPC rules: the
// first NaN operand, quieted, else the default NaN 0x7FC00000. The host computes the ordinary
// cases; NaN lanes are rebuilt afterwards.
#pragma once
#include <cmath>
#include <cstdint>

#include "cpu/altivec_simd.h"
#include "util/bits.h"

#if defined(__SSE__)
#include <xmmintrin.h>
#endif
#if defined(PIMNIC_ALTIVEC_SSE2)
#include <immintrin.h>
#endif

namespace pimnic::vec {

inline constexpr uint32_t kSign = 0x80000000u, kExp = 0x7F800000u, kQuiet = 0x00400000u;
inline constexpr uint32_t kDefaultNan = 0x7FC00000u;
inline constexpr uint32_t kMinNormal = 0x00800000u;

inline bool is_nan(uint32_t x) { return (x & 0x7FFFFFFFu) > kExp; }
inline uint32_t quiet(uint32_t x) { return x | kQuiet; }
// A denormal becomes a zero of the same sign; everything else is unchanged.
inline uint32_t flush(uint32_t x) { return (x & kExp) ? x : x & kSign; }
inline uint32_t flush_if(uint32_t x, bool nj) { return nj ? flush(x) : x; }

inline uint32_t nan1(uint32_t x) { return is_nan(x) ? quiet(x) : kDefaultNan; }
inline uint32_t nan2(uint32_t x, uint32_t y) {
  return is_nan(x) ? quiet(x) : is_nan(y) ? quiet(y) : kDefaultNan;
}

// The host SSE unit in the vector unit's mode (round to nearest, denormals on, exceptions masked)
// for the scope of one instruction, whatever the scalar FPU emulation left in MXCSR. Only writes
// MXCSR when it differs.
class HostFpMode {
 public:
#if defined(__SSE__)
  HostFpMode() : saved_(_mm_getcsr()) {
    if ((saved_ & kControl) != kWanted) _mm_setcsr((saved_ & ~kControl) | kWanted);
  }
  ~HostFpMode() {
    if ((saved_ & kControl) != kWanted) _mm_setcsr(saved_);
  }

 private:
  static constexpr unsigned kControl = 0xFFC0, kWanted = 0x1F80;  // RC, FTZ, DAZ, masks
  unsigned saved_;
#endif
};

// Element-wise float operation over the core's width: inputs flushed under NJ, result from op on
// host floats, NaN lanes rebuilt with nan(x, y, z) from the (flushed) input bits, denormal results
// flushed under NJ. Operands x, y, z are the registers named by the caller (unused ones may repeat).
// Underflow is detected before rounding, as PowerPC does: a result the host rounded up to the
// smallest normal is flushed too when tiny(x, y, z) says the exact value was below it.
template <class Op, class Nan, class Tiny>
inline void float_map(Hart& h, VReg& r, const VReg& a, const VReg& b, const VReg& c, Op op, Nan nan,
                      Tiny tiny) {
  HostFpMode mode;
  const bool nj = h.vscr & VSCR_NJ;
  by_width(h, [&](auto nb) {
    constexpr unsigned n = nb / 4;
    uint32_t x[n], y[n], z[n];
    for (unsigned i = 0; i < n; ++i) {
      x[i] = flush_if(a.w[i], nj), y[i] = flush_if(b.w[i], nj), z[i] = flush_if(c.w[i], nj);
      r.f[i] = op(bits_f32(x[i]), bits_f32(y[i]), bits_f32(z[i]));
    }
    bool any_special = false;
    for (unsigned i = 0; i < n; ++i) {
      any_special |= is_nan(r.w[i]) | (nj & ((r.w[i] & ~kSign) == kMinNormal));
      r.w[i] = flush_if(r.w[i], nj);
    }
    if (any_special) [[unlikely]] {
      for (unsigned i = 0; i < n; ++i) {
        if (is_nan(r.w[i])) r.w[i] = nan(x[i], y[i], z[i]);
        else if (nj && (r.w[i] & ~kSign) == kMinNormal && tiny(x[i], y[i], z[i])) r.w[i] &= kSign;
      }
    }
  });
}

#if defined(PIMNIC_ALTIVEC_SSE2)
namespace sse {

using F = __m128;
inline F as_f(V v) { return _mm_castsi128_ps(v); }
inline V as_i(F f) { return _mm_castps_si128(f); }

// Denormals to signed zeros in the lanes of mask nj (all ones under NJ, else zero).
inline V flush(V x, V nj) {
  V tiny = _mm_and_si128(_mm_cmpeq_epi32(_mm_and_si128(x, _mm_set1_epi32(int(kExp))), _mm_setzero_si128()), nj);
  return _mm_andnot_si128(_mm_andnot_si128(sign32(), tiny), x);
}
inline V nj_mask(const Hart& h) { return (h.vscr & VSCR_NJ) ? ones() : _mm_setzero_si128(); }

// float_map on 16-byte chunks: op on four floats at a time; lanes that came out NaN, or (under NJ)
// exactly the smallest normal, are redone by the scalar rules.
template <class Op, class Nan, class Tiny>
inline void float_map(Hart& h, VReg& d, const VReg& a, const VReg& b, const VReg& c, Op op, Nan nan, Tiny tiny) {
  HostFpMode mode;
  const V nj = nj_mask(h);
  for (unsigned k = 0, n = chunks(h); k < n; ++k) {
    const V x = flush(ld(a, k), nj), y = flush(ld(b, k), nj), z = flush(ld(c, k), nj);
    const F r = op(as_f(x), as_f(y), as_f(z));
    const V ri = as_i(r);
    const V odd = _mm_or_si128(as_i(_mm_cmpunord_ps(r, r)),
                               _mm_and_si128(nj, _mm_cmpeq_epi32(_mm_andnot_si128(sign32(), ri),
                                                                 _mm_set1_epi32(int(kMinNormal)))));
    V out = flush(ri, nj);
    if (_mm_movemask_epi8(odd)) [[unlikely]] {
      alignas(16) uint32_t xs[4], ys[4], zs[4], rs[4];
      _mm_store_si128(reinterpret_cast<V*>(xs), x), _mm_store_si128(reinterpret_cast<V*>(ys), y);
      _mm_store_si128(reinterpret_cast<V*>(zs), z), _mm_store_si128(reinterpret_cast<V*>(rs), out);
      for (int i = 0; i < 4; ++i) {
        if (is_nan(rs[i])) rs[i] = nan(xs[i], ys[i], zs[i]);
        else if ((h.vscr & VSCR_NJ) && (rs[i] & ~kSign) == kMinNormal && tiny(xs[i], ys[i], zs[i])) rs[i] &= kSign;
      }
      out = _mm_load_si128(reinterpret_cast<const V*>(rs));
    }
    st(d, k, out);
  }
}

// Fused multiply-add: the host's FMA unit when it has one, else the C library per lane.
bool host_has_fma();
F fma_hw(F a, F b, F c);
inline F fma(F a, F b, F c) {
  static const bool hw = host_has_fma();
  if (hw) [[likely]] return fma_hw(a, b, c);
  alignas(16) float x[4], y[4], z[4];
  _mm_store_ps(x, a), _mm_store_ps(y, b), _mm_store_ps(z, c);
  for (int i = 0; i < 4; ++i) x[i] = std::fma(x[i], y[i], z[i]);
  return _mm_load_ps(x);
}

}  // namespace sse
#endif

// An element-wise float instruction writing vD: the SSE2 form sse_op (on __m128) where available,
// else op on single floats. Pass the SSE2 form through VEC_PICK(form, nullptr).
template <class SseOp, class Op, class Nan, class Tiny>
inline Status float_op(Hart& h, uint32_t w, const VReg& a, const VReg& b, const VReg& c, SseOp sse_op, Op op,
                       Nan nan, Tiny tiny) {
  if (!enabled(h)) [[unlikely]] return unavailable(h);
#if defined(PIMNIC_ALTIVEC_SSE2)
  sse::float_map(h, h.vr[rt(w)], a, b, c, sse_op, nan, tiny);
#else
  VReg r;
  float_map(h, r, a, b, c, op, nan, tiny);
  h.vr[rt(w)] = r;
#endif
  return Status::Ok;
}

// For operations whose results that round to the smallest normal are never tiny (add, subtract,
// square roots): the exact result is then representable.
inline constexpr auto never_tiny = [](uint32_t, uint32_t, uint32_t) { return false; };

}  // namespace pimnic::vec
