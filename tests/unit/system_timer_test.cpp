// Time base and decrementer: DEC counts TB ticks (cycles / tb_divider; one cycle per instruction in
// functional mode), requests an interrupt when it passes 0 -> -1, and that interrupt arrives at
// exactly the predicted instruction, through run() and step() alike.
#include <doctest/doctest.h>

#include "system_test_asm.h"
#include "test_core.h"

using namespace pimnic;
using pimnic::test::TestCore;

namespace {

constexpr uint32_t kBase = TestCore::kCodeBase;
constexpr uint32_t kNop = 0x60000000;

test::AsmBatch A({{"host", {"mtdec 3", "mfdec 4", "mtmsr 4", "mtdec 5", "mtdec 4", "mttbl 6", "mttbu 6",
                            "mtmsr 3", "li 8, 5", "mfsrr0 9", "addi 10, 10, 1", "rfi"}}});

uint32_t word(const char* text) { return A.one(text); }

// `head` followed by nops, up to n words.
std::vector<uint32_t> program(std::vector<uint32_t> head, size_t n) {
  head.resize(n, kNop);
  return head;
}

// A decrementer handler that records where it interrupted (r9) and counts calls (r10).
void install_dec_handler(TestCore& t) {
  uint32_t a = 0x900;
  for (uint32_t w : A("mfsrr0 9; addi 10, 10, 1; rfi")) t.write32(a, w), a += 4;
}

TestCore& ticking(TestCore& t, unsigned divider = 8) {
  t.h().tb_divider = divider;
  t.h().msr = MSR_EE | MSR_ME;
  install_dec_handler(t);
  return t;
}

}  // namespace

TEST_CASE("after reset DEC is -1 and stays quiet for 2^32 ticks") {
  TestCore t;
  ticking(t);
  t.exec(program({}, 2000));
  CHECK(t.h().gpr[10] == 0);
  CHECK(t.h().decrementer() == 0xFFFFFFFFu - 2000 / 8);
}

TEST_CASE("DEC counts down one per time-base tick") {
  TestCore t;
  ticking(t);
  t.h().gpr[3] = 1000;
  t.exec(program({word("mtdec 3")}, 81));  // mtdec at cycle 0, then 80 instructions: 10 ticks
  t.exec({word("mfdec 4")});
  CHECK(t.h().gpr[4] == 990);
}

TEST_CASE("the decrementer interrupt arrives at exactly the predicted instruction (run)") {
  TestCore t;
  ticking(t);
  t.h().gpr[3] = 2;  // written at tick 0: 2, 1, 0, then -1 at tick 3 = cycle 24
  t.exec(program({word("mtdec 3")}, 61));
  CHECK(t.h().gpr[10] == 1);
  CHECK(t.h().gpr[9] == kBase + 24 * 4);
  CHECK(t.h().last_interrupt.kind == Interrupt::Decrementer);
  CHECK((t.h().srr1 & MSR_EE));
  CHECK(t.h().pc == kBase + 58 * 4);  // 61 instructions, 3 of them in the handler
  CHECK(t.h().decrementer() == uint32_t(2 - 61 / 8));  // still counting: -1, -2, ...
}

TEST_CASE("the decrementer interrupt arrives at the same instruction under step()") {
  TestCore t;
  ticking(t);
  t.h().gpr[3] = 2;
  auto words = program({word("mtdec 3")}, 61);
  for (size_t i = 0; i < words.size(); ++i) t.write32(kBase + 4 * i, words[i]);
  t.h().pc = kBase;
  int at = -1;
  for (int i = 0; i < 40; ++i) {
    ExecRecord r;
    t.h().step(r);
    if (r.interrupted && r.interrupt == Interrupt::Decrementer && at < 0) {
      at = i;
      CHECK(r.pc == 0x900);  // the record is the handler's first instruction
    }
  }
  CHECK(at == 24);
  CHECK(t.h().gpr[9] == kBase + 24 * 4);
}

TEST_CASE("the interrupt time follows tb_divider and cycle_offset") {
  TestCore t;
  ticking(t, 3);
  t.h().cycle_offset = 7;  // tick 2 (cycles 6-8), one cycle into it
  t.h().gpr[3] = 4;        // -1 at tick 2 + 5 = 7: cycle 21 = icount 14
  t.exec(program({word("mtdec 3")}, 30));
  CHECK(t.h().gpr[9] == kBase + 14 * 4);
}

TEST_CASE("with MSR[EE]=0 the request waits, and mtmsr enabling EE takes it at once") {
  TestCore t;
  ticking(t);
  t.h().msr = MSR_ME;
  t.h().gpr[3] = 0;  // -1 at tick 1
  t.h().gpr[4] = MSR_EE | MSR_ME;
  auto words = program({word("mtdec 3")}, 40);
  words[21] = word("mtmsr 4");
  t.exec(words);
  CHECK(t.h().gpr[10] == 1);
  CHECK(t.h().gpr[9] == kBase + 22 * 4);
}

TEST_CASE("mtdec re-arms: the new value decides, even in the middle of a run slice") {
  TestCore t;
  ticking(t);
  t.h().gpr[3] = 1000;
  t.h().gpr[5] = 1;  // written at cycle 10 (tick 1): -1 at tick 3 = cycle 24
  auto words = program({word("mtdec 3")}, 60);
  words[10] = word("mtdec 5");
  t.exec(words);
  CHECK(t.h().gpr[10] == 1);
  CHECK(t.h().gpr[9] == kBase + 24 * 4);
}

TEST_CASE("software changing DEC bit 0 from 0 to 1 requests an interrupt") {
  TestCore t;
  ticking(t);
  t.h().gpr[3] = 100;
  t.h().gpr[4] = 0xFFFFFFF0;
  t.exec(program({word("mtdec 3"), word("mtdec 4")}, 6));
  CHECK(t.h().gpr[10] == 1);
  CHECK(t.h().gpr[9] == kBase + 8);
  // From a negative value to another one: no request.
  TestCore u;
  ticking(u);
  u.h().gpr[4] = 0xFFFFFFF0;
  u.exec(program({word("mtdec 4")}, 6));
  CHECK(u.h().gpr[10] == 0);
}

TEST_CASE("passages while masked merge into one interrupt") {
  TestCore t;
  ticking(t, 1);
  t.h().msr = MSR_ME;
  t.h().write_decrementer(0);                // -1 at tick 1
  t.h().cycle_offset += (3ull << 32) - 1000;  // ... and again at 2^32 + 1 and 2^33 + 1
  t.h().gpr[4] = MSR_EE | MSR_ME;
  t.exec(program({word("mtmsr 4")}, 30));
  CHECK(t.h().gpr[10] == 1);
  CHECK(t.h().gpr[9] == kBase + 4);
}

TEST_CASE("writing the time base does not move the decrementer") {
  TestCore t;
  ticking(t);
  t.h().gpr[3] = 2;
  t.h().gpr[6] = 0xABCDEF00;
  t.exec(program({word("mtdec 3"), word("mttbl 6"), word("mttbu 6")}, 40));
  CHECK(t.h().gpr[9] == kBase + 24 * 4);
  CHECK(uint32_t(t.h().timebase() >> 32) == 0xABCDEF00);
}

TEST_CASE("wait state (MSR[POW]): time jumps to the decrementer, idle cycles use the budget") {
  TestCore t;
  ticking(t);
  t.h().msr = MSR_ME;
  t.h().write_decrementer(99);  // -1 at tick 100 = cycle 800
  t.h().gpr[3] = MSR_POW | MSR_EE | MSR_ME;
  auto words = program({word("mtmsr 3"), word("li 8, 5")}, 300);
  for (size_t i = 0; i < words.size(); ++i) t.write32(kBase + 4 * i, words[i]);
  t.h().pc = kBase;
  CHECK(t.h().run(1000) == StopReason::SliceEnd);
  CHECK(t.h().gpr[9] == kBase + 4);
  CHECK(t.h().gpr[8] == 5);
  CHECK(t.h().cycle_offset == 799);
  CHECK(t.h().icount == 1000 - 799);

  // In small slices the hart wakes at the same cycle.
  TestCore u;
  ticking(u);
  u.h().msr = MSR_ME;
  u.h().write_decrementer(99);
  u.h().gpr[3] = MSR_POW | MSR_EE | MSR_ME;
  for (size_t i = 0; i < words.size(); ++i) u.write32(kBase + 4 * i, words[i]);
  u.h().pc = kBase;
  int slices = 0;
  while (u.h().gpr[10] == 0 && slices < 1000) u.h().run(7), ++slices;
  CHECK(u.h().gpr[9] == kBase + 4);
  CHECK(u.h().cycle_offset == 799);
  CHECK(slices > 100);

  // step() waits in one step.
  TestCore v;
  ticking(v);
  v.h().msr = MSR_ME;
  v.h().write_decrementer(99);
  v.h().gpr[3] = MSR_POW | MSR_EE | MSR_ME;
  for (size_t i = 0; i < words.size(); ++i) v.write32(kBase + 4 * i, words[i]);
  v.h().pc = kBase;
  ExecRecord r;
  v.h().step(r);  // mtmsr
  v.h().step(r);  // the wait, the interrupt, and the handler's first instruction
  CHECK(r.interrupted);
  CHECK(r.pc == 0x900);
  CHECK(v.h().cycle_offset == 799);
}

TEST_CASE("wait state with interrupts disabled halts the hart") {
  TestCore t;
  t.h().gpr[3] = MSR_POW | MSR_ME;
  t.exec({word("mtmsr 3"), kNop});
  CHECK(t.h().stop_reason == StopReason::Halt);
  CHECK(t.h().pc == kBase + 4);
  CHECK(t.h().icount == 1);
  CHECK(t.h().run(10) == StopReason::Halt);
  CHECK(t.h().icount == 1);
}
