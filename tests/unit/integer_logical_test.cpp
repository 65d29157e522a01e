// Integer logical, extend, count-leading-zeros, rotate and shift instructions, with and without
// Rc, against reference computations written here.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "integer_util.h"

using namespace pimnic;
using pimnic::test::OneInsn;
using pimnic::test::Rng;
using pimnic::test::TestCore;
using pimnic::test::cr0_of;

namespace {

// Reference: rA from rS (s), rB (b) and the old rA (old); sets ca to -1 when CA is not written.
struct LogicOp {
  const char* text;  // rA = 3, rS = 4, rB = 5
  uint32_t (*ref)(uint32_t s, uint32_t b, uint32_t old, int& ca);
};

uint32_t rotl(uint32_t v, unsigned n) { return n ? (v << n) | (v >> (32 - n)) : v; }
// Bits mb..me set (IBM numbering), wrapping: the manual's MASK(), bit by bit.
uint32_t mask(unsigned mb, unsigned me) {
  uint32_t m = 0;
  for (unsigned i = mb;; i = (i + 1) & 31) {
    m |= 0x80000000u >> i;
    if (i == me) break;
  }
  return m;
}
uint32_t sra_ref(uint32_t s, unsigned n, int& ca) {
  int64_t v = int32_t(s);
  int64_t r = v >> (n > 40 ? 40 : n);
  ca = v < 0 && (r << n) != v;  // shifting back loses bits
  return uint32_t(r);
}

const LogicOp kOps[] = {
    {"and 3, 4, 5", [](uint32_t s, uint32_t b, uint32_t, int&) { return s & b; }},
    {"andc 3, 4, 5", [](uint32_t s, uint32_t b, uint32_t, int&) { return s & ~b; }},
    {"or 3, 4, 5", [](uint32_t s, uint32_t b, uint32_t, int&) { return s | b; }},
    {"orc 3, 4, 5", [](uint32_t s, uint32_t b, uint32_t, int&) { return s | ~b; }},
    {"xor 3, 4, 5", [](uint32_t s, uint32_t b, uint32_t, int&) { return s ^ b; }},
    {"nand 3, 4, 5", [](uint32_t s, uint32_t b, uint32_t, int&) { return ~(s & b); }},
    {"nor 3, 4, 5", [](uint32_t s, uint32_t b, uint32_t, int&) { return ~(s | b); }},
    {"eqv 3, 4, 5", [](uint32_t s, uint32_t b, uint32_t, int&) { return ~(s ^ b); }},
    {"extsb 3, 4", [](uint32_t s, uint32_t, uint32_t, int&) { return (s & 0x80) ? (s | 0xFFFFFF00u) : (s & 0xFF); }},
    {"extsh 3, 4", [](uint32_t s, uint32_t, uint32_t, int&) { return (s & 0x8000) ? (s | 0xFFFF0000u) : (s & 0xFFFF); }},
    {"cntlzw 3, 4", [](uint32_t s, uint32_t, uint32_t, int&) {
       uint32_t n = 0;
       while (n < 32 && !(s & (0x80000000u >> n))) ++n;
       return n; }},
    {"slw 3, 4, 5", [](uint32_t s, uint32_t b, uint32_t, int&) {
       unsigned n = b & 63;
       return n > 31 ? 0u : s << n; }},
    {"srw 3, 4, 5", [](uint32_t s, uint32_t b, uint32_t, int&) {
       unsigned n = b & 63;
       return n > 31 ? 0u : s >> n; }},
    {"sraw 3, 4, 5", [](uint32_t s, uint32_t b, uint32_t, int& ca) { return sra_ref(s, b & 63, ca); }},
    {"srawi 3, 4, 0", [](uint32_t s, uint32_t, uint32_t, int& ca) { return sra_ref(s, 0, ca); }},
    {"srawi 3, 4, 1", [](uint32_t s, uint32_t, uint32_t, int& ca) { return sra_ref(s, 1, ca); }},
    {"srawi 3, 4, 17", [](uint32_t s, uint32_t, uint32_t, int& ca) { return sra_ref(s, 17, ca); }},
    {"srawi 3, 4, 31", [](uint32_t s, uint32_t, uint32_t, int& ca) { return sra_ref(s, 31, ca); }},
    {"rlwnm 3, 4, 5, 0, 31", [](uint32_t s, uint32_t b, uint32_t, int&) { return rotl(s, b & 31); }},
    {"rlwnm 3, 4, 5, 8, 23", [](uint32_t s, uint32_t b, uint32_t, int&) { return rotl(s, b & 31) & mask(8, 23); }},
    {"rlwnm 3, 4, 5, 28, 3", [](uint32_t s, uint32_t b, uint32_t, int&) { return rotl(s, b & 31) & mask(28, 3); }},
    {"rlwinm 3, 4, 0, 0, 31", [](uint32_t s, uint32_t, uint32_t, int&) { return s; }},
    {"rlwinm 3, 4, 5, 0, 26", [](uint32_t s, uint32_t, uint32_t, int&) { return rotl(s, 5) & mask(0, 26); }},
    {"rlwinm 3, 4, 27, 5, 31", [](uint32_t s, uint32_t, uint32_t, int&) { return rotl(s, 27) & mask(5, 31); }},
    {"rlwinm 3, 4, 13, 31, 0", [](uint32_t s, uint32_t, uint32_t, int&) { return rotl(s, 13) & mask(31, 0); }},
    {"rlwinm 3, 4, 31, 7, 7", [](uint32_t s, uint32_t, uint32_t, int&) { return rotl(s, 31) & mask(7, 7); }},
    {"rlwimi 3, 4, 0, 0, 31", [](uint32_t s, uint32_t, uint32_t, int&) { return s; }},
    {"rlwimi 3, 4, 8, 16, 23", [](uint32_t s, uint32_t, uint32_t o, int&) {
       uint32_t m = mask(16, 23);
       return (rotl(s, 8) & m) | (o & ~m); }},
    {"rlwimi 3, 4, 30, 30, 1", [](uint32_t s, uint32_t, uint32_t o, int&) {
       uint32_t m = mask(30, 1);
       return (rotl(s, 30) & m) | (o & ~m); }},
};

}  // namespace

TEST_CASE("logical, rotate and shift instructions against reference computations") {
  std::string text;
  for (const LogicOp& op : kOps) {
    std::string t = op.text;
    std::string mn = t.substr(0, t.find(' ')), rest = t.substr(t.find(' '));
    text += mn + rest + "\n" + mn + "." + rest + "\n";
  }
  const auto words = test::assemble(text);
  REQUIRE(words.size() == 2 * std::size(kOps));

  TestCore t;
  Rng rng(0x106);
  for (size_t i = 0; i < words.size(); ++i) {
    const LogicOp& op = kOps[i / 2];
    bool rc = i & 1;
    OneInsn one(t, words[i]);
    CAPTURE(op.text);
    CAPTURE(rc);
    for (int k = 0; k < 2000; ++k) {
      uint32_t s = rng.operand(), b = rng.operand(), old = rng.operand();
      if (k % 4 == 0) b &= 63;  // shift amounts in range more often
      uint32_t xer_in = uint32_t(rng.next()) & (XER_SO | XER_OV | XER_CA | 0x7F);
      uint32_t cr_in = uint32_t(rng.next());
      t.h().gpr[3] = old;
      t.h().gpr[4] = s;
      t.h().gpr[5] = b;
      t.h().xer = xer_in;
      t.h().cr = cr_in;
      one.run();
      int ca = -1;
      uint32_t r = op.ref(s, b, old, ca);
      CAPTURE(s);
      CAPTURE(b);
      REQUIRE(t.h().gpr[3] == r);
      uint32_t xer = ca < 0 ? xer_in : ((xer_in & ~XER_CA) | (ca ? XER_CA : 0));
      REQUIRE(t.h().xer == xer);
      uint32_t cr = rc ? ((cr_in & 0x0FFFFFFFu) | cr0_of(r, xer_in & XER_SO) << 28) : cr_in;
      REQUIRE(t.h().cr == cr);
    }
  }
}

TEST_CASE("logical immediates: andi., andis. always record; ori, oris, xori, xoris do not") {
  TestCore t;
  auto& h = t.h();
  h.gpr[4] = 0xF0F0A5A5;
  h.cr = 0xFFFFFFFF;
  h.xer = XER_SO;
  t.exec(ASM("andi. 3, 4, 0x0F0F"));
  CHECK(h.gpr[3] == 0x0505);
  CHECK(h.cr == 0x5FFFFFFFu);  // GT | SO
  t.exec(ASM("andis. 3, 4, 0x0F0F"));
  CHECK(h.gpr[3] == 0);
  CHECK(h.cr == 0x3FFFFFFFu);  // EQ | SO
  h.xer = 0;
  t.exec(ASM("andis. 3, 4, 0x8000"));
  CHECK(h.gpr[3] == 0x80000000u);
  CHECK(h.cr == 0x8FFFFFFFu);
  h.cr = 0;
  t.exec(ASM("ori 3, 4, 0xFFFF"));
  CHECK(h.gpr[3] == 0xF0F0FFFFu);
  t.exec(ASM("oris 3, 4, 0x0F0F"));
  CHECK(h.gpr[3] == 0xFFFFA5A5u);
  t.exec(ASM("xori 3, 4, 0xFFFF"));
  CHECK(h.gpr[3] == 0xF0F05A5Au);
  t.exec(ASM("xoris 3, 4, 0xFFFF"));
  CHECK(h.gpr[3] == 0x0F0FA5A5u);
  CHECK(h.cr == 0);
  t.exec(ASM("nop"));  // ori 0, 0, 0
  CHECK(h.gpr[3] == 0x0F0FA5A5u);
}

TEST_CASE("shift edge cases: amounts 31, 32 and 63, and sraw's carry") {
  TestCore t;
  auto& h = t.h();
  auto sh = [&](const std::vector<uint32_t>& words, uint32_t s, uint32_t n) {
    h.gpr[4] = s;
    h.gpr[5] = n;
    h.xer = 0;
    t.exec(words);
    return h.gpr[3];
  };
  CHECK(sh(ASM("slw 3, 4, 5"), 1, 31) == 0x80000000u);
  CHECK(sh(ASM("slw 3, 4, 5"), 1, 32) == 0);
  CHECK(sh(ASM("slw 3, 4, 5"), 1, 0x41) == 2);  // only the low 6 bits count
  CHECK(sh(ASM("srw 3, 4, 5"), 0x80000000u, 31) == 1);
  CHECK(sh(ASM("srw 3, 4, 5"), 0x80000000u, 63) == 0);
  CHECK(sh(ASM("sraw 3, 4, 5"), 0x80000000u, 63) == 0xFFFFFFFFu);
  CHECK(h.xer == XER_CA);
  CHECK(sh(ASM("sraw 3, 4, 5"), 0x7FFFFFFFu, 40) == 0);
  CHECK(h.xer == 0);
  CHECK(sh(ASM("sraw 3, 4, 5"), 0xFFFFFFF0u, 4) == 0xFFFFFFFFu);  // only zeros shifted out: CA = 0
  CHECK(h.xer == 0);
  CHECK(sh(ASM("sraw 3, 4, 5"), 0xFFFFFFF1u, 4) == 0xFFFFFFFFu);
  CHECK(h.xer == XER_CA);
  CHECK(sh(ASM("srawi 3, 4, 0"), 0x80000000u, 0) == 0x80000000u);
  CHECK(h.xer == 0);
  CHECK(sh(ASM("cntlzw 3, 4"), 0, 0) == 32);
  CHECK(sh(ASM("cntlzw 3, 4"), 1, 0) == 31);
}
