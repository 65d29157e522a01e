// fcmpu, fcmpo (CR field and FPCC; VXSNAN, VXVC), fsel, and the bit moves fmr, fneg, fabs,
// fnabs (no FPSCR change, NaNs untouched); Rc=1 copies FPSCR[FX,FEX,VX,OX] into CR1.
#include <doctest/doctest.h>

#include "fpu_test_rig.h"

using namespace pimnic;
using namespace pimnic::test;

namespace {

uint32_t fcmpu(unsigned bf) { return x_form(63, 0, bf << 2, 2, 3); }
uint32_t fcmpo(unsigned bf) { return x_form(63, 32, bf << 2, 2, 3); }

constexpr uint64_t kOne = 0x3FF0000000000000, kTwo = 0x4000000000000000, kInf = 0x7FF0000000000000;
constexpr uint64_t kQNaN = 0x7FF8000000000000, kSNaN = 0x7FF0000000000001;

// Runs a compare into CR field 3; returns {CR field 3, FPSCR}.
std::pair<uint32_t, uint32_t> compare(FpuRig& r, uint32_t w, uint64_t a, uint64_t b,
                                      uint32_t fpscr = 0, uint32_t msr_extra = 0) {
  r.reset(fpscr, msr_extra);
  r.h().cr = 0x12345678;
  r.fpr(2) = a;
  r.fpr(3) = b;
  r.run(w);
  return {r.h().cr_field(3), r.h().fpscr};
}

}  // namespace

TEST_CASE("fpu compare: ordered results set the CR field and FPCC only") {
  FpuRig r;
  for (uint32_t w : {fcmpu(3), fcmpo(3)}) {
    CHECK(compare(r, w, kOne, kTwo) == std::pair<uint32_t, uint32_t>{8, 8u << 12});
    CHECK(compare(r, w, kTwo, kOne) == std::pair<uint32_t, uint32_t>{4, 4u << 12});
    CHECK(compare(r, w, 0, fb::SIGN) == std::pair<uint32_t, uint32_t>{2, 2u << 12});
    CHECK(compare(r, w, kInf, 0x7FEFFFFFFFFFFFFF).first == 4);
    CHECK(compare(r, w, 1, 0).first == 4);  // a denormal is not zero
    // C, FR and FI are left alone (qemu clears FR/FI and, for fcmpo on a NaN, sets C).
    auto [cc, f] = compare(r, w, kOne, kTwo, fb::FR | fb::FI | fb::fprf(fb::CLASS_PDENORM));
    CHECK(cc == 8);
    CHECK(f == (fb::FR | fb::FI | fb::fprf(0x18)));
    // The other CR fields are untouched.
    CHECK((r.h().cr & ~0x000F0000u) == (0x12345678u & ~0x000F0000u));
  }
}

TEST_CASE("fpu compare: unordered operands, VXSNAN and VXVC") {
  FpuRig r;
  const uint32_t fu = 1u << 12;
  // fcmpu: QNaN raises nothing, SNaN raises VXSNAN.
  CHECK(compare(r, fcmpu(3), kQNaN, kOne) == std::pair<uint32_t, uint32_t>{1, fu});
  CHECK(compare(r, fcmpu(3), kOne, kSNaN) ==
        std::pair<uint32_t, uint32_t>{1, fb::FX | fb::VX | fb::VXSNAN | fu});
  // fcmpo: any NaN raises VXVC; an SNaN raises VXSNAN and, with VE = 0, VXVC too.
  CHECK(compare(r, fcmpo(3), kQNaN, kOne) == std::pair<uint32_t, uint32_t>{1, fb::FX | fb::VX | fb::VXVC | fu});
  CHECK(compare(r, fcmpo(3), kSNaN, kOne) ==
        std::pair<uint32_t, uint32_t>{1, fb::FX | fb::VX | fb::VXSNAN | fb::VXVC | fu});
  // VE = 1 and an SNaN: VXSNAN only (Book I, fcmpo); FPCC and the CR field are still set, then
  // the program interrupt.
  auto [cc, f] = compare(r, fcmpo(3), kSNaN, kOne, fb::VE, MSR_FE0 | MSR_FE1);
  CHECK(cc == 1);
  CHECK(f == (fb::VE | fb::FX | fb::FEX | fb::VX | fb::VXSNAN | fu));
  CHECK(r.fp_program_interrupt());
  // VE = 1 with a QNaN: VXVC, interrupt.
  std::tie(cc, f) = compare(r, fcmpo(3), kQNaN, kOne, fb::VE, MSR_FE0 | MSR_FE1);
  CHECK(f == (fb::VE | fb::FX | fb::FEX | fb::VX | fb::VXVC | fu));
  CHECK(r.fp_program_interrupt());
  // Exception bit already set: FX is not set again.
  CHECK(compare(r, fcmpo(3), kQNaN, kOne, fb::VXVC).second == (fb::VX | fb::VXVC | fu));
}

TEST_CASE("fpu move: fmr, fneg, fabs, fnabs move bits without touching FPSCR") {
  FpuRig r;
  const uint64_t snan = 0xFFF0000000000001;
  struct Case { uint32_t xo; uint64_t in, out; };
  const Case cases[] = {
      {72, snan, snan}, {40, snan, snan & ~fb::SIGN}, {264, snan, snan & ~fb::SIGN},
      {136, 0x7FF8000000000000, 0xFFF8000000000000}, {40, 0, fb::SIGN}, {264, fb::SIGN, 0},
      {136, 1, fb::SIGN | 1},
  };
  for (const Case& c : cases) {
    r.reset(fb::XX | fb::FR | fb::FI | fb::fprf(fb::CLASS_PNORM));
    r.fpr(3) = c.in;
    r.run(x_form(63, c.xo, 1, 0, 3));
    CHECK(r.fpr(1) == c.out);
    CHECK(r.h().fpscr == (fb::XX | fb::FR | fb::FI | fb::fprf(fb::CLASS_PNORM)));
  }
  // Rc = 1: CR1 = FX FEX VX OX.
  r.reset(fb::FX | fb::OX | fb::VXSNAN);
  r.h().fpscr = fb::with_summaries(r.h().fpscr);
  r.h().cr = 0xFFFFFFFF;
  r.fpr(3) = kOne;
  r.run(x_form(63, 72, 1, 0, 3, true));
  CHECK(r.h().cr == 0xFBFFFFFF);  // 1011: FX, VX, OX
}

TEST_CASE("fpu move: fsel picks frC when frA >= 0 (including -0), else frB (NaN too)") {
  FpuRig r;
  const uint32_t w = a_form(63, 23, 1, 2, 3, 4);
  struct Case { uint64_t a; bool takes_c; };
  const Case cases[] = {{0, true}, {fb::SIGN, true}, {kOne, true}, {kInf, true},
                        {0xBFF0000000000000, false}, {kQNaN, false}, {kSNaN, false},
                        {0x8000000000000001, false}};
  for (const Case& c : cases) {
    r.reset(fb::fprf(fb::CLASS_PNORM));
    r.fpr(2) = c.a;
    r.fpr(3) = 0xBBBB;
    r.fpr(4) = 0xCCCC;
    r.run(w);
    CHECK(r.fpr(1) == (c.takes_c ? 0xCCCCu : 0xBBBBu));
    CHECK(r.h().fpscr == fb::fprf(fb::CLASS_PNORM));  // no exception, even for an SNaN
  }
}
