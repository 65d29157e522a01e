// lwarx/stwcx. reservations (lost to DMA and to other harts' stores in the 32-byte granule), and
// the cache-block instructions: dcbz zeroes one block, the others only fault where they must.
#include <doctest/doctest.h>

#include <vector>

#include "cpu/core.h"
#include "cpu/interrupts.h"
#include "integer_util.h"

using namespace pimnic;
using pimnic::test::TestCore;

namespace {

constexpr uint32_t kData = TestCore::kDataBase;
uint32_t cr0(const Hart& h) { return h.cr >> 28; }

}  // namespace

TEST_CASE("lwarx/stwcx.: success, failure without a reservation, SO copied to CR0") {
  TestCore t;
  auto& h = t.h();
  t.write32(kData + 0x40, 5);
  h.gpr[4] = kData;
  h.gpr[5] = 0x40;
  t.exec(ASM("lwarx 3, 4, 5; addi 3, 3, 1; stwcx. 3, 4, 5"));
  CHECK(t.read32(kData + 0x40) == 6);
  CHECK(cr0(h) == 2);
  // The reservation was used up: a second stwcx. fails and stores nothing.
  h.gpr[3] = 99;
  h.xer = XER_SO;
  t.exec(ASM("stwcx. 3, 4, 5"));
  CHECK(t.read32(kData + 0x40) == 6);
  CHECK(cr0(h) == 1);
  t.exec(ASM("lwarx 3, 4, 5; stwcx. 3, 4, 5"));
  CHECK(cr0(h) == 3);
  // A stwcx. to another address than the reservation's fails.
  h.gpr[6] = 0x44;
  t.exec(ASM("lwarx 3, 4, 5; stwcx. 3, 4, 6"));
  CHECK(cr0(h) == 1);
  CHECK(t.read32(kData + 0x44) == 0);
  // Other CR fields are untouched.
  h.cr = 0x0ABCDEF0;
  h.xer = 0;
  t.exec(ASM("lwarx 3, 4, 5; stwcx. 3, 4, 5"));
  CHECK(h.cr == 0x2ABCDEF0u);
}

TEST_CASE("a DMA write into the reservation granule makes stwcx. fail; one outside does not") {
  TestCore t;
  auto& h = t.h();
  h.gpr[4] = kData + 0x100;
  h.gpr[5] = 8;
  h.gpr[3] = 0x77;
  // Same 32-byte granule (kData + 0x100 .. + 0x11F), different word.
  t.exec(ASM("lwarx 6, 4, 5"));
  t.mem().write_bytes(kData + 0x11C, std::vector<uint8_t>{1}.data(), 1);
  t.exec(ASM("stwcx. 3, 4, 5"));
  CHECK(cr0(h) == 0);
  CHECK(t.read32(kData + 0x108) == 0);
  // Next granule: the reservation survives.
  t.exec(ASM("lwarx 6, 4, 5"));
  t.mem().write_bytes(kData + 0x120, std::vector<uint8_t>{1, 2, 3, 4}.data(), 4);
  t.exec(ASM("stwcx. 3, 4, 5"));
  CHECK(cr0(h) == 2);
  CHECK(t.read32(kData + 0x108) == 0x77);
}

TEST_CASE("another hart's store into the granule cancels the reservation") {
  AddressSpace mem("two-harts");
  mem.add_ram("ram", 0, 1 << 20);
  CoreConfig cfg = core_profile("host");
  cfg.harts = 2;
  Core core(cfg, mem);
  Hart& a = core.hart(0);
  Hart& b = core.hart(1);
  // Hart 0 at 0x1000: lwarx 3,0,4; (hart 1 runs) stwcx. 5,0,4. Hart 1 at 0x2000: stw 6,4(4).
  auto w0 = ASM("lwarx 3, 0, 4; stwcx. 5, 0, 4");
  auto w1 = ASM("stw 6, 4(4); stb 6, 32(4)");
  auto put = [&](uint32_t addr, const std::vector<uint32_t>& words) {
    for (uint32_t w : words) {
      uint8_t be[4] = {uint8_t(w >> 24), uint8_t(w >> 16), uint8_t(w >> 8), uint8_t(w)};
      mem.write_bytes(addr, be, 4);
      addr += 4;
    }
  };
  put(0x1000, w0);
  put(0x2000, w1);
  for (Hart* h : {&a, &b}) h->gpr[4] = 0x8000;
  a.gpr[5] = 0xAAAA;
  b.gpr[6] = 0xBBBB;
  // Warm hart 1's fast path to the data page before the reservation exists.
  b.pc = 0x2004;
  b.run(1);
  a.pc = 0x1000;
  a.run(1);  // lwarx
  b.pc = 0x2000;
  b.run(1);  // stw into the granule
  a.run(1);  // stwcx.
  CHECK((a.cr >> 28) == 0);
  CHECK(a.pc == 0x1008);
  uint8_t got[4];
  mem.read_bytes(0x8000, got, 4);
  CHECK(got[3] == 0);
  // Its own stores do not cancel it; stores to the next granule by hart 1 do not either.
  a.pc = 0x1000;
  a.run(1);
  b.pc = 0x2004;
  b.run(1);  // stb at 0x8020
  a.run(1);
  CHECK((a.cr >> 28) == 2);
  mem.read_bytes(0x8000, got, 4);
  CHECK(got[2] == 0xAA);
}

TEST_CASE("lwarx/stwcx. on a misaligned address take the alignment interrupt") {
  TestCore t;
  auto& h = t.h();
  h.gpr[4] = kData + 2;
  t.exec(ASM("lwarx 3, 0, 4"));
  CHECK(h.pc == 0x600);
  CHECK(h.dar == kData + 2);
  CHECK(!h.reserve_valid);
  t.exec(ASM("stwcx. 3, 0, 4"));
  CHECK(h.pc == 0x600);
  CHECK(h.dar == kData + 2);
}

TEST_CASE("dcbz zeroes exactly the 32-byte block holding the address") {
  TestCore t;
  auto& h = t.h();
  std::vector<uint8_t> ff(128, 0xFF);
  t.write_bytes(kData, ff);
  h.gpr[4] = kData + 0x20;
  h.gpr[5] = 13;
  t.exec(ASM("dcbz 4, 5"));
  auto after = t.read_bytes(kData, 128);
  for (unsigned i = 0; i < 128; ++i) {
    CAPTURE(i);
    CHECK(after[i] == ((i >= 0x20 && i < 0x40) ? 0 : 0xFF));
  }
  h.gpr[5] = kData + 0x7F;  // rA = 0
  t.exec(ASM("dcbz 0, 5"));
  after = t.read_bytes(kData, 128);
  for (unsigned i = 0x60; i < 0x80; ++i) CHECK(after[i] == 0);
  CHECK(after[0x5F] == 0xFF);
  // It faults as a store on an unmapped address.
  h.gpr[5] = 0x80000010u;
  t.exec(ASM("dcbz 0, 5"));
  CHECK(h.pc == 0x300);
  CHECK((h.dsisr & DSISR_STORE) != 0);
}

TEST_CASE("dcbf, dcbst, icbi fault on unmapped addresses; dcbt, dcbtst, dcba never do") {
  TestCore t;
  auto& h = t.h();
  h.gpr[5] = 0x80000000u;
  const auto& faulting = ASM("dcbf 0, 5; dcbst 0, 5; icbi 0, 5");
  for (uint32_t w : faulting) {
    CAPTURE(w);
    t.exec({w});
    CHECK(h.pc == 0x300);
    CHECK(h.dar == 0x80000000u);
    CHECK((h.dsisr & DSISR_STORE) == 0);
  }
  const auto& hints = ASM("dcbt 0, 5; dcbtst 0, 5; dcba 0, 5");
  for (uint32_t w : hints) {
    CAPTURE(w);
    t.exec({w});
    CHECK(h.pc == TestCore::kCodeBase + 4);
  }
  // On mapped memory every one of them leaves data alone.
  t.write32(kData, 0x12345678);
  h.gpr[5] = kData;
  t.exec(ASM("dcbf 0, 5; dcbst 0, 5; icbi 0, 5; dcbt 0, 5; dcbtst 0, 5; dcba 0, 5; dcbi 0, 5"));
  CHECK(h.pc == TestCore::kCodeBase + 28);
  CHECK(t.read32(kData) == 0x12345678u);
}

TEST_CASE("dcbi is privileged") {
  TestCore t;
  auto& h = t.h();
  h.gpr[5] = kData;
  h.msr |= MSR_PR;
  t.exec(ASM("dcbi 0, 5"));
  CHECK(h.pc == 0x700);
  CHECK(h.srr0 == TestCore::kCodeBase);
  CHECK((h.srr1 & SRR1_PROGRAM_PRIV) != 0);
  CHECK((h.srr1 & MSR_PR) != 0);
  // In supervisor state it still faults on an unmapped address.
  h.msr &= ~MSR_PR;
  h.gpr[5] = 0x80000000u;
  t.exec(ASM("dcbi 0, 5"));
  CHECK(h.pc == 0x300);
}
