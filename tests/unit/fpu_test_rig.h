// Shared helpers for the FPU tests (tests/unit/fpu_*_test.cpp): a one-core rig that runs one FP
// instruction on chosen FPRs and FPSCR, FPSCR bit names, and host-FPU references (the host's
// IEEE arithmetic under fesetround, with its flags) from which the PowerPC status is derived by
// the manual's rules, independently of the emulator's own algorithms.
#pragma once
#include <cfenv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>

#include <doctest/doctest.h>

#include "cpu/arch_state.h"
#include "cpu/fpu_bits.h"
#include "cpu/hart.h"
#include "cpu/interrupts.h"
#include "test_core.h"

namespace pimnic::test {

namespace fb = pimnic::fpu;

inline uint64_t bits_of(double d) { uint64_t b; std::memcpy(&b, &d, 8); return b; }
inline double double_of(uint64_t b) { double d; std::memcpy(&d, &b, 8); return d; }
inline uint32_t bits_of(float f) { uint32_t b; std::memcpy(&b, &f, 4); return b; }
inline float float_of(uint32_t b) { float f; std::memcpy(&f, &b, 4); return f; }

// splitmix64: the same sequence on every host.
struct FpRng {
  uint64_t s;
  explicit FpRng(uint64_t seed) : s(seed) {}
  uint64_t next() {
    uint64_t z = (s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  // A double whose biased exponent lies in [lo, hi], random sign and fraction.
  uint64_t in_range(unsigned lo, unsigned hi) {
    uint64_t r = next();
    uint64_t e = lo + (r >> 40) % (hi - lo + 1);
    return (r & (1ull << 63)) | e << 52 | (next() & fb::FRAC_MASK);
  }
  // Mostly ordinary operands, sometimes extreme exponents, denormals, zeros, infinities.
  uint64_t operand() {
    uint64_t r = next();
    switch (r % 16) {
      case 0: return in_range(0, 0);        // zero or denormal
      case 1: return in_range(1, 60);       // tiny normals
      case 2: return in_range(1980, 2046);  // huge normals
      case 3: return (r & (1ull << 63)) | (r % 3 == 0 ? fb::PINF : 0);
      case 4: return in_range(1023 - 30, 1023 + 30) & ~0xFFFFFFFull;  // short fractions: exact cases
      default: return in_range(1023 - 80, 1023 + 80);
    }
  }
  // A single-precision value (as float bits) with the same mix.
  uint32_t single_operand() {
    uint64_t r = next();
    uint32_t sign = uint32_t(r >> 63) << 31, frac = uint32_t(next()) & 0x7FFFFF;
    switch (r % 16) {
      case 0: return sign | frac;                                       // zero or denormal
      case 1: return sign | uint32_t(1 + (r >> 8) % 20) << 23 | frac;   // tiny
      case 2: return sign | uint32_t(235 + (r >> 8) % 20) << 23 | frac; // huge
      case 3: return sign | (r % 3 == 0 ? 0x7F800000u : 0);
      default: return sign | uint32_t(127 - 40 + (r >> 8) % 81) << 23 | frac;
    }
  }
};

// One core; runs single instruction words with MSR[FP] set and chosen traps.
class FpuRig {
 public:
  FpuRig() { reset(); }
  Hart& h() { return t.h(); }
  TestCore t;

  void reset(uint32_t fpscr = 0, uint32_t msr_extra = 0) {
    h().msr = MSR_FP | MSR_ME | msr_extra;
    h().fpscr = fpscr;
    h().cr = 0;
    h().last_interrupt = InterruptInfo{Interrupt::SystemReset, 0};
    h().double_fault = false;
  }
  // Execute one instruction word at kCodeBase (rewritten only when it changes).
  void run(uint32_t word) {
    if (word != last_word_) {
      t.write32(TestCore::kCodeBase, word);
      last_word_ = word;
    }
    h().last_interrupt = InterruptInfo{Interrupt::SystemReset, 0};
    h().pc = TestCore::kCodeBase;
    h().run(1);
  }
  bool interrupted() const { return t_const().last_interrupt.kind != Interrupt::SystemReset; }
  bool fp_program_interrupt() const {
    const Hart& hh = t_const();
    return hh.last_interrupt.kind == Interrupt::Program && (hh.srr1 & SRR1_PROGRAM_FP) &&
           hh.srr0 == TestCore::kCodeBase;
  }
  uint64_t& fpr(unsigned n) { return h().fpr[n]; }

 private:
  const Hart& t_const() const { return const_cast<TestCore&>(t).h(); }
  uint32_t last_word_ = 0xFFFFFFFFu;
};

// Instruction words (frT = 1, frA = 2, frB = 3, frC = 4 unless given).
inline uint32_t a_form(uint32_t po, uint32_t xo, unsigned t, unsigned a, unsigned b, unsigned c,
                       bool rc = false) {
  return po << 26 | t << 21 | a << 16 | b << 11 | c << 6 | xo << 1 | uint32_t(rc);
}
inline uint32_t x_form(uint32_t po, uint32_t xo, unsigned t, unsigned a, unsigned b, bool rc = false) {
  return po << 26 | t << 21 | a << 16 | b << 11 | xo << 1 | uint32_t(rc);
}

// ---- host references -----------------------------------------------------------------------

enum class HostOp { Add, Sub, Mul, Div, Sqrt, Fma, Fms };

struct HostResult {
  uint64_t bits;   // double format (single results widened)
  bool inexact, overflow, invalid, divzero;
  bool tiny;       // nonzero and below the smallest normal before rounding
  bool fr;         // |result| > |exact|
};

inline int host_mode(uint32_t rn) {
  static const int modes[] = {FE_TONEAREST, FE_TOWARDZERO, FE_UPWARD, FE_DOWNWARD};
  return modes[rn & 3];
}

// The host computes each operation with operands read through volatile, so nothing is folded
// or moved across fesetround.
[[gnu::noinline]] inline double host_eval(HostOp op, double a, double b, double c, int mode,
                                          int* flags) {
  volatile double va = a, vb = b, vc = c;
  std::feclearexcept(FE_ALL_EXCEPT);
  std::fesetround(mode);
  double r;
  switch (op) {
    case HostOp::Add: r = va + vb; break;
    case HostOp::Sub: r = va - vb; break;
    case HostOp::Mul: r = va * vc; break;
    case HostOp::Div: r = va / vb; break;
    case HostOp::Sqrt: r = std::sqrt(vb); break;
    case HostOp::Fma: r = std::fma(va, vc, vb); break;
    default: r = std::fma(va, vc, -vb); break;
  }
  volatile double vr = r;
  *flags = std::fetestexcept(FE_ALL_EXCEPT);
  std::fesetround(FE_TONEAREST);
  return vr;
}

[[gnu::noinline]] inline float host_eval_single(HostOp op, float a, float b, float c, int mode,
                                                int* flags) {
  volatile float va = a, vb = b, vc = c;
  std::feclearexcept(FE_ALL_EXCEPT);
  std::fesetround(mode);
  float r;
  switch (op) {
    case HostOp::Add: r = va + vb; break;
    case HostOp::Sub: r = va - vb; break;
    case HostOp::Mul: r = va * vc; break;
    case HostOp::Div: r = va / vb; break;
    case HostOp::Sqrt: r = std::sqrt(float(vb)); break;
    case HostOp::Fma: r = std::fmaf(va, vc, vb); break;
    default: r = std::fmaf(va, vc, -vb); break;
  }
  volatile float vr = r;
  *flags = std::fetestexcept(FE_ALL_EXCEPT);
  std::fesetround(FE_TONEAREST);
  return vr;
}

// The host result in PowerPC rounding mode rn, with inexact/overflow flags, tininess before
// rounding (the exact value is nonzero and its truncation is below the smallest normal) and FR (the result differs from
// the truncated one, i.e. its magnitude was rounded up).
inline HostResult host_ref(HostOp op, bool single, uint64_t a, uint64_t b, uint64_t c, uint32_t rn) {
  HostResult res{};
  int flags, zflags;
  if (single) {
    float fa = float(double_of(a)), fb2 = float(double_of(b)), fc = float(double_of(c));
    float r = host_eval_single(op, fa, fb2, fc, host_mode(rn), &flags);
    float z = host_eval_single(op, fa, fb2, fc, FE_TOWARDZERO, &zflags);
    res.bits = bits_of(double(r));
    res.tiny = (z != 0 || (flags & FE_INEXACT)) && std::fabs(z) < 0x1p-126f;
    res.fr = (flags & FE_INEXACT) && r != z;
  } else {
    double r = host_eval(op, double_of(a), double_of(b), double_of(c), host_mode(rn), &flags);
    double z = host_eval(op, double_of(a), double_of(b), double_of(c), FE_TOWARDZERO, &zflags);
    res.bits = bits_of(r);
    res.tiny = (z != 0 || (flags & FE_INEXACT)) && std::fabs(z) < 0x1p-1022;
    res.fr = (flags & FE_INEXACT) && r != z;
  }
  res.inexact = flags & FE_INEXACT;
  res.overflow = flags & FE_OVERFLOW;
  res.invalid = flags & FE_INVALID;
  res.divzero = flags & FE_DIVBYZERO;
  return res;
}

// FPRF class (C FL FG FE FU) of a result, judged in its own format: +-infinity 0x05/0x09,
// +-normal 0x04/0x08, +-denormal 0x14/0x18, +-zero 0x02/0x12, QNaN 0x11.
inline uint32_t ref_class(double v, bool single) {
  int c = single ? std::fpclassify(float(v)) : std::fpclassify(v);
  bool neg = std::signbit(v);
  switch (c) {
    case FP_NAN: return 0x11;
    case FP_INFINITE: return neg ? 0x09 : 0x05;
    case FP_ZERO: return neg ? 0x12 : 0x02;
    case FP_SUBNORMAL: return neg ? 0x18 : 0x14;
    default: return neg ? 0x08 : 0x04;
  }
}

// FPSCR the manual prescribes after a non-trapping arithmetic result, starting from fpscr_in
// (no NaN operands, no invalid operation, no enabled exceptions, NI = 0).
inline uint32_t expected_fpscr(uint32_t fpscr_in, const HostResult& r, bool single) {
  uint32_t raised = 0;
  if (r.overflow) raised |= fb::OX | fb::XX;
  if (r.tiny && r.inexact) raised |= fb::UX;
  if (r.inexact) raised |= fb::XX;
  if (r.divzero) raised |= fb::ZX;
  uint32_t f = fpscr_in | raised;
  if (raised & ~fpscr_in) f |= fb::FX;
  f &= ~fb::RESULT_STATUS;
  if (r.fr) f |= fb::FR;
  if (r.inexact) f |= fb::FI;
  f |= ref_class(double_of(r.bits), single) << 12;
  return fb::with_summaries(f);
}

// "fx|xx|fi" style names of the set FPSCR bits, for failure messages.
inline std::string fpscr_names(uint32_t f) {
  static const char* const names[32] = {
      "FX", "FEX", "VX", "OX", "UX", "ZX", "XX", "VXSNAN", "VXISI", "VXIDI", "VXZDZ",
      "VXIMZ", "VXVC", "FR", "FI", "C", "FL", "FG", "FE", "FU", "b20", "VXSOFT", "VXSQRT",
      "VXCVI", "VE", "OE", "UE", "ZE", "XE", "NI", "RN0", "RN1"};
  std::string s;
  for (int i = 0; i < 32; ++i)
    if (f >> (31 - i) & 1) s += std::string(s.empty() ? "" : "|") + names[i];
  return s.empty() ? "0" : s;
}

}  // namespace pimnic::test
