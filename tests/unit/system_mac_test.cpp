// The 440 multiply-accumulate family against references written from the PPC440x5 manual's
// pseudocode (33-bit temporary, the manual's saturation test), on random operands and the edges
// where sums overflow; encodings checked against GNU as -m440.
#include <doctest/doctest.h>

#include <cstdio>
#include <random>
#include <string>

#include "isa/decoder.h"
#include "test_core.h"

using namespace pimnic;
using pimnic::test::TestCore;

namespace {

struct MacOp {
  const char* name;
  unsigned xo;
  char halves;    // 'c' cross (rA low x rB high), 'h' high x high, 'l' low x low
  bool is_signed;
  bool saturate;
  bool negate;
  bool accumulate;  // false: the mul*hw forms (X form, no OE)
};

constexpr MacOp kOps[] = {
    {"macchw", 172, 'c', true, false, false, true},   {"macchws", 236, 'c', true, true, false, true},
    {"macchwsu", 204, 'c', false, true, false, true}, {"macchwu", 140, 'c', false, false, false, true},
    {"machhw", 44, 'h', true, false, false, true},    {"machhws", 108, 'h', true, true, false, true},
    {"machhwsu", 76, 'h', false, true, false, true},  {"machhwu", 12, 'h', false, false, false, true},
    {"maclhw", 428, 'l', true, false, false, true},   {"maclhws", 492, 'l', true, true, false, true},
    {"maclhwsu", 460, 'l', false, true, false, true}, {"maclhwu", 396, 'l', false, false, false, true},
    {"nmacchw", 174, 'c', true, false, true, true},   {"nmacchws", 238, 'c', true, true, true, true},
    {"nmachhw", 46, 'h', true, false, true, true},    {"nmachhws", 110, 'h', true, true, true, true},
    {"nmaclhw", 430, 'l', true, false, true, true},   {"nmaclhws", 494, 'l', true, true, true, true},
    {"mulchw", 168, 'c', true, false, false, false},  {"mulchwu", 136, 'c', false, false, false, false},
    {"mulhhw", 40, 'h', true, false, false, false},   {"mulhhwu", 8, 'h', false, false, false, false},
    {"mullhw", 424, 'l', true, false, false, false},  {"mullhwu", 392, 'l', false, false, false, false},
};

// MAC rows are XO form (OE at bit 21, 9-bit xo); the multiplies are X form (10-bit xo).
uint32_t encode(const MacOp& op, unsigned rt, unsigned ra, unsigned rb, bool oe, bool rc) {
  uint32_t w = 4u << 26 | rt << 21 | ra << 16 | rb << 11 | (rc ? 1u : 0u);
  return op.accumulate ? (w | (oe ? 1u : 0u) << 10 | op.xo << 1) : (w | op.xo << 1);
}

struct Result {
  uint32_t rt;
  bool ov;
};

// The manual's pseudocode, bit by bit: prod0:31, temp0:32 <- prod0:31 + (RT), then either
// RT <- temp1:32, the signed saturation test ((prod0 = RT0) & (RT0 != temp1)), or the unsigned
// one (temp0). OV is that same overflow condition.
Result reference(const MacOp& op, uint32_t rt, uint32_t ra, uint32_t rb) {
  uint32_t a = op.halves == 'h' ? ra >> 16 : ra & 0xFFFF;
  uint32_t b = op.halves == 'l' ? rb & 0xFFFF : rb >> 16;
  uint32_t prod = op.is_signed ? uint32_t(int32_t(int16_t(a)) * int32_t(int16_t(b))) : a * b;
  if (!op.accumulate) return {prod, false};
  if (op.negate) prod = 0u - prod;
  const uint64_t mask33 = (1ull << 33) - 1;
  auto ext = [&](uint32_t x) -> uint64_t {
    return op.is_signed ? uint64_t(int64_t(int32_t(x))) & mask33 : uint64_t(x);
  };
  uint64_t temp = (ext(prod) + ext(rt)) & mask33;
  uint32_t temp0 = uint32_t(temp >> 32) & 1, temp1 = uint32_t(temp >> 31) & 1;
  uint32_t prod0 = prod >> 31, rt0 = rt >> 31;
  uint32_t low = uint32_t(temp);
  if (op.is_signed) {
    bool ov = prod0 == rt0 && rt0 != temp1;
    if (op.saturate && ov) return {rt0 ? 0x80000000u : 0x7FFFFFFFu, true};
    return {low, ov};
  }
  bool ov = temp0;
  if (op.saturate && ov) return {0xFFFFFFFFu, true};
  return {low, ov};
}

uint32_t cr0_of(uint32_t v, bool so) {
  return (int32_t(v) < 0 ? 8u : int32_t(v) > 0 ? 4u : 2u) | (so ? 1u : 0u);
}

// Operands that reach every overflow edge: halfwords at the signed/unsigned extremes, and
// accumulators next to the limits.
constexpr uint32_t kHalves[] = {0x0000, 0x0001, 0x7FFF, 0x8000, 0x8001, 0xFFFF, 0x1234, 0xFFFE};
constexpr uint32_t kAccs[] = {0x00000000, 0x00000001, 0x7FFFFFFF, 0x80000000, 0x80000001,
                              0xFFFFFFFF, 0x3FFF0001, 0xC0000000, 0x7FFF0000, 0xFFFE0001};

}  // namespace

TEST_CASE("MAC-family encodings agree with GNU as -m440") {
  std::string text;
  for (const MacOp& op : kOps) {
    std::string n = op.name;
    text += n + " 3,4,5\n" + n + ". 3,4,5\n";
    if (op.accumulate) text += n + "o 3,4,5\n" + n + "o. 3,4,5\n";
  }
  text += "dlmzb 3,4,5\ndlmzb. 3,4,5\n";
  char dir[] = "/tmp/pimnic-gas-XXXXXX";
  REQUIRE(mkdtemp(dir));
  std::string base = dir;
  if (FILE* f = std::fopen((base + "/in.s").c_str(), "w")) std::fputs(text.c_str(), f), std::fclose(f);
  std::string cmd = "powerpc-linux-gnu-as -m440 -o " + base + "/in.o " + base + "/in.s 2>/dev/null && " +
                    "llvm-objcopy-14 -O binary --only-section=.text " + base + "/in.o " + base + "/in.bin";
  if (std::system(cmd.c_str()) != 0) {
    MESSAGE("GNU as for powerpc not available: encodings not cross-checked");
    return;
  }
  std::vector<uint32_t> words;
  if (FILE* f = std::fopen((base + "/in.bin").c_str(), "rb")) {
    uint8_t b[4];
    while (std::fread(b, 1, 4, f) == 4) words.push_back(uint32_t(b[0]) << 24 | b[1] << 16 | b[2] << 8 | b[3]);
    std::fclose(f);
  }
  std::system(("rm -rf " + base).c_str());
  size_t i = 0;
  isa::Decoder nic(core_profile("nic").features);
  for (const MacOp& op : kOps) {
    for (int v = 0; v < (op.accumulate ? 4 : 2); ++v) {
      bool rc = v & 1, oe = v & 2;
      REQUIRE(i < words.size());
      CHECK_MESSAGE(words[i] == encode(op, 3, 4, 5, oe, rc), op.name << " oe=" << oe << " rc=" << rc);
      const isa::InsnRow* r = nic.decode(words[i]);
      REQUIRE(r);
      CHECK(std::string(r->mnemonic) == op.name);
      ++i;
    }
  }
  REQUIRE(i + 2 == words.size());
  CHECK(std::string(nic.decode(words[i])->mnemonic) == "dlmzb");
  CHECK(words[i + 1] == (words[i] | 1));
}

TEST_CASE("every MAC-family instruction matches the manual on edge and random operands") {
  TestCore t("nic");
  Hart& h = t.h();
  std::mt19937 rng(440);
  std::vector<std::array<uint32_t, 3>> cases;  // rt, ra, rb
  for (uint32_t ha : kHalves)
    for (uint32_t hb : kHalves)
      for (uint32_t acc : kAccs) cases.push_back({acc, ha << 16 | ha, hb << 16 | hb});
  for (int i = 0; i < 400; ++i) cases.push_back({uint32_t(rng()), uint32_t(rng()), uint32_t(rng())});

  const uint32_t code = TestCore::kCodeBase;
  for (const MacOp& op : kOps) {
    for (int v = 0; v < 4; ++v) {
      bool rc = v & 1, oe = (v & 2) && op.accumulate;
      if ((v & 2) && !op.accumulate) continue;
      uint32_t w = encode(op, 3, 4, 5, oe, rc);
      t.write32(code, w);
      for (const auto& c : cases) {
        for (bool so : {false, true}) {
          h.gpr[3] = c[0];
          h.gpr[4] = c[1];
          h.gpr[5] = c[2];
          h.xer = so ? XER_SO : 0;
          h.cr = 0;
          h.pc = code;
          h.run(1);
          Result want = reference(op, c[0], c[1], c[2]);
          bool so_after = so || (oe && want.ov);
          CHECK_MESSAGE(h.gpr[3] == want.rt, op.name << " rt=" << c[0] << " ra=" << c[1] << " rb=" << c[2]);
          CHECK(h.xer == ((so_after ? XER_SO : 0) | (oe && want.ov ? XER_OV : 0)));
          CHECK(h.cr_field(0) == (rc ? cr0_of(want.rt, so_after) : 0u));
          CHECK(h.pc == code + 4);
        }
      }
    }
  }
}

TEST_CASE("MAC saturation edges, by hand") {
  TestCore t("nic");
  auto run = [&](const char* name, uint32_t rt, uint32_t ra, uint32_t rb) {
    for (const MacOp& op : kOps)
      if (std::string(op.name) == name) {
        t.h().gpr[3] = rt, t.h().gpr[4] = ra, t.h().gpr[5] = rb;
        t.exec({encode(op, 3, 4, 5, true, false)});
        return t.h().gpr[3];
      }
    FAIL("no such op");
    return 0u;
  };
  // 0x7FFF * 0x7FFF = 0x3FFF0001 on top of 0x7FFFFFFF: saturates to the signed maximum.
  CHECK(run("machhws", 0x7FFFFFFF, 0x7FFF0000, 0x7FFF0000) == 0x7FFFFFFF);
  CHECK((t.h().xer & XER_OV));
  CHECK(run("machhw", 0x7FFFFFFF, 0x7FFF0000, 0x7FFF0000) == 0xBFFF0000);  // modulo wraps
  // -32768 * 32767 subtracted from the minimum... negative product negated is positive: no overflow.
  CHECK(run("nmaclhws", 0x80000000, 0x00008000, 0x00007FFF) == 0x80000000u + 0x3FFF8000u);
  CHECK(!(t.h().xer & XER_OV));
  // nmac of a positive product from the minimum saturates at the minimum.
  CHECK(run("nmaclhws", 0x80000000, 0x00000002, 0x00000003) == 0x80000000);
  CHECK((t.h().xer & XER_OV));
  // Unsigned: 0xFFFF * 0xFFFF + 0x0001FFFF carries out of 32 bits.
  CHECK(run("maclhwsu", 0x0001FFFF, 0x0000FFFF, 0x0000FFFF) == 0xFFFFFFFF);
  CHECK(run("maclhwu", 0x0001FFFF, 0x0000FFFF, 0x0000FFFF) == 0x00000000);
  CHECK((t.h().xer & XER_OV));
  // Cross: low half of rA times high half of rB.
  CHECK(run("mulchw", 0, 0xAAAA0003, 0xFFFE5555) == uint32_t(-6));
  CHECK(run("mulchwu", 0, 0xAAAA0003, 0xFFFE5555) == 3u * 0xFFFE);
}

TEST_CASE("opcode 4 is the MAC family only where there is no AltiVec") {
  isa::Decoder host(core_profile("host").features), nic(core_profile("nic").features),
      pim(core_profile("pim").features);
  uint32_t macchw = encode(kOps[0], 3, 4, 5, false, false);
  CHECK(std::string(nic.decode(macchw)->mnemonic) == "macchw");
  const isa::InsnRow* h = host.decode(macchw);
  CHECK((h == nullptr || std::string(h->mnemonic) != "macchw"));
  const isa::InsnRow* p = pim.decode(macchw);
  CHECK((p == nullptr || std::string(p->mnemonic) != "macchw"));
  uint32_t vaddubm = test::assemble("vaddubm 1, 2, 3")[0];
  CHECK(nic.decode(vaddubm) == nullptr);
}
