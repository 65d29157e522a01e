// fadd, fsub, fmul, fdiv, fsqrt and their single-precision forms: result bits and FPSCR against the
// host FPU in all four rounding modes (random operands, fixed seed), and the edge cases the
// architecture spells out: NaN propagation, invalid operations, zero divide, signed zeros,
// denormals, tininess before rounding, FR/FI, single rounding for single precision.
#include <doctest/doctest.h>

#include "cpu/fpu_exact.h"
#include "fpu_test_rig.h"

using namespace pimnic;
using namespace pimnic::test;

namespace {

struct ArithOp {
  const char* name;
  HostOp op;
  bool single;
  uint32_t word;  // frT = 1, frA = 2, frB = 3, frC = 4
};

const ArithOp kOps[] = {
    {"fadd", HostOp::Add, false, a_form(63, 21, 1, 2, 3, 0)},
    {"fadds", HostOp::Add, true, a_form(59, 21, 1, 2, 3, 0)},
    {"fsub", HostOp::Sub, false, a_form(63, 20, 1, 2, 3, 0)},
    {"fsubs", HostOp::Sub, true, a_form(59, 20, 1, 2, 3, 0)},
    {"fmul", HostOp::Mul, false, a_form(63, 25, 1, 2, 0, 4)},
    {"fmuls", HostOp::Mul, true, a_form(59, 25, 1, 2, 0, 4)},
    {"fdiv", HostOp::Div, false, a_form(63, 18, 1, 2, 3, 0)},
    {"fdivs", HostOp::Div, true, a_form(59, 18, 1, 2, 3, 0)},
    {"fsqrt", HostOp::Sqrt, false, a_form(63, 22, 1, 0, 3, 0)},
    {"fsqrts", HostOp::Sqrt, true, a_form(59, 22, 1, 0, 3, 0)},
};

const uint32_t kFadd = a_form(63, 21, 1, 2, 3, 0), kFadds = a_form(59, 21, 1, 2, 3, 0);
const uint32_t kFsub = a_form(63, 20, 1, 2, 3, 0), kFmul = a_form(63, 25, 1, 2, 0, 4);
const uint32_t kFmuls = a_form(59, 25, 1, 2, 0, 4), kFdiv = a_form(63, 18, 1, 2, 3, 0);
const uint32_t kFsqrt = a_form(63, 22, 1, 0, 3, 0);

struct Out {
  uint64_t value;
  uint32_t fpscr;
};

Out run(FpuRig& r, uint32_t word, uint64_t a, uint64_t b, uint64_t c = 0, uint32_t fpscr = 0) {
  r.reset(fpscr);
  r.fpr(1) = 0x1234;
  r.fpr(2) = a;
  r.fpr(3) = b;
  r.fpr(4) = c;
  r.run(word);
  REQUIRE(!r.interrupted());
  return {r.fpr(1), r.h().fpscr};
}

void check(const Out& got, uint64_t value, uint32_t fpscr) {
  INFO("got ", std::hex, got.value, " ", fpscr_names(got.fpscr), ", want ", value, " ",
       fpscr_names(fpscr));
  CHECK(got.value == value);
  CHECK(got.fpscr == fpscr);
}

constexpr uint64_t kOne = 0x3FF0000000000000, kQNaN = 0x7FF8000000000000;
constexpr uint64_t kInf = 0x7FF0000000000000, kNegZero = 0x8000000000000000;
constexpr uint32_t kPNorm = fb::fprf(fb::CLASS_PNORM), kQNaNClass = fb::fprf(fb::CLASS_QNAN);

}  // namespace

TEST_CASE("fpu arith: random operands match the host FPU in every rounding mode") {
  FpuRig r;
  FpRng rng(0xF00D);
  for (const ArithOp& op : kOps) {
    for (uint32_t rn = 0; rn < 4; ++rn) {
      int checked = 0;
      for (int i = 0; i < 1500; ++i) {
        uint64_t a, b, c;
        if (op.single) {
          a = bits_of(double(float_of(rng.single_operand())));
          b = bits_of(double(float_of(rng.single_operand())));
          c = bits_of(double(float_of(rng.single_operand())));
        } else {
          a = rng.operand(), b = rng.operand(), c = rng.operand();
        }
        if (op.op == HostOp::Sqrt && i % 8) b &= ~fb::SIGN;  // mostly valid square roots
        HostResult ref = host_ref(op.op, op.single, a, b, c, rn);
        if (ref.invalid) continue;  // NaN results: the edge cases below
        Out got = run(r, op.word, a, b, c, rn);
        uint32_t want = expected_fpscr(rn, ref, op.single);
        if (got.value != ref.bits || got.fpscr != want) {
          INFO(op.name, " RN=", rn, std::hex, " a=", a, " b=", b, " c=", c, " got ", got.value,
               " ", fpscr_names(got.fpscr), " want ", ref.bits, " ", fpscr_names(want));
          CHECK(false);
          break;
        }
        ++checked;
      }
      INFO(op.name, " RN=", rn);
      CHECK(checked > 1000);
    }
  }
}

TEST_CASE("fpu arith: NaN operands propagate frA first, quieted, with VXSNAN for signalling ones") {
  FpuRig r;
  const uint64_t qa = 0x7FF800000000AAAA, sb = 0x7FF000000000BBBB, qb = 0xFFF800000000BBBB;
  const uint32_t vxsnan = fb::FX | fb::VX | fb::VXSNAN | kQNaNClass;
  check(run(r, kFadd, qa, sb), qa, vxsnan);                      // frA wins, SNaN still signals
  check(run(r, kFadd, sb, qb), sb | fb::QUIET_BIT, vxsnan);      // quieted frA
  check(run(r, kFadd, kOne, qb), qb, kQNaNClass);                // QNaN: no exception
  check(run(r, kFsub, kOne, sb), sb | fb::QUIET_BIT, vxsnan);    // the sign is not flipped
  check(run(r, kFmul, kOne, 0, sb), sb | fb::QUIET_BIT, vxsnan); // fmul takes frC
  check(run(r, kFsqrt, 0, 0xFFF0000000000001), 0xFFF8000000000001, vxsnan);  // no VXSQRT
  // Single precision keeps 23 fraction bits of the NaN.
  check(run(r, kFadds, 0x7FF80000FFFFFFFF, kOne), 0x7FF80000E0000000, kQNaNClass);
}

TEST_CASE("fpu arith: invalid operations give the default QNaN and their VX bit") {
  FpuRig r;
  auto inv = [](uint32_t vx) { return fb::FX | fb::VX | vx | kQNaNClass; };
  check(run(r, kFadd, kInf, kInf | fb::SIGN), kQNaN, inv(fb::VXISI));
  check(run(r, kFsub, kInf, kInf), kQNaN, inv(fb::VXISI));
  check(run(r, kFmul, kInf | fb::SIGN, 0, 0), kQNaN, inv(fb::VXIMZ));
  check(run(r, kFdiv, 0, kNegZero), kQNaN, inv(fb::VXZDZ));
  check(run(r, kFdiv, kInf, kInf | fb::SIGN), kQNaN, inv(fb::VXIDI));
  check(run(r, kFsqrt, 0, 0xBFF0000000000000), kQNaN, inv(fb::VXSQRT));
  check(run(r, kFsqrt, 0, kInf | fb::SIGN), kQNaN, inv(fb::VXSQRT));
  // Already-set exception bits: no new FX.
  check(run(r, kFadd, kInf, kInf | fb::SIGN, 0, fb::VXISI), kQNaN,
        fb::VX | fb::VXISI | kQNaNClass);
}

TEST_CASE("fpu arith: zero divide, infinities and signed zeros") {
  FpuRig r;
  const uint32_t zx = fb::FX | fb::ZX;
  check(run(r, kFdiv, kOne, 0), kInf, zx | fb::fprf(fb::CLASS_PINF));
  check(run(r, kFdiv, kOne, kNegZero), kInf | fb::SIGN, zx | fb::fprf(fb::CLASS_NINF));
  check(run(r, kFdiv, kOne, kInf), 0, fb::fprf(fb::CLASS_PZERO));
  check(run(r, kFsqrt, 0, kNegZero), kNegZero, fb::fprf(fb::CLASS_NZERO));
  check(run(r, kFsqrt, 0, kInf), kInf, fb::fprf(fb::CLASS_PINF));
  // x - x is +0, except -0 when rounding toward -infinity; -0 + -0 stays -0.
  for (uint32_t rn = 0; rn < 4; ++rn) {
    uint64_t z = rn == fb::RoundDown ? kNegZero : 0;
    check(run(r, kFsub, kOne, kOne, 0, rn), z, rn | fb::fprf(z ? fb::CLASS_NZERO : fb::CLASS_PZERO));
    check(run(r, kFadd, kNegZero, kNegZero, 0, rn), kNegZero, rn | fb::fprf(fb::CLASS_NZERO));
    check(run(r, kFadd, kNegZero, 0, 0, rn), z, rn | fb::fprf(z ? fb::CLASS_NZERO : fb::CLASS_PZERO));
  }
}

TEST_CASE("fpu arith: FR and FI follow the rounding, FX only marks new exceptions") {
  FpuRig r;
  // 1 + 2^-53 is a tie: to even (down) in RN, so FI without FR.
  check(run(r, kFadd, kOne, 0x3CA0000000000000), kOne, fb::FX | fb::XX | fb::FI | kPNorm);
  // 1 + 3 * 2^-54 rounds up: FR too.
  check(run(r, kFadd, kOne, 0x3CA8000000000000), kOne + 1,
        fb::FX | fb::XX | fb::FR | fb::FI | kPNorm);
  // XX already set: inexact again sets no FX.
  check(run(r, kFadd, kOne, 0x3CA8000000000000, 0, fb::XX), kOne + 1,
        fb::XX | fb::FR | fb::FI | kPNorm);
  // Round toward +infinity: a negative result truncates (no FR).
  check(run(r, kFadd, kOne | fb::SIGN, 0xBCA8000000000000, 0, fb::RoundUp), kOne | fb::SIGN,
        fb::RoundUp | fb::FX | fb::XX | fb::FI | fb::fprf(fb::CLASS_NNORM));
  // An exact result clears FR and FI left by the previous instruction.
  check(run(r, kFadd, kOne, kOne, 0, fb::FR | fb::FI), 0x4000000000000000, kPNorm);
}

TEST_CASE("fpu arith: denormals, and tininess judged before rounding") {
  FpuRig r;
  const uint32_t ux = fb::FX | fb::UX | fb::XX | fb::FI;
  // Denormal operands and results are handled exactly (no UX when exact).
  check(run(r, kFadd, 1, 1), 2, fb::fprf(fb::CLASS_PDENORM));
  // 2^-1074 * 0.5 is a tie between 0 and 2^-1074: to even, zero.
  check(run(r, kFmul, 1, 0, 0x3FE0000000000000), 0, ux | fb::fprf(fb::CLASS_PZERO));
  // 2^-1074 * 1.5 rounds up to 2 * 2^-1074.
  check(run(r, kFmul, 1, 0, 0x3FF8000000000000), 2, ux | fb::FR | fb::fprf(fb::CLASS_PDENORM));
  // 2^-1022 * (1 - 2^-53) rounds up to 2^-1022, a normal number; the exact value was tiny, so
  // UX is set (an x86 host, judging after rounding, would not report underflow here).
  check(run(r, kFmul, 0x0010000000000000, 0, 0x3FEFFFFFFFFFFFFF), 0x0010000000000000,
        ux | fb::FR | kPNorm);
  // Single precision: 2^-127 is a single denormal (class denormal, exact: no UX).
  check(run(r, kFmuls, 0x3800000000000000, 0, kOne), 0x3800000000000000,
        fb::fprf(fb::CLASS_PDENORM));
}

TEST_CASE("fpu arith: overflow and underflow thresholds with exceptions disabled") {
  FpuRig r;
  const uint64_t max = 0x7FEFFFFFFFFFFFFF;
  const uint32_t ox = fb::FX | fb::OX | fb::XX | fb::FI;
  // max + max: +inf in RN and RU, max in RZ and RD.
  check(run(r, kFadd, max, max, 0, fb::RoundNearest), kInf, ox | fb::FR | fb::fprf(fb::CLASS_PINF));
  check(run(r, kFadd, max, max, 0, fb::RoundZero), max, fb::RoundZero | ox | kPNorm);
  check(run(r, kFadd, max, max, 0, fb::RoundUp), kInf, fb::RoundUp | ox | fb::FR | fb::fprf(fb::CLASS_PINF));
  check(run(r, kFadd, max | fb::SIGN, max | fb::SIGN, 0, fb::RoundUp), max | fb::SIGN,
        fb::RoundUp | ox | fb::fprf(fb::CLASS_NNORM));
  // max + half an ulp of max rounds to even: infinity (overflow), one ulp less does not.
  check(run(r, kFadd, max, 0x7C90000000000000), kInf, ox | fb::FR | fb::fprf(fb::CLASS_PINF));
  check(run(r, kFadd, max, 0x7C8FFFFFFFFFFFFF), max, fb::FX | fb::XX | fb::FI | kPNorm);
  // Single precision overflows at the single threshold.
  check(run(r, kFmuls, 0x47EFFFFFE0000000, 0, 0x4000000000000000), kInf,
        ox | fb::FR | fb::fprf(fb::CLASS_PINF));
}

TEST_CASE("fpu arith: single precision rounds once, also from double operands") {
  FpuRig r;
  // 1 + 2^-24 is halfway between two singles; 2^-60 more must round up. Rounding first to
  // double (giving exactly the halfway value) and then to single would round down to 1.
  check(run(r, kFadds, 0x3FF0000010000000, 0x3C30000000000000), 0x3FF0000020000000,
        fb::FX | fb::XX | fb::FR | fb::FI | kPNorm);
  // The exact halfway value itself goes to even.
  check(run(r, kFadds, 0x3FF0000010000000, 0), kOne, fb::FX | fb::XX | fb::FI | kPNorm);
  // fmuls: (1 + 2^-24 + 2^-52) * 1 rounds up; fdivs and fsqrts likewise round the exact value.
  check(run(r, kFmuls, 0x3FF0000010000001, 0, kOne), 0x3FF0000020000000,
        fb::FX | fb::XX | fb::FR | fb::FI | kPNorm);
  // The same values through the rounding of every mode.
  check(run(r, kFadds, 0x3FF0000010000000, 0x3C30000000000000, 0, fb::RoundZero), kOne,
        fb::RoundZero | fb::FX | fb::XX | fb::FI | kPNorm);
}

TEST_CASE("fpu arith: the host fast path and the exact path agree, double operands included") {
  // Single-precision instructions on arbitrary doubles go through round-to-odd on the fast path;
  // the exact path computes with integers. Both must give the same bits and FPSCR.
  FpuRig r;
  FpRng rng(0x0DD);
  struct Case { uint32_t word; fb::Op op; bool single; };
  const Case cases[] = {
      {kFadds, fb::Op::Add, true},         {a_form(59, 20, 1, 2, 3, 0), fb::Op::Sub, true},
      {kFmuls, fb::Op::Mul, true},         {a_form(59, 18, 1, 2, 3, 0), fb::Op::Div, true},
      {a_form(59, 22, 1, 0, 3, 0), fb::Op::Sqrt, true},
      {a_form(59, 29, 1, 2, 3, 4), fb::Op::MulAdd, true},
      {a_form(59, 31, 1, 2, 3, 4), fb::Op::NegMulAdd, true},
      {a_form(59, 24, 1, 0, 3, 0), fb::Op::Recip, true},
      {x_form(63, 12, 1, 0, 3), fb::Op::Round, true},
      {a_form(63, 29, 1, 2, 3, 4), fb::Op::MulAdd, false},
      {a_form(63, 30, 1, 2, 3, 4), fb::Op::NegMulSub, false},
  };
  for (const Case& k : cases)
    for (uint32_t rn = 0; rn < 4; ++rn)
      for (int i = 0; i < 800; ++i) {
        uint64_t a = rng.in_range(1023 - 40, 1023 + 40), b = rng.in_range(1023 - 40, 1023 + 40),
                 c = rng.in_range(1023 - 40, 1023 + 40);
        if (k.op == fb::Op::Sqrt) b &= ~fb::SIGN;
        if (i % 4 == 0) b = bits_of(-double_of(a) * double_of(c)) ^ (rng.next() & 0x3FFFFFFF);
        if (i % 4 == 1) b = rng.in_range(1023 - 120, 1023 - 60);  // a tiny addend
        const uint32_t fpscr = rn | (i % 8 == 0 ? fb::XX : 0);
        fb::Outcome want = fb::exact(k.op, k.single, a, b, c, fpscr);
        r.reset(fpscr);
        r.fpr(2) = a, r.fpr(3) = b, r.fpr(4) = c;
        r.run(k.word);
        uint32_t f = fpscr | want.raised;
        if (want.raised & ~fpscr) f |= fb::FX;
        f = fb::with_summaries((f & ~fb::RESULT_STATUS) | want.status);
        if (r.fpr(1) != want.value || r.h().fpscr != f) {
          INFO(std::hex, "word ", k.word, " RN=", rn, " a=", a, " b=", b, " c=", c, " got ",
               r.fpr(1), " ", fpscr_names(r.h().fpscr), " want ", want.value, " ", fpscr_names(f));
          CHECK(false);
          return;
        }
      }
}
