// Enabling floating-point exceptions in the MSR while FPSCR[FEX] is already set takes the
// enabled-exception program interrupt right away, with SRR0 at the next instruction.
#include <doctest/doctest.h>

#include "cpu/fpu_bits.h"
#include "test_core.h"

using namespace pimnic;
using pimnic::test::TestCore;

TEST_CASE("mtmsr enabling FE0/FE1 with FPSCR[FEX] set raises the FP program interrupt") {
  TestCore t;
  // FPSCR: ZX and ZE set, so FEX is set.
  t.h().fpscr = fpu::ZX | fpu::ZE | fpu::FX | fpu::FEX;
  t.h().gpr[3] = t.h().msr | MSR_FE0 | MSR_FE1;
  auto words = test::assemble("mtmsr 3; nop");
  t.exec(words);
  CHECK(t.h().pc == 0x700);
  CHECK(t.h().srr0 == TestCore::kCodeBase + 4);
  CHECK((t.h().srr1 & SRR1_PROGRAM_FP) != 0);
  CHECK((t.h().srr1 & SRR1_PROGRAM_NEXT) != 0);
}

TEST_CASE("mtmsr enabling FE0/FE1 without FPSCR[FEX] takes no interrupt") {
  TestCore t;
  t.h().fpscr = fpu::ZE;  // enabled but nothing pending
  t.h().gpr[3] = t.h().msr | MSR_FE0;
  t.exec(test::assemble("mtmsr 3"));
  CHECK(t.h().pc == TestCore::kCodeBase + 4);
  CHECK((t.h().msr & MSR_FE0) != 0);
}

TEST_CASE("rfi into a context with FP exceptions enabled and FEX set interrupts at the target") {
  TestCore t;
  t.h().fpscr = fpu::OX | fpu::OE | fpu::FX | fpu::FEX;
  t.h().srr0 = 0x12340;
  t.h().srr1 = t.h().msr | MSR_FE1;
  t.exec(test::assemble("rfi"));
  CHECK(t.h().pc == 0x700);
  CHECK(t.h().srr0 == 0x12340);
  CHECK((t.h().srr1 & SRR1_PROGRAM_FP) != 0);
}
