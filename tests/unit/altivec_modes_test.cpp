// VSCR behaviour, readable cases at both widths: SAT is sticky and set by any saturating element;
// NJ reads denormal inputs as zero and flushes tiny results; float NaN and signed-zero rules.
#include <doctest/doctest.h>

#include <vector>

#include "altivec_util.h"
#include "test_core.h"

using namespace pimnic;
using pimnic::test::TestCore;

namespace {
constexpr uint32_t NJ = 0x00010000, SAT = 1;
// A register of n/4 words all equal to v, except the last one set to last.
VReg words(unsigned n, uint32_t v, uint32_t last) {
  std::vector<uint32_t> w(n / 4, v);
  w.back() = last;
  return test::vec_from_be(w);
}
}  // namespace

TEST_CASE("AltiVec: SAT is sticky and set by saturation in any element") {
  for (const char* profile : {"host", "pim"}) {
    TestCore t(profile);
    Hart& h = t.h();
    const unsigned n = h.vec_bytes();
    h.vr[3] = words(n, 0x01010101, 0x010101FF);  // only the very last byte saturates
    h.vr[4] = words(n, 0x01010101, 0x01010101);
    h.vscr = NJ;
    t.exec_asm("vaddubs 2, 3, 4");
    CHECK(h.vscr == (NJ | SAT));
    CHECK(test::vec_to_be(h.vr[2], n).back() == 0x020202FF);
    h.vr[3] = words(n, 0x01010101, 0x01010101);
    t.exec_asm("vaddubs 2, 3, 4");
    CHECK(h.vscr == (NJ | SAT));  // sticky
    h.vscr = NJ;
    t.exec_asm("vaddubs 2, 3, 4; vaddubm 5, 3, 4");
    CHECK(h.vscr == NJ);
  }
}

TEST_CASE("AltiVec: NJ flushes denormal inputs and tiny results, keeping the sign") {
  for (const char* profile : {"host", "pim"}) {
    TestCore t(profile);
    Hart& h = t.h();
    const unsigned n = h.vec_bytes();
    h.vr[3] = words(n, 0x00400000, 0x80400000);  // ±2^-127 (denormal)
    h.vr[4] = words(n, 0x00800000, 0x80800000);  // ±2^-126
    h.vscr = NJ;
    t.exec_asm("vaddfp 2, 3, 4; vsubfp 5, 4, 3");
    CHECK(h.vr[2] == words(n, 0x00800000, 0x80800000));  // input read as zero
    CHECK(h.vr[5] == words(n, 0x00800000, 0x80800000));
    h.vscr = 0;
    t.exec_asm("vaddfp 2, 3, 4; vsubfp 5, 4, 3");
    CHECK(h.vr[2] == words(n, 0x00C00000, 0x80C00000));
    CHECK(h.vr[5] == words(n, 0x00400000, 0x80400000));  // denormal result kept
    h.vscr = NJ;
    t.exec_asm("vsubfp 5, 4, 3");
    CHECK(h.vr[5] == words(n, 0x00800000, 0x80800000));
    // Tiny product: 2^-100 * 2^-30 underflows; flushed under NJ, denormal otherwise.
    h.vr[3] = words(n, 0x0D800000, 0x8D800000);
    h.vr[5] = words(n, 0x30800000, 0x30800000);
    h.vr[4] = words(n, 0, 0);
    t.exec_asm("vmaddfp 2, 3, 5, 4");
    CHECK(h.vr[2] == words(n, 0x00000000, 0x80000000));
    h.vscr = 0;
    t.exec_asm("vmaddfp 2, 3, 5, 4");
    CHECK(h.vr[2] == words(n, 0x00080000, 0x80080000));
    // Compares read denormals as zero under NJ.
    h.vr[3] = words(n, 0x00000001, 0x80000001);
    h.vr[4] = words(n, 0, 0);
    h.vscr = NJ;
    t.exec_asm("vcmpeqfp. 2, 3, 4");
    CHECK(h.cr_field(6) == 8);
    h.vscr = 0;
    t.exec_asm("vcmpeqfp. 2, 3, 4");
    CHECK(h.cr_field(6) == 2);
  }
}

TEST_CASE("AltiVec: float NaN results and signed zeros") {
  TestCore t("pim");
  Hart& h = t.h();
  h.vscr = NJ;
  h.vr[3] = test::vec_from_be({0x7F800000, 0x7FA00001, 0x3F800000, 0x80000000, 0, 0xFF800000, 0x7FC00001, 1});
  h.vr[4] = test::vec_from_be({0xFF800000, 0x7FC00002, 0xFFA00003, 0, 0x80000000, 0xFF800000, 0xFFC00004, 2});
  t.exec_asm("vaddfp 2, 3, 4; vmaxfp 5, 3, 4; vminfp 6, 3, 4");
  // inf + -inf: default NaN; SNaN A quieted wins over B; B's NaN quieted; -0 + 0 = +0.
  CHECK(test::vec_to_be(h.vr[2], 32) ==
        std::vector<uint32_t>{0x7FC00000, 0x7FE00001, 0xFFE00003, 0, 0, 0xFF800000, 0x7FC00001, 0});
  CHECK(test::vec_to_be(h.vr[5], 32)[3] == 0);           // max(-0, +0) = +0
  CHECK(test::vec_to_be(h.vr[6], 32)[3] == 0x80000000);  // min(-0, +0) = -0
  CHECK(test::vec_to_be(h.vr[6], 32)[4] == 0x80000000);
}
