// Cross-lane AltiVec instructions at 256 bits (docs/isa/altivec256.md), against expectations written
// in big-endian element terms: vperm, vsldoi, splats, merges, packs, unpacks, sums, whole-register
// shifts, VSCR moves. Most inputs number their bytes (byte i holds i, vB's continue at 0x20) so the
// expected result is a formula of indices.
#include <doctest/doctest.h>

#include <vector>

#include "altivec_util.h"
#include "test_core.h"

using namespace pimnic;
using pimnic::test::TestCore;
using test::vec_from_be;
using test::vec_from_bytes;

namespace {
std::vector<uint8_t> iota_bytes(uint8_t first, unsigned n = 32) {
  std::vector<uint8_t> v(n);
  for (unsigned i = 0; i < n; ++i) v[i] = uint8_t(first + i);
  return v;
}
std::vector<uint8_t> bytes_of(const VReg& v, unsigned n = 32) {
  std::vector<uint8_t> out(n);
  for (unsigned i = 0; i < n; ++i) out[i] = v.b[n - 1 - i];
  return out;
}
std::vector<uint16_t> halves_of(const VReg& v) {
  std::vector<uint16_t> out(16);
  for (unsigned i = 0; i < 16; ++i) out[i] = v.h[15 - i];
  return out;
}
VReg from_halves(const std::vector<uint16_t>& hs) {
  VReg v;
  for (unsigned i = 0; i < 16; ++i) v.h[15 - i] = hs[i];
  return v;
}
std::vector<uint32_t> words_of(const VReg& v) { return test::vec_to_be(v, 32); }

// A PIM core with v3 = bytes 0x00..0x1f and v4 = bytes 0x20..0x3f.
struct Wide {
  TestCore t{"pim"};
  Hart& h = t.h();
  Wide() {
    h.vr[3] = vec_from_bytes(iota_bytes(0x00));
    h.vr[4] = vec_from_bytes(iota_bytes(0x20));
  }
};
}  // namespace

TEST_CASE("AltiVec 256: vperm picks from the 64 bytes of vA||vB with 6-bit indices") {
  Wide w;
  std::vector<uint8_t> ctl(32);
  test::Rng rng(7);
  for (auto& c : ctl) c = uint8_t(rng.next32());
  ctl[0] = 0x3F, ctl[1] = 0x20, ctl[2] = 0x1F, ctl[3] = 0xC0;  // edges; high bits ignored
  w.h.vr[5] = vec_from_bytes(ctl);
  w.t.exec_asm("vperm 2, 3, 4, 5");
  std::vector<uint8_t> got = bytes_of(w.h.vr[2]);
  for (unsigned i = 0; i < 32; ++i) CHECK(got[i] == (ctl[i] & 63));
}

TEST_CASE("AltiVec 256: vsldoi takes 32 bytes of vA||vB from SH") {
  for (unsigned sh : {0u, 5u, 15u}) {
    Wide w;
    w.t.exec_asm("vsldoi 2, 3, 4, " + std::to_string(sh));
    CHECK(bytes_of(w.h.vr[2]) == iota_bytes(uint8_t(sh)));
  }
}

TEST_CASE("AltiVec 256: lvsl and lvsr give 32 indices from EA mod 32") {
  for (uint32_t off : {0u, 1u, 17u, 31u}) {
    TestCore t("pim");
    t.h().gpr[3] = 0x1000, t.h().gpr[4] = off + 64;
    t.exec_asm("lvsl 2, 3, 4; lvsr 5, 3, 4");
    CHECK(bytes_of(t.h().vr[2]) == iota_bytes(uint8_t(off)));
    CHECK(bytes_of(t.h().vr[5]) == iota_bytes(uint8_t(32 - off)));
  }
  TestCore t("host");  // and 16 indices from EA mod 16 at 128 bits
  t.h().gpr[4] = 0x1000 + 21;
  t.exec_asm("lvsl 2, 0, 4; lvsr 5, 0, 4");
  CHECK(bytes_of(t.h().vr[2], 16) == iota_bytes(5, 16));
  CHECK(bytes_of(t.h().vr[5], 16) == iota_bytes(11, 16));
}

TEST_CASE("AltiVec 256: splats take the element index modulo the element count") {
  Wide w;
  w.t.exec_asm("vspltb 2, 3, 17; vspltb 5, 3, 31; vsplth 6, 3, 9; vsplth 7, 3, 21; vspltw 8, 3, 6; vspltw 9, 3, 9");
  CHECK(bytes_of(w.h.vr[2]) == std::vector<uint8_t>(32, 17));
  CHECK(bytes_of(w.h.vr[5]) == std::vector<uint8_t>(32, 31));
  CHECK(halves_of(w.h.vr[6]) == std::vector<uint16_t>(16, 0x1213));
  CHECK(halves_of(w.h.vr[7]) == std::vector<uint16_t>(16, 0x0A0B));  // 21 mod 16 = 5
  CHECK(words_of(w.h.vr[8]) == std::vector<uint32_t>(8, 0x18191A1B));
  CHECK(words_of(w.h.vr[9]) == std::vector<uint32_t>(8, 0x04050607));  // 9 mod 8 = 1
  w.t.exec_asm("vspltisb 2, -3; vspltish 5, 15; vspltisw 6, -16");
  CHECK(bytes_of(w.h.vr[2]) == std::vector<uint8_t>(32, 0xFD));
  CHECK(halves_of(w.h.vr[5]) == std::vector<uint16_t>(16, 15));
  CHECK(words_of(w.h.vr[6]) == std::vector<uint32_t>(8, 0xFFFFFFF0));
}

TEST_CASE("AltiVec 256: merges interleave the first or last 16 bytes") {
  Wide w;
  w.t.exec_asm("vmrghb 2, 3, 4; vmrglb 5, 3, 4; vmrghh 6, 3, 4; vmrglw 7, 3, 4");
  std::vector<uint8_t> hb, lb, hh, lw;
  for (unsigned i = 0; i < 16; ++i) hb.push_back(uint8_t(i)), hb.push_back(uint8_t(0x20 + i));
  for (unsigned i = 16; i < 32; ++i) lb.push_back(uint8_t(i)), lb.push_back(uint8_t(0x20 + i));
  for (unsigned i = 0; i < 16; i += 2)
    for (uint8_t base : {0x00, 0x20}) hh.push_back(uint8_t(base + i)), hh.push_back(uint8_t(base + i + 1));
  for (unsigned i = 16; i < 32; i += 4)
    for (uint8_t base : {0x00, 0x20})
      for (unsigned k = 0; k < 4; ++k) lw.push_back(uint8_t(base + i + k));
  CHECK(bytes_of(w.h.vr[2]) == hb);
  CHECK(bytes_of(w.h.vr[5]) == lb);
  CHECK(bytes_of(w.h.vr[6]) == hh);
  CHECK(bytes_of(w.h.vr[7]) == lw);
}

TEST_CASE("AltiVec 256: packs narrow all of vA, then all of vB") {
  Wide w;
  w.t.exec_asm("vpkuhum 2, 3, 4; vpkuwum 5, 3, 4");
  std::vector<uint8_t> b, h;
  for (unsigned i = 0; i < 64; i += 2) b.push_back(uint8_t(i + 1));  // low byte of each halfword
  for (unsigned i = 0; i < 64; i += 4) h.push_back(uint8_t(i + 2)), h.push_back(uint8_t(i + 3));
  CHECK(bytes_of(w.h.vr[2]) == b);
  CHECK(bytes_of(w.h.vr[5]) == h);

  // Signed halfwords to signed bytes with saturation, at both ends.
  std::vector<uint16_t> a(16), bb(16);
  const int16_t vals[16] = {-32768, -129, -128, 0, 127, 128, 32767, 5, -1, 1, -2, 2, 100, -100, 300, -300};
  for (unsigned i = 0; i < 16; ++i) a[i] = uint16_t(vals[i]), bb[i] = uint16_t(vals[15 - i]);
  w.h.vr[3] = from_halves(a), w.h.vr[4] = from_halves(bb);
  w.h.vscr = 0;
  w.t.exec_asm("vpkshss 2, 3, 4");
  std::vector<uint8_t> want;
  for (unsigned i = 0; i < 32; ++i) {
    int v = i < 16 ? vals[i] : vals[31 - i];
    want.push_back(uint8_t(v < -128 ? -128 : v > 127 ? 127 : v));
  }
  CHECK(bytes_of(w.h.vr[2]) == want);
  CHECK(w.h.vscr == 1);
  w.h.vscr = 0;
  w.t.exec_asm("vpkshus 2, 3, 4");
  for (unsigned i = 0; i < 32; ++i) {
    int v = i < 16 ? vals[i] : vals[31 - i];
    want[i] = uint8_t(v < 0 ? 0 : v > 255 ? 255 : v);
  }
  CHECK(bytes_of(w.h.vr[2]) == want);
  CHECK(w.h.vscr == 1);
  // No saturation: SAT stays clear.
  w.h.vr[3] = vec_from_bytes(std::vector<uint8_t>(32, 0)), w.h.vr[4] = w.h.vr[3];
  w.h.vscr = 0;
  w.t.exec_asm("vpkuwus 2, 3, 4");
  CHECK(w.h.vscr == 0);
}

TEST_CASE("AltiVec 256: vpkpx packs 16 pixels, vupkhpx/vupklpx unpack the first/last 8") {
  Wide w;
  std::vector<uint32_t> a(8), b(8);
  for (unsigned i = 0; i < 8; ++i) a[i] = 0x01F80808u * (i + 1) ^ (i & 1 ? 0x01000000u : 0), b[i] = 0x00FFFFFFu - 0x00080808u * i;
  w.h.vr[3] = vec_from_be(a), w.h.vr[4] = vec_from_be(b);
  w.t.exec_asm("vpkpx 2, 3, 4");
  auto px = [](uint32_t v) {
    return uint16_t((v >> 24 & 1) << 15 | (v >> 19 & 31) << 10 | (v >> 11 & 31) << 5 | (v >> 3 & 31));
  };
  std::vector<uint16_t> want;
  for (uint32_t v : a) want.push_back(px(v));
  for (uint32_t v : b) want.push_back(px(v));
  CHECK(halves_of(w.h.vr[2]) == want);

  std::vector<uint16_t> pix(16);
  for (unsigned i = 0; i < 16; ++i) pix[i] = uint16_t(0x8421 * i + (i & 1 ? 0x8000 : 0));
  w.h.vr[4] = from_halves(pix);
  w.t.exec_asm("vupkhpx 2, 4; vupklpx 5, 4");
  auto unpx = [](uint16_t p) {
    return (p & 0x8000 ? 0xFF000000u : 0u) | uint32_t(p >> 10 & 31) << 16 | uint32_t(p >> 5 & 31) << 8 | (p & 31u);
  };
  std::vector<uint32_t> hi, lo;
  for (unsigned i = 0; i < 8; ++i) hi.push_back(unpx(pix[i])), lo.push_back(unpx(pix[8 + i]));
  CHECK(words_of(w.h.vr[2]) == hi);
  CHECK(words_of(w.h.vr[5]) == lo);
}

TEST_CASE("AltiVec 256: unpacks sign-extend the first or last 16 bytes") {
  Wide w;
  std::vector<uint8_t> src(32);
  for (unsigned i = 0; i < 32; ++i) src[i] = uint8_t(i * 9 + 0x70);
  w.h.vr[4] = vec_from_bytes(src);
  w.t.exec_asm("vupkhsb 2, 4; vupklsb 5, 4; vupkhsh 6, 4; vupklsh 7, 4");
  std::vector<uint16_t> hb, lb;
  for (unsigned i = 0; i < 16; ++i) hb.push_back(uint16_t(int8_t(src[i]))), lb.push_back(uint16_t(int8_t(src[16 + i])));
  CHECK(halves_of(w.h.vr[2]) == hb);
  CHECK(halves_of(w.h.vr[5]) == lb);
  std::vector<uint32_t> hh, lh;
  for (unsigned i = 0; i < 8; ++i) {
    hh.push_back(uint32_t(int32_t(int16_t(src[2 * i] << 8 | src[2 * i + 1]))));
    lh.push_back(uint32_t(int32_t(int16_t(src[16 + 2 * i] << 8 | src[17 + 2 * i]))));
  }
  CHECK(words_of(w.h.vr[6]) == hh);
  CHECK(words_of(w.h.vr[7]) == lh);
}

TEST_CASE("AltiVec 256: vsumsws sums eight words; vsum2sws and vsum4 stay lane-local") {
  Wide w;
  w.h.vr[3] = vec_from_be({1, 2, 3, 4, 5, 6, 7, 0xFFFFFFF0});
  w.h.vr[4] = vec_from_be({99, 99, 99, 99, 99, 99, 99, 100});
  w.h.vscr = 0;
  w.t.exec_asm("vsumsws 2, 3, 4");
  CHECK(words_of(w.h.vr[2]) == std::vector<uint32_t>{0, 0, 0, 0, 0, 0, 0, 28 - 16 + 100});
  CHECK(w.h.vscr == 0);
  w.h.vr[3] = vec_from_be({0x7FFFFFFF, 0, 0, 0, 0, 0, 0, 0x7FFFFFFF});
  w.h.vr[4] = vec_from_be({0, 0, 0, 0, 0, 0, 0, 0});
  w.t.exec_asm("vsumsws 2, 3, 4");
  CHECK(words_of(w.h.vr[2]) == std::vector<uint32_t>{0, 0, 0, 0, 0, 0, 0, 0x7FFFFFFF});
  CHECK(w.h.vscr == 1);

  w.h.vscr = 0;
  w.h.vr[3] = vec_from_be({1, 2, 3, 4, 0x7FFFFFFF, 1, 0x80000000u, 0xFFFFFFFF});
  w.h.vr[4] = vec_from_be({50, 10, 50, 20, 50, 0, 50, 0});
  w.t.exec_asm("vsum2sws 2, 3, 4");
  CHECK(words_of(w.h.vr[2]) == std::vector<uint32_t>{0, 13, 0, 27, 0, 0x7FFFFFFF, 0, 0x80000000u});
  CHECK(w.h.vscr == 1);
}

TEST_CASE("AltiVec 256: vsl/vsr shift all 256 bits, vslo/vsro by up to 31 octets") {
  Wide w;
  std::vector<uint8_t> a(32);
  test::Rng rng(11);
  for (auto& x : a) x = uint8_t(rng.next32());
  w.h.vr[3] = vec_from_bytes(a);
  for (unsigned sh : {0u, 3u, 7u}) {
    w.h.vr[4] = vec_from_bytes(std::vector<uint8_t>(32, uint8_t(sh)));
    w.t.exec_asm("vsl 2, 3, 4; vsr 5, 3, 4");
    std::vector<uint8_t> l(32), r(32);
    for (unsigned i = 0; i < 32; ++i) {
      l[i] = uint8_t(a[i] << sh | (i + 1 < 32 && sh ? a[i + 1] >> (8 - sh) : 0));
      r[i] = uint8_t(a[i] >> sh | (i > 0 && sh ? a[i - 1] << (8 - sh) : 0));
    }
    CHECK(bytes_of(w.h.vr[2]) == l);
    CHECK(bytes_of(w.h.vr[5]) == r);
  }
  for (unsigned oct : {0u, 1u, 15u, 16u, 20u, 31u}) {
    std::vector<uint8_t> b(32, 0);
    b[31] = uint8_t(oct << 3 | 5);  // the low three bits are ignored
    w.h.vr[4] = vec_from_bytes(b);
    w.t.exec_asm("vslo 2, 3, 4; vsro 5, 3, 4");
    std::vector<uint8_t> l(32, 0), r(32, 0);
    for (unsigned i = 0; i < 32; ++i) {
      if (i + oct < 32) l[i] = a[i + oct];
      if (i >= oct) r[i] = a[i - oct];
    }
    CHECK(bytes_of(w.h.vr[2]) == l);
    CHECK(bytes_of(w.h.vr[5]) == r);
  }
}

TEST_CASE("AltiVec: vslo/vsro ignore the fifth count bit at 128 bits") {
  TestCore t("host");
  t.h().vr[3] = vec_from_bytes(iota_bytes(0, 16));
  std::vector<uint8_t> b(16, 0);
  b[15] = uint8_t(17 << 3);  // 17 octets: bit 0 of the byte is reserved at 128 bits, so 1
  t.h().vr[4] = vec_from_bytes(b);
  t.exec_asm("vslo 2, 3, 4");
  CHECK(bytes_of(t.h().vr[2], 16) == std::vector<uint8_t>{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0});
}

TEST_CASE("AltiVec: mfvscr/mtvscr use the last word at both widths") {
  for (const char* profile : {"host", "pim"}) {
    TestCore t(profile);
    const unsigned n = t.h().vec_bytes() / 4;
    std::vector<uint32_t> v(n, 0xAAAAAAAA);
    v[n - 1] = 0x00000001;  // SAT, NJ clear
    t.h().vr[4] = vec_from_be(v);
    t.exec_asm("mtvscr 4; mfvscr 2");
    CHECK(t.h().vscr == 1);
    std::vector<uint32_t> want(n, 0);
    want[n - 1] = 1;
    CHECK(test::vec_to_be(t.h().vr[2], n * 4) == want);
  }
}

TEST_CASE("AltiVec: CR6 of dotted compares covers the whole register at both widths") {
  for (const char* profile : {"host", "pim"}) {
    TestCore t(profile);
    Hart& h = t.h();
    const unsigned n = h.vec_bytes();
    std::vector<uint8_t> x = iota_bytes(0, n), y = x;
    h.vr[3] = vec_from_bytes(x);
    h.vr[4] = vec_from_bytes(y);
    t.exec_asm("vcmpequb. 2, 3, 4");
    CHECK(h.cr_field(6) == 8);  // all equal
    y[n - 1] ^= 1;              // one byte differs, in the last half
    h.vr[4] = vec_from_bytes(y);
    t.exec_asm("vcmpequb. 2, 3, 4");
    CHECK(h.cr_field(6) == 0);
    CHECK(bytes_of(h.vr[2], n)[n - 1] == 0);
    t.exec_asm("vcmpgtub. 2, 3, 3");
    CHECK(h.cr_field(6) == 2);  // none greater
    h.cr = 0xFFFFFFFF;
    t.exec_asm("vcmpgtub 2, 3, 3");  // undotted: CR untouched
    CHECK(h.cr == 0xFFFFFFFF);
    // vcmpbfp.: all within bounds sets bit 2 only.
    std::vector<uint32_t> lim(n / 4, 0x40000000), val(n / 4, 0x3F800000);  // |1| <= 2
    h.vr[3] = vec_from_be(val), h.vr[4] = vec_from_be(lim);
    t.exec_asm("vcmpbfp. 2, 3, 4");
    CHECK(h.cr_field(6) == 2);
    val[0] = 0xC0800000;  // -4 < -2 in the first element
    h.vr[3] = vec_from_be(val);
    t.exec_asm("vcmpbfp. 2, 3, 4");
    CHECK(h.cr_field(6) == 0);
    CHECK(test::vec_to_be(h.vr[2], n)[0] == 0x40000000);
  }
}
