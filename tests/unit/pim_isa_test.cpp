// The PIM extension on primary opcode 6 (docs/isa/pim.md): decoding per profile, names, thread
// spawn/exit/yield/id, full/empty-bit operations and their errors, blocking and the scheduler.
#include <doctest/doctest.h>

#include <memory>
#include <vector>

#include "cpu/core.h"
#include "isa/decoder.h"
#include "isa/disasm.h"
#include "test_core.h"

using namespace pimnic;
using pimnic::test::TestCore;

namespace {

// Encodings as docs/isa/pim.md gives them (X form, primary opcode 6), written out independently
// of the table.
uint32_t pim(unsigned xo, unsigned t, unsigned a, unsigned b) { return 6u << 26 | t << 21 | a << 16 | b << 11 | xo << 1; }
uint32_t spawn(unsigned t, unsigned a, unsigned b) { return pim(0, t, a, b); }
uint32_t texit(unsigned s) { return pim(1, s, 0, 0); }
uint32_t yield() { return pim(2, 0, 0, 0); }
uint32_t tid(unsigned t) { return pim(3, t, 0, 0); }
uint32_t readfe(unsigned t, unsigned a, unsigned b) { return pim(16, t, a, b); }
uint32_t readff(unsigned t, unsigned a, unsigned b) { return pim(17, t, a, b); }
uint32_t writeef(unsigned s, unsigned a, unsigned b) { return pim(18, s, a, b); }
uint32_t writef(unsigned s, unsigned a, unsigned b) { return pim(19, s, a, b); }
uint32_t feempty(unsigned a, unsigned b) { return pim(20, 0, a, b); }
uint32_t fefill(unsigned a, unsigned b) { return pim(21, 0, a, b); }
uint32_t fetest(unsigned t, unsigned a, unsigned b) { return pim(22, t, a, b); }
uint32_t parcel(unsigned t, unsigned a) { return pim(32, t, a, 0); }
uint32_t migrate(unsigned t, unsigned a, unsigned b) { return pim(33, t, a, b); }
constexpr uint32_t kStw = 36u << 26;  // stw rS, d(rA)
uint32_t stw(unsigned s, unsigned a) { return kStw | s << 21 | a << 16; }
constexpr uint32_t kNop = 0x60000000;

constexpr uint32_t kData = TestCore::kDataBase;

// A PIM core with several hardware threads on 1 MiB of RAM.
struct PimCore {
  AddressSpace mem{"pim-test"};
  std::unique_ptr<Core> core;
  explicit PimCore(unsigned harts) {
    mem.add_ram("ram", 0, 1u << 20);
    CoreConfig cfg = core_profile("pim");
    cfg.harts = harts;
    core = std::make_unique<Core>(cfg, mem);
    core->hart(0).msr = MSR_VEC | MSR_ME;
  }
  Hart& h(size_t i = 0) { return core->hart(i); }
  void put(uint32_t addr, const std::vector<uint32_t>& words) {
    for (uint32_t w : words) {
      uint8_t b[4] = {uint8_t(w >> 24), uint8_t(w >> 16), uint8_t(w >> 8), uint8_t(w)};
      mem.write_bytes(addr, b, 4);
      addr += 4;
    }
  }
  uint32_t read32(uint32_t addr) {
    uint8_t b[4];
    mem.read_bytes(addr, b, 4);
    return uint32_t(b[0]) << 24 | uint32_t(b[1]) << 16 | uint32_t(b[2]) << 8 | b[3];
  }
};

bool took(Hart& h, uint32_t vector, uint32_t srr0) { return h.pc == vector && h.srr0 == srr0; }

}  // namespace

TEST_CASE("opcode 6 decodes only on the pim profile; host (AltiVec-128) and nic raise illegal") {
  const std::vector<uint32_t> words = {spawn(3, 4, 5), texit(3), yield(), tid(3), readfe(3, 4, 5),
                                       readff(3, 4, 5), writeef(3, 4, 5), writef(3, 4, 5), feempty(4, 5),
                                       fefill(4, 5), fetest(3, 4, 5), parcel(3, 4), migrate(3, 4, 5)};
  isa::Decoder pim_dec(core_profile("pim").features);
  for (uint32_t w : words) CHECK(pim_dec.decode(w) != nullptr);
  for (const char* profile : {"host", "nic"}) {
    isa::Decoder dec(core_profile(profile).features);
    for (uint32_t w : words) {
      CAPTURE(w);
      CHECK(dec.decode(w) == nullptr);
      TestCore t(profile);
      t.exec({w});
      CHECK(took(t.h(), 0x700, TestCore::kCodeBase));
      CHECK((t.h().srr1 & SRR1_PROGRAM_ILLEGAL) != 0);
    }
  }
}

TEST_CASE("PIM instructions disassemble with their table names") {
  isa::Decoder dec(core_profile("pim").features);
  CHECK(isa::disassemble(dec, spawn(3, 4, 5), 0) == "spawn r3, r4, r5");
  CHECK(isa::disassemble(dec, texit(3), 0) == "texit r3");
  CHECK(isa::disassemble(dec, yield(), 0) == "yield");
  CHECK(isa::disassemble(dec, tid(9), 0) == "tid r9");
  CHECK(isa::disassemble(dec, readfe(3, 4, 5), 0) == "readfe r3, r4, r5");
  CHECK(isa::disassemble(dec, readff(3, 0, 5), 0) == "readff r3, 0, r5");
  CHECK(isa::disassemble(dec, writeef(6, 4, 5), 0) == "writeef r6, r4, r5");
  CHECK(isa::disassemble(dec, writef(6, 4, 5), 0) == "writef r6, r4, r5");
  CHECK(isa::disassemble(dec, feempty(4, 5), 0) == "feempty r4, r5");
  CHECK(isa::disassemble(dec, fefill(4, 5), 0) == "fefill r4, r5");
  CHECK(isa::disassemble(dec, fetest(3, 4, 5), 0) == "fetest r3, r4, r5");
  CHECK(isa::disassemble(dec, parcel(3, 4), 0) == "parcel r3, r4");
  CHECK(isa::disassemble(dec, migrate(3, 4, 5), 0) == "migrate r3, r4, r5");
}

TEST_CASE("full/empty bits: every word starts full; ordinary stores leave them alone") {
  TestCore t("pim");
  t.h().gpr[4] = kData;
  t.h().gpr[5] = 0;
  t.h().gpr[6] = 77;
  t.exec({fetest(3, 4, 5), feempty(4, 5), stw(6, 4), fetest(7, 4, 5), fefill(4, 5), fetest(8, 4, 5)});
  CHECK(t.h().gpr[3] == 1);
  CHECK(t.h().gpr[7] == 0);  // stw wrote the data, the bit stayed empty
  CHECK(t.h().gpr[8] == 1);
  CHECK(t.read32(kData) == 77);
  CHECK(t.core().feb().full(kData + 4));
}

TEST_CASE("readFE reads and empties, readFF reads and keeps full, writeF writes and fills") {
  TestCore t("pim");
  t.write32(kData, 0x12345678);
  t.h().gpr[4] = kData - 8;
  t.h().gpr[5] = 8;  // EA = (rA|0) + rB
  t.h().gpr[9] = 0xCAFE;
  t.exec({readff(3, 4, 5), readfe(6, 4, 5), fetest(7, 4, 5), writef(9, 4, 5), fetest(8, 4, 5)});
  CHECK(t.h().gpr[3] == 0x12345678);
  CHECK(t.h().gpr[6] == 0x12345678);
  CHECK(t.h().gpr[7] == 0);
  CHECK(t.h().gpr[8] == 1);
  CHECK(t.read32(kData) == 0xCAFE);
  CHECK(t.h().icount == 5);
}

TEST_CASE("writeEF writes an empty word and fills it; rA = 0 reads as 0") {
  TestCore t("pim");
  t.h().gpr[5] = kData;
  t.h().gpr[6] = 42;
  t.exec({feempty(0, 5), writeef(6, 0, 5), fetest(7, 0, 5)});
  CHECK(t.read32(kData) == 42);
  CHECK(t.h().gpr[7] == 1);
}

TEST_CASE("a blocked full/empty op does not retire; alone on its core it is a deadlock") {
  PimCore c(1);
  c.put(0x1000, {readfe(3, 0, 5), kNop});
  c.h().pc = 0x1000;
  c.h().gpr[5] = kData;
  c.core->feb().set_full(kData, false);
  CHECK(c.core->run_threads(100) == StopReason::Deadlock);
  CHECK(c.h().pc == 0x1000);
  CHECK(c.h().icount == 0);
  CHECK(c.h().thread_state == ThreadState::Blocked);
  CHECK(c.core->deadlock_message().find("waits for 0x00020000 to become full") != std::string::npos);
  // writeEF on a full word blocks too (waits for empty).
  PimCore d(1);
  d.put(0x1000, {writeef(3, 0, 5)});
  d.h().pc = 0x1000;
  d.h().gpr[5] = kData;
  CHECK(d.core->run_threads(100) == StopReason::Deadlock);
  CHECK(d.core->deadlock_message().find("to become empty") != std::string::npos);
}

TEST_CASE("full/empty-bit errors: unaligned -> alignment, outside PIM memory -> storage") {
  const std::vector<uint32_t> ops = {readfe(3, 4, 5), readff(3, 4, 5), writeef(3, 4, 5), writef(3, 4, 5),
                                     feempty(4, 5), fefill(4, 5), fetest(3, 4, 5)};
  for (uint32_t w : ops) {
    CAPTURE(w);
    TestCore t("pim");
    t.h().gpr[3] = 0x5555;
    t.h().gpr[4] = kData;
    t.h().gpr[5] = 2;
    t.exec({w});
    CHECK(took(t.h(), 0x600, TestCore::kCodeBase));
    CHECK(t.h().dar == kData + 2);
    CHECK(t.core().feb().full(kData));
    TestCore u("pim");
    u.h().gpr[3] = 0x5555;
    u.h().gpr[4] = 0x00F00000;  // beyond the 1 MiB of RAM
    u.h().gpr[5] = 0;
    u.exec({w});
    CHECK(took(u.h(), 0x300, TestCore::kCodeBase));
    CHECK(u.h().dar == 0x00F00000);
    CHECK(u.h().gpr[3] == 0x5555);
  }
}

TEST_CASE("parcel and migrate are illegal on a core without a parcel engine (no network)") {
  for (uint32_t w : {parcel(3, 4), migrate(3, 4, 5)}) {
    TestCore t("pim");
    t.exec({w});
    CHECK(took(t.h(), 0x700, TestCore::kCodeBase));
    CHECK((t.h().srr1 & SRR1_PROGRAM_ILLEGAL) != 0);
  }
}

TEST_CASE("tid gives the hardware thread index; yield ends the thread's turn after retiring") {
  TestCore t("pim");
  t.h().gpr[3] = 99;
  CHECK(t.exec({tid(3), yield(), kNop}) == StopReason::Yield);
  CHECK(t.h().gpr[3] == 0);
  CHECK(t.h().pc == TestCore::kCodeBase + 8);
  CHECK(t.h().icount == 2);
}

TEST_CASE("spawn starts a thread at rA with r3 = rB; -1 when no context is free; texit frees it") {
  PimCore c(3);
  // Thread body at 0x2000: store r3 (its argument) and its id, then exit.
  c.put(0x2000, {tid(6), stw(3, 7), kStw | 6u << 21 | 7u << 16 | 4, texit(0)});
  c.put(0x1000, {spawn(10, 4, 5), spawn(11, 4, 5), spawn(12, 4, 5), yield(), yield(), spawn(13, 4, 5),
                 yield(), texit(14)});
  Hart& h = c.h();
  h.pc = 0x1000;
  h.gpr[4] = 0x2000;
  h.gpr[5] = 0xABCD;
  h.gpr[14] = 7;
  CHECK(c.core->run_threads(3) == StopReason::SliceEnd);  // three spawns
  CHECK(h.gpr[10] == 1);
  CHECK(h.gpr[11] == 2);
  CHECK(h.gpr[12] == 0xFFFFFFFFu);  // no context free
  CHECK(c.h(1).pc == 0x2000);
  CHECK(c.h(1).gpr[3] == 0xABCD);
  CHECK(c.h(1).msr == h.msr);
  c.h(1).gpr[7] = kData;
  c.h(2).gpr[7] = kData + 8;
  StopReason why = c.core->run_threads(1000);
  CHECK(why == StopReason::Exit);
  CHECK(c.core->stopped_hart() == 0);
  CHECK(h.exit_code == 7);
  CHECK(h.gpr[13] != 0xFFFFFFFFu);  // the children exited: a context is free again
  CHECK(c.read32(kData) == 0xABCD);
  CHECK(c.read32(kData + 4) == 1);
  CHECK(c.read32(kData + 12) == 2);
}

TEST_CASE("a thread blocked on readFE wakes when another thread fills the word") {
  PimCore c(2);
  // Consumer (thread 0): empty the box, spawn the producer, wait for a value, exit with it.
  c.put(0x1000, {feempty(0, 5), spawn(10, 4, 0), readfe(3, 0, 5), texit(3)});
  // Producer (thread 1): lis r5, box; li r6, 42; writeEF r6 into the box; exit.
  c.put(0x2000, {0x3CA00000 | (kData >> 16), kNop, 0x38C0002A, writeef(6, 0, 5), texit(0)});
  Hart& h = c.h();
  h.pc = 0x1000;
  h.gpr[4] = 0x2000;
  h.gpr[5] = kData;
  StopReason why = c.core->run_threads(1000);
  CHECK(why == StopReason::Exit);
  CHECK(h.exit_code == 42);
  CHECK(!c.core->feb().full(kData));  // readFE emptied it again
  CHECK(h.icount == 4);  // the blocked attempts did not retire
}
