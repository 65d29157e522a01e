// Each interrupt of the one interrupt model: vector, SRR0 (faulting or next instruction), SRR1,
// DAR/DSISR, ESR on the nic profile, MSR afterwards; external-input masking; and that the run loop
// always makes progress.
#include <doctest/doctest.h>

#include "system_test_asm.h"
#include "test_core.h"

using namespace pimnic;
using pimnic::test::TestCore;

namespace {

constexpr uint32_t kBase = TestCore::kCodeBase;
constexpr uint32_t kUnmapped = 0x80000000u;  // TestCore has 1 MiB of RAM at 0
constexpr uint32_t kLi9 = 0x39200001;         // li 9, 1: a marker placed at vectors

test::AsmBatch A({{"host", {"nop", "tw 31, 0, 0", "stw 3, 8(4)", "lwz 3, 8(4)", "lmw 29, 2(4)",
                            "stwcx. 5, 0, 4", "lwz 3, 0(4)", "stw 3, 0(4)", "lfd 1, 0(4)",
                            "stwu 1, -16(1)", "mtctr 4", "bctr", "mtmsr 3", "addi 9, 9, 1", "rfi"}},
                  {"nic", {"mfmsr 3", "nop", "wrteei 1", "stw 3, 8(4)", "lwz 3, 8(4)"}}});

void place(TestCore& t, uint32_t addr, const std::string& text) {
  for (uint32_t w : A(text)) t.write32(addr, w), addr += 4;
}

// The MSR after any interrupt keeps only IP and ME (and ILE, always 0 here).
void check_msr_after(TestCore& t, uint32_t before) {
  CHECK(t.h().msr == (before & (MSR_IP | MSR_ME)));
  CHECK((t.h().srr1 & MSR_SAVED_IN_SRR1) == (before & MSR_SAVED_IN_SRR1));
}

}  // namespace

TEST_CASE("program interrupt, illegal instruction: SRR0 = the instruction, SRR1[12], ESR[PIL]") {
  for (const char* profile : {"host", "nic"}) {
    TestCore t(profile);
    uint32_t msr = MSR_EE | MSR_ME | MSR_PR;
    t.h().msr = msr;
    t.exec({0x60000000, 0});  // nop; illegal
    CHECK(t.h().pc == 0x700);
    CHECK(t.h().srr0 == kBase + 4);
    CHECK((t.h().srr1 & 0x001F0000u) == SRR1_PROGRAM_ILLEGAL);
    check_msr_after(t, msr);
    CHECK(t.h().esr == ESR_PIL);
  }
}

TEST_CASE("program interrupt, privileged instruction and trap") {
  TestCore t("nic");
  t.h().msr = MSR_PR | MSR_ME;
  t.exec(A("mfmsr 3", "nic"));
  CHECK((t.h().srr1 & 0x001F0000u) == SRR1_PROGRAM_PRIV);
  CHECK(t.h().esr == ESR_PPR);

  TestCore u;
  u.exec(A("nop; tw 31, 0, 0"));
  CHECK(u.h().pc == 0x700);
  CHECK(u.h().srr0 == kBase + 4);
  CHECK((u.h().srr1 & 0x001F0000u) == SRR1_PROGRAM_TRAP);
}

TEST_CASE("storage interrupt (DSI): DAR = address, DSISR = not mapped (+ store), SRR0 = instruction") {
  for (bool store : {false, true}) {
    TestCore t("nic");
    uint32_t msr = MSR_EE | MSR_ME;
    t.h().msr = msr;
    t.h().gpr[4] = kUnmapped;
    t.exec(A(store ? "nop; stw 3, 8(4)" : "nop; lwz 3, 8(4)", "nic"));
    CHECK(t.h().pc == 0x300);
    CHECK(t.h().srr0 == kBase + 4);
    CHECK(t.h().dar == kUnmapped + 8);
    CHECK(t.h().dsisr == (DSISR_NOT_MAPPED | (store ? DSISR_STORE : 0)));
    CHECK(t.h().esr == (store ? ESR_ST : 0));
    check_msr_after(t, msr);
    CHECK(t.h().gpr[3] == 0);  // the load did not complete
  }
}

TEST_CASE("alignment interrupt: DAR = address, DSISR identifies the instruction as on the 7400") {
  TestCore t;
  t.h().gpr[4] = TestCore::kDataBase;
  t.exec(A("lmw 29, 2(4)"));  // D form, opcode 46: DSISR[17] = bit 5 = 0, [18-21] = bits 1-4 = 0111
  CHECK(t.h().pc == 0x600);
  CHECK(t.h().srr0 == kBase);
  CHECK(t.h().dar == TestCore::kDataBase + 2);
  CHECK(t.h().dsisr == (0x7u << 10 | 29u << 5 | 4u));

  TestCore u;
  u.h().gpr[4] = TestCore::kDataBase + 1;
  u.exec(A("stwcx. 5, 0, 4"));  // X form 31/150: DSISR[15-16] = 10, [17] = 0, [18-21] = 0010
  CHECK(u.h().pc == 0x600);
  CHECK(u.h().dar == TestCore::kDataBase + 1);
  CHECK(u.h().dsisr == (0x2u << 15 | 0x2u << 10 | 5u << 5 | 0u));

  // The rule on its own, for D-form words whose codes the manuals tabulate.
  CHECK(alignment_dsisr(A("lwz 3, 0(4)")[0]) == (0x0u << 10 | 3u << 5 | 4u));
  CHECK(alignment_dsisr(A("stw 3, 0(4)")[0]) == (0x2u << 10 | 3u << 5 | 4u));
  CHECK(alignment_dsisr(A("lfd 1, 0(4)")[0]) == (0x9u << 10 | 1u << 5 | 4u));
  CHECK(alignment_dsisr(A("stwu 1, -16(1)")[0]) == (1u << 14 | 0x2u << 10 | 1u << 5 | 1u));
}

TEST_CASE("instruction storage interrupt (ISI): fetching from nowhere") {
  TestCore t;
  t.write32(0x400, kLi9);
  t.h().gpr[4] = kUnmapped;
  t.exec(A("mtctr 4; bctr"));
  t.h().run(1);  // the fetch faults, then the handler's first instruction runs
  CHECK(t.h().srr0 == kUnmapped);
  CHECK((t.h().srr1 & SRR1_ISI_NOT_MAPPED));
  CHECK(t.h().gpr[9] == 1);
  CHECK(t.h().pc == 0x404);
}

TEST_CASE("external interrupt: taken at the next instruction boundary only while MSR[EE]=1") {
  TestCore t;
  t.write32(0x500, kLi9);
  t.h().external_irq = true;
  t.h().gpr[3] = MSR_EE | MSR_ME;
  t.exec(A("nop; nop; mtmsr 3; nop"));  // masked for three instructions, taken after mtmsr
  CHECK(t.h().gpr[9] == 1);
  CHECK(t.h().srr0 == kBase + 12);
  CHECK((t.h().srr1 & MSR_EE));
  CHECK(t.h().msr == MSR_ME);
  CHECK(t.h().pc == 0x504);
  CHECK(t.h().last_interrupt.kind == Interrupt::External);
}

TEST_CASE("the external input is a level: it is taken again until the device drops it") {
  TestCore t;
  place(t, 0x500, "addi 9, 9, 1; rfi");
  t.h().msr = MSR_EE | MSR_ME;
  t.h().set_external_irq(true);
  t.h().pc = kBase;
  t.write32(kBase, 0x60000000);
  StopReason why = t.h().run(50);  // an interrupt storm still retires instructions
  CHECK(why == StopReason::SliceEnd);
  CHECK(t.h().gpr[9] == 25);
  t.h().set_external_irq(false);
  t.h().run(2);
  CHECK(t.h().gpr[9] == 25);
}

TEST_CASE("wrteei enables a pending external interrupt right after itself (nic)") {
  TestCore t("nic");
  t.write32(0x500, kLi9);
  t.h().external_irq = true;
  t.exec(A("nop; wrteei 1; nop", "nic"));
  CHECK(t.h().srr0 == kBase + 8);
  CHECK(t.h().gpr[9] == 1);
}

TEST_CASE("external beats decrementer when both are pending") {
  TestCore t;
  t.write32(0x500, kLi9);
  t.h().dec_pending = true;
  t.h().external_irq = true;
  t.h().msr = MSR_EE | MSR_ME;
  t.exec({0x60000000});
  CHECK(t.h().last_interrupt.kind == Interrupt::External);
  CHECK(t.h().dec_pending);
}

TEST_CASE("a fault inside another vector is delivered; inside its own vector it stops the hart") {
  TestCore t;
  t.h().gpr[4] = kUnmapped;
  place(t, 0x700, "lwz 3, 0(4)");  // the program handler itself takes a DSI
  place(t, 0x300, "lwz 3, 0(4)");  // and so does the DSI handler
  t.exec({0, 0x60000000});
  CHECK(t.h().pc == 0x300);
  CHECK(t.h().srr0 == 0x700);
  CHECK(!t.h().double_fault);
  StopReason why = t.h().run(10);
  CHECK(why == StopReason::Fault);
  CHECK(t.h().double_fault);
  CHECK(t.h().pc == 0x300);
  CHECK(t.h().icount == 3);
}

namespace {
// An environment that neither redirects the hart nor masks interrupts: the worst case for the
// run loop, which must still retire instructions.
class IgnoringEnv : public Environment {
 public:
  int calls = 0;
  Status interrupt(Hart&, const InterruptInfo&) override {
    ++calls;
    return Status::Jump;
  }
};
}  // namespace

TEST_CASE("run() makes progress even if every poll takes an interrupt that changes nothing") {
  TestCore t;
  IgnoringEnv env;
  t.h().set_env(&env);
  t.h().msr = MSR_EE | MSR_ME;
  t.h().external_irq = true;
  for (uint32_t a = kBase; a < kBase + 400; a += 4) t.write32(a, 0x60000000);
  t.h().pc = kBase;
  CHECK(t.h().run(100) == StopReason::SliceEnd);
  CHECK(t.h().icount == 100);
  CHECK(env.calls >= 1);
  t.h().set_env(nullptr);
}
