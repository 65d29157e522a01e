// FP availability and enabled exceptions: every FP row raises the FP-unavailable interrupt with
// MSR[FP] = 0; enabled invalid and zero-divide exceptions leave the target (and FR, FI, FPRF)
// alone; enabled overflow and underflow deliver the exponent-adjusted result; the program
// interrupt (SRR1 FP bit, SRR0 = the instruction) comes only when MSR[FE0,FE1] != 0 and only for
// an exception the instruction itself caused; non-IEEE mode.
#include <doctest/doctest.h>

#include <cmath>

#include "fpu_test_rig.h"
#include "isa/insn_table.h"

using namespace pimnic;
using namespace pimnic::test;

namespace {

const uint32_t kFadd = a_form(63, 21, 1, 2, 3, 0), kFmul = a_form(63, 25, 1, 2, 0, 4),
               kFdiv = a_form(63, 18, 1, 2, 3, 0), kFmuls = a_form(59, 25, 1, 2, 0, 4);
constexpr uint64_t kOne = 0x3FF0000000000000, kInf = 0x7FF0000000000000;
constexpr uint64_t kMax = 0x7FEFFFFFFFFFFFFF;
constexpr uint32_t kTraps = MSR_FE0 | MSR_FE1;

void setup(FpuRig& r, uint32_t fpscr, uint32_t msr_extra, uint64_t a, uint64_t b, uint64_t c = 0) {
  r.reset(fpscr, msr_extra);
  r.fpr(1) = 0x1234;
  r.fpr(2) = a;
  r.fpr(3) = b;
  r.fpr(4) = c;
}

}  // namespace

TEST_CASE("fpu exceptions: every FP instruction needs MSR[FP]") {
  FpuRig r;
  int rows = 0;
  for (const isa::InsnRow& row : isa::table()) {
    if (!(row.features & isa::FEAT_FPU)) continue;
    ++rows;
    // rA = 3 (update forms need a nonzero rA), other register fields 1, 2, 4.
    uint32_t w = (((1u << 21) | (3u << 16) | (2u << 11) | (4u << 6)) & ~row.mask) | row.match;
    r.reset(0x12);
    r.h().msr = MSR_ME;  // FP unavailable
    r.h().gpr[3] = TestCore::kDataBase;
    r.h().gpr[2] = 8;
    r.fpr(1) = 0x1111;
    r.h().cr = 0x5555;
    r.run(w);
    INFO(row.mnemonic, std::hex, " word ", w);
    CHECK(r.h().last_interrupt.kind == Interrupt::FpUnavailable);
    CHECK(r.h().srr0 == TestCore::kCodeBase);
    CHECK(r.h().pc == 0x800);
    CHECK(r.fpr(1) == 0x1111);
    CHECK(r.h().fpscr == 0x12);
    CHECK(r.h().cr == 0x5555);
    CHECK(r.h().gpr[3] == TestCore::kDataBase);
  }
  CHECK(rows == 53);
}

TEST_CASE("fpu exceptions: enabled invalid operation and zero divide suppress the result") {
  FpuRig r;
  const uint32_t before = fb::VE | fb::ZE | fb::FR | fb::fprf(fb::CLASS_PNORM);
  // Traps on: program interrupt at the instruction, target and CR1 unchanged.
  setup(r, before, kTraps, kInf, kInf | fb::SIGN);
  r.h().cr = 0;
  r.run(kFadd | 1);  // fadd.
  CHECK(r.fp_program_interrupt());
  CHECK(r.h().pc == 0x700);
  CHECK(r.fpr(1) == 0x1234);
  CHECK(r.h().fpscr == (before | fb::FX | fb::FEX | fb::VX | fb::VXISI));
  CHECK(r.h().cr == 0);
  // Traps off (MSR[FE0,FE1] = 0): same suppression, no interrupt, CR1 written.
  setup(r, before, 0, kOne, 0);
  r.run(kFdiv | 1);
  CHECK(!r.interrupted());
  CHECK(r.fpr(1) == 0x1234);
  CHECK(r.h().fpscr == (before | fb::FX | fb::FEX | fb::ZX));
  CHECK(r.h().cr_field(1) == 0xC);
  // An SNaN operand with VE: nothing written either.
  setup(r, fb::VE, kTraps, 0x7FF0000000000001, kOne);
  r.run(kFadd);
  CHECK(r.fp_program_interrupt());
  CHECK(r.fpr(1) == 0x1234);
  CHECK(r.h().fpscr == (fb::VE | fb::FX | fb::FEX | fb::VX | fb::VXSNAN));
}

TEST_CASE("fpu exceptions: enabled overflow and underflow deliver the adjusted result") {
  FpuRig r;
  // max * max with OE: the exact product times 2^-1536, rounded to double. The host gets the
  // same number exactly by scaling the operands first.
  const double scaled = std::ldexp(double_of(kMax), -768);
  HostResult ref = host_ref(HostOp::Mul, false, bits_of(scaled), 0, bits_of(scaled), 0);
  setup(r, fb::OE, kTraps, kMax, 0, kMax);
  r.run(kFmul);
  CHECK(r.fp_program_interrupt());
  CHECK(r.fpr(1) == ref.bits);
  CHECK(r.h().fpscr == (fb::OE | fb::FX | fb::FEX | fb::OX | fb::XX | fb::FI |
                        (ref.fr ? fb::FR : 0) | fb::fprf(fb::CLASS_PNORM)));
  // Tiny * tiny with UE: times 2^1536.
  const uint64_t tiny = 0x0000000000000003, small = 0x3000000000000001;
  const double up = std::ldexp(double_of(tiny), 1536 / 2), up2 = std::ldexp(double_of(small), 1536 / 2);
  ref = host_ref(HostOp::Mul, false, bits_of(up), 0, bits_of(up2), 0);
  setup(r, fb::UE, 0, tiny, 0, small);
  r.run(kFmul);
  CHECK(!r.interrupted());
  CHECK(r.fpr(1) == ref.bits);
  CHECK((r.h().fpscr & ~(fb::FR | fb::FI | fb::XX | fb::FX)) ==
        (fb::UE | fb::FEX | fb::UX | fb::fprf(fb::CLASS_PNORM)));
  // Single precision adjusts by 192: 2^100 * 2^100 = 2^200 -> 2^8.
  setup(r, fb::OE, 0, 0x4630000000000000, 0, 0x4630000000000000);
  r.run(kFmuls);
  CHECK(r.fpr(1) == 0x4070000000000000);
  CHECK(r.h().fpscr == (fb::OE | fb::FX | fb::FEX | fb::OX | fb::fprf(fb::CLASS_PNORM)));
  // With OE = 0 the same overflow gives infinity and XX.
  setup(r, 0, kTraps, 0x4630000000000000, 0, 0x4630000000000000);
  r.run(kFmuls);
  CHECK(!r.interrupted());
  CHECK(r.fpr(1) == kInf);
}

TEST_CASE("fpu exceptions: enabled inexact writes the result, then interrupts") {
  FpuRig r;
  setup(r, fb::XE, kTraps, kOne, 0x3CA8000000000000);
  r.run(kFadd);
  CHECK(r.fp_program_interrupt());
  CHECK(r.h().srr0 == TestCore::kCodeBase);
  CHECK(r.fpr(1) == kOne + 1);
  CHECK(r.h().fpscr == (fb::XE | fb::FX | fb::FEX | fb::XX | fb::FR | fb::FI | fb::fprf(fb::CLASS_PNORM)));
}

TEST_CASE("fpu exceptions: only an exception the instruction causes interrupts") {
  FpuRig r;
  // FEX is already 1 (VXSNAN with VE) and traps are on: an inexact add with XE = 0 completes.
  setup(r, fb::with_summaries(fb::VE | fb::VXSNAN), kTraps, kOne, 0x3CA8000000000000);
  r.run(kFadd);
  CHECK(!r.interrupted());
  CHECK(r.fpr(1) == kOne + 1);
}

TEST_CASE("fpu exceptions: non-IEEE mode flushes denormal results to zero") {
  FpuRig r;
  const uint32_t ux = fb::FX | fb::UX | fb::XX | fb::FI;
  setup(r, fb::NI, 0, 0x0010000000000000, 0, 0x3FE0000000000000);  // 2^-1022 * 0.5
  r.run(kFmul);
  CHECK(r.fpr(1) == 0);
  CHECK(r.h().fpscr == (fb::NI | ux | fb::fprf(fb::CLASS_PZERO)));
  setup(r, fb::NI, 0, 0x8010000000000000, 0x0008000000000000);  // -2^-1022 + 2^-1023
  r.run(kFadd);
  CHECK(r.fpr(1) == fb::SIGN);
  CHECK(r.h().fpscr == (fb::NI | ux | fb::fprf(fb::CLASS_NZERO)));
  // Denormal operands are used as they are; normal results are unaffected.
  setup(r, fb::NI, 0, 0x000FFFFFFFFFFFFF, 1);
  r.run(kFadd);
  CHECK(r.fpr(1) == 0x0010000000000000);
  CHECK(r.h().fpscr == (fb::NI | fb::fprf(fb::CLASS_PNORM)));
}
