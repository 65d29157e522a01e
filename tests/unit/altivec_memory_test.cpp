// AltiVec loads and stores at both widths: alignment masking, element accesses, the
// vector-unavailable interrupt, and the data-stream hints; plus decoding of every memory and
// control row from llvm-mc's encodings.
#include <doctest/doctest.h>

#include <vector>

#include "altivec_util.h"
#include "cpu/exec_record.h"
#include "cpu/interrupts.h"
#include "isa/insn_table.h"
#include "test_core.h"

using namespace pimnic;
using pimnic::test::TestCore;

namespace {
std::vector<uint8_t> pattern(unsigned n, uint8_t seed) {
  std::vector<uint8_t> v(n);
  for (unsigned i = 0; i < n; ++i) v[i] = uint8_t(seed + 7 * i);
  return v;
}
std::vector<uint8_t> bytes_of(const VReg& v, unsigned n) {
  std::vector<uint8_t> out(n);
  for (unsigned i = 0; i < n; ++i) out[i] = v.b[n - 1 - i];
  return out;
}
}  // namespace

TEST_CASE("AltiVec: lvx/stvx move the vector width at EA rounded down to it") {
  for (const char* profile : {"host", "pim"}) {
    TestCore t(profile);
    Hart& h = t.h();
    const unsigned n = h.vec_bytes();
    const uint32_t base = TestCore::kDataBase + 0x100;  // 256-aligned
    t.write_bytes(base - 32, pattern(128, 1));
    for (uint32_t off : {0u, 5u, n - 1, n + 3}) {
      h.gpr[3] = base, h.gpr[4] = off;
      t.exec_asm("lvx 2, 3, 4; lvxl 5, 3, 4");
      const uint32_t block = (base + off) & ~(n - 1);
      CHECK(bytes_of(h.vr[2], n) == t.read_bytes(block, n));
      CHECK(h.vr[5] == h.vr[2]);
      if (n == 16) CHECK(std::vector<uint8_t>(h.vr[2].b + 16, h.vr[2].b + 32) == std::vector<uint8_t>(16, 0));
    }
    // Stores: only the aligned block changes.
    h.vr[6] = test::vec_from_bytes(pattern(n, 0x80));
    std::vector<uint8_t> before = t.read_bytes(base - 32, 128);
    h.gpr[3] = base + 32 + 7, h.gpr[4] = 0;
    t.exec_asm("stvx 6, 3, 4");
    std::vector<uint8_t> after = t.read_bytes(base - 32, 128), want = before;
    const uint32_t block = (base + 32 + 7) & ~(n - 1);
    for (unsigned i = 0; i < n; ++i) want[block - (base - 32) + i] = uint8_t(0x80 + 7 * i);
    CHECK(after == want);
    h.gpr[5] = base + 64 + n + 1;  // stvxl, rA = 0
    t.exec_asm("stvxl 6, 0, 5");
    CHECK(t.read_bytes(base + 64 + n, n) == pattern(n, 0x80));
  }
}

TEST_CASE("AltiVec: step() records lvx/stvx as one access of the vector width") {
  for (const char* profile : {"host", "pim"}) {
    TestCore t(profile);
    Hart& h = t.h();
    const unsigned n = h.vec_bytes();
    const uint32_t base = TestCore::kDataBase;
    t.write_bytes(base, pattern(64, 9));
    h.gpr[3] = base + 35;
    std::vector<uint32_t> words = test::assemble("lvx 2, 0, 3; stvx 2, 0, 3", profile);
    t.write32(TestCore::kCodeBase, words[0]), t.write32(TestCore::kCodeBase + 4, words[1]);
    h.pc = TestCore::kCodeBase;
    ExecRecord rec;
    h.step(rec);
    REQUIRE(rec.nmem == 1);
    CHECK(rec.mem[0].addr == ((base + 35) & ~(n - 1)));
    CHECK(rec.mem[0].size == n);
    CHECK(!rec.mem[0].write);
    CHECK(std::vector<uint8_t>(rec.mem[0].data, rec.mem[0].data + n) == t.read_bytes(rec.mem[0].addr, n));
    h.step(rec);
    REQUIRE(rec.nmem == 1);
    CHECK(rec.mem[0].write);
    CHECK(rec.mem[0].size == n);
  }
}

TEST_CASE("AltiVec: element loads and stores address the element within the block") {
  for (const char* profile : {"host", "pim"}) {
    TestCore t(profile);
    Hart& h = t.h();
    const unsigned n = h.vec_bytes();
    const uint32_t base = TestCore::kDataBase;
    t.write_bytes(base, pattern(64, 0x10));
    const std::vector<uint8_t> mem = t.read_bytes(base, 64);
    const VReg start = test::vec_from_bytes(std::vector<uint8_t>(n, 0xEE));
    // lvebx at offset 21, lvehx at 22+1 (rounded to 22), lvewx at 44+3 (rounded to 44).
    h.vr[2] = h.vr[5] = h.vr[6] = start;
    h.gpr[3] = base;
    h.gpr[4] = 21, h.gpr[7] = 23, h.gpr[8] = 47;
    t.exec_asm("lvebx 2, 3, 4; lvehx 5, 3, 7; lvewx 6, 3, 8");
    auto expect = [&](uint32_t off, unsigned size) {
      std::vector<uint8_t> v(n, 0xEE);
      for (unsigned k = 0; k < size; ++k) v[(off & (n - 1)) + k] = mem[off + k];
      return v;
    };
    CHECK(bytes_of(h.vr[2], n) == expect(21, 1));
    CHECK(bytes_of(h.vr[5], n) == expect(22, 2));
    CHECK(bytes_of(h.vr[6], n) == expect(44, 4));

    // Stores write only the element's bytes, from the element EA picks.
    h.vr[9] = test::vec_from_bytes(pattern(n, 0xA0));
    const std::vector<uint8_t> v9 = pattern(n, 0xA0);
    h.gpr[4] = 29, h.gpr[7] = 31, h.gpr[8] = 59;
    t.exec_asm("stvebx 9, 3, 4; stvehx 9, 3, 7; stvewx 9, 3, 8");
    std::vector<uint8_t> want = mem;
    want[29] = v9[29 & (n - 1)];
    for (unsigned k = 0; k < 2; ++k) want[30 + k] = v9[(30 & (n - 1)) + k];
    for (unsigned k = 0; k < 4; ++k) want[56 + k] = v9[(56 & (n - 1)) + k];
    CHECK(t.read_bytes(base, 64) == want);
  }
}

TEST_CASE("AltiVec: MSR[VEC]=0 raises vector unavailable; stream hints still run") {
  TestCore t("pim");
  Hart& h = t.h();
  h.msr &= ~MSR_VEC;
  h.vr[2] = test::vec_from_bytes(pattern(32, 3));
  const VReg before = h.vr[2];
  const uint32_t vscr = h.vscr;
  t.exec_asm("vaddubm 2, 3, 4");
  CHECK(h.last_interrupt.kind == Interrupt::VecUnavailable);
  CHECK(h.srr0 == TestCore::kCodeBase);
  CHECK(h.vr[2] == before);
  for (const char* insn : {"lvx 2, 0, 3", "stvx 2, 0, 3", "mtvscr 4", "vaddfp 2, 3, 4", "vcmpequb. 2, 3, 4", "lvsl 2, 0, 3"}) {
    h.msr &= ~MSR_VEC;
    h.last_interrupt = InterruptInfo{Interrupt::SystemReset, 0};
    t.exec_asm(insn);
    CHECK_MESSAGE(h.last_interrupt.kind == Interrupt::VecUnavailable, insn);
    CHECK(h.vr[2] == before);
    CHECK(h.vscr == vscr);
  }
  h.msr &= ~MSR_VEC;
  h.last_interrupt = InterruptInfo{Interrupt::SystemReset, 0};
  t.exec_asm("dst 3, 4, 1; dststt 3, 4, 3; dss 2; dssall");
  CHECK(h.last_interrupt.kind == Interrupt::SystemReset);
  CHECK(h.pc == TestCore::kCodeBase + 16);
}

TEST_CASE("AltiVec: memory, VSCR and stream rows decode from llvm-mc's encodings") {
  const char* lines[] = {"lvx 2, 3, 4",   "lvxl 2, 3, 4",   "stvx 2, 3, 4",   "stvxl 2, 3, 4",
                         "lvebx 2, 3, 4", "lvehx 2, 3, 4",  "lvewx 2, 3, 4",  "stvebx 2, 3, 4",
                         "stvehx 2, 3, 4", "stvewx 2, 3, 4", "lvsl 2, 3, 4",  "lvsr 2, 3, 4",
                         "dst 3, 4, 2",   "dstt 3, 4, 1",   "dstst 3, 4, 0", "dststt 3, 4, 3",
                         "dss 1",         "dssall",         "mfvscr 2",      "mtvscr 4"};
  for (const char* profile : {"host", "pim"}) {
    TestCore t(profile);
    for (const char* line : lines) {
      std::vector<uint32_t> w = test::assemble(line, profile);
      REQUIRE(w.size() == 1);
      const isa::InsnRow* row = t.core().decoder().decode(w[0]);
      REQUIRE_MESSAGE(row != nullptr, line);
      std::string mnem = line;
      CHECK(std::string(row->mnemonic) == mnem.substr(0, mnem.find(' ')));
    }
  }
  TestCore nic("nic");
  CHECK(nic.core().decoder().decode(test::assemble("lvx 2, 3, 4")[0]) == nullptr);
}
