// The FPU's exact path (see cpu/fpu_exact.h): operands unpacked into 128-bit integers, results
// computed exactly (or with a sticky bit below all the bits rounding looks at), then rounded once.
#include <bit>
#include <utility>

#include "cpu/fpu_exact.h"

namespace pimnic::fpu {

namespace {

using u128 = unsigned __int128;

struct Format {
  int prec, emin, emax, adjust;  // adjust: exponent bias used when OE/UE are enabled
  uint64_t max_finite;           // largest finite value, in double format
  bool wrap_adjusted;            // see encode()
};
constexpr Format kDouble{53, -1022, 1023, 1536, 0x7FEFFFFFFFFFFFFFull, false};
constexpr Format kSingle{24, -126, 127, 192, 0x47EFFFFFE0000000ull, false};
constexpr Format kSingleFrsp{24, -126, 127, 192, 0x47EFFFFFE0000000ull, true};

constexpr uint64_t kOne = 0x3FF0000000000000ull;

// A finite nonzero value (-1)^neg * sig * 2^(exp - 127) with sig normalised (bit 127 set). Bits
// below what any rounding needs may have been folded into bit 0 (a sticky bit).
struct Num {
  bool neg;
  int exp;
  u128 sig;
};

int msb(u128 x) {
  uint64_t hi = uint64_t(x >> 64);
  return hi ? 127 - std::countl_zero(hi) : 63 - std::countl_zero(uint64_t(x));
}

// x >> n with every bit shifted out ORed into bit 0.
u128 shr_jam(u128 x, int n) {
  if (n <= 0) return x;
  if (n >= 128) return x != 0;
  return (x >> n) | u128((x & ((u128(1) << n) - 1)) != 0);
}

// Normalise s (nonzero) whose bit `top` has weight 2^exp_top.
Num make(bool neg, int exp_top, int top, u128 s) {
  int p = msb(s);
  return {neg, exp_top + (p - top), s << (127 - p)};
}

Num unpack(uint64_t b) {  // finite, nonzero
  uint32_t e = biased_exp(b);
  uint64_t m = b & FRAC_MASK;
  if (e) m |= 1ull << 52;
  return make(sign_of(b), e ? int(e) - 1023 : -1022, 52, m);
}

Num mul(const Num& x, const Num& y) {
  // Double operands have at most 53 significant bits: the top 64 bits hold them all.
  u128 p = u128(uint64_t(x.sig >> 64)) * uint64_t(y.sig >> 64);
  return make(x.neg != y.neg, x.exp + y.exp, 126, p);
}

Num div(const Num& x, const Num& y) {
  u128 n = u128(uint64_t(x.sig >> 64)) << 64;  // bit 127 has weight 2^x.exp
  uint64_t d = uint64_t(y.sig >> 75);          // 53 bits, bit 52 has weight 2^y.exp
  u128 q = n / d, r = n % d;                   // q has 75 or 76 bits: plenty for rounding
  return make(x.neg != y.neg, x.exp - y.exp, 75, q | u128(r != 0));
}

Num sqrt(const Num& x) {  // x > 0
  uint64_t m = uint64_t(x.sig >> 75);  // value = m * 2^e
  int e = x.exp - 52;
  int k = (e & 1) ? 65 : 64;           // even exponent left, and ~117 bits to take the root of
  u128 n = u128(m) << k, root = 0;
  u128 bit = u128(1) << 126;
  while (bit > n) bit >>= 2;
  while (bit) {  // digit-by-digit square root
    if (n >= root + bit) {
      n -= root + bit;
      root = (root >> 1) + bit;
    } else {
      root >>= 1;
    }
    bit >>= 2;
  }
  return make(false, (e - k) / 2, 0, root | u128(n != 0));
}

// x + y; false if the sum is exactly zero.
bool add(const Num& x, const Num& y, Num& out) {
  const Num* big = &x;
  const Num* small = &y;
  if (y.exp > x.exp || (y.exp == x.exp && y.sig > x.sig)) std::swap(big, small);
  // Two bits of headroom; the smaller operand aligned with a sticky bit (see the jamming
  // argument: the sticky bit lies far below every bit the rounding looks at).
  u128 X = shr_jam(big->sig, 2), Y = shr_jam(small->sig, 2 + (big->exp - small->exp));
  u128 s = big->neg == small->neg ? X + Y : X - Y;
  if (s == 0) return false;
  out = make(big->neg, big->exp, 125, s);
  return true;
}

// value = kept * 2^(e - prec + 1) in double format. wrap: an OE/UE-adjusted result. For frsp the
// adjusted exponent can still be outside the single range (undefined in the architecture): like
// qemu, frsp keeps the biased single exponent modulo 256, the single-precision arithmetic
// instructions the biased double exponent modulo 2048 (double results always fit).
uint64_t encode(bool neg, int e, uint64_t kept, const Format& f, bool wrap = false) {
  uint64_t s = neg ? SIGN : 0;
  if (kept == 0) return s;
  int p = 63 - std::countl_zero(kept);
  int lead = e - (f.prec - 1) + p;  // exponent of the leading bit
  if (wrap) {
    if (f.wrap_adjusted) lead = ((lead + 127) & 0xFF) - 127;
    return s | (uint64_t(lead + 1023) & 0x7FF) << 52 | ((kept << (52 - p)) & FRAC_MASK);
  }
  if (lead >= -1022) return s | uint64_t(lead + 1023) << 52 | ((kept << (52 - p)) & FRAC_MASK);
  return s | (kept << ((e - f.prec + 1) + 1074));  // a double denormal
}

uint32_t class_in(uint64_t v, const Format& f) {
  return f.prec == 24 ? class_of_single(v) : class_of_double(v);
}

// Round x to format f under FPSCR (RN, NI, OE, UE): the architecture's execution model.
Outcome round_num(const Num& x, const Format& f, uint32_t fpscr, bool negate) {
  const uint32_t mode = fpscr & RN;
  int e = x.exp;
  u128 s = x.sig;
  const bool tiny = e < f.emin;  // tininess is judged before rounding
  const bool ue = fpscr & UE;
  if (tiny && !ue) {  // denormalise
    s = shr_jam(s, f.emin - e);
    e = f.emin;
  }
  const int drop = 128 - f.prec;
  uint64_t kept = uint64_t(s >> drop);
  const u128 rest = s & ((u128(1) << drop) - 1), half = u128(1) << (drop - 1);
  bool inexact = rest != 0, inc;
  switch (mode) {
    case RoundNearest: inc = rest > half || (rest == half && (kept & 1)); break;
    case RoundZero: inc = false; break;
    case RoundUp: inc = inexact && !x.neg; break;
    default: inc = inexact && x.neg; break;
  }
  if (inc && (++kept >> f.prec)) {
    kept >>= 1;
    ++e;
  }
  bool fr = inc, adjusted = false;
  uint32_t raised = 0;
  uint64_t v;
  if (e > f.emax) {
    raised |= OX;
    if (fpscr & OE) {
      v = encode(x.neg, e - f.adjust, kept, f, true);
      adjusted = true;
    } else {
      bool to_inf = mode == RoundNearest || (mode == RoundUp && !x.neg) ||
                    (mode == RoundDown && x.neg);
      fr = to_inf;  // the architecture leaves FR undefined here: set when the magnitude grew
      inexact = true;
      v = (to_inf ? PINF : f.max_finite) | (x.neg ? SIGN : 0);
    }
  } else if (tiny && ue) {
    raised |= UX;
    v = encode(x.neg, e + f.adjust, kept, f, true);
    adjusted = true;
  } else {
    if (tiny && inexact) raised |= UX;
    if (tiny && (fpscr & NI) && kept != 0 && kept < (1ull << (f.prec - 1))) {
      // Non-IEEE mode: a result that would be denormalised is a zero of the same sign.
      kept = 0;
      fr = false;
      inexact = true;
      raised |= UX;
    }
    v = encode(x.neg, e, kept, f);
  }
  if (inexact) raised |= XX;
  if (negate) v ^= SIGN;
  Outcome o;
  o.value = v;
  o.raised = raised;
  uint32_t cls = adjusted ? (sign_of(v) ? CLASS_NNORM : CLASS_PNORM) : class_in(v, f);
  o.status = (fr ? FR : 0) | (inexact ? FI : 0) | fprf(cls);
  return o;
}

// An exactly representable special result (zero or infinity): no exceptions, FR = FI = 0.
Outcome special(uint64_t v) {
  Outcome o;
  o.value = v;
  o.status = fprf(class_of_double(v));
  return o;
}

// An invalid operation: the default QNaN, or nothing at all when VE is set.
Outcome invalid(uint32_t vx, uint32_t fpscr) {
  Outcome o;
  o.value = DEFAULT_QNAN;
  o.raised = vx;
  o.status = fprf(CLASS_QNAN);
  o.write = !(fpscr & VE);
  return o;
}

Outcome zero_divide(bool neg, uint32_t fpscr) {
  Outcome o = special(PINF | (neg ? SIGN : 0));
  o.raised = ZX;
  o.write = !(fpscr & ZE);
  return o;
}

// Sign of an exact zero sum of operands with signs s1, s2: +0 unless both are negative, or
// (opposite signs) when rounding toward -infinity.
uint64_t zero_sum(bool s1, bool s2, uint32_t fpscr) {
  bool neg = s1 == s2 ? s1 : (fpscr & RN) == RoundDown;
  return neg ? SIGN : 0;
}

Outcome finish(uint64_t v, bool negate) {  // special value, negated for fnmadd/fnmsub
  return special(negate ? v ^ SIGN : v);
}

Outcome add_op(uint64_t a, uint64_t b, const Format& f, uint32_t fpscr) {
  if (is_inf(a) || is_inf(b)) {
    if (is_inf(a) && is_inf(b) && sign_of(a) != sign_of(b)) return invalid(VXISI, fpscr);
    return special(is_inf(a) ? a : b);
  }
  if (is_zero(a) && is_zero(b)) return special(zero_sum(sign_of(a), sign_of(b), fpscr));
  if (is_zero(a)) return round_num(unpack(b), f, fpscr, false);
  if (is_zero(b)) return round_num(unpack(a), f, fpscr, false);
  Num s;
  if (!add(unpack(a), unpack(b), s)) return special(zero_sum(false, true, fpscr));
  return round_num(s, f, fpscr, false);
}

Outcome mul_op(uint64_t a, uint64_t c, const Format& f, uint32_t fpscr) {
  bool neg = sign_of(a) != sign_of(c);
  if ((is_inf(a) && is_zero(c)) || (is_zero(a) && is_inf(c))) return invalid(VXIMZ, fpscr);
  if (is_inf(a) || is_inf(c)) return special(PINF | (neg ? SIGN : 0));
  if (is_zero(a) || is_zero(c)) return special(neg ? SIGN : 0);
  return round_num(mul(unpack(a), unpack(c)), f, fpscr, false);
}

Outcome div_op(uint64_t a, uint64_t b, const Format& f, uint32_t fpscr) {
  bool neg = sign_of(a) != sign_of(b);
  if (is_inf(a) && is_inf(b)) return invalid(VXIDI, fpscr);
  if (is_zero(a) && is_zero(b)) return invalid(VXZDZ, fpscr);
  if (is_inf(a)) return special(PINF | (neg ? SIGN : 0));
  if (is_zero(b)) return zero_divide(neg, fpscr);
  if (is_zero(a) || is_inf(b)) return special(neg ? SIGN : 0);
  return round_num(div(unpack(a), unpack(b)), f, fpscr, false);
}

Outcome sqrt_op(uint64_t b, const Format& f, uint32_t fpscr) {
  if (is_zero(b)) return special(b);
  if (sign_of(b)) return invalid(VXSQRT, fpscr);
  if (is_inf(b)) return special(b);
  return round_num(sqrt(unpack(b)), f, fpscr, false);
}

// a * c + z (z is frB, already negated for the subtracting forms); negate afterwards for the
// fnm* forms.
Outcome fma_op(uint64_t a, uint64_t c, uint64_t z, bool negate, const Format& f, uint32_t fpscr) {
  bool pneg = sign_of(a) != sign_of(c);
  if ((is_inf(a) && is_zero(c)) || (is_zero(a) && is_inf(c))) return invalid(VXIMZ, fpscr);
  if (is_inf(a) || is_inf(c)) {
    if (is_inf(z) && sign_of(z) != pneg) return invalid(VXISI, fpscr);
    return finish(PINF | (pneg ? SIGN : 0), negate);
  }
  if (is_inf(z)) return finish(z, negate);
  if (is_zero(a) || is_zero(c)) {
    if (is_zero(z)) return finish(zero_sum(pneg, sign_of(z), fpscr), negate);
    return round_num(unpack(z), f, fpscr, negate);
  }
  Num p = mul(unpack(a), unpack(c));
  if (is_zero(z)) return round_num(p, f, fpscr, negate);
  Num s;
  if (!add(p, unpack(z), s)) return finish(zero_sum(false, true, fpscr), negate);
  return round_num(s, f, fpscr, negate);
}

// NaN operands (frA first, then frB, then frC): the first one, quieted, and VXSNAN for any
// signalling one. fma also reports infinity * 0 (VXIMZ) when the addend is a NaN.
bool nan_operands(Op op, bool single, uint64_t a, uint64_t b, uint64_t c, uint32_t fpscr,
                  Outcome& o) {
  uint64_t ops[3];
  int n = 0;
  bool fma = false;
  switch (op) {
    case Op::Add: case Op::Sub: case Op::Div: ops[n++] = a; ops[n++] = b; break;
    case Op::Mul: ops[n++] = a; ops[n++] = c; break;
    case Op::Sqrt: case Op::Round: case Op::Recip: case Op::RSqrt: ops[n++] = b; break;
    default: ops[n++] = a; ops[n++] = b; ops[n++] = c; fma = true; break;
  }
  const uint64_t* nan = nullptr;
  uint32_t raised = 0;
  for (int i = n - 1; i >= 0; --i)
    if (is_nan(ops[i])) {
      nan = &ops[i];
      if (is_snan(ops[i])) raised |= VXSNAN;
    }
  if (!nan) return false;
  if (fma && ((is_inf(a) && is_zero(c)) || (is_zero(a) && is_inf(c)))) raised |= VXIMZ;
  uint64_t v = *nan | QUIET_BIT;
  if (single) v &= ~((1ull << 29) - 1);  // a single-precision result keeps 23 fraction bits
  o = Outcome{};
  o.value = v;
  o.raised = raised;
  o.status = fprf(CLASS_QNAN);
  o.write = !(raised && (fpscr & VE));
  return true;
}

}  // namespace

Outcome exact(Op op, bool single, uint64_t a, uint64_t b, uint64_t c, uint32_t fpscr) {
  if (op == Op::Round || op == Op::Recip) single = true;
  Outcome o;
  if (nan_operands(op, single, a, b, c, fpscr, o)) return o;
  const Format& f = single ? kSingle : kDouble;
  switch (op) {
    case Op::Add: return add_op(a, b, f, fpscr);
    case Op::Sub: return add_op(a, b ^ SIGN, f, fpscr);
    case Op::Mul: return mul_op(a, c, f, fpscr);
    case Op::Div: return div_op(a, b, f, fpscr);
    case Op::Sqrt: return sqrt_op(b, f, fpscr);
    case Op::MulAdd: return fma_op(a, c, b, false, f, fpscr);
    case Op::MulSub: return fma_op(a, c, b ^ SIGN, false, f, fpscr);
    case Op::NegMulAdd: return fma_op(a, c, b, true, f, fpscr);
    case Op::NegMulSub: return fma_op(a, c, b ^ SIGN, true, f, fpscr);
    case Op::Round:
      if (is_zero(b) || is_inf(b)) return special(b);
      return round_num(unpack(b), kSingleFrsp, fpscr, false);
    case Op::Recip: return div_op(kOne, b, f, fpscr);
    case Op::RSqrt: {
      // qemu's estimate: the square root rounded to double, then its reciprocal rounded again.
      Outcome s = sqrt_op(b, kDouble, fpscr);
      if (!s.write || is_nan(s.value)) return s;
      Outcome r = div_op(kOne, s.value, kDouble, fpscr);
      r.raised |= s.raised;
      if (s.status & FI) r.status |= FI;
      return r;
    }
  }
  return o;
}

Outcome convert_to_int32(uint64_t b, bool to_zero, uint32_t fpscr) {
  Outcome o;
  const bool neg = sign_of(b);
  auto invalid_convert = [&](uint64_t saturated) {
    o.raised = VXCVI | (is_snan(b) ? VXSNAN : 0);
    o.value = saturated;
    o.status = fprf(CLASS_QNAN);
    o.status_mask = RESULT_STATUS;
    o.write = !(fpscr & VE);
    return o;
  };
  if (is_nan(b)) return invalid_convert(0x80000000ull);
  const uint64_t sat = neg ? 0xFFFFFFFF80000000ull : 0x7FFFFFFFull;
  o.status_mask = FR | FI;  // FPRF is left alone (undefined in the architecture; qemu keeps it)
  if (is_zero(b)) return o;
  if (is_inf(b) || biased_exp(b) > 1023 + 62) return invalid_convert(sat);
  // Fixed point with 64 fraction bits.
  uint64_t m = (b & FRAC_MASK) | (biased_exp(b) ? 1ull << 52 : 0);
  int sh = 12 + (biased_exp(b) ? int(biased_exp(b)) - 1023 : -1022);
  u128 fixed = sh >= 0 ? u128(m) << sh : shr_jam(m, -sh);
  u128 mag = fixed >> 64;
  uint64_t frac = uint64_t(fixed);
  uint32_t mode = to_zero ? uint32_t(RoundZero) : (fpscr & RN);
  bool inc;
  switch (mode) {
    case RoundNearest: inc = frac > (1ull << 63) || (frac == (1ull << 63) && (mag & 1)); break;
    case RoundZero: inc = false; break;
    case RoundUp: inc = frac && !neg; break;
    default: inc = frac && neg; break;
  }
  mag += inc;
  if (mag > (neg ? 0x80000000u : 0x7FFFFFFFu)) return invalid_convert(sat);
  int32_t r = neg ? int32_t(-int64_t(mag)) : int32_t(mag);
  o.value = uint64_t(int64_t(r));
  if (frac) {
    o.raised = XX;
    o.status = FI | (inc ? FR : 0);
  }
  return o;
}

}  // namespace pimnic::fpu
