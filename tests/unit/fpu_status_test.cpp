// FPSCR instructions: mffs (and the POWER9 mffsl/mffscrni forms that glibc 2.36 executes, which
// run as mffs), mtfsf, mtfsfi, mtfsb0, mtfsb1, mcrfs; FEX and VX are never written directly;
// FX rules; Rc=1 and CR1; an enabled exception made pending by a move interrupts.
#include <doctest/doctest.h>

#include "fpu_test_rig.h"

using namespace pimnic;
using namespace pimnic::test;

namespace {

uint32_t mffs(bool rc = false) { return x_form(63, 583, 1, 0, 0, rc); }
uint32_t mtfsf(uint32_t flm, bool rc = false) { return 63u << 26 | flm << 17 | 3u << 11 | 711u << 1 | rc; }
uint32_t mtfsfi(unsigned bf, uint32_t u, bool rc = false) {
  return 63u << 26 | bf << 23 | u << 12 | 134u << 1 | rc;
}
uint32_t mtfsb0(unsigned bt, bool rc = false) { return x_form(63, 70, bt, 0, 0, rc); }
uint32_t mtfsb1(unsigned bt, bool rc = false) { return x_form(63, 38, bt, 0, 0, rc); }
uint32_t mcrfs(unsigned bf, unsigned bfa) { return 63u << 26 | bf << 23 | bfa << 18 | 64u << 1; }

uint32_t after(FpuRig& r, uint32_t w, uint32_t fpscr, uint64_t frb = 0, uint32_t msr_extra = 0) {
  r.reset(fpscr, msr_extra);
  r.fpr(3) = frb;
  r.run(w);
  return r.h().fpscr;
}

}  // namespace

TEST_CASE("fpu status: mffs and its POWER9 variants read FPSCR into the low word") {
  FpuRig r;
  // llvm-mc encodes the POWER9 forms; reserved bits 11-20 must not matter on the 7400.
  std::vector<uint32_t> words = assemble("mffs 1; mffs. 1; mffsl 1; mffscrni 1, 3; mffsce 1");
  REQUIRE(words.size() == 5);
  for (uint32_t w : words) {
    r.reset(0x0201F0F3 & ~fb::RN);
    r.h().fpscr |= fb::RoundDown;
    r.h().cr = 0;
    r.fpr(1) = ~0ull;
    r.run(w);
    CHECK(!r.interrupted());
    CHECK(r.fpr(1) == (0x0201F0F0ull | fb::RoundDown));
    CHECK(r.h().fpscr == (0x0201F0F0u | fb::RoundDown));  // mffscrni does not change RN here
  }
  // mffs. copies FX FEX VX OX to CR1.
  r.reset(fb::with_summaries(fb::FX | fb::VXIDI | fb::VE));
  r.run(mffs(true));
  CHECK(r.h().cr_field(1) == 0xE);
}

TEST_CASE("fpu status: mtfsf writes the selected fields; FEX and VX follow the other bits") {
  FpuRig r;
  CHECK(after(r, mtfsf(0xFF), 0, 0xFFFFFFFF00000000ull) == 0);
  CHECK(after(r, mtfsf(0xFF), 0, 0x60000000) == 0);             // FEX, VX cannot be written
  CHECK(after(r, mtfsf(0x80), 0, 0x90000000) == 0x90000000);    // FX and OX can
  const uint32_t prior = fb::VXZDZ | fb::FR | fb::fprf(fb::CLASS_PINF) | fb::OE;
  CHECK(after(r, mtfsf(0x01), fb::with_summaries(prior), 0xF) == (prior | fb::VX | 0xF));
  CHECK(after(r, mtfsf(0x40), 0, 0x01000000) == (fb::VXSNAN | fb::VX));
  CHECK(after(r, mtfsf(0xFF), 0, 0x00000800) == 0);             // bit 20 is reserved
  // XX with XE: FEX is computed; with traps on, the interrupt follows the update.
  CHECK(after(r, mtfsf(0xFF), 0, fb::XX | fb::XE) == (fb::XX | fb::XE | fb::FEX));
  CHECK(!r.interrupted());
  CHECK(after(r, mtfsf(0xFF, true), 0, fb::XX | fb::XE, MSR_FE0 | MSR_FE1) ==
        (fb::XX | fb::XE | fb::FEX));
  CHECK(r.fp_program_interrupt());
  CHECK(r.h().cr_field(1) == 0x4);  // CR1 is set before the interrupt (as qemu)
}

TEST_CASE("fpu status: mtfsfi") {
  FpuRig r;
  CHECK(after(r, mtfsfi(0, 0xF), 0) == (fb::FX | fb::OX));  // field 0: FX and OX only
  CHECK(after(r, mtfsfi(7, 0x3), 0) == 3);
  CHECK(after(r, mtfsfi(1, 0x1), 0) == (fb::VXSNAN | fb::VX));
  CHECK(after(r, mtfsfi(1, 0x0), fb::with_summaries(fb::VXSNAN | fb::FX)) == fb::FX);
  CHECK(after(r, mtfsfi(6, 0x8), fb::with_summaries(fb::VXIMZ)) ==
        (fb::VXIMZ | fb::VX | fb::VE | fb::FEX));
  r.reset(0);
  r.run(mtfsfi(0, 0x9, true));
  CHECK(r.h().cr_field(1) == 0x9);
}

TEST_CASE("fpu status: mtfsb0 and mtfsb1; FX when an exception bit becomes set") {
  FpuRig r;
  CHECK(after(r, mtfsb1(3), 0) == (fb::FX | fb::OX));  // the books: FX too (qemu omits it)
  CHECK(after(r, mtfsb1(3), fb::OX) == fb::OX);          // no transition, no FX
  CHECK(after(r, mtfsb1(24), 0) == fb::VE);              // an enable is not an exception bit
  CHECK(after(r, mtfsb1(1), 0) == 0);                    // FEX and VX cannot be set...
  CHECK(after(r, mtfsb1(2), 0) == 0);
  CHECK(after(r, mtfsb0(2), fb::with_summaries(fb::VXSQRT)) == (fb::VXSQRT | fb::VX));  // ...or cleared
  CHECK(after(r, mtfsb0(22), fb::with_summaries(fb::VXSQRT | fb::VE)) == fb::VE);
  CHECK(after(r, mtfsb0(0), fb::FX | fb::XX) == fb::XX);
  CHECK(after(r, mtfsb1(29), 0) == fb::NI);
  CHECK(after(r, mtfsb1(31), 0) == 1);
  // Enabling an exception whose bit is set makes FEX; with traps on, the interrupt.
  CHECK(after(r, mtfsb1(27), fb::ZX, 0, MSR_FE1) == (fb::ZX | fb::ZE | fb::FEX));
  CHECK(r.fp_program_interrupt());
  r.reset(0);
  r.h().cr = 0;
  r.run(mtfsb1(0, true));
  CHECK(r.h().cr_field(1) == 0x8);
}

TEST_CASE("fpu status: mcrfs copies a field and clears its exception bits") {
  FpuRig r;
  struct Case { unsigned bfa; uint32_t before, cr, after; };
  const Case cases[] = {
      {0, fb::FX | fb::OX | fb::VE, 0x9, fb::VE},
      {1, fb::with_summaries(fb::UX | fb::ZX | fb::XX | fb::VXSNAN), 0xF, 0},
      {2, fb::with_summaries(fb::FX | fb::VXISI | fb::VXIMZ), 0x9, fb::FX},
      {3, fb::with_summaries(fb::VXVC | fb::FR | fb::FI | fb::fprf(0x11)), 0xF,
       fb::FR | fb::FI | fb::fprf(0x11)},
      {4, fb::fprf(0x11), 0x1, fb::fprf(0x11)},
      {5, fb::with_summaries(fb::VXSOFT | fb::VXSQRT | fb::VXCVI), 0x7, 0},
      {6, fb::VE | fb::OE | fb::UE | fb::ZE, 0xF, fb::VE | fb::OE | fb::UE | fb::ZE},
      {7, fb::XE | fb::NI | 3, 0xF, fb::XE | fb::NI | 3},
  };
  for (const Case& c : cases) {
    r.reset(c.before);
    r.h().cr = 0;
    r.run(mcrfs(5, c.bfa));
    CHECK(r.h().cr_field(5) == c.cr);
    CHECK(r.h().fpscr == c.after);
  }
}
