// AltiVec floating point: arithmetic, maximum/minimum, compares, rounding to integral values and
// fixed-point conversions. Estimates are in exec_altivec_estimate.cpp. See altivec_float.h for the
// NJ and NaN rules.
#include <bit>
#include <cmath>

#include "cpu/altivec_float.h"

namespace pimnic {

using namespace vec;

namespace {

// The first NaN of vA, vB, vC (PowerPC precedence for multiply-add), operands given as (A, C, B).
inline uint32_t nan_madd(uint32_t a, uint32_t c, uint32_t b) {
  return is_nan(a) ? quiet(a) : is_nan(b) ? quiet(b) : is_nan(c) ? quiet(c) : kDefaultNan;
}
// Whether a*c + b is exactly below the smallest normal in magnitude. The product is exact in
// double; the sum is rounded monotonically, and when it lands on 2^-126 itself the rounding error
// (TwoSum, exact) tells on which side the exact value lies.
inline bool madd_tiny(uint32_t a, uint32_t c, uint32_t b) {
  const double p = double(bits_f32(a)) * double(bits_f32(c)), q = double(bits_f32(b)), s = p + q;
  if (std::fabs(s) != 0x1p-126) return std::fabs(s) < 0x1p-126;
  const double qv = s - p, pv = s - qv, err = (p - pv) + (q - qv);
  return s > 0 ? err < 0 : err > 0;
}

}  // namespace

#if defined(PIMNIC_ALTIVEC_SSE2)
using sse::F;
using sse::V;
#endif

Status exec_vaddfp(Hart& h, uint32_t w) {
  const VReg &a = h.vr[ra(w)], &b = h.vr[rb(w)];
  return float_op(h, w, a, b, b, VEC_PICK([](F x, F y, F) { return _mm_add_ps(x, y); }, nullptr),
                  [](float x, float y, float) { return x + y; },
                  [](uint32_t x, uint32_t y, uint32_t) { return nan2(x, y); }, never_tiny);
}

Status exec_vsubfp(Hart& h, uint32_t w) {
  const VReg &a = h.vr[ra(w)], &b = h.vr[rb(w)];
  return float_op(h, w, a, b, b, VEC_PICK([](F x, F y, F) { return _mm_sub_ps(x, y); }, nullptr),
                  [](float x, float y, float) { return x - y; },
                  [](uint32_t x, uint32_t y, uint32_t) { return nan2(x, y); }, never_tiny);
}

// vA*vC + vB with a single rounding.
Status exec_vmaddfp(Hart& h, uint32_t w) {
  return float_op(h, w, h.vr[ra(w)], h.vr[rc(w)], h.vr[rb(w)], VEC_PICK(sse::fma, nullptr),
                  [](float x, float y, float z) { return std::fma(x, y, z); }, nan_madd, madd_tiny);
}

// -(vA*vC - vB) with a single rounding; a NaN result is not negated.
Status exec_vnmsubfp(Hart& h, uint32_t w) {
  return float_op(h, w, h.vr[ra(w)], h.vr[rc(w)], h.vr[rb(w)],
                  VEC_PICK([](F x, F y, F z) {
                    const F sign = _mm_castsi128_ps(sse::sign32());
                    return _mm_xor_ps(sse::fma(x, y, _mm_xor_ps(z, sign)), sign);
                  }, nullptr),
                  [](float x, float y, float z) { return -std::fma(x, y, -z); }, nan_madd,
                  [](uint32_t x, uint32_t y, uint32_t z) { return madd_tiny(x, y, z ^ kSign); });
}

// Maximum and minimum order -0 below +0. Mapping the bits to integers that sort like the floats
// (negative values with their magnitude bits inverted) gives that without branches.
namespace {
[[maybe_unused]] inline int32_t order_key(uint32_t x) { return int32_t(x ^ (uint32_t(int32_t(x) >> 31) >> 1)); }

Status min_max(Hart& h, uint32_t w, bool max) {
  if (!enabled(h)) [[unlikely]] return unavailable(h);
  const VReg &a = h.vr[ra(w)], &b = h.vr[rb(w)];
#if defined(PIMNIC_ALTIVEC_SSE2)
  VReg& d = h.vr[rt(w)];
  const V njm = sse::nj_mask(h);
  for (unsigned k = 0, n = sse::chunks(h); k < n; ++k) {
    const V x = sse::flush(sse::ld(a, k), njm), y = sse::flush(sse::ld(b, k), njm);
    const V kx = _mm_xor_si128(x, _mm_srli_epi32(_mm_srai_epi32(x, 31), 1));
    const V ky = _mm_xor_si128(y, _mm_srli_epi32(_mm_srai_epi32(y, 31), 1));
    const V gt = _mm_cmpgt_epi32(kx, ky);
    V out = max ? sse::select(gt, x, y) : sse::select(gt, y, x);
    if (_mm_movemask_ps(_mm_cmpunord_ps(sse::as_f(x), sse::as_f(y)))) [[unlikely]] {
      alignas(16) uint32_t xs[4], ys[4], rs[4];
      _mm_store_si128(reinterpret_cast<V*>(xs), x), _mm_store_si128(reinterpret_cast<V*>(ys), y);
      _mm_store_si128(reinterpret_cast<V*>(rs), out);
      for (int i = 0; i < 4; ++i)
        if (is_nan(xs[i]) || is_nan(ys[i])) rs[i] = nan2(xs[i], ys[i]);
      out = _mm_load_si128(reinterpret_cast<const V*>(rs));
    }
    sse::st(d, k, out);
  }
#else
  const bool nj = h.vscr & VSCR_NJ;
  VReg r;
  by_width(h, [&](auto nb) {
    for (unsigned i = 0; i < nb / 4; ++i) {
      uint32_t x = flush_if(a.w[i], nj), y = flush_if(b.w[i], nj);
      bool x_wins = (order_key(x) > order_key(y)) == max;
      r.w[i] = is_nan(x) || is_nan(y) ? nan2(x, y) : x_wins ? x : y;
    }
  });
  h.vr[rt(w)] = r;
#endif
  return Status::Ok;
}
}  // namespace

Status exec_vmaxfp(Hart& h, uint32_t w) { return min_max(h, w, true); }
Status exec_vminfp(Hart& h, uint32_t w) { return min_max(h, w, false); }

// Compares: NaN compares false; under NJ denormals compare as zero.
namespace {
template <class SsePred, class Pred> Status float_compare(Hart& h, uint32_t w, SsePred sse_pred, Pred pred) {
  if (!enabled(h)) [[unlikely]] return unavailable(h);
#if defined(PIMNIC_ALTIVEC_SSE2)
  (void)pred;
  return sse::compare(h, w, [nj = sse::nj_mask(h), sse_pred](V x, V y) {
    return sse::as_i(sse_pred(sse::as_f(sse::flush(x, nj)), sse::as_f(sse::flush(y, nj))));
  });
#else
  const VReg &a = h.vr[ra(w)], &b = h.vr[rb(w)];
  const bool nj = h.vscr & VSCR_NJ;
  VReg r;
  by_width(h, [&](auto nb) {
    for (unsigned i = 0; i < nb / 4; ++i)
      r.w[i] = pred(bits_f32(flush_if(a.w[i], nj)), bits_f32(flush_if(b.w[i], nj)));
    if (vc_rc(w)) set_cr6<uint64_t, nb>(h, r);
  });
  h.vr[rt(w)] = r;
  return Status::Ok;
#endif
}
}  // namespace

Status exec_vcmpeqfp(Hart& h, uint32_t w) {
  return float_compare(h, w, VEC_PICK([](F x, F y) { return _mm_cmpeq_ps(x, y); }, nullptr),
                       [](float x, float y) { return x == y ? ~0u : 0u; });
}
Status exec_vcmpgefp(Hart& h, uint32_t w) {
  return float_compare(h, w, VEC_PICK([](F x, F y) { return _mm_cmpge_ps(x, y); }, nullptr),
                       [](float x, float y) { return x >= y ? ~0u : 0u; });
}
Status exec_vcmpgtfp(Hart& h, uint32_t w) {
  return float_compare(h, w, VEC_PICK([](F x, F y) { return _mm_cmpgt_ps(x, y); }, nullptr),
                       [](float x, float y) { return x > y ? ~0u : 0u; });
}

// Bounds: bit 0 set when vA > vB (not <=), bit 1 when vA < -vB (not >=); NaN sets both. The dotted
// form sets CR6[2] when every element is within bounds (CR6[0] stays 0).
Status exec_vcmpbfp(Hart& h, uint32_t w) {
  if (!enabled(h)) [[unlikely]] return unavailable(h);
  const VReg &a = h.vr[ra(w)], &b = h.vr[rb(w)];
  const bool nj = h.vscr & VSCR_NJ;
  VReg r;
  uint32_t any = 0;
  by_width(h, [&](auto nb) {
    for (unsigned i = 0; i < nb / 4; ++i) {
      float x = bits_f32(flush_if(a.w[i], nj)), y = bits_f32(flush_if(b.w[i], nj));
      r.w[i] = (x <= y ? 0u : 0x80000000u) | (x >= -y ? 0u : 0x40000000u);
      any |= r.w[i];
    }
  });
  if (vc_rc(w)) h.set_cr_field(6, any ? 0u : 2u);
  h.vr[rt(w)] = r;
  return Status::Ok;
}

// Round to an integral value. Values of magnitude 2^23 and more are integers already; NaNs are
// quieted; the sign of zero results is kept.
namespace {
enum class Round { Nearest, Zero, Up, Down };

template <Round mode> inline uint32_t round_integral(uint32_t x) {
  if (is_nan(x)) return quiet(x);
  if ((x & ~kSign) >= 0x4B000000u) return x;  // |x| >= 2^23, or infinity
  float f = bits_f32(x), t;
  if constexpr (mode == Round::Nearest) {
    float m = std::fabs(f);
    t = std::copysign((m + 0x1p23f) - 0x1p23f, f);  // the host rounds to nearest even here
  } else {
    t = std::copysign(float(int32_t(f)), f);  // truncation
    if (mode == Round::Up && t < f) t += 1.0f;
    if (mode == Round::Down && t > f) t -= 1.0f;
  }
  return f32_bits(t);
}

template <Round mode> Status round_op(Hart& h, uint32_t w) {
  if (!enabled(h)) [[unlikely]] return unavailable(h);
  HostFpMode fp;
  const VReg& b = h.vr[rb(w)];
  const bool nj = h.vscr & VSCR_NJ;
  VReg r;
  by_width(h, [&](auto nb) {
    for (unsigned i = 0; i < nb / 4; ++i) r.w[i] = round_integral<mode>(flush_if(b.w[i], nj));
  });
  h.vr[rt(w)] = r;
  return Status::Ok;
}
}  // namespace

Status exec_vrfin(Hart& h, uint32_t w) { return round_op<Round::Nearest>(h, w); }
Status exec_vrfiz(Hart& h, uint32_t w) { return round_op<Round::Zero>(h, w); }
Status exec_vrfip(Hart& h, uint32_t w) { return round_op<Round::Up>(h, w); }
Status exec_vrfim(Hart& h, uint32_t w) { return round_op<Round::Down>(h, w); }

// Fixed point to float: convert (rounding to nearest), then scale by 2^-UIMM (exact).
namespace {
template <class T> Status from_fixed(Hart& h, uint32_t w) {
  if (!enabled(h)) [[unlikely]] return unavailable(h);
  HostFpMode fp;
  const VReg& b = h.vr[rb(w)];
  const float scale = bits_f32((127u - ra(w)) << 23);  // 2^-UIMM (ldexp is a library call)
  VReg r;
  by_width(h, [&](auto nb) {
    for (unsigned i = 0; i < nb / 4; ++i) r.f[i] = float(T(b.w[i])) * scale;
  });
  h.vr[rt(w)] = r;
  return Status::Ok;
}

// std::trunc without the library call (SSE2 has no rounding instruction): through int64 below
// 2^62, where that conversion truncates exactly; above, every double is an integer already (NaN
// and infinities pass through too).
inline double trunc_double(double v) { return std::fabs(v) < 0x1p62 ? double(int64_t(v)) : v; }

// Float to fixed point: scale by 2^UIMM, truncate toward zero, saturate (setting SAT). NaN gives 0
// without SAT, as qemu does.
template <class T> Status to_fixed(Hart& h, uint32_t w) {
  if (!enabled(h)) [[unlikely]] return unavailable(h);
  const VReg& b = h.vr[rb(w)];
  const bool nj = h.vscr & VSCR_NJ;
  const double scale = std::bit_cast<double>(uint64_t(1023 + ra(w)) << 52);  // 2^UIMM
  constexpr double lo = double(std::numeric_limits<T>::min()), hi = double(std::numeric_limits<T>::max());
  VReg r;
  bool sat = false;
  by_width(h, [&](auto nb) {
    for (unsigned i = 0; i < nb / 4; ++i) {
      uint32_t x = flush_if(b.w[i], nj);
      double v = trunc_double(double(bits_f32(x)) * scale);  // exact: at most 24 significant bits
      T out = is_nan(x) ? T(0) : v < lo ? T(std::numeric_limits<T>::min()) : v > hi ? T(std::numeric_limits<T>::max()) : T(v);
      sat |= !is_nan(x) && (v < lo || v > hi);
      r.w[i] = uint32_t(out);
    }
  });
  h.vr[rt(w)] = r;
  set_sat(h, sat);
  return Status::Ok;
}
}  // namespace

Status exec_vcfux(Hart& h, uint32_t w) { return from_fixed<uint32_t>(h, w); }
Status exec_vcfsx(Hart& h, uint32_t w) { return from_fixed<int32_t>(h, w); }
Status exec_vctuxs(Hart& h, uint32_t w) { return to_fixed<uint32_t>(h, w); }
Status exec_vctsxs(Hart& h, uint32_t w) { return to_fixed<int32_t>(h, w); }

#if defined(PIMNIC_ALTIVEC_SSE2)
bool sse::host_has_fma() { return __builtin_cpu_supports("fma"); }
__attribute__((target("fma"))) sse::F sse::fma_hw(F a, F b, F c) { return _mm_fmadd_ps(a, b, c); }
#endif

}  // namespace pimnic
