// Compares, traps, CR logical instructions and the CR/XER moves.
#include <doctest/doctest.h>

#include <string>

#include "cpu/interrupts.h"
#include "integer_util.h"

using namespace pimnic;
using pimnic::test::OneInsn;
using pimnic::test::Rng;
using pimnic::test::TestCore;

namespace {

uint32_t cmp_field(bool lt, bool gt, bool so) { return (lt ? 8u : gt ? 4u : 2u) | (so ? 1u : 0u); }

}  // namespace

TEST_CASE("compares set one CR field from signed or unsigned order, plus SO") {
  // Each form into CR field 5 (and cmpwi into CR0 with the short form).
  const auto words = ASM("cmpw 5, 4, 6; cmplw 5, 4, 6; cmpwi 5, 4, 0; cmplwi 5, 4, 0");
  REQUIRE(words.size() == 4);
  TestCore t;
  Rng rng(0xC0);
  for (size_t i = 0; i < words.size(); ++i) {
    CAPTURE(i);
    for (int k = 0; k < 3000; ++k) {
      uint32_t a = rng.operand(), b = rng.operand();
      uint16_t imm = uint16_t(rng.next());
      if (k % 5 == 0) b = a, imm = uint16_t(a);  // equal cases
      uint32_t word = words[i];
      if (i >= 2) word = (word & 0xFFFF0000u) | imm;
      t.write32(TestCore::kCodeBase, word);
      bool so = rng.next() & 1;
      uint32_t cr_in = uint32_t(rng.next());
      t.h().gpr[4] = a;
      t.h().gpr[6] = b;
      t.h().xer = so ? XER_SO : 0;
      t.h().cr = cr_in;
      t.h().pc = TestCore::kCodeBase;
      t.h().run(1);
      uint32_t bv = i == 2 ? uint32_t(int32_t(int16_t(imm))) : i == 3 ? imm : b;
      bool is_signed = i == 0 || i == 2;
      bool lt = is_signed ? int32_t(a) < int32_t(bv) : a < bv;
      bool gt = is_signed ? int32_t(a) > int32_t(bv) : a > bv;
      uint32_t want = (cr_in & ~0x00000F00u) | cmp_field(lt, gt, so) << 8;
      REQUIRE(t.h().cr == want);
    }
  }
}

TEST_CASE("cmp with L = 1 is not a 32-bit instruction (illegal on pimnic; see qemu-divergences.md)") {
  TestCore t;
  t.exec({0x7C232000});  // cmp 0, 1, 3, 4
  CHECK(t.h().pc == 0x700);
  CHECK((t.h().srr1 & SRR1_PROGRAM_ILLEGAL) != 0);
}

TEST_CASE("traps: every TO condition, and the program interrupt they raise") {
  TestCore t;
  auto& h = t.h();
  struct Case {
    uint32_t a, b;
  };
  const Case cases[] = {{1, 2}, {2, 1}, {5, 5}, {0xFFFFFFFF, 1}, {1, 0xFFFFFFFF}, {0x80000000u, 0x7FFFFFFFu}};
  std::string text;
  for (uint32_t to = 0; to < 32; ++to) text += "tw " + std::to_string(to) + ", 4, 5\n";
  const auto tws = test::assemble(text);
  REQUIRE(tws.size() == 32);
  for (uint32_t to = 0; to < 32; ++to) {
    uint32_t tw = tws[to];
    for (const Case& c : cases) {
      int32_t sa = int32_t(c.a), sb = int32_t(c.b);
      bool want = ((to & 16) && sa < sb) || ((to & 8) && sa > sb) || ((to & 4) && c.a == c.b) ||
                  ((to & 2) && c.a < c.b) || ((to & 1) && c.a > c.b);
      h.gpr[4] = c.a;
      h.gpr[5] = c.b;
      h.msr = MSR_ME | MSR_FP | MSR_RI;
      h.srr0 = h.srr1 = 0;
      t.exec({tw});
      CAPTURE(to);
      CAPTURE(c.a);
      CAPTURE(c.b);
      if (want) {
        CHECK(h.pc == 0x700);
        CHECK(h.srr0 == TestCore::kCodeBase);  // the trap itself
        CHECK(h.srr1 == ((MSR_ME | MSR_FP | MSR_RI) | SRR1_PROGRAM_TRAP));
        CHECK(h.msr == MSR_ME);  // supervisor, interrupts off
      } else {
        CHECK(h.pc == TestCore::kCodeBase + 4);
      }
    }
  }
  // twi compares with a sign-extended immediate.
  h.gpr[4] = 0xFFFFFFFF;
  t.exec(ASM("twi 4, 4, -1"));  // equal
  CHECK(h.pc == 0x700);
  t.exec(ASM("twi 1, 4, -1"));  // not logically greater
  CHECK(h.pc == TestCore::kCodeBase + 4);
  t.exec(ASM("trap"));
  CHECK(h.pc == 0x700);
  CHECK((h.srr1 & SRR1_PROGRAM_TRAP) != 0);
}

TEST_CASE("CR logical instructions on every input combination, and mcrf") {
  const char* ops[] = {"crand", "cror", "crxor", "crnand", "crnor", "creqv", "crandc", "crorc"};
  std::string text;
  for (const char* op : ops) text += std::string(op) + " 9, 14, 31\n";
  const auto words = test::assemble(text);
  REQUIRE(words.size() == 8);
  TestCore t;
  for (size_t i = 0; i < 8; ++i)
    for (uint32_t a = 0; a < 2; ++a)
      for (uint32_t b = 0; b < 2; ++b) {
        uint32_t cr_in = 0xA5A5A5A5u & ~(1u << (31 - 14)) & ~1u;
        cr_in |= a << (31 - 14) | b;
        uint32_t r = 0;
        switch (i) {
          case 0: r = a & b; break;
          case 1: r = a | b; break;
          case 2: r = a ^ b; break;
          case 3: r = !(a & b); break;
          case 4: r = !(a | b); break;
          case 5: r = a == b; break;
          case 6: r = a & !b; break;
          case 7: r = a | !b; break;
        }
        t.h().cr = cr_in;
        t.exec({words[i]});
        CAPTURE(ops[i]);
        CAPTURE(a);
        CAPTURE(b);
        CHECK(t.h().cr == ((cr_in & ~(1u << 22)) | r << 22));
      }
  // The same bit as source and destination.
  t.h().cr = 0x80000000u;
  t.exec(ASM("crnot 0, 0"));
  CHECK(t.h().cr == 0);
  t.exec(ASM("crset 31"));
  CHECK(t.h().cr == 1);
  t.h().cr = 0x12345678;
  t.exec(ASM("mcrf 7, 1"));
  CHECK(t.h().cr == 0x12345672u);
  t.exec(ASM("mcrf 0, 0"));
  CHECK(t.h().cr == 0x12345672u);
}

TEST_CASE("mcrxr, mfcr and mtcrf") {
  TestCore t;
  auto& h = t.h();
  h.xer = XER_SO | XER_CA | 0x55;
  h.cr = 0xFFFFFFFF;
  t.exec(GASM("mcrxr 3"));
  CHECK(h.cr == 0xFFFAFFFFu);  // SO, OV=0, CA, 0
  CHECK(h.xer == 0x55);        // SO, OV, CA cleared; byte count kept
  h.cr = 0x89ABCDEF;
  t.exec(ASM("mfcr 7"));
  CHECK(h.gpr[7] == 0x89ABCDEFu);
  h.gpr[8] = 0x01234567;
  t.exec(ASM("mtcrf 0x81, 8"));
  CHECK(h.cr == 0x09ABCDE7u);
  t.exec(ASM("mtcr 8"));
  CHECK(h.cr == 0x01234567u);
  h.cr = 0;
  t.exec(ASM("mtcrf 0, 8"));
  CHECK(h.cr == 0);
  // Every single-field mask.
  const auto& one_field = ASM("mtcrf 128, 8; mtcrf 64, 8; mtcrf 32, 8; mtcrf 16, 8; mtcrf 8, 8; mtcrf 4, 8; mtcrf 2, 8; mtcrf 1, 8");
  REQUIRE(one_field.size() == 8);
  for (unsigned f = 0; f < 8; ++f) {
    h.cr = 0;
    h.gpr[8] = 0xFFFFFFFF;
    t.exec({one_field[f]});
    CHECK(h.cr == (0xF0000000u >> (4 * f)));
  }
}
