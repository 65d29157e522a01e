// Integer arithmetic: add/subtract with carries, multiply, divide, in every o/. variant.
// Encodings come from llvm-mc; expected values from 64-bit reference arithmetic written here.
#include <doctest/doctest.h>

#include <array>
#include <string>
#include <vector>

#include "integer_util.h"

using namespace pimnic;
using pimnic::test::OneInsn;
using pimnic::test::Rng;
using pimnic::test::TestCore;
using pimnic::test::cr0_of;

namespace {

// What an instruction should produce: the result, XER[CA] (-1: not written) and whether the o form
// sets OV.
struct Expect {
  uint32_t r;
  int ca;
  bool ov;
};

int64_t s64(uint32_t v) { return int32_t(v); }
bool out_of_range(int64_t v) { return v < INT32_MIN || v > INT32_MAX; }

// Reference arithmetic on 64-bit integers: CA is bit 32 of the unsigned sum, OV means the signed
// sum does not fit 32 bits.
Expect sum3(uint32_t a, uint32_t b, uint32_t cin, int64_t signed_value) {
  uint64_t u = uint64_t(a) + b + cin;
  return {uint32_t(u), int(u >> 32), out_of_range(signed_value)};
}

struct ArithOp {
  const char* mnemonic;
  bool two_regs;  // rA and rB, or rA alone
  bool has_oe;
  Expect (*ref)(uint32_t a, uint32_t b, uint32_t ca);
};

const ArithOp kOps[] = {
    {"add", true, true, [](uint32_t a, uint32_t b, uint32_t) {
       return Expect{a + b, -1, out_of_range(s64(a) + s64(b))}; }},
    {"addc", true, true, [](uint32_t a, uint32_t b, uint32_t) { return sum3(a, b, 0, s64(a) + s64(b)); }},
    {"adde", true, true, [](uint32_t a, uint32_t b, uint32_t c) { return sum3(a, b, c, s64(a) + s64(b) + c); }},
    {"addme", false, true, [](uint32_t a, uint32_t, uint32_t c) {
       return sum3(a, 0xFFFFFFFFu, c, s64(a) - 1 + c); }},
    {"addze", false, true, [](uint32_t a, uint32_t, uint32_t c) { return sum3(a, 0, c, s64(a) + c); }},
    {"subf", true, true, [](uint32_t a, uint32_t b, uint32_t) {
       return Expect{b - a, -1, out_of_range(s64(b) - s64(a))}; }},
    {"subfc", true, true, [](uint32_t a, uint32_t b, uint32_t) {
       return Expect{b - a, b >= a ? 1 : 0, out_of_range(s64(b) - s64(a))}; }},
    {"subfe", true, true, [](uint32_t a, uint32_t b, uint32_t c) {
       return sum3(~a, b, c, s64(b) - s64(a) - 1 + c); }},
    {"subfme", false, true, [](uint32_t a, uint32_t, uint32_t c) {
       return sum3(~a, 0xFFFFFFFFu, c, -s64(a) - 2 + c); }},
    {"subfze", false, true, [](uint32_t a, uint32_t, uint32_t c) { return sum3(~a, 0, c, -s64(a) - 1 + c); }},
    {"neg", false, true, [](uint32_t a, uint32_t, uint32_t) {
       return Expect{uint32_t(-s64(a)), -1, out_of_range(-s64(a))}; }},
    {"mullw", true, true, [](uint32_t a, uint32_t b, uint32_t) {
       int64_t p = s64(a) * s64(b);
       return Expect{uint32_t(p), -1, out_of_range(p)}; }},
    {"mulhw", true, false, [](uint32_t a, uint32_t b, uint32_t) {
       return Expect{uint32_t((s64(a) * s64(b)) >> 32), -1, false}; }},
    {"mulhwu", true, false, [](uint32_t a, uint32_t b, uint32_t) {
       return Expect{uint32_t((uint64_t(a) * b) >> 32), -1, false}; }},
    // Undefined results (x/0, INT_MIN/-1): qemu -cpu 7400 gives the dividend; checked against qemu
    // in integer_qemu_test.cpp.
    {"divw", true, true, [](uint32_t a, uint32_t b, uint32_t) {
       bool bad = b == 0 || (a == 0x80000000u && b == 0xFFFFFFFFu);
       return Expect{bad ? a : uint32_t(s64(a) / s64(b)), -1, bad}; }},
    {"divwu", true, true, [](uint32_t a, uint32_t b, uint32_t) {
       return Expect{b == 0 ? a : a / b, -1, b == 0}; }},
};

// Every variant of every op: mnemonic suffix and operands for llvm-mc, in one assembler run.
struct Variant {
  const ArithOp* op;
  bool oe, rc;
};

std::vector<Variant> variants() {
  std::vector<Variant> v;
  for (const ArithOp& op : kOps)
    for (int oe = 0; oe <= int(op.has_oe); ++oe)
      for (int rc = 0; rc <= 1; ++rc) v.push_back({&op, bool(oe), bool(rc)});
  return v;
}

std::string asm_line(const Variant& v) {
  std::string s = std::string(v.op->mnemonic) + (v.oe ? "o" : "") + (v.rc ? "." : "");
  return s + (v.op->two_regs ? " 3, 4, 5" : " 3, 4");
}

}  // namespace

TEST_CASE("integer arithmetic: every o/. variant against 64-bit reference arithmetic") {
  const auto vars = variants();
  std::string text;
  for (const Variant& v : vars) text += asm_line(v) + "\n";
  const auto words = test::assemble(text);
  REQUIRE(words.size() == vars.size());

  TestCore t;
  Rng rng(0x1D7A);
  for (size_t i = 0; i < vars.size(); ++i) {
    const Variant& v = vars[i];
    OneInsn one(t, words[i]);
    CAPTURE(asm_line(v));
    for (int k = 0; k < 3000; ++k) {
      uint32_t a = rng.operand(), b = rng.operand();
      uint32_t xer_in = uint32_t(rng.next()) & (XER_SO | XER_OV | XER_CA | XER_BC_MASK);
      uint32_t cr_in = uint32_t(rng.next());
      uint32_t cin = (xer_in >> 29) & 1;
      t.h().gpr[4] = a;
      t.h().gpr[5] = b;
      t.h().xer = xer_in;
      t.h().cr = cr_in;
      one.run();
      Expect e = v.op->ref(a, b, cin);
      CAPTURE(a);
      CAPTURE(b);
      CAPTURE(xer_in);
      uint32_t xer = t.h().xer;
      REQUIRE(t.h().gpr[3] == e.r);
      REQUIRE(((xer >> 29) & 1) == (e.ca < 0 ? cin : uint32_t(e.ca)));
      bool so = v.oe ? (bool(xer_in & XER_SO) || e.ov) : bool(xer_in & XER_SO);
      bool ov = v.oe ? e.ov : bool(xer_in & XER_OV);
      REQUIRE(bool(xer & XER_SO) == so);
      REQUIRE(bool(xer & XER_OV) == ov);
      REQUIRE((xer & XER_BC_MASK) == (xer_in & XER_BC_MASK));
      uint32_t cr = v.rc ? ((cr_in & 0x0FFFFFFFu) | cr0_of(e.r, so) << 28) : cr_in;
      REQUIRE(t.h().cr == cr);
    }
  }
}

TEST_CASE("integer arithmetic with immediates: addi, addis, addic, addic., subfic, mulli") {
  const auto base = ASM("addi 3, 4, 0; addis 3, 4, 0; addic 3, 4, 0; addic. 3, 4, 0; "
                                   "subfic 3, 4, 0; mulli 3, 4, 0; addi 3, 0, 0; addis 3, 0, 0");
  REQUIRE(base.size() == 8);
  TestCore t;
  Rng rng(77);
  for (int k = 0; k < 2000; ++k) {
    uint32_t a = rng.operand();
    uint16_t imm = uint16_t(k < 12 ? std::array<uint16_t, 12>{0, 1, 0xFFFF, 0x8000, 0x7FFF, 2, 0xFFFE, 0x10, 0x8001,
                                                              0x4000, 0xC000, 0x00FF}[k]
                                   : rng.next());
    int64_t si = int16_t(imm);
    uint32_t cin = uint32_t(rng.next() & 1), so = uint32_t(rng.next() & 1);
    for (size_t i = 0; i < base.size(); ++i) {
      t.write32(TestCore::kCodeBase, (base[i] & 0xFFFF0000u) | imm);
      t.h().gpr[4] = a;
      t.h().gpr[0] = 0x12345678;  // rA = 0 reads as 0 in addi/addis
      t.h().xer = (cin << 29) | (so << 31);
      t.h().cr = 0x55555555;
      t.h().pc = TestCore::kCodeBase;
      t.h().run(1);
      CAPTURE(i);
      CAPTURE(a);
      CAPTURE(imm);
      uint32_t r = t.h().gpr[3], ca = (t.h().xer >> 29) & 1;
      uint64_t u = uint64_t(a) + uint32_t(si);
      switch (i) {
        case 0: CHECK(r == uint32_t(a + si)); break;
        case 1: CHECK(r == uint32_t(a + (si << 16))); break;
        case 2:
        case 3:
          CHECK(r == uint32_t(u));
          CHECK(ca == uint32_t(u >> 32));
          if (i == 3) CHECK(t.h().cr == ((0x55555555u & 0x0FFFFFFFu) | cr0_of(r, so) << 28));
          else CHECK(t.h().cr == 0x55555555u);
          break;
        case 4:
          CHECK(r == uint32_t(si - int64_t(a)));
          CHECK(ca == uint32_t((uint64_t(~a) + uint32_t(si) + 1) >> 32));
          break;
        case 5: CHECK(r == uint32_t(int64_t(int32_t(a)) * si)); break;
        case 6: CHECK(r == uint32_t(si)); break;
        case 7: CHECK(r == uint32_t(si << 16)); break;
      }
      if (i != 2 && i != 3 && i != 4) CHECK(ca == cin);
      CHECK(bool(t.h().xer & XER_SO) == bool(so));
    }
  }
}

TEST_CASE("integer arithmetic: hand-picked carry, overflow, sign and zero cases") {
  TestCore t;
  auto& h = t.h();
  auto run = [&](const std::vector<uint32_t>& words, uint32_t a, uint32_t b, uint32_t xer = 0) {
    h.gpr[4] = a;
    h.gpr[5] = b;
    h.xer = xer;
    h.cr = 0;
    t.exec(words);
  };
  run(ASM("addco. 3, 4, 5"), 0xFFFFFFFF, 1);
  CHECK(h.gpr[3] == 0);
  CHECK(h.xer == XER_CA);
  CHECK(h.cr == 0x20000000u);  // EQ
  run(ASM("addo. 3, 4, 5"), 0x7FFFFFFF, 1);
  CHECK(h.gpr[3] == 0x80000000u);
  CHECK(h.xer == (XER_SO | XER_OV));
  CHECK(h.cr == 0x90000000u);  // LT | SO
  run(ASM("addo 3, 4, 5"), 1, 2, XER_SO | XER_OV);  // OV cleared, SO sticky
  CHECK(h.xer == XER_SO);
  run(ASM("subfc 3, 4, 5"), 5, 5);  // 5 - 5: no borrow, so CA = 1
  CHECK(h.gpr[3] == 0);
  CHECK(h.xer == XER_CA);
  run(ASM("subfc 3, 4, 5"), 6, 5);  // borrow: CA = 0
  CHECK(h.gpr[3] == 0xFFFFFFFFu);
  CHECK(h.xer == 0);
  run(ASM("subfe. 3, 4, 5"), 0, 0, 0);  // 0 - 0 - 1 = -1, CA = 0
  CHECK(h.gpr[3] == 0xFFFFFFFFu);
  CHECK(h.xer == 0);
  CHECK(h.cr == 0x80000000u);
  run(ASM("nego. 3, 4"), 0x80000000u, 0);
  CHECK(h.gpr[3] == 0x80000000u);
  CHECK(h.xer == (XER_SO | XER_OV));
  CHECK(h.cr == 0x90000000u);
  run(ASM("neg 3, 4"), 1, 0, XER_CA);  // neg leaves CA alone
  CHECK(h.gpr[3] == 0xFFFFFFFFu);
  CHECK(h.xer == XER_CA);
  run(ASM("addze 3, 4"), 0xFFFFFFFF, 0, XER_CA);
  CHECK(h.gpr[3] == 0);
  CHECK(h.xer == XER_CA);
  run(ASM("addme 3, 4"), 0, 0, 0);
  CHECK(h.gpr[3] == 0xFFFFFFFFu);
  CHECK(h.xer == 0);
  run(ASM("subfze. 3, 4"), 0, 0, XER_CA);  // ~0 + 1 = 0 with carry
  CHECK(h.gpr[3] == 0);
  CHECK(h.xer == XER_CA);
  CHECK(h.cr == 0x20000000u);
  run(ASM("mullwo. 3, 4, 5"), 0x10000, 0x10000);
  CHECK(h.gpr[3] == 0);
  CHECK(h.xer == (XER_SO | XER_OV));
  CHECK(h.cr == 0x30000000u);  // EQ | SO
  run(ASM("mulhw 3, 4, 5"), 0xFFFFFFFF, 0xFFFFFFFF);  // (-1)(-1) = 1: high word 0
  CHECK(h.gpr[3] == 0);
  run(ASM("mulhwu 3, 4, 5"), 0xFFFFFFFF, 0xFFFFFFFF);
  CHECK(h.gpr[3] == 0xFFFFFFFEu);
  run(ASM("divw 3, 4, 5"), uint32_t(-7), 2);  // truncates toward zero
  CHECK(h.gpr[3] == uint32_t(-3));
  run(ASM("divwo. 3, 4, 5"), 7, 0);  // qemu: rT = dividend, OV, CR0 from rT
  CHECK(h.gpr[3] == 7);
  CHECK(h.xer == (XER_SO | XER_OV));
  CHECK(h.cr == 0x50000000u);
  run(ASM("divwo 3, 4, 5"), 0x80000000u, 0xFFFFFFFFu);
  CHECK(h.gpr[3] == 0x80000000u);
  CHECK(h.xer == (XER_SO | XER_OV));
  run(ASM("divwuo 3, 4, 5"), 0x80000000u, 0xFFFFFFFFu);  // fine unsigned
  CHECK(h.gpr[3] == 0);
  CHECK(h.xer == 0);
  run(ASM("divwu. 3, 4, 5"), 0xFFFFFFF9u, 0);  // no o: XER untouched
  CHECK(h.gpr[3] == 0xFFFFFFF9u);
  CHECK(h.xer == 0);
  CHECK(h.cr == 0x80000000u);
}

TEST_CASE("64-bit add and subtract chains through XER[CA]") {
  // addc/adde and subfc/subfe on (hi, lo) pairs must equal 64-bit arithmetic.
  const auto words = ASM("addc 3, 5, 7; adde 4, 6, 8; subfc 9, 7, 5; subfe 10, 8, 6");
  REQUIRE(words.size() == 4);
  TestCore t;
  for (size_t i = 0; i < words.size(); ++i) t.write32(TestCore::kCodeBase + 4 * i, words[i]);
  Rng rng(99);
  for (int k = 0; k < 3000; ++k) {
    uint64_t x = rng.next(), y = rng.next();
    if (k & 1) y = ~x + (k & 2);  // near-carry cases
    t.h().gpr[5] = uint32_t(x);
    t.h().gpr[6] = uint32_t(x >> 32);
    t.h().gpr[7] = uint32_t(y);
    t.h().gpr[8] = uint32_t(y >> 32);
    t.h().pc = TestCore::kCodeBase;
    t.h().run(4);
    uint64_t sum = uint64_t(t.h().gpr[4]) << 32 | t.h().gpr[3];
    uint64_t diff = uint64_t(t.h().gpr[10]) << 32 | t.h().gpr[9];
    REQUIRE(sum == x + y);
    REQUIRE(diff == x - y);
    REQUIRE(bool(t.h().xer & XER_CA) == (x >= y));  // no borrow out of the subtraction
  }
}
