// 256-bit property: every lane-local AltiVec instruction on a PIM core (32-byte registers) gives,
// in each 16-byte half, what the 128-bit instruction gives on that half; VSCR[SAT] is the OR of the
// halves, and CR6 of a dotted compare combines the halves' all-true / all-false. Instructions are
// taken from the golden set (altivec_golden.inc), random vectors from a fixed seed.
#include <doctest/doctest.h>

#include <cstring>
#include <set>
#include <string>

#include "altivec_golden_inputs.h"
#include "altivec_util.h"
#include "isa/insn_table.h"
#include "test_core.h"

using namespace pimnic;
using pimnic::test::TestCore;

namespace {
struct AltivecGoldenInsn {
  const char* name;
  uint32_t word;
  int kind;
  unsigned first, count;
};
struct AltivecGoldenOut {
  uint32_t d[4];
  uint32_t vscr;
  uint32_t cr6;
};
#include "altivec_golden.inc"

// Instructions that move data between 16-byte halves at 256 bits (tested with golden vectors in
// altivec_cross_test.cpp instead).
const std::set<std::string> kCrossLane = {
    "vperm", "vsldoi", "vmrghb", "vmrghh", "vmrghw", "vmrglb", "vmrglh", "vmrglw", "vspltb",
    "vsplth", "vspltw", "vpkuhum", "vpkuwum", "vpkuhus", "vpkuwus", "vpkshus", "vpkswus",
    "vpkshss", "vpkswss", "vpkpx", "vupkhsb", "vupkhsh", "vupklsb", "vupklsh", "vupkhpx",
    "vupklpx", "vsumsws", "vsl", "vsr", "vslo", "vsro", "mfvscr", "mtvscr"};

// The 16-byte half `half` (0 = first, big-endian bytes 0-15) of a 32-byte register, as a 128-bit one.
VReg half_of(const VReg& v, int half) {
  VReg r;
  std::memcpy(r.b, v.b + (half == 0 ? 16 : 0), 16);
  return r;
}

uint32_t random_word(test::Rng& rng, int kind) {
  uint32_t s = rng.next32() | 1;
  return kind == AGI_FLOAT ? agi_float_word(&s) : agi_int_word(&s);
}
}  // namespace

TEST_CASE("AltiVec 256: lane-local instructions equal the 128-bit instruction on each half") {
  TestCore wide("pim"), narrow("host");
  test::Rng rng(0x5eed256);
  unsigned tested = 0;
  for (const AltivecGoldenInsn& g : kGoldenInsns) {
    const isa::InsnRow* row = wide.core().decoder().decode(g.word);
    REQUIRE(row != nullptr);
    if (kCrossLane.count(row->mnemonic)) continue;
    ++tested;
    const bool dotted = row->has(isa::F_RC) && (g.word & 0x400);
    for (int rep = 0; rep < 24; ++rep) {
      VReg in[4];  // v2..v5
      for (VReg& v : in)
        for (int i = 0; i < 8; ++i) v.w[i] = random_word(rng, g.kind);
      const uint32_t vscr = (rng.next32() & 1 ? 0x00010000u : 0) | (rep % 5 == 4 ? 1u : 0u);

      Hart& hw = wide.h();
      for (int r = 0; r < 4; ++r) hw.vr[2 + r] = in[r];
      hw.vscr = vscr;
      hw.cr = 0;
      wide.exec({g.word});

      uint32_t sat = 0;
      bool all_true = true, all_false = true;
      VReg expect;
      for (int half = 0; half < 2; ++half) {
        Hart& hn = narrow.h();
        for (int r = 0; r < 4; ++r) hn.vr[2 + r] = half_of(in[r], half);
        hn.vscr = vscr;
        hn.cr = 0;
        narrow.exec({g.word});
        std::memcpy(expect.b + (half == 0 ? 16 : 0), hn.vr[2].b, 16);
        sat |= hn.vscr;
        all_true &= (hn.cr_field(6) & 8) != 0;
        all_false &= (hn.cr_field(6) & 2) != 0;
      }
      const uint32_t cr6 = dotted ? (all_true ? 8u : 0u) | (all_false ? 2u : 0u) : 0u;
      INFO(g.name << " rep " << rep << " in vA " << test::vec_str(in[1], 32) << " vB " << test::vec_str(in[2], 32));
      CHECK(test::vec_str(hw.vr[2], 32) == test::vec_str(expect, 32));
      CHECK(hw.vscr == sat);
      CHECK(hw.cr_field(6) == cr6);
    }
  }
  CHECK(tested > 120);
}
