// A spot check against qemu-ppc-static -cpu 7400: a generated static program runs a few hundred
// integer instructions on edge-case operands and writes rT, XER and CR after each; pimnic runs
// the same instruction words and must agree bit for bit. (The differential-testing harness
// proper lives elsewhere; this only pins the integer rows' semantics, including the undefined
// divide results, to the reference.) Skipped when the cross tools or qemu are missing.
#include <doctest/doctest.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "integer_util.h"

using namespace pimnic;
using pimnic::test::Rng;
using pimnic::test::TestCore;

namespace {

// rT = 3, rA = 4, rB = 5; CR field 3 for compares.
const char* const kInsns[] = {
    "add 3,4,5", "addo. 3,4,5", "addc. 3,4,5", "addco 3,4,5", "adde 3,4,5", "addeo. 3,4,5",
    "addme. 3,4", "addmeo 3,4", "addze 3,4", "addzeo. 3,4", "subf. 3,4,5", "subfo 3,4,5",
    "subfc 3,4,5", "subfco. 3,4,5", "subfe. 3,4,5", "subfeo 3,4,5", "subfme 3,4", "subfmeo. 3,4",
    "subfze. 3,4", "subfzeo 3,4", "neg. 3,4", "nego 3,4", "mullw. 3,4,5", "mullwo. 3,4,5",
    "mulhw. 3,4,5", "mulhwu. 3,4,5", "divw. 3,4,5", "divwo. 3,4,5", "divwu. 3,4,5", "divwuo. 3,4,5",
    "addic 3,4,-1", "addic. 3,4,1", "subfic 3,4,-5", "subfic 3,4,0", "mulli 3,4,-3",
    "and. 3,4,5", "andc. 3,4,5", "or. 3,4,5", "orc 3,4,5", "xor. 3,4,5", "nand 3,4,5", "nor. 3,4,5",
    "eqv. 3,4,5", "andi. 3,4,0x8001", "andis. 3,4,0x8001", "extsb. 3,4", "extsh. 3,4",
    "cntlzw. 3,4", "slw. 3,4,5", "srw. 3,4,5", "sraw. 3,4,5", "srawi. 3,4,0", "srawi. 3,4,7",
    "srawi 3,4,31", "rlwinm. 3,4,7,3,29", "rlwinm 3,4,31,30,2", "rlwnm. 3,4,5,0,31",
    "rlwnm 3,4,5,20,4", "rlwimi. 3,4,5,8,15", "rlwimi 3,4,29,28,3", "cmpw 3,4,5", "cmplw 3,4,5",
    "cmpwi 3,4,-1", "cmplwi 3,4,0x8000", "mcrxr 3", "crxor 13,2,31", "crnand 0,4,5", "creqv 31,31,0",
    "crandc 7,12,13", "crorc 21,1,9", "mcrf 3,7", "mfcr 3", "mtcrf 0x5a,4",
};

struct Input {
  uint32_t a, b, xer, cr;
};

std::vector<Input> inputs() {
  std::vector<Input> v = {
      {0, 0, 0, 0x12345678},
      {1, 0, 0x20000000, 0x9ABCDEF0},
      {0x7FFFFFFF, 1, 0x80000000, 0},
      {0x80000000, 0xFFFFFFFF, 0xE0000013, 0xFFFFFFFF},
      {0x80000000, 0, 0x40000000, 0x0F0F0F0F},
      {0xFFFFFFFF, 0xFFFFFFFF, 0x20000000, 0x55AA55AA},
      {0xFFFFFFF9, 2, 0, 0x13579BDF},
      {100, 7, 0xA0000000, 0x2468ACE0},
      {0xFFFFFFF9, 0, 0, 0x11111111},
      {0x12345678, 32, 0x20000000, 0x87654321},
      {0x87654321, 63, 0, 0xDEADBEEF},
      {0x80000001, 0x80000000, 0x20000000, 0x0},
  };
  Rng rng(0x9E3);
  for (int i = 0; i < 8; ++i)
    v.push_back({rng.operand(), rng.operand(), uint32_t(rng.next()) & 0xE000007Fu, uint32_t(rng.next())});
  return v;
}

bool have(const char* tool) {
  std::string cmd = std::string("command -v ") + tool + " >/dev/null 2>&1";
  return std::system(cmd.c_str()) == 0;
}

std::string hex(uint32_t v) {
  char b[16];
  std::snprintf(b, sizeof b, "0x%x", v);
  return b;
}

// Load a 32-bit constant into rN.
std::string li32(int n, uint32_t v) {
  return "lis " + std::to_string(n) + "," + hex(v >> 16) + "; ori " + std::to_string(n) + "," +
         std::to_string(n) + "," + hex(v & 0xFFFF) + "\n";
}

// The whole program: per (insn, input) set registers, run the instruction, store r3, XER, CR;
// then write(1, buf, n) and exit(0).
std::string program(const std::vector<Input>& in) {
  std::string s = ".text\n.globl _start\n_start:\n" + std::string("lis 31,buf@ha; addi 31,31,buf@l\n");
  for (const char* insn : kInsns)
    for (const Input& x : in) {
      s += li32(4, x.a) + li32(5, x.b) + li32(3, 0x5A5A5A5A) + li32(0, x.xer) + "mtxer 0\n" +
           li32(0, x.cr) + "mtcr 0\n" + insn + "\nmfxer 6; mfcr 7; stw 3,0(31); stw 6,4(31); stw 7,8(31); addi 31,31,12\n";
    }
  size_t bytes = std::size(kInsns) * in.size() * 12;
  s += "li 0,4; li 3,1; lis 4,buf@ha; addi 4,4,buf@l\n" + li32(5, uint32_t(bytes)) + "sc\nli 0,1; li 3,0; sc\n";
  s += ".bss\n.align 4\nbuf: .space " + std::to_string(bytes) + "\n";
  return s;
}

std::vector<uint8_t> run_capture(const std::string& cmd) {
  FILE* p = popen(cmd.c_str(), "r");
  std::vector<uint8_t> out;
  int c;
  while (p && (c = fgetc(p)) != EOF) out.push_back(uint8_t(c));
  if (p) pclose(p);
  return out;
}

}  // namespace

TEST_CASE("integer instructions agree with qemu-ppc-static -cpu 7400 on edge-case operands") {
  if (!have("qemu-ppc-static") || !have("powerpc-linux-gnu-as") || !have("powerpc-linux-gnu-ld")) {
    MESSAGE("qemu-ppc-static or the powerpc-linux-gnu binutils are missing: skipped");
    return;
  }
  const auto in = inputs();
  char dir[] = "/tmp/pimnic-qemu-int-XXXXXX";
  REQUIRE(mkdtemp(dir) != nullptr);
  std::string base = dir;
  std::ofstream(base + "/p.s") << program(in);
  std::string build = "powerpc-linux-gnu-as -m7400 -o " + base + "/p.o " + base + "/p.s && powerpc-linux-gnu-ld -static -o " +
                      base + "/p " + base + "/p.o";
  REQUIRE(std::system(build.c_str()) == 0);
  auto out = run_capture("qemu-ppc-static -cpu 7400 " + base + "/p");
  std::system(("rm -rf " + base).c_str());
  REQUIRE(out.size() == std::size(kInsns) * in.size() * 12);

  std::string all;
  for (const char* insn : kInsns) all += std::string(insn) + "\n";
  const auto words = test::gnu_assemble(all);
  REQUIRE(words.size() == std::size(kInsns));

  auto be32 = [&](size_t off) {
    return uint32_t(out[off]) << 24 | uint32_t(out[off + 1]) << 16 | uint32_t(out[off + 2]) << 8 | out[off + 3];
  };
  TestCore t;
  size_t off = 0;
  for (size_t i = 0; i < words.size(); ++i) {
    test::OneInsn one(t, words[i]);
    for (const Input& x : in) {
      t.h().gpr[3] = 0x5A5A5A5A;
      t.h().gpr[4] = x.a;
      t.h().gpr[5] = x.b;
      t.h().xer = x.xer;
      t.h().cr = x.cr;
      one.run();
      CAPTURE(kInsns[i]);
      CAPTURE(hex(x.a));
      CAPTURE(hex(x.b));
      CAPTURE(hex(x.xer));
      CHECK(hex(t.h().gpr[3]) == hex(be32(off)));
      CHECK(hex(t.h().xer) == hex(be32(off + 4)));
      CHECK(hex(t.h().cr) == hex(be32(off + 8)));
      off += 12;
    }
  }
}
