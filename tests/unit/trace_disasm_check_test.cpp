// --disasm-check: the normal form both disassemblers' texts are compared in, the known-errors
// list, and the report.
#if PIMNIC_WITH_TRACE
#include <doctest/doctest.h>

#include <cstdio>
#include <string>

#include "test_core.h"
#include "trace/disasm_check.h"
#include "trace/trace_error.h"

using namespace pimnic;
using namespace pimnic::trace;

TEST_CASE("disasm-check: normal form") {
  CHECK(normalize_disasm("add r3, r4, r5") == "add 3,4,5");
  CHECK(normalize_disasm("li r3, 0xffff") == "li 3,65535");
  CHECK(normalize_disasm("li r3, -1") == "li 3,-1");
  CHECK(normalize_disasm("stwu r1, -0x10(r1)") == "stwu 1,-16,1");
  CHECK(normalize_disasm("stwu r1, -16(r1)") == "stwu 1,-16,1");
  CHECK(normalize_disasm("bc 12, 2, 0x403c <_start+0x3c>") == "bc 12,2,16444");
  CHECK(normalize_disasm("beq cr7, 0x1010") == "beq 7,4112");
  CHECK(normalize_disasm("lvx v1, 0, r20") == "lvx 1,0,20");
  CHECK(normalize_disasm("fadd f1, f2, f3") == "fadd 1,2,3");
  CHECK(normalize_disasm("blr ") == "blr");
  CHECK(normalize_disasm("crnor 1, 2, 6") == "crnor 1,2,6");
}

TEST_CASE("disasm-check: known errors list") {
  CapstoneKnownErrors k = CapstoneKnownErrors::parse(
      "# comment\n\nfc008000 38008000 error: li/addi with a negative SI print it unsigned\n"
      "  ffffffff 429f0005 error: bcl 20,31 prints as bdnzl\n",
      "list");
  CHECK(k.size() == 2);
  REQUIRE(k.find(0x3860ffff));
  CHECK(k.find(0x3860ffff)->description == "error: li/addi with a negative SI print it unsigned");
  CHECK_FALSE(k.find(0x38600001));
  CHECK(k.find(0x429f0005));
  CHECK_THROWS_AS(CapstoneKnownErrors::parse("fc008000\n", "list"), TraceError);
  CHECK_THROWS_AS(CapstoneKnownErrors::parse("0000ffff 00010000 match outside the mask\n", "list"), TraceError);
  CHECK_THROWS_AS(CapstoneKnownErrors::load("/nonexistent/known.txt"), TraceError);
  // The list in the source tree loads.
  CHECK(CapstoneKnownErrors::load(std::string(PIMNIC_SOURCE_DIR) + "/tests/disasm/capstone_known_errors.txt").size() > 20);
}

TEST_CASE("disasm-check: reports a disagreement once, not a known error") {
  test::TestCore c;
  char* buf = nullptr;
  size_t len = 0;
  std::FILE* report = open_memstream(&buf, &len);
  // li r3,-1 (known: Capstone prints 0xffff); add r3,r3,r4 (agrees); sync (Capstone: "sync 0",
  // not in this test's list) twice.
  DisasmCheckSink sink(CapstoneKnownErrors::parse("fc008000 38008000 negative SI\n", "t"), report);
  TraceRecord r;
  r.hart = &c.h();
  InsnInfo info;
  for (uint32_t w : {0x3860ffffu, 0x7c632214u, 0x7c0004acu, 0x7c0004acu}) {
    r.word = w;
    r.pc += 4;
    sink.record(r, info, true);
  }
  sink.finish();
  std::fclose(report);
  std::string text(buf, len);
  std::free(buf);
  CHECK(sink.checked() == 3);
  CHECK(sink.disagreements() == 1);
  CHECK(text.find("7c0004ac at 0x0000000c: pimnic \"sync\", capstone \"sync 0\"") != std::string::npos);
  CHECK(text.find("3 instructions checked against Capstone, 1 disagreements (1 more are known Capstone errors)") !=
        std::string::npos);
}
#endif
