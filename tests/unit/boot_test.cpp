// The first instructions: arithmetic, a loop, a store to RAM, and the fixture's llvm-mc bridge.
#include <doctest/doctest.h>

#include "test_core.h"

using namespace pimnic;
using pimnic::test::TestCore;

TEST_CASE("a counted loop runs to completion") {
  TestCore t;
  auto words = test::assemble("li 6, 10; li 3, 0; loop: addi 3, 3, 2; addi 6, 6, -1; cmpwi 6, 0; bne loop");
  REQUIRE(words.size() == 6);
  t.exec(words);  // 6 instructions: enough for the set-up and one iteration
  CHECK(t.h().gpr[3] == 2);
  t.h().run(4 * 9);  // the remaining nine iterations
  CHECK(t.h().gpr[3] == 20);
  CHECK(t.h().gpr[6] == 0);
}

TEST_CASE("stores reach memory big-endian, and code written by a store is re-decoded") {
  TestCore t;
  t.h().gpr[4] = 0x11223344;
  t.h().gpr[5] = TestCore::kDataBase;
  t.exec_asm("stw 4, 8(5)");
  CHECK(t.read32(TestCore::kDataBase + 8) == 0x11223344);
  CHECK(t.read_bytes(TestCore::kDataBase + 8, 1)[0] == 0x11);

  // Execute "li 3, 1", then overwrite it with "li 3, 2" and execute again: the decode cache must
  // notice the write.
  t.exec(test::assemble("li 3, 1"));
  CHECK(t.h().gpr[3] == 1);
  t.exec(test::assemble("li 3, 2"));
  CHECK(t.h().gpr[3] == 2);
}

TEST_CASE("an illegal instruction with no handler stops the hart instead of looping") {
  TestCore t;
  t.h().pc = TestCore::kCodeBase;
  t.write32(TestCore::kCodeBase, 0x00000000);
  StopReason why = t.h().run(1000);
  CHECK(why == StopReason::Fault);
  CHECK(t.h().double_fault);
  CHECK(t.h().last_interrupt.kind == Interrupt::Program);
  CHECK(t.h().last_interrupt.srr0 == TestCore::kCodeBase);
  CHECK(t.h().icount < 10);
}
