// Floating-point loads and stores: single <-> double conversion by the books' bit rules (no
// rounding, SNaNs stay signalling, single denormals normalised, stfs denormalising by
// truncation), update and indexed forms, stfiwx, the alignment interrupt for accesses that are
// not word-aligned (7400 manual), and the invalid update forms with rA = 0.
#include <doctest/doctest.h>

#include "fpu_test_rig.h"

using namespace pimnic;
using namespace pimnic::test;

namespace {

constexpr uint32_t kBase = TestCore::kDataBase;

uint32_t d_form(uint32_t po, unsigned t, unsigned a, int16_t d) {
  return po << 26 | t << 21 | a << 16 | uint16_t(d);
}
uint32_t x_mem(uint32_t xo, unsigned t, unsigned a, unsigned b) { return x_form(31, xo, t, a, b); }

uint64_t load_single(FpuRig& r, uint32_t word) {
  r.reset();
  r.t.write32(kBase, word);
  r.h().gpr[3] = kBase;
  r.run(d_form(48, 1, 3, 0));  // lfs f1, 0(r3)
  REQUIRE(!r.interrupted());
  return r.fpr(1);
}

uint32_t store_single(FpuRig& r, uint64_t value) {
  r.reset();
  r.fpr(1) = value;
  r.h().gpr[3] = kBase;
  r.run(d_form(52, 1, 3, 0));  // stfs f1, 0(r3)
  REQUIRE(!r.interrupted());
  return r.t.read32(kBase);
}

}  // namespace

TEST_CASE("fpu loadstore: lfs widens singles exactly, keeping NaNs as they are") {
  FpuRig r;
  struct Case { uint32_t in; uint64_t out; };
  const Case cases[] = {
      {0x3F800000, 0x3FF0000000000000}, {0xBF800001, 0xBFF0000020000000},
      {0x7F7FFFFF, 0x47EFFFFFE0000000}, {0x00800000, 0x3810000000000000},
      {0x00400000, 0x3800000000000000},  // single denormal 2^-127, normalised
      {0x00000001, 0x36A0000000000000}, {0x807FFFFF, 0xB80FFFFFC0000000},
      {0x7F800000, 0x7FF0000000000000}, {0xFF800000, 0xFFF0000000000000},
      {0x7F800001, 0x7FF0000020000000},  // SNaN stays signalling
      {0xFFC00000, 0xFFF8000000000000}, {0x80000000, 0x8000000000000000},
  };
  for (const Case& c : cases) {
    INFO(std::hex, c.in);
    CHECK(load_single(r, c.in) == c.out);
    // Every widened single stores back unchanged.
    CHECK(store_single(r, c.out) == c.in);
  }
  // Against the host's conversion for ordinary values.
  FpRng rng(0x15);
  for (int i = 0; i < 2000; ++i) {
    uint32_t s = rng.single_operand();
    CHECK(load_single(r, s) == bits_of(double(float_of(s))));
  }
}

TEST_CASE("fpu loadstore: stfs narrows doubles by truncation") {
  FpuRig r;
  struct Case { uint64_t in; uint32_t out; };
  const Case cases[] = {
      {0x3FF000001FFFFFFF, 0x3F800000},  // no rounding
      {0x3FF0000020000000, 0x3F800001},
      {0x3800000000000000, 0x00400000},  // 2^-127: single denormal
      {0x37FFFFFFFFFFFFFF, 0x003FFFFF},  // truncated while denormalising
      {0x36A0000000000000, 0x00000001},  // 2^-149
      {0x3690000000000000, 0x00000000},  // below the single range: zero (undefined in the books)
      {0x8000000000000001, 0x80000000},
      {0x47F0000000000000, 0x7F800000},  // too large: the same bit selection as in range
      {0x7FEFFFFFFFFFFFFF, 0x7F7FFFFF},
      {0x7FF00000F0000001, 0x7F800007},  // NaN payload truncated, still signalling
      {0xFFF8000000000000, 0xFFC00000},
  };
  for (const Case& c : cases) {
    INFO(std::hex, c.in);
    CHECK(store_single(r, c.in) == c.out);
  }
}

TEST_CASE("fpu loadstore: double, indexed and update forms; stfiwx") {
  FpuRig r;
  r.reset();
  r.t.write32(kBase + 16, 0x40090000);
  r.t.write32(kBase + 20, 0x00000001);
  r.h().gpr[3] = kBase;
  r.h().gpr[4] = 16;
  r.run(d_form(50, 1, 3, 16));  // lfd f1, 16(r3)
  CHECK(r.fpr(1) == 0x4009000000000001);
  r.run(x_mem(599, 2, 3, 4));  // lfdx f2, r3, r4
  CHECK(r.fpr(2) == 0x4009000000000001);
  r.run(d_form(51, 5, 3, 16));  // lfdu f5, 16(r3)
  CHECK(r.fpr(5) == 0x4009000000000001);
  CHECK(r.h().gpr[3] == kBase + 16);
  r.h().gpr[3] = kBase;
  r.run(x_mem(631, 6, 3, 4));  // lfdux f6, r3, r4
  CHECK(r.fpr(6) == 0x4009000000000001);
  CHECK(r.h().gpr[3] == kBase + 16);
  r.h().gpr[3] = kBase;
  r.run(x_mem(567, 7, 3, 4));  // lfsux f7, r3, r4: the single 0x40090000
  CHECK(r.fpr(7) == 0x4001200000000000);
  CHECK(r.h().gpr[3] == kBase + 16);
  // lfs with rA = 0 uses address d.
  r.t.write32(0x100, 0x40090000);
  r.run(d_form(48, 8, 0, 0x100));
  CHECK(r.fpr(8) == 0x4001200000000000);

  r.fpr(9) = 0x0123456789ABCDEF;
  r.h().gpr[3] = kBase;
  r.run(d_form(55, 9, 3, 32));  // stfdu f9, 32(r3)
  CHECK(r.t.read32(kBase + 32) == 0x01234567);
  CHECK(r.t.read32(kBase + 36) == 0x89ABCDEF);
  CHECK(r.h().gpr[3] == kBase + 32);
  r.h().gpr[3] = kBase;
  r.h().gpr[4] = 40;
  r.run(x_mem(983, 9, 3, 4));  // stfiwx f9, r3, r4: the low word
  CHECK(r.t.read32(kBase + 40) == 0x89ABCDEF);
  r.fpr(10) = 0x3FF0000000000000;
  r.run(x_mem(695, 10, 3, 4));  // stfsux f10, r3, r4
  CHECK(r.t.read32(kBase + 40) == 0x3F800000);
  CHECK(r.h().gpr[3] == kBase + 40);
  r.run(x_mem(727, 10, 0, 4));  // stfdx f10, 0, r4 (rA = 0)
  CHECK(r.t.read32(40) == 0x3FF00000);
  CHECK(!r.interrupted());
}

TEST_CASE("fpu loadstore: accesses that are not word-aligned take the alignment interrupt") {
  FpuRig r;
  for (uint32_t w : {d_form(50, 1, 3, 2), d_form(48, 1, 3, 1), d_form(54, 1, 3, 6),
                     d_form(52, 1, 3, 3), x_mem(983, 1, 3, 4)}) {
    r.reset();
    r.h().gpr[3] = kBase;
    r.h().gpr[4] = 2;
    r.fpr(1) = 0x5555;
    r.t.write32(kBase, 0xAAAAAAAA);
    r.run(w);
    CHECK(r.h().last_interrupt.kind == Interrupt::Alignment);
    CHECK(r.h().dar == kBase + (w >> 26 == 31 ? 2 : (w & 0xFFFF)));
    CHECK(r.fpr(1) == 0x5555);
    CHECK(r.t.read32(kBase) == 0xAAAAAAAA);
  }
  // Word-aligned doubles are fine.
  r.reset();
  r.h().gpr[3] = kBase;
  r.run(d_form(50, 1, 3, 4));
  CHECK(!r.interrupted());
}

TEST_CASE("fpu loadstore: update forms with rA = 0 are invalid (illegal instruction)") {
  FpuRig r;
  for (uint32_t w : {d_form(49, 1, 0, 8), d_form(51, 1, 0, 8), d_form(53, 1, 0, 8),
                     d_form(55, 1, 0, 8), x_mem(567, 1, 0, 4), x_mem(759, 1, 0, 4)}) {
    r.reset();
    r.run(w);
    CHECK(r.h().last_interrupt.kind == Interrupt::Program);
    CHECK((r.h().srr1 & SRR1_PROGRAM_ILLEGAL) != 0);
  }
}
