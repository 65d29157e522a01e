// Register dependencies derived from the table: explicit operands, rA-or-0, update forms, implicit
// CR0/XER/LR/CTR. The words come from llvm-mc, an independent assembler.
#include <doctest/doctest.h>

#include <set>

#include "cpu/core.h"
#include "isa/deps.h"
#include "test_core.h"

using namespace pimnic;
using namespace pimnic::isa;

namespace {

struct Sets {
  std::set<int> src, dst;
};

Sets deps_of(const std::string& text) {
  static Decoder dec(core_profile("host").features);
  auto words = test::assemble(text);
  REQUIRE(words.size() == 1);
  const InsnRow* r = dec.decode(words[0]);
  REQUIRE(r != nullptr);
  RegDeps d = register_deps(*r, words[0]);
  Sets s;
  for (unsigned i = 0; i < d.nsrc; ++i) s.src.insert(d.src[i]);
  for (unsigned i = 0; i < d.ndst; ++i) s.dst.insert(d.dst[i]);
  return s;
}

int gpr(int n) { return REG_GPR0 + n; }
int crf(int n) { return REG_CR0 + n; }

}  // namespace

TEST_CASE("explicit operands and record forms") {
  Sets s = deps_of("add. 3, 4, 5");
  CHECK(s.src == std::set<int>{gpr(4), gpr(5), REG_XER_SO});
  CHECK(s.dst == std::set<int>{gpr(3), crf(0)});
  s = deps_of("addo 3, 4, 5");
  CHECK(s.src == std::set<int>{gpr(4), gpr(5), REG_XER_SO});
  CHECK(s.dst == std::set<int>{gpr(3), REG_XER_SO});
}

TEST_CASE("rA or 0 reads no register when rA is 0") {
  CHECK(deps_of("addi 3, 0, 1").src.empty());
  CHECK(deps_of("addi 3, 7, 1").src == std::set<int>{gpr(7)});
  CHECK(deps_of("lwz 3, 8(0)").src.empty());
}

TEST_CASE("update forms write rA as well as the target") {
  Sets s = deps_of("lwzu 3, 8(4)");
  CHECK(s.src == std::set<int>{gpr(4)});
  CHECK(s.dst == std::set<int>{gpr(3), gpr(4)});
  s = deps_of("stwu 1, -16(1)");
  CHECK(s.src == std::set<int>{gpr(1)});
  CHECK(s.dst == std::set<int>{gpr(1)});
}

TEST_CASE("compares read SO and write one CR field") {
  Sets s = deps_of("cmpw 5, 3, 4");
  CHECK(s.src == std::set<int>{gpr(3), gpr(4), REG_XER_SO});
  CHECK(s.dst == std::set<int>{crf(5)});
}

TEST_CASE("branches: CR bit, CTR decrement, LR") {
  Sets s = deps_of("bdnz 0x40");
  CHECK(s.src == std::set<int>{REG_CTR});
  CHECK(s.dst == std::set<int>{REG_CTR});
  s = deps_of("beq 2, 0x40");
  CHECK(s.src == std::set<int>{crf(2)});
  CHECK(s.dst.empty());
  s = deps_of("blrl");
  CHECK(s.src == std::set<int>{REG_LR});
  CHECK(s.dst == std::set<int>{REG_LR});
  s = deps_of("bctr");
  CHECK(s.src == std::set<int>{REG_CTR});
  s = deps_of("bl 0x100");
  CHECK(s.dst == std::set<int>{REG_LR});
}

TEST_CASE("special-purpose register moves name LR, CTR and XER") {
  CHECK(deps_of("mflr 0").src == std::set<int>{REG_LR});
  CHECK(deps_of("mtctr 9").dst == std::set<int>{REG_CTR});
  CHECK(deps_of("mtxer 9").dst == std::set<int>{REG_XER_SO, REG_XER_CA, REG_XER_BC});
}
