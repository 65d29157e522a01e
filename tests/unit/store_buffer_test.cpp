// The store buffer (timing/mem/store_buffer.h), the busy calendars behind the DRAM
// (timing/mem/busy_calendar.h), and the models' use of them: stores leave at once until the buffer
// is full, merge per line, and a device access waits — as the device sees it — until the stores
// before it are written (Hart::device_after).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "test_core.h"
#include "mem/mmio_device.h"
#include "timing/inorder/inorder_model.h"
#include "timing/mem/hierarchy.h"
#include "timing/ooo/ooo_model.h"

using namespace pimnic;
using namespace pimnic::timing;

TEST_SUITE_BEGIN("timing");

namespace {

const ClockDomain kClock("core", 2e9);  // 500 ps a cycle
constexpr Tick kCycle = 500;

// An L1 (2 MSHRs) over DRAM only (row miss 160 cycles), and a store buffer of `entries`.
HierarchyConfig small_hierarchy(uint32_t entries) {
  HierarchyConfig h;
  h.l2.size = 0;
  h.l1d.mshrs = 2;
  h.store_buffer = entries;
  return h;
}

}  // namespace

TEST_CASE("store buffer: misses leave at once until it is full; stores to a waiting line merge; hits pass") {
  MemHierarchy mem(small_hierarchy(2), kClock, "core0.");
  StoreBuffer& sb = mem.stores();
  const uint32_t a = 0x100000, b = 0x100040, c = 0x100080;  // three lines of three sets
  CHECK(sb.put(a, 4, 0) == 0);                // a miss: an entry until the line is here
  const Tick line_a = sb.drained();
  CHECK(line_a >= 160 * kCycle);
  CHECK(sb.put(a + 8, 4, kCycle) == kCycle);  // the same line: merged
  CHECK(sb.merged == 1);
  CHECK(sb.put(b, 4, 2 * kCycle) == 2 * kCycle);  // the second entry
  // Full: the next miss waits for the first entry, i.e. for line a.
  CHECK(sb.put(c, 4, 3 * kCycle) == line_a);
  CHECK(sb.full == 1);
  // A store that hits in the L1 is written at once, full buffer or not.
  CHECK(sb.put(a + 16, 4, line_a + 10 * kCycle) == line_a + 10 * kCycle);
  CHECK(sb.allocated == 3);
  CHECK(sb.stores == 5);
}

TEST_CASE("busy calendar: a request from the past fills a gap instead of queueing behind later ones") {
  BusyCalendar cal;
  CHECK(cal.reserve(1000, 100) == 1000);
  CHECK(cal.reserve(2000, 100) == 2000);
  CHECK(cal.reserve(500, 100) == 500);     // before both: free then
  CHECK(cal.reserve(1050, 100) == 1100);   // overlaps the first: right after it
  CHECK(cal.reserve(1150, 900) == 2100);   // no gap of 900 before the one at 2000
  // The tag of the reservation before decides the length (a DRAM row hit or miss).
  BusyCalendar bank;
  bank.reserve(0, 7, [](uint32_t) { return Tick(10); });
  uint32_t seen = 0;
  bank.reserve(20, 7, [&](uint32_t before) { seen = before; return Tick(10); });
  CHECK(seen == 7);
}

TEST_CASE("dram: an access issued late for an earlier time is not pushed behind later bus reservations") {
  DramConfig cfg;  // 8 banks of 2 KiB rows, row hit 140, miss 160, burst 4
  Dram d("dram", cfg, kClock);
  // A later access (another core, further ahead) in bank 0, then an earlier one in bank 1.
  const Tick later = d.access({0, 64, AccessKind::Load}, 1000 * kCycle).ready;
  const Tick earlier = d.access({2048, 64, AccessKind::Load}, 0).ready;
  CHECK(later == (1000 + 160) * kCycle);
  CHECK(earlier == 160 * kCycle);
  CHECK(d.bank_conflicts == 0);
}

namespace {

// Records the cycle (of the core's clock) of each access.
struct RecordingDevice : MmioDevice {
  explicit RecordingDevice(const ClockDomain& c) : clock(c) {}
  const ClockDomain& clock;
  std::vector<uint64_t> at;
  std::string name() const override { return "recorder"; }
  bool read(uint32_t, unsigned, uint64_t& v, const MmioAccess& by) override {
    at.push_back(clock.cycle_before(by.time));
    v = 0;
    return true;
  }
  bool write(uint32_t, unsigned, uint64_t, const MmioAccess& by) override {
    at.push_back(clock.cycle_before(by.time));
    return true;
  }
};

// Under `model`: three stores to lines in no cache (or none), then a write to the device. The
// cycle the device saw, and the cycle the stores' lines were all in the cache.
template <typename Model>
std::pair<uint64_t, uint64_t> doorbell(bool with_stores) {
  test::TestCore tc("host", 4u << 20);
  RecordingDevice dev(tc.core().clock());
  tc.mem().add_device(0xF0009000, 0x1000, &dev);
  std::string text = "lis 9, 0x10\nlis 10, 0xF001\nli 0, 1\n";
  if (with_stores) text += "stw 0, 0(9)\nstw 0, 2048(9)\nstw 0, 4096(9)\n";
  text += "stw 0, -0x7000(10)\n";  // 0xF0009000: the doorbell
  const std::vector<uint32_t> words = test::assemble(text);
  uint32_t a = test::TestCore::kCodeBase;
  for (uint32_t w : words) tc.write32(a, w), a += 4;
  tc.h().pc = test::TestCore::kCodeBase;
  HierarchyConfig hc;  // host-like: L1 2, L2 12, DRAM 140/160
  MemHierarchy mem(hc, kClock, "core0.");
  Model m = [&] {
    if constexpr (std::is_same_v<Model, InOrderModel>) return InOrderModel(InOrderConfig{}, OpTiming{}, BpredConfig{}, mem, kClock);
    else return OooModel(OooConfig{}, BpredConfig{}, OpTiming{}, &mem, kClock);
  }();
  while (tc.h().pc != a) m.run(tc.h(), 1, ~0ull);
  m.drain(tc.h());
  REQUIRE(dev.at.size() == 1);
  return {dev.at[0], kClock.cycle_at_or_after(mem.stores().drained())};
}

}  // namespace

TEST_CASE("a device access waits until the stores before it are written (the device sees it then)") {
  auto check = [](std::pair<uint64_t, uint64_t> bare, std::pair<uint64_t, uint64_t> after_stores) {
    MESSAGE("device access at cycle " << bare.first << " alone, " << after_stores.first << " after three store misses "
                                      << "(written by " << after_stores.second << ")");
    CHECK(bare.first + 150 < after_stores.first);  // (both start with an instruction fetch from DRAM)
    CHECK(after_stores.first >= after_stores.second);  // not before the stores are written
    CHECK(after_stores.first <= after_stores.second + 5);
    CHECK(after_stores.second >= 2 + 12 + 160);  // L1, L2, DRAM row miss
  };
  check(doorbell<InOrderModel>(false), doorbell<InOrderModel>(true));
  check(doorbell<OooModel>(false), doorbell<OooModel>(true));
}
