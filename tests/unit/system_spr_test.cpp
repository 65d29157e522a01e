// mfspr/mtspr/mftb against the SPR table: every register on every profile, privilege in problem
// state, unknown and read-only numbers, the table's names against llvm-mc's extended mnemonics, and
// a debugger's writes against mtspr's.
#include <doctest/doctest.h>

#include "cpu/spr_registers.h"
#include "gdb/registers.h"
#include "util/bits.h"
#include "system_test_asm.h"
#include "test_core.h"

using namespace pimnic;
using pimnic::test::TestCore;

namespace {

// XFX encodings, SPR halves swapped (checked against llvm-mc below).
uint32_t mfspr_w(unsigned rt, unsigned n) { return 31u << 26 | rt << 21 | (n & 31) << 16 | (n >> 5) << 11 | 339u << 1; }
uint32_t mtspr_w(unsigned n, unsigned rs) { return 31u << 26 | rs << 21 | (n & 31) << 16 | (n >> 5) << 11 | 467u << 1; }
uint32_t mftb_w(unsigned rt, unsigned n) { return 31u << 26 | rt << 21 | (n & 31) << 16 | (n >> 5) << 11 | 371u << 1; }

constexpr uint32_t kProgramVector = 0x700;

bool took_program(TestCore& t, uint32_t srr1_reason) {
  return t.h().pc == kProgramVector && t.h().srr0 == TestCore::kCodeBase &&
         (t.h().srr1 & 0x001F0000u) == srr1_reason;
}

}  // namespace

TEST_CASE("the mfspr/mtspr/mftb encodings used here match llvm-mc") {
  CHECK(test::assemble("mfspr 3, 272; mtspr 1013, 30") ==
        std::vector<uint32_t>{mfspr_w(3, 272), mtspr_w(1013, 30)});
  CHECK(mftb_w(7, 269) == 0x7CED42E6u);  // GNU as -m7400 "mftbu 7" (llvm-mc emits mfspr for it)
}

TEST_CASE("the SPR table's names are llvm-mc's extended mnemonics") {
  // mf<name>/mt<name> as llvm-mc spells them, on the profile that has the register.
  struct Case { const char* profile; const char* text; unsigned num; };
  const Case cases[] = {
      {"host", "mfxer 3", 1},     {"host", "mtlr 3", 8},      {"host", "mfctr 3", 9},
      {"host", "mfdsisr 3", 18},  {"host", "mtdar 3", 19},    {"host", "mtdec 3", 22},
      {"host", "mfsrr0 3", 26},   {"host", "mtsrr1 3", 27},   {"host", "mfsprg 3, 2", 274},
      {"host", "mtsprg3 3", 275}, {"host", "mfvrsave 3", 256},{"host", "mttbl 3", 284},
      {"host", "mttbu 3", 285},   {"host", "mfpvr 3", 287},
      {"nic", "mfsprg 3, 4", 260}, {"nic", "mfsprg 3, 7", 263},
  };
  // Not checked: llvm-mc 14 encodes "mtsprg 4..7" as mtspr 260-263 (the 440's user read-only
  // numbers; GNU as uses 276-279, which the 440 manual gives for writes), and knows no mfusprg0.
  std::vector<std::string> host_lines, nic_lines;
  for (const Case& c : cases) (std::string(c.profile) == "nic" ? nic_lines : host_lines).push_back(c.text);
  test::AsmBatch batch({{"host", host_lines}, {"nic", nic_lines}});
  for (const Case& c : cases) {
    uint32_t w = batch.one(c.text, c.profile);
    unsigned n = (w >> 16 & 31) | (w >> 11 & 31) << 5;
    CHECK_MESSAGE(n == c.num, c.text);
    const SprDef* d = find_spr(n, core_profile(c.profile).features);
    CHECK_MESSAGE(d != nullptr, c.text);
  }
  // Names resolve to the number that allows the access.
  uint8_t host = core_profile("host").features, nic = core_profile("nic").features;
  CHECK(find_spr("tbl", host, SPR_READ)->num == 268);
  CHECK(find_spr("tbl", host, SPR_WRITE)->num == 284);
  CHECK(find_spr("sprg4", nic, SPR_READ)->num == 260);
  CHECK(find_spr("sprg4", nic, SPR_WRITE)->num == 276);
  CHECK(find_spr("sprg4", host) == nullptr);
  CHECK(find_spr("vrsave", nic) == nullptr);
  CHECK(find_spr(256, nic)->reg == SprReg::Usprg0);
  CHECK(find_spr(256, host)->reg == SprReg::Vrsave);
  CHECK(find_spr(1008, nic) == nullptr);  // HID0 is a 7400 register
  CHECK(find_spr(62, host) == nullptr);   // ESR is a 440 register
  // Every entry is what some profile finds under its number.
  for (const SprDef& d : spr_table()) {
    bool found = false;
    for (const char* p : {"host", "nic", "pim"}) found |= find_spr(d.num, core_profile(p).features) == &d;
    CHECK_MESSAGE(found, d.name);
  }
}

TEST_CASE("every plain read/write SPR keeps what mtspr wrote, on every profile") {
  for (const char* profile : {"host", "nic", "pim"}) {
    uint8_t feats = core_profile(profile).features;
    for (const SprDef& d : spr_table()) {
      if (!d.on(feats) || d.access != SPR_RW || d.reg == SprReg::Dec) continue;
      TestCore t(profile);
      uint32_t v = 0x9E3779B9u ^ d.num;
      t.h().gpr[3] = v;
      t.exec({mtspr_w(d.num, 3), mfspr_w(4, d.num)});
      uint32_t want = d.reg == SprReg::Xer ? v & 0xE000007Fu : v;  // XER bits 3-24 are reserved
      CHECK_MESSAGE(t.h().gpr[4] == want, profile << " " << d.name << " (" << d.num << ")");
      CHECK(t.h().pc == TestCore::kCodeBase + 8);
    }
  }
}

TEST_CASE("SPRs land in the architectural state the rest of pimnic reads") {
  TestCore t;
  t.h().gpr[3] = 0xF1111111;
  t.exec({mtspr_w(1, 3), mtspr_w(26, 3), mtspr_w(272, 3), mtspr_w(256, 3)});
  CHECK(t.h().xer == 0xE0000011);
  t.h().gpr[3] = 0x11111111;
  t.exec({mtspr_w(26, 3), mtspr_w(272, 3), mtspr_w(256, 3)});
  CHECK(t.h().srr0 == 0x11111111);
  CHECK(t.h().sprg[0] == 0x11111111);
  CHECK(t.h().vrsave == 0x11111111);

  TestCore n("nic");
  n.h().gpr[3] = 0x22222222;
  n.exec({mtspr_w(277, 3), mfspr_w(4, 261), mtspr_w(61, 3), mtspr_w(256, 3)});
  CHECK(n.h().sprg[5] == 0x22222222);
  CHECK(n.h().gpr[4] == 0x22222222);  // SPRG5 read back through its user-mode number
  CHECK(n.h().dar == 0x22222222);     // DEAR is DAR under its 440 number
  CHECK(n.h().usprg0 == 0x22222222);
}

TEST_CASE("read-only SPRs: PVR, PIR, and the user copies of SPRG4-7") {
  TestCore t;
  t.exec({mfspr_w(3, 287), mfspr_w(4, 1023)});
  CHECK(t.h().gpr[3] == 0x000C0209);
  CHECK(t.h().gpr[4] == t.h().pir);

  TestCore n("nic");
  n.exec({mfspr_w(3, 287), mfspr_w(4, 286), mfspr_w(5, 1023)});
  CHECK(n.h().gpr[3] == core_profile("nic").pvr);
  CHECK(n.h().gpr[4] == n.h().pir);
  CHECK(n.h().gpr[5] == n.h().pir);

  for (unsigned num : {287u, 286u, 260u, 268u, 269u}) {
    TestCore r("nic");
    r.exec({mtspr_w(num, 3)});
    CHECK_MESSAGE(took_program(r, SRR1_PROGRAM_ILLEGAL), "mtspr " << num);
  }
  for (unsigned num : {284u, 285u}) {  // the time-base write numbers cannot be read
    TestCore r;
    r.exec({mfspr_w(3, num)});
    CHECK_MESSAGE(took_program(r, SRR1_PROGRAM_ILLEGAL), "mfspr " << num);
  }
}

TEST_CASE("unknown SPR numbers are illegal instructions") {
  for (unsigned num : {0u, 2u, 7u, 100u, 511u, 1000u, 1017u}) {
    TestCore t;
    t.exec({mfspr_w(3, num)});
    CHECK_MESSAGE(took_program(t, SRR1_PROGRAM_ILLEGAL), "mfspr " << num);
    TestCore u;
    u.exec({mtspr_w(num, 3)});
    CHECK_MESSAGE(took_program(u, SRR1_PROGRAM_ILLEGAL), "mtspr " << num);
  }
  // Registers of the other core class.
  TestCore nic("nic");
  nic.exec({mfspr_w(3, 1008)});  // HID0
  CHECK(took_program(nic, SRR1_PROGRAM_ILLEGAL));
  TestCore host;
  host.exec({mfspr_w(3, 62)});   // ESR
  CHECK(took_program(host, SRR1_PROGRAM_ILLEGAL));
  TestCore pim("pim");
  pim.exec({mfspr_w(3, 260)});   // SPRG4 (440 only)
  CHECK(took_program(pim, SRR1_PROGRAM_ILLEGAL));
}

TEST_CASE("problem state: SPR numbers with bit 0x10 are privileged, the others are not") {
  for (const char* profile : {"host", "nic"}) {
    uint8_t feats = core_profile(profile).features;
    for (const SprDef& d : spr_table()) {
      if (!d.on(feats)) continue;
      TestCore t(profile);
      t.h().msr |= MSR_PR;
      uint32_t w = (d.access & SPR_READ) ? mfspr_w(3, d.num) : mtspr_w(d.num, 3);
      t.exec({w});
      if (d.privileged()) {
        CHECK_MESSAGE(took_program(t, SRR1_PROGRAM_PRIV), profile << " " << d.name << " " << d.num);
        CHECK(!(t.h().msr & MSR_PR));
        CHECK((t.h().srr1 & MSR_PR));
      } else {
        CHECK_MESSAGE(t.h().pc == TestCore::kCodeBase + 4, profile << " " << d.name);
      }
    }
  }
  // Privilege is checked before existence: an unknown privileged number in user mode.
  TestCore t;
  t.h().msr |= MSR_PR;
  t.exec({mfspr_w(3, 1000)});  // 0x3E8: not privileged, not implemented
  CHECK(took_program(t, SRR1_PROGRAM_ILLEGAL));
  TestCore u;
  u.h().msr |= MSR_PR;
  u.exec({mfspr_w(3, 1016)});  // 0x3F8: bit 0x10 set, not implemented
  CHECK(took_program(u, SRR1_PROGRAM_PRIV));
}

TEST_CASE("the time base: TBL/TBU reads through mfspr and mftb, writes move tb_offset only") {
  TestCore t;
  Hart& h = t.h();
  h.tb_divider = 8;
  h.cycle_offset = 800;  // TB = 100
  t.exec({mfspr_w(3, 268), mftb_w(4, 268), mfspr_w(5, 269)});
  CHECK(h.gpr[3] == 100);
  CHECK(h.gpr[4] == 100);
  CHECK(h.gpr[5] == 0);

  // mttbl 0; mttbu hi; mttbl lo: the usual sequence to set a 64-bit TB.
  uint32_t dec_before = h.decrementer();
  uint64_t ticks_before = h.tb_ticks();
  h.gpr[6] = 0;
  h.gpr[7] = 0x12345678;
  h.gpr[8] = 0xFFFFFFF0;
  t.exec({mtspr_w(284, 6), mtspr_w(285, 7), mtspr_w(284, 8), mftb_w(9, 269), mftb_w(10, 268)});
  CHECK(h.gpr[9] == 0x12345678);
  // The TB ticks every 8 instructions: the 5 instructions above ran from cycle 803 to 807.
  CHECK(h.gpr[10] == 0xFFFFFFF0);
  // DEC counts on (one tick passed during those instructions), untouched by the TB writes.
  CHECK(h.decrementer() == dec_before - uint32_t(h.tb_ticks() - ticks_before));
  // 16 more ticks carry into TBU: the reads run at cycles 936-937, tick 117 = 17 ticks after the
  // writes (tick 100).
  h.cycle_offset += 16 * 8;
  t.exec({mftb_w(11, 269), mftb_w(12, 268)});
  CHECK(h.gpr[11] == 0x12345679);
  CHECK(h.gpr[12] == 0x00000001);
  CHECK(h.timebase() == 0x1234567900000001ull);

  // mftb with another TBR number is an invalid form.
  TestCore u;
  u.exec({mftb_w(3, 266)});
  CHECK(took_program(u, SRR1_PROGRAM_ILLEGAL));
  // Writes are privileged, reads are not.
  TestCore v;
  v.h().msr |= MSR_PR;
  v.exec({mftb_w(3, 268), mfspr_w(4, 269), mtspr_w(284, 3)});
  CHECK(v.h().pc == kProgramVector);
  CHECK(v.h().srr0 == TestCore::kCodeBase + 8);
  CHECK((v.h().srr1 & SRR1_PROGRAM_PRIV));
}

TEST_CASE("a TBU/TBL/TBU read loop sees a consistent 64-bit time base") {
  TestCore t;
  Hart& h = t.h();
  h.tb_divider = 1;  // TB moves every instruction
  h.write_timebase(0xFFFFFFFEull);
  // loop: mftbu 3; mftb 4; mftbu 5; cmpw 3,5; bne loop
  auto words = test::assemble("1: mftbu 3; mftb 4; mftbu 5; cmpw 3, 5; bne 1b");
  t.exec(words);
  t.h().run(20);
  uint64_t tb = uint64_t(h.gpr[3]) << 32 | h.gpr[4];
  CHECK(h.gpr[3] == h.gpr[5]);
  CHECK(tb >= 0xFFFFFFFEull);
  CHECK(tb <= h.timebase());
}

TEST_CASE("a debugger writes every SPR as mtspr does, and leaves the read-only ones alone") {
  // gdb/registers.cpp and mtspr share write_spr: a debugger's write of an SPR in gdb's register
  // layout gives the value mtspr (under the register's write number) gives; PVR and PIR, which
  // no core can write, keep theirs.
  for (const char* profile : {"host", "nic", "pim"}) {
    const CoreConfig cfg = core_profile(profile);
    const gdb::RegisterLayout layout = gdb::RegisterLayout::for_core(cfg);
    unsigned checked = 0;
    for (const gdb::RegDef& r : layout.regs) {
      if (r.kind != gdb::RegKind::Spr) continue;
      const uint32_t v = 0x9E3779B9u ^ r.spr->num;
      TestCore by_gdb(profile);
      const uint32_t before = spr_value(by_gdb.h(), *r.spr);
      std::string bytes(4, '\0');
      store_be<uint32_t>(reinterpret_cast<uint8_t*>(bytes.data()), v);
      REQUIRE(gdb::write_register(by_gdb.h(), r, bytes));
      const uint32_t after_gdb = spr_value(by_gdb.h(), *r.spr);
      const SprDef* w = find_spr(r.spr->name, cfg.features, SPR_WRITE);
      if (!w) {
        CHECK_MESSAGE(after_gdb == before, profile << " " << r.name << " is read-only");
        continue;
      }
      TestCore by_mtspr(profile);
      by_mtspr.h().gpr[3] = v;
      by_mtspr.exec({mtspr_w(w->num, 3)});
      // (both read before any time-base tick passes: DEC and TB read back as written)
      CHECK_MESSAGE(spr_value(by_mtspr.h(), *r.spr) == after_gdb, profile << " " << r.name);
      CHECK_MESSAGE(after_gdb == (r.spr->reg == SprReg::Xer ? v & kXerBits : v), profile << " " << r.name);
      ++checked;
    }
    CHECK(checked >= 10);
  }
}
