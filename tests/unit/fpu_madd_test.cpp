// fmadd, fmsub, fnmadd, fnmsub (double and single): one rounding of frA*frC +/- frB, checked
// against the host's fused multiply-add in every rounding mode; negation after rounding for the
// fnm* forms (the architecture's rule, which qemu 7.2 breaks under round-toward-+/-infinity);
// infinity * 0 with a NaN addend; NaN priority frA, frB, frC.
#include <doctest/doctest.h>

#include "fpu_test_rig.h"

using namespace pimnic;
using namespace pimnic::test;

namespace {

// frT = 1, frA = 2, frB = 3, frC = 4.
uint32_t word(uint32_t po, uint32_t xo) { return a_form(po, xo, 1, 2, 3, 4); }
const uint32_t kFmadd = word(63, 29), kFmsub = word(63, 28), kFnmadd = word(63, 31),
               kFnmsub = word(63, 30), kFmadds = word(59, 29), kFnmadds = word(59, 31);

struct Out {
  uint64_t value;
  uint32_t fpscr;
};

Out run(FpuRig& r, uint32_t w, uint64_t a, uint64_t c, uint64_t b, uint32_t fpscr = 0) {
  r.reset(fpscr);
  r.fpr(1) = 0x1234;
  r.fpr(2) = a;
  r.fpr(3) = b;
  r.fpr(4) = c;
  r.run(w);
  REQUIRE(!r.interrupted());
  return {r.fpr(1), r.h().fpscr};
}

void check(const Out& got, uint64_t value, uint32_t fpscr) {
  INFO("got ", std::hex, got.value, " ", fpscr_names(got.fpscr), ", want ", value, " ",
       fpscr_names(fpscr));
  CHECK(got.value == value);
  CHECK(got.fpscr == fpscr);
}

constexpr uint64_t kOne = 0x3FF0000000000000, kInf = 0x7FF0000000000000;

// The FPSCR after negating a result: the class flips sign (FR, FI and exceptions do not change).
uint32_t negated_class(uint32_t f) {
  uint32_t cls = (f & fb::FPRF) >> fb::FPRF_SHIFT;
  if (cls == 0x11) return f;
  uint32_t flipped = cls ^ (cls & 0x0C ? 0x0C : cls & 0x02 ? 0x10 : 0);  // FL <-> FG, +-zero
  return (f & ~fb::FPRF) | flipped << fb::FPRF_SHIFT;
}

}  // namespace

TEST_CASE("fpu madd: random operands match the host's fused multiply-add in every mode") {
  FpuRig r;
  FpRng rng(0xFA4D);
  struct Case { const char* name; uint32_t w; HostOp op; bool single, negate; };
  const Case cases[] = {
      {"fmadd", kFmadd, HostOp::Fma, false, false},   {"fmsub", kFmsub, HostOp::Fms, false, false},
      {"fnmadd", kFnmadd, HostOp::Fma, false, true},  {"fnmsub", kFnmsub, HostOp::Fms, false, true},
      {"fmadds", kFmadds, HostOp::Fma, true, false},  {"fmsubs", word(59, 28), HostOp::Fms, true, false},
      {"fnmadds", kFnmadds, HostOp::Fma, true, true}, {"fnmsubs", word(59, 30), HostOp::Fms, true, true},
  };
  for (const Case& k : cases) {
    for (uint32_t rn = 0; rn < 4; ++rn) {
      int checked = 0;
      for (int i = 0; i < 1500; ++i) {
        uint64_t a, b, c;
        if (k.single) {
          a = bits_of(double(float_of(rng.single_operand())));
          b = bits_of(double(float_of(rng.single_operand())));
          c = bits_of(double(float_of(rng.single_operand())));
        } else {
          a = rng.operand(), b = rng.operand(), c = rng.operand();
          // Keep some products and addends close, where cancellation and exactness live.
          if (i % 3 == 0) b = bits_of(-double_of(a) * double_of(c)) ^ (rng.next() & 0xFF);
        }
        if (fb::is_nan(a) || fb::is_nan(b) || fb::is_nan(c)) continue;
        HostResult ref = host_ref(k.op, k.single, a, b, c, rn);
        if (ref.invalid) continue;
        uint32_t want = expected_fpscr(rn, ref, k.single);
        uint64_t want_value = ref.bits;
        if (k.negate) {
          want_value ^= fb::SIGN;  // negated after rounding
          want = negated_class(want);
        }
        Out got = run(r, k.w, a, c, b, rn);
        if (got.value != want_value || got.fpscr != want) {
          INFO(k.name, " RN=", rn, std::hex, " a=", a, " c=", c, " b=", b, " got ", got.value,
               " ", fpscr_names(got.fpscr), " want ", want_value, " ", fpscr_names(want));
          CHECK(false);
          break;
        }
        ++checked;
      }
      CHECK(checked > 1000);
    }
  }
}

TEST_CASE("fpu madd: fnmadd/fnmsub negate after rounding, also toward +/-infinity") {
  FpuRig r;
  // a*c + b = 1 + 2^-53 + 2^-105: fmadd rounds up to 1+ulp toward +infinity and down to 1 toward
  // -infinity; fnmadd gives exactly the negated values. (qemu 7.2 rounds the negated sum
  // instead, giving -1 and -(1+ulp).)
  const uint64_t b = 0x3CA0000000000001;
  const uint32_t up = fb::FX | fb::XX | fb::FR | fb::FI, down = fb::FX | fb::XX | fb::FI;
  check(run(r, kFmadd, kOne, kOne, b, fb::RoundUp), kOne + 1,
        fb::RoundUp | up | fb::fprf(fb::CLASS_PNORM));
  check(run(r, kFnmadd, kOne, kOne, b, fb::RoundUp), (kOne + 1) | fb::SIGN,
        fb::RoundUp | up | fb::fprf(fb::CLASS_NNORM));
  check(run(r, kFnmadd, kOne, kOne, b, fb::RoundDown), kOne | fb::SIGN,
        fb::RoundDown | down | fb::fprf(fb::CLASS_NNORM));
  check(run(r, kFnmsub, kOne, kOne, b | fb::SIGN, fb::RoundUp), (kOne + 1) | fb::SIGN,
        fb::RoundUp | up | fb::fprf(fb::CLASS_NNORM));
  // Single precision: 1 + 2^-24 + 2^-60 toward +infinity.
  check(run(r, kFnmadds, kOne, kOne, 0x3E70000000000001, fb::RoundUp), 0xBFF0000020000000,
        fb::RoundUp | up | fb::fprf(fb::CLASS_NNORM));
  // Exact zero sums: +0 negated is -0; toward -infinity the sum is -0, negated +0.
  check(run(r, kFnmadd, kOne, kOne, kOne | fb::SIGN), fb::SIGN, fb::fprf(fb::CLASS_NZERO));
  check(run(r, kFnmadd, kOne, kOne, kOne | fb::SIGN, fb::RoundDown), 0,
        fb::RoundDown | fb::fprf(fb::CLASS_PZERO));
}

TEST_CASE("fpu madd: NaNs and invalid operations") {
  FpuRig r;
  const uint64_t qa = 0x7FF800000000000A, qb = 0x7FF800000000000B, qc = 0x7FF800000000000C;
  const uint64_t sb = 0x7FF000000000000B;
  const uint32_t qnan = fb::fprf(fb::CLASS_QNAN);
  // Priority frA, then frB, then frC.
  check(run(r, kFmadd, qa, qc, qb), qa, qnan);
  check(run(r, kFmadd, kOne, qc, qb), qb, qnan);
  check(run(r, kFmadd, kOne, qc, kOne), qc, qnan);
  // A NaN result is not negated by fnmadd.
  check(run(r, kFnmadd, kOne, kOne, qb), qb, qnan);
  // infinity * 0 is invalid even when the addend is a NaN (the NaN is the result); with an SNaN
  // addend both VXIMZ and VXSNAN are set (Book I: "one or two" invalid operation exceptions;
  // qemu 7.2 reports only VXIMZ).
  check(run(r, kFmadd, kInf, 0, qb), qb, fb::FX | fb::VX | fb::VXIMZ | qnan);
  check(run(r, kFmadd, 0, kInf, sb), sb | fb::QUIET_BIT,
        fb::FX | fb::VX | fb::VXIMZ | fb::VXSNAN | qnan);
  // Product infinity minus infinity.
  check(run(r, kFmsub, kInf, kOne, kInf), fb::DEFAULT_QNAN, fb::FX | fb::VX | fb::VXISI | qnan);
  check(run(r, kFnmadd, kInf, kOne, kInf | fb::SIGN), fb::DEFAULT_QNAN,
        fb::FX | fb::VX | fb::VXISI | qnan);
  // Infinite product plus a finite addend, negated.
  check(run(r, kFnmadd, kInf, kOne, kOne), kInf | fb::SIGN, fb::fprf(fb::CLASS_NINF));
}

TEST_CASE("fpu madd: the product is not rounded before the addition") {
  FpuRig r;
  // (1 + 2^-52)^2 - (1 + 2^-51) = 2^-104 exactly: a separate multiply would round it away.
  check(run(r, kFmsub, kOne + 1, kOne + 1, kOne + 2), 0x3970000000000000,
        fb::fprf(fb::CLASS_PNORM));
  // Single precision from single operands: one rounding of the exact value.
  // (1 + 2^-23)(1 - 2^-23) + (-1) = -2^-46 exactly.
  check(run(r, kFmadds, 0x3FF0000020000000, 0x3FEFFFFFC0000000, kOne | fb::SIGN),
        0xBD10000000000000, fb::fprf(fb::CLASS_NNORM));
}
