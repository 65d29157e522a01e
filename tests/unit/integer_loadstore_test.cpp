// Integer loads and stores: every D/X/update/byte-reversed form, misaligned and page-crossing
// addresses, faults that leave state unchanged, and the invalid update forms.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "cpu/interrupts.h"
#include "integer_util.h"

using namespace pimnic;
using pimnic::test::TestCore;

namespace {

struct Form {
  const char* text;  // rT/rS = 3, rA = 4, rB = 5, displacement 6 for D forms
  unsigned size;
  bool store, update, indexed, sign, reversed;
};

const Form kForms[] = {
    {"lbz 3, 6(4)", 1, false, false, false, false, false},
    {"lbzu 3, 6(4)", 1, false, true, false, false, false},
    {"lbzx 3, 4, 5", 1, false, false, true, false, false},
    {"lbzux 3, 4, 5", 1, false, true, true, false, false},
    {"lhz 3, 6(4)", 2, false, false, false, false, false},
    {"lhzu 3, 6(4)", 2, false, true, false, false, false},
    {"lhzx 3, 4, 5", 2, false, false, true, false, false},
    {"lhzux 3, 4, 5", 2, false, true, true, false, false},
    {"lha 3, 6(4)", 2, false, false, false, true, false},
    {"lhau 3, 6(4)", 2, false, true, false, true, false},
    {"lhax 3, 4, 5", 2, false, false, true, true, false},
    {"lhaux 3, 4, 5", 2, false, true, true, true, false},
    {"lwz 3, 6(4)", 4, false, false, false, false, false},
    {"lwzu 3, 6(4)", 4, false, true, false, false, false},
    {"lwzx 3, 4, 5", 4, false, false, true, false, false},
    {"lwzux 3, 4, 5", 4, false, true, true, false, false},
    {"lhbrx 3, 4, 5", 2, false, false, true, false, true},
    {"lwbrx 3, 4, 5", 4, false, false, true, false, true},
    {"stb 3, 6(4)", 1, true, false, false, false, false},
    {"stbu 3, 6(4)", 1, true, true, false, false, false},
    {"stbx 3, 4, 5", 1, true, false, true, false, false},
    {"stbux 3, 4, 5", 1, true, true, true, false, false},
    {"sth 3, 6(4)", 2, true, false, false, false, false},
    {"sthu 3, 6(4)", 2, true, true, false, false, false},
    {"sthx 3, 4, 5", 2, true, false, true, false, false},
    {"sthux 3, 4, 5", 2, true, true, true, false, false},
    {"stw 3, 6(4)", 4, true, false, false, false, false},
    {"stwu 3, 6(4)", 4, true, true, false, false, false},
    {"stwx 3, 4, 5", 4, true, false, true, false, false},
    {"stwux 3, 4, 5", 4, true, true, true, false, false},
    {"sthbrx 3, 4, 5", 2, true, false, true, false, true},
    {"stwbrx 3, 4, 5", 4, true, false, true, false, true},
};

std::vector<uint32_t> form_words() {
  std::string text;
  for (const Form& f : kForms) text += std::string(f.text) + "\n";
  auto w = test::assemble(text);
  REQUIRE(w.size() == std::size(kForms));
  return w;
}

// A recognisable byte pattern around base.
std::vector<uint8_t> pattern(unsigned n, unsigned seed) {
  std::vector<uint8_t> v(n);
  for (unsigned i = 0; i < n; ++i) v[i] = uint8_t(i * 37 + seed * 101 + 11);
  return v;
}

// Big-endian value of n bytes (reversed when rev).
uint32_t be_value(const std::vector<uint8_t>& b, unsigned off, unsigned n, bool rev) {
  uint32_t v = 0;
  for (unsigned i = 0; i < n; ++i) v = v << 8 | b[off + (rev ? n - 1 - i : i)];
  return v;
}

}  // namespace

TEST_CASE("every integer load and store form, aligned, misaligned and across a page boundary") {
  const auto words = form_words();
  TestCore t;
  auto& h = t.h();
  // Effective addresses: aligned, every misalignment, and straddling the page at 0x21000.
  const uint32_t eas[] = {0x20100, 0x20101, 0x20102, 0x20103, 0x20FFD, 0x20FFE, 0x20FFF};
  for (size_t i = 0; i < words.size(); ++i) {
    const Form& f = kForms[i];
    CAPTURE(f.text);
    for (uint32_t ea : eas) {
      CAPTURE(ea);
      const uint32_t window = ea - 8;
      auto before = pattern(24, unsigned(i));
      t.write_bytes(window, before);
      uint32_t disp = f.indexed ? 0 : 6;
      h.gpr[4] = f.indexed ? ea - 0x30 : ea - disp;
      h.gpr[5] = 0x30;
      h.gpr[3] = 0xC0DE0000u | uint32_t(ea & 0xFFFF);
      uint32_t rs = h.gpr[3];
      t.exec({words[i]});
      CHECK(h.pc == TestCore::kCodeBase + 4);
      auto after = t.read_bytes(window, 24);
      if (f.store) {
        auto want = before;
        for (unsigned k = 0; k < f.size; ++k) {
          unsigned sh = 8 * (f.reversed ? k : f.size - 1 - k);
          want[8 + k] = uint8_t(rs >> sh);
        }
        CHECK(after == want);
      } else {
        uint32_t v = be_value(before, 8, f.size, f.reversed);
        if (f.sign && (v & 0x8000)) v |= 0xFFFF0000u;
        CHECK(h.gpr[3] == v);
        CHECK(after == before);
      }
      CHECK(h.gpr[4] == (f.update ? ea : (f.indexed ? ea - 0x30 : ea - disp)));
    }
  }
}

TEST_CASE("rA = 0 means the value 0 in the non-update forms") {
  TestCore t;
  auto& h = t.h();
  t.write32(0x180, 0xCAFEF00D);
  h.gpr[0] = 0x20000;  // must be ignored
  h.gpr[5] = 0x180;
  t.exec(ASM("lwz 3, 0x180(0)"));
  CHECK(h.gpr[3] == 0xCAFEF00Du);
  t.exec(ASM("lwzx 6, 0, 5"));
  CHECK(h.gpr[6] == 0xCAFEF00Du);
  h.gpr[7] = 0x11223344;
  t.exec(ASM("stw 7, 0x184(0); sthx 7, 0, 5"));
  CHECK(t.read32(0x184) == 0x11223344u);
  CHECK(t.read32(0x180) == 0x3344F00Du);
  // Negative displacements wrap modulo 2^32.
  h.gpr[4] = 0x188;
  t.exec(ASM("lwz 8, -8(4)"));
  CHECK(h.gpr[8] == 0x3344F00Du);
}

TEST_CASE("update forms with rS = rA store the old rA; loads into rA from another base") {
  TestCore t;
  auto& h = t.h();
  h.gpr[4] = TestCore::kDataBase;
  t.exec(ASM("stwu 4, 8(4)"));
  CHECK(t.read32(TestCore::kDataBase + 8) == TestCore::kDataBase);
  CHECK(h.gpr[4] == TestCore::kDataBase + 8);
  h.gpr[5] = 4;
  t.exec(ASM("stbux 4, 4, 5"));
  CHECK(t.read_bytes(TestCore::kDataBase + 12, 1)[0] == uint8_t(TestCore::kDataBase + 8));
  CHECK(h.gpr[4] == TestCore::kDataBase + 12);
}

TEST_CASE("invalid update forms raise the illegal instruction interrupt, as qemu -cpu 7400 does") {
  TestCore t;
  auto& h = t.h();
  // lwzu 5,0(5); lwzu 5,0(0); lbzux 5,5,6; lhau 5,0(5); stwu 5,0(0); stbux 5,0,6; lhzux 3,0,5
  for (uint32_t w : {0x84A50000u, 0x84A00000u, 0x7CA530EEu, 0xACA50000u, 0x94A00000u, 0x7CA031EEu,
                     0x7C602A6Eu}) {
    h.gpr[5] = TestCore::kDataBase;
    h.gpr[6] = 0;
    h.gpr[0] = TestCore::kDataBase;
    h.srr1 = 0;
    t.exec({w});
    CAPTURE(w);
    CHECK(h.pc == 0x700);
    CHECK(h.srr0 == TestCore::kCodeBase);
    CHECK((h.srr1 & SRR1_PROGRAM_ILLEGAL) != 0);
    CHECK(h.gpr[5] == TestCore::kDataBase);
  }
}

TEST_CASE("a faulting access changes no register and no memory") {
  TestCore t;  // RAM is [0, 1 MiB); 0x80000000 is unmapped
  auto& h = t.h();
  const uint32_t bad = 0x80000000u;
  const auto words = form_words();
  for (size_t i = 0; i < words.size(); ++i) {
    const Form& f = kForms[i];
    CAPTURE(f.text);
    for (uint32_t ea : {bad + 0x10, 0x100000u - 1}) {  // unmapped, and crossing the end of RAM
      if (ea == 0x100000u - 1 && f.size == 1) continue;
      h.gpr[3] = 0x3333;
      h.gpr[4] = f.indexed ? ea - 0x10 : ea - 6;
      h.gpr[5] = 0x10;
      uint32_t ra_before = h.gpr[4];
      auto tail = t.read_bytes(0x100000u - 4, 4);
      t.exec({words[i]});
      CHECK(h.pc == 0x300);
      CHECK(h.srr0 == TestCore::kCodeBase);
      CHECK(h.dar - ea < f.size);  // a byte of the access
      CHECK(((h.dsisr & DSISR_STORE) != 0) == f.store);
      CHECK(h.gpr[3] == 0x3333);
      CHECK(h.gpr[4] == ra_before);
      CHECK(t.read_bytes(0x100000u - 4, 4) == tail);
    }
  }
}

TEST_CASE("external control: eciwx/ecowx need EAR[E], else a storage interrupt") {
  TestCore t;
  auto& h = t.h();
  h.gpr[4] = TestCore::kDataBase;
  h.gpr[5] = 8;
  h.gpr[3] = 0x12345678;
  t.exec(GASM("ecowx 3, 4, 5"));
  CHECK(h.pc == 0x300);
  CHECK(h.dsisr == ((1u << 20) | DSISR_STORE));
  CHECK(t.read32(TestCore::kDataBase + 8) == 0);
  h.ear = 0x80000000u;
  t.exec(GASM("ecowx 3, 4, 5; eciwx 6, 4, 5"));
  CHECK(t.read32(TestCore::kDataBase + 8) == 0x12345678u);
  CHECK(h.gpr[6] == 0x12345678u);
  h.gpr[5] = 9;
  t.exec(GASM("eciwx 6, 4, 5"));
  CHECK(h.pc == 0x600);
  CHECK(h.dar == TestCore::kDataBase + 9);
}

// The fast path's one tag compare also rejects an access running into the next page only because
// consecutive pages never share a slot; pages 1 MiB apart that programs use together (the Linux
// stack top at 0x40800000, an image's first page at 0x10000000) must not share one either.
TEST_CASE("fast-path slots: consecutive pages apart, stack top and image start apart") {
  for (uint64_t page = 0; page + kPageSize < (1ull << 32); page += kPageSize)
    if (Hart::tlb_slot(uint32_t(page)) == Hart::tlb_slot(uint32_t(page + kPageSize))) FAIL("pages share a slot: ", page);
  CHECK(Hart::tlb_slot(0x10000000) != Hart::tlb_slot(0x40800000));
  CHECK(Hart::tlb_slot(0x10000fff) == Hart::tlb_slot(0x10000000));
}
