// mfmsr/mtmsr, rfi and sc: privilege, the MSR bits a core implements, round trips between
// problem state and a supervisor handler, and the MSR[IP] vector prefix.
#include <doctest/doctest.h>

#include "isa/decoder.h"
#include "system_test_asm.h"
#include "test_core.h"

using namespace pimnic;
using pimnic::test::TestCore;

namespace {

constexpr uint32_t kBase = TestCore::kCodeBase;

test::AsmBatch A({{"host", {"mtmsr 3", "mfmsr 4", "mfmsr 3", "rfi", "sc", "addi 5, 5, 1", "li 5, 41",
                            "addi 5, 5, 100", "mfsrr0 20", "addi 20, 20, 4", "mtsrr0 20", "li 21, 7",
                            "mfmsr 6", "li 7, 1", "mtsrr0 3", "mtsrr1 4"}}});

void place(TestCore& t, uint32_t addr, const std::string& text) {
  for (uint32_t w : A(text)) t.write32(addr, w), addr += 4;
}

}  // namespace

TEST_CASE("mtmsr and mfmsr round-trip the implemented MSR bits") {
  TestCore t;
  uint32_t v = MSR_EE | MSR_FP | MSR_ME | MSR_VEC | MSR_IP | MSR_FE0 | MSR_RI;
  t.h().gpr[3] = v;
  t.exec(A("mtmsr 3; mfmsr 4"));
  CHECK(t.h().msr == v);
  CHECK(t.h().gpr[4] == v);
  CHECK(t.h().pc == kBase + 8);
}

TEST_CASE("mtmsr keeps only the bits the core has: big-endian only, MSR[VEC] on vector cores") {
  TestCore host;
  host.h().gpr[3] = 0xFFFFFFFF & ~(MSR_PR | MSR_POW);
  host.exec(A("mtmsr 3"));
  CHECK(!(host.h().msr & (MSR_LE | MSR_ILE)));
  CHECK((host.h().msr & MSR_VEC));
  CHECK(!(host.h().msr & 0x80000000u));  // reserved

  TestCore nic("nic");
  nic.h().gpr[3] = MSR_VEC | MSR_EE | MSR_ME;
  nic.exec(A("mtmsr 3"));
  CHECK(nic.h().msr == (MSR_EE | MSR_ME));
}

TEST_CASE("mfmsr, mtmsr and rfi are privileged") {
  for (const char* text : {"mfmsr 3", "mtmsr 3", "rfi"}) {
    TestCore t;
    t.h().msr = MSR_PR | MSR_EE | MSR_ME;
    t.h().gpr[3] = MSR_ME;
    t.exec(A(text));
    CHECK_MESSAGE(t.h().pc == 0x700, text);
    CHECK(t.h().srr0 == kBase);
    CHECK((t.h().srr1 & SRR1_PROGRAM_PRIV));
    CHECK((t.h().srr1 & MSR_PR));
    CHECK(t.h().msr == MSR_ME);
  }
}

TEST_CASE("rfi resumes at SRR0 (word aligned) with the MSR bits SRR1 holds") {
  TestCore t;
  t.h().srr0 = 0x12347;
  t.h().srr1 = MSR_PR | MSR_EE | MSR_FP | MSR_ME | 0x00100000u /* SRR1 reason bit, not MSR */;
  t.exec(A("rfi"));
  CHECK(t.h().pc == 0x12344);
  CHECK(t.h().msr == (MSR_PR | MSR_EE | MSR_FP | MSR_ME));
}

TEST_CASE("sc: vector 0xC00, SRR0 = next instruction, SRR1 = MSR, supervisor with interrupts off") {
  TestCore t;
  t.h().msr = MSR_PR | MSR_EE | MSR_FP | MSR_ME | MSR_VEC;
  t.exec(A("sc"));
  CHECK(t.h().pc == 0xC00);
  CHECK(t.h().srr0 == kBase + 4);
  CHECK(t.h().srr1 == (MSR_PR | MSR_EE | MSR_FP | MSR_ME | MSR_VEC));
  CHECK(t.h().msr == MSR_ME);
  CHECK(t.h().last_interrupt.kind == Interrupt::SystemCall);
}

TEST_CASE("MSR[IP] moves every vector to 0xFFF00000 and survives the interrupt") {
  TestCore t;
  t.h().msr = MSR_IP | MSR_ME;
  t.exec(A("sc"));
  CHECK(t.h().pc == 0xFFF00C00u);
  CHECK(t.h().msr == (MSR_IP | MSR_ME));
  TestCore u;
  u.h().msr = MSR_IP | MSR_ME;
  u.exec({0});  // illegal
  CHECK(u.h().pc == 0xFFF00700u);
  CHECK(interrupt_vector(MSR_IP, Interrupt::Decrementer) == 0xFFF00900u);
  CHECK(interrupt_vector(0, Interrupt::VecUnavailable) == 0xF20u);
}

TEST_CASE("a user program calls the supervisor with sc and gets back with rfi") {
  TestCore t;
  place(t, 0xC00, "addi 5, 5, 1; rfi");
  t.h().msr = MSR_PR | MSR_EE | MSR_ME;
  t.exec(A("li 5, 41; sc; addi 5, 5, 100"));  // 3 user + 2 handler instructions
  t.h().run(2);
  CHECK(t.h().gpr[5] == 142);
  CHECK(t.h().msr == (MSR_PR | MSR_EE | MSR_ME));
  CHECK(t.h().pc == kBase + 12);
}

TEST_CASE("supervisor code drops to problem state with rfi, and a privileged op traps back") {
  TestCore t;
  // Handler at 0x700: step over the faulting instruction and return to the user.
  place(t, 0x700, "mfsrr0 20; addi 20, 20, 4; mtsrr0 20; li 21, 7; rfi");
  t.h().gpr[3] = kBase + 0x100;
  t.h().gpr[4] = MSR_PR | MSR_ME;
  place(t, kBase + 0x100, "mfmsr 6; li 7, 1");
  t.exec(A("mtsrr0 3; mtsrr1 4; rfi"));
  t.h().run(1 + 5 + 1);  // mfmsr traps, handler, then li
  CHECK(t.h().gpr[21] == 7);
  CHECK(t.h().gpr[7] == 1);
  CHECK(t.h().gpr[6] == 0);  // never written
  CHECK((t.h().msr & MSR_PR));
  CHECK(t.h().pc == kBase + 0x108);
}

TEST_CASE("every row marked F_PRIV traps in problem state, on every profile that has it") {
  for (const char* profile : {"host", "nic", "pim"}) {
    isa::Decoder dec(core_profile(profile).features);
    for (const isa::InsnRow* r : dec.rows()) {
      if (!r->has(isa::F_PRIV)) continue;
      TestCore t(profile);
      t.h().msr = MSR_PR | MSR_EE | MSR_ME;
      t.exec({r->match});
      CHECK_MESSAGE(t.h().pc == 0x700, profile << ": " << r->mnemonic);
      CHECK_MESSAGE((t.h().srr1 & SRR1_PROGRAM_PRIV), profile << ": " << r->mnemonic);
      CHECK(t.h().srr0 == kBase);
    }
  }
}
