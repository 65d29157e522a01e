// AltiVec estimates: vrefp, vrsqrtefp, vexptefp, vlogefp. The architecture only bounds their error;
// pimnic gives the same bits as qemu-ppc (the project's reference), which computes:
//   vrefp      1/x correctly rounded;
//   vrsqrtefp  1/sqrt(x), both steps correctly rounded;
//   vexptefp   2^x as a 15-term Taylor series of e^(x ln 2), evaluated in a 64-bit-fraction
//              software float format (truncating with a sticky bit), rounded once to single
//              (except where that breaks the architecture's 1/16 error bound: see below);
//   vlogefp    log2(x) to 23 fraction bits by repeated squaring of the significand, rounded once.
// The two software algorithms are re-derived here from that description and checked bit for bit
// against qemu in tests/unit/altivec_golden_test.cpp.
#include <cmath>

#include "cpu/altivec_float.h"

namespace pimnic {

using namespace vec;

#if defined(PIMNIC_ALTIVEC_SSE2)
using sse::F;
#endif

// 1/x is below the smallest normal exactly when |x| > 2^126.
Status exec_vrefp(Hart& h, uint32_t w) {
  const VReg& b = h.vr[rb(w)];
  return float_op(h, w, b, b, b, VEC_PICK([](F x, F, F) { return _mm_div_ps(_mm_set1_ps(1.0f), x); }, nullptr),
                  [](float x, float, float) { return 1.0f / x; },
                  [](uint32_t x, uint32_t, uint32_t) { return nan1(x); },
                  [](uint32_t x, uint32_t, uint32_t) { return (x & ~kSign) > 0x7E800000u; });
}

Status exec_vrsqrtefp(Hart& h, uint32_t w) {
  const VReg& b = h.vr[rb(w)];
  return float_op(h, w, b, b, b,
                  VEC_PICK([](F x, F, F) { return _mm_div_ps(_mm_set1_ps(1.0f), _mm_sqrt_ps(x)); }, nullptr),
                  [](float x, float, float) { return 1.0f / std::sqrt(x); },
                  [](uint32_t x, uint32_t, uint32_t) { return nan1(x); }, never_tiny);
}

namespace {

// ---- vexptefp: a small software float with a 64-bit fraction --------------------------------
// Value = frac / 2^63 * 2^exp, frac normalised (bit 63 set) unless zero. Results of operations
// are truncated to 64 bits with the discarded bits ORed into bit 0 (sticky).
struct Soft {
  bool sign = false;
  bool zero = false;
  int exp = 0;
  uint64_t frac = 0;
};
using u128 = unsigned __int128;

inline uint64_t trunc_jam(u128 v) { return uint64_t(v >> 64) | (uint64_t(v) != 0); }
inline u128 shift_right_jam(u128 v, int n) {
  if (n <= 0) return v;
  if (n >= 128) return v != 0;
  return (v >> n) | ((v & ((u128(1) << n) - 1)) != 0);
}

inline Soft soft_from_f64(uint64_t bits) {
  Soft s;
  s.sign = bits >> 63;
  s.exp = int((bits >> 52) & 0x7FF) - 1023;
  s.frac = ((bits & ((1ull << 52) - 1)) | (1ull << 52)) << 11;
  return s;
}

// A finite, nonzero single (denormals normalised).
inline Soft soft_from_f32(uint32_t bits) {
  Soft s;
  s.sign = bits >> 31;
  int e = int((bits >> 23) & 0xFF);
  uint64_t m = bits & 0x7FFFFF;
  if (e == 0) {
    int shift = __builtin_clzll(m) - 40;  // bring the leading one to bit 23
    m <<= shift;
    e = 1 - shift;
  } else {
    m |= 1u << 23;
  }
  s.exp = e - 127;
  s.frac = m << 40;
  return s;
}

inline Soft soft_mul(const Soft& a, const Soft& b) {
  Soft r;
  r.sign = a.sign ^ b.sign;
  r.exp = a.exp + b.exp + 1;
  r.frac = trunc_jam(u128(a.frac) * b.frac);
  if (!(r.frac >> 63)) r.frac <<= 1, r.exp -= 1;  // after truncation, as the reference does
  return r;
}

// a*b + c with the product kept to 128 bits, one truncation at the end.
inline Soft soft_muladd(const Soft& a, const Soft& b, const Soft& c) {
  bool psign = a.sign ^ b.sign;
  int pexp = a.exp + b.exp + 1;
  u128 p = u128(a.frac) * b.frac;
  if (!(p >> 127)) p <<= 1, pexp -= 1;
  if (!c.zero) {
    u128 q = u128(c.frac) << 64;
    int diff = pexp - c.exp;
    if (psign == c.sign) {
      if (diff > 0) q = shift_right_jam(q, diff);
      else p = shift_right_jam(p, -diff), pexp = c.exp;
      u128 sum = p + q;
      if (sum < p) sum = shift_right_jam(sum, 1) | (u128(1) << 127), pexp += 1;
      p = sum;
    } else {
      if (diff > 0) {
        p -= shift_right_jam(q, diff);
      } else if (diff < 0) {
        p = q - shift_right_jam(p, -diff);
        pexp = c.exp, psign = !psign;
      } else if (p >= q) {
        p -= q;
      } else {
        p = q - p, psign = !psign;
      }
      if (p == 0) return Soft{false, true, 0, 0};
      int shift = 0;
      while (!(p >> 127)) p <<= 1, ++shift;
      pexp -= shift;
    }
  }
  return Soft{psign, false, pexp, trunc_jam(p)};
}

// Round to single, nearest even. Tiny results (before rounding) flush to zero under NJ.
inline uint32_t soft_to_f32(const Soft& s, bool nj) {
  const uint32_t sign = s.sign ? kSign : 0;
  if (s.zero) return sign;
  int e = s.exp + 127;
  uint64_t frac = s.frac;
  if (e <= 0) {
    if (nj) return sign;
    frac = uint64_t(shift_right_jam(u128(frac), 1 - e));
    e = 0;
  }
  uint64_t m = frac >> 40, rest = frac & ((1ull << 40) - 1), half = 1ull << 39;
  if (rest > half || (rest == half && (m & 1))) ++m;
  if (e == 0) return sign | uint32_t(m);  // a carry into bit 23 makes it the smallest normal
  if (m >> 24) m >>= 1, ++e;
  if (e >= 255) return sign | kExp;
  return sign | uint32_t(e) << 23 | uint32_t(m & 0x7FFFFF);
}

// 1/n! for n = 1..15, correctly rounded doubles, and ln 2.
constexpr uint64_t kExpCoefficients[15] = {
    0x3ff0000000000000, 0x3fe0000000000000, 0x3fc5555555555555, 0x3fa5555555555555,
    0x3f81111111111111, 0x3f56c16c16c16c17, 0x3f2a01a01a01a01a, 0x3efa01a01a01a01a,
    0x3ec71de3a556c734, 0x3e927e4fb7789f5c, 0x3e5ae64567f544e4, 0x3e21eed8eff8d898,
    0x3de6124613a86d09, 0x3da93974a8c07c9d, 0x3d6ae7f3e733b81f};
constexpr uint64_t kLn2 = 0x3fe62e42fefa39ef;

uint32_t exp2_estimate(uint32_t x, bool nj) {
  if (is_nan(x)) return quiet(x);
  if ((x & ~kSign) == kExp) return (x & kSign) ? 0 : x;  // 2^-inf = +0, 2^+inf = +inf
  if ((x & ~kSign) == 0) return 0x3F800000u;             // also flushed denormals
  const Soft xl = soft_mul(soft_from_f32(x), soft_from_f64(kLn2));
  Soft power = xl, sum = soft_from_f64(0x3ff0000000000000);
  for (uint64_t coefficient : kExpCoefficients) {
    sum = soft_muladd(soft_from_f64(coefficient), power, sum);
    power = soft_mul(power, xl);
  }
  const uint32_t series = soft_to_f32(sum, nj);
  // The series is good near 0 but not far from it (qemu's 2^16 is 10% low, its 2^-10 negative).
  // The architecture bounds the relative error by 1/16: outside that, give 2^x rounded from
  // double, with NJ flushing results below 2^-126 (see docs/isa/qemu-divergences.md).
  const double exact = std::exp2(double(bits_f32(x))), got = double(bits_f32(series));
  if (std::isfinite(got) && std::isfinite(exact) && std::fabs(got - exact) <= exact / 16) return series;
  if (nj && exact < 0x1p-126) return 0;
  return f32_bits(float(exact));
}

// ---- vlogefp ----------------------------------------------------------------------------------
// log2(x) = e + log2(m), m in [1, 2). Bits of log2(m) come from repeated squaring: m^2 >= 2 gives a
// 1 (and m^2/2 continues), else a 0 (m^2 continues). m is kept as a 128-bit fixed-point value
// (binary point after bit 127, squares truncated to 128 bits). 25 bits are produced, 48 for
// x in [0.5, 1) where e + log2(m) cancels; for x in [1, 2) counting restarts at the first 1 bit so
// that 25 significant bits are produced. Leftover m != 1 sets a sticky bit. The integer e and the
// fraction are then added exactly in the 64-bit-fraction format and rounded once.

// Top 128 bits of x*x, x < 2^128.
inline u128 square_high(u128 x) {
  const uint64_t hi = uint64_t(x >> 64), lo = uint64_t(x);
  const u128 ll = u128(lo) * lo, hl = u128(hi) * lo, hh = u128(hi) * hi;
  u128 acc = (ll >> 64) + uint64_t(hl) + uint64_t(hl);
  acc = (acc >> 64) + (hl >> 64) + (hl >> 64) + uint64_t(hh);
  const uint64_t r2 = uint64_t(acc);
  const u128 r3 = (acc >> 64) + (hh >> 64);
  return r3 << 64 | r2;
}

inline Soft soft_from_int(int v) {
  Soft s;
  s.sign = v < 0;
  uint64_t m = uint64_t(v < 0 ? -int64_t(v) : v);
  int lz = __builtin_clzll(m);
  s.frac = m << lz;
  s.exp = 63 - lz;
  return s;
}

uint32_t log2_estimate(uint32_t x) {
  if (is_nan(x)) return quiet(x);
  if ((x & ~kSign) == 0) return 0xFF800000u;  // log2(±0) = -inf
  if (x & kSign) return kDefaultNan;          // negative, -inf: invalid
  if (x == kExp) return x;
  const Soft in = soft_from_f32(x);
  const int e = in.exp;
  u128 m = u128(in.frac) << 64;  // bit 127 is the units bit
  uint64_t r = 0, t = 1ull << 63;
  int r_exp = -1;  // weight of r's bit 63
  const int n = e == -1 ? 48 : 25;
  bool exact = false;
  for (int i = 0; i < n; ++i) {
    if (m == u128(1) << 127) {
      exact = true;
      break;
    }
    m = square_high(m);  // m^2, binary point after bit 126: bit 127 set means m^2 >= 2
    if (m >> 127) {
      if (e == 0 && r == 0) {  // first 1 bit of log2(m) for m near 1: restart counting here
        r_exp -= i;
        t = r = 1ull << 63;
        i = 0;
      } else {
        r |= t;
      }
    } else {
      m <<= 1;
    }
    t >>= 1;
  }
  if (!exact && m != u128(1) << 127) r |= 1;  // sticky: bits remain
  Soft result;
  if (r == 0) {
    if (e == 0) return 0;
    result = soft_from_int(e);
  } else {
    Soft f;
    int lz = __builtin_clzll(r);
    f.frac = r << lz;
    f.exp = r_exp - lz;
    if (e == 0) {
      result = f;
    } else {
      result = soft_from_int(e);
      int diff = result.exp - f.exp;  // e is at least 1 in magnitude, f below 1: diff > 0
      uint64_t small = uint64_t(shift_right_jam(u128(f.frac), diff));
      if (e > 0) {
        uint64_t sum = result.frac + small;
        if (sum < result.frac) sum = uint64_t(shift_right_jam(u128(sum), 1)) | 1ull << 63, result.exp += 1;
        result.frac = sum;
      } else {
        uint64_t d = result.frac - small;
        int shift = __builtin_clzll(d);
        result.frac = d << shift;
        result.exp -= shift;
      }
    }
  }
  return soft_to_f32(result, false);
}

}  // namespace

Status exec_vexptefp(Hart& h, uint32_t w) {
  if (!enabled(h)) [[unlikely]] return unavailable(h);
  HostFpMode fp;
  const VReg& b = h.vr[rb(w)];
  const bool nj = h.vscr & VSCR_NJ;
  VReg r;
  for (unsigned i = 0; i < h.vec_bytes() / 4; ++i) r.w[i] = exp2_estimate(flush_if(b.w[i], nj), nj);
  h.vr[rt(w)] = r;
  return Status::Ok;
}

Status exec_vlogefp(Hart& h, uint32_t w) {
  if (!enabled(h)) [[unlikely]] return unavailable(h);
  HostFpMode fp;
  const VReg& b = h.vr[rb(w)];
  const bool nj = h.vscr & VSCR_NJ;
  VReg r;
  for (unsigned i = 0; i < h.vec_bytes() / 4; ++i) r.w[i] = log2_estimate(flush_if(b.w[i], nj));
  h.vr[rt(w)] = r;
  return Status::Ok;
}

}  // namespace pimnic
