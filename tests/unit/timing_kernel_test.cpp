// The event kernel (sim/event_queue.h, sim/clock.h) and the memory-hierarchy levels
// (timing/mem/*): ordering, determinism, cache geometry/LRU/write-back, MSHRs, DRAM rows, SRAM bus.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "sim/clock.h"
#include "sim/event_queue.h"
#include "timing/mem/cache.h"
#include "timing/mem/dram.h"
#include "timing/mem/sram.h"

using namespace pimnic;
using namespace pimnic::timing;

TEST_SUITE("timing") {

TEST_CASE("clock domains convert cycles and picoseconds") {
  ClockDomain host("host", 2e9), nic("nic", 500e6), myri("myri", 133e6);
  CHECK(host.period() == 500);
  CHECK(nic.period() == 2000);
  CHECK(myri.period() == 7519);  // rounded to the nearest picosecond
  CHECK(host.ticks(3) == 1500);
  CHECK(nic.cycle_at_or_after(2001) == 2);
  CHECK(nic.cycle_at_or_after(2000) == 1);
  CHECK(nic.cycle_at_or_after(kMaxTick) == ~0ull);
  CHECK_THROWS_AS(ClockDomain("bad", 0), std::invalid_argument);
}

TEST_CASE("events run in (time, priority, insertion) order") {
  EventQueue q;
  std::string order;
  q.schedule(100, [&] { order += "c"; }, kPrioDefault);
  q.schedule(50, [&] { order += "a"; }, kPrioStats);
  q.schedule(100, [&] { order += "b"; }, kPrioDeviceUpdate);
  q.schedule(100, [&] { order += "d"; }, kPrioDefault);  // same time and priority: after "c"
  auto h = q.schedule(70, [&] { order += "x"; });
  CHECK(q.next_time() == 50);
  CHECK(q.cancel(h));
  CHECK_FALSE(q.cancel(h));
  q.run_until(99);
  CHECK(order == "a");
  CHECK(q.now() == 99);
  q.run_until(kMaxTick);
  CHECK(order == "abcd");
  CHECK(q.empty());
  CHECK(q.events_run() == 4);
  CHECK_THROWS_AS(q.schedule(10, [] {}), std::logic_error);
}

TEST_CASE("events scheduled by events, and reruns are identical") {
  auto run = [] {
    EventQueue q;
    std::vector<std::pair<Tick, int>> log;
    for (int i = 0; i < 20; ++i)
      q.schedule(Tick(i % 5) * 10, [&q, &log, i] {
        log.push_back({q.now(), i});
        if (i < 10) q.schedule_in(Tick(i % 3), [&q, &log, i] { log.push_back({q.now(), 100 + i}); });
      });
    q.run_until(kMaxTick);
    return log;
  };
  auto a = run(), b = run();
  CHECK(a == b);
  CHECK(a.size() == 30);
  for (size_t i = 1; i < a.size(); ++i) CHECK(a[i - 1].first <= a[i].first);
}

// A memory that answers after a fixed delay and counts what reached it.
struct FixedMemory final : MemLevel {
  std::string n = "fixed";
  Tick delay;
  std::vector<MemReq> seen;
  explicit FixedMemory(Tick d) : delay(d) {}
  const std::string& name() const override { return n; }
  MemResp access(const MemReq& r, Tick now) override {
    seen.push_back(r);
    return {now + delay, 1};
  }
  void register_stats(StatRegistry&) override {}
  void reset_state() override {}
};

TEST_CASE("cache: hits, LRU replacement, write-back of dirty victims") {
  ClockDomain clk("c", 1e9);  // 1000 ps per cycle
  FixedMemory mem(50000);
  CacheConfig cfg{1024, 2, 32, 2, 4, true, true};  // 16 sets of 2 ways
  Cache c("l1", cfg, clk, &mem);
  // A miss costs the lookup plus memory; a hit the lookup only.
  CHECK(c.access({0x1000, 4, AccessKind::Load}, 0).ready == 2000 + 50000);
  CHECK(c.access({0x1004, 4, AccessKind::Load}, 100000).ready == 102000);
  CHECK(c.hits == 1);
  CHECK(c.misses == 1);
  // Same set (stride = sets * line = 512): 0x1000 and 0x1200 fill both ways; 0x1400 evicts the LRU.
  c.access({0x1200, 4, AccessKind::Store}, 200000);   // dirty
  c.access({0x1000, 4, AccessKind::Load}, 300000);    // 0x1000 most recent: 0x1200 is LRU
  c.access({0x1400, 4, AccessKind::Load}, 400000);    // evicts dirty 0x1200
  CHECK(c.writebacks == 1);
  CHECK(mem.seen.back().kind == AccessKind::Writeback);
  CHECK(mem.seen.back().addr == 0x1200);
  CHECK(c.access({0x1000, 4, AccessKind::Load}, 500000).ready == 502000);  // still there
}

TEST_CASE("cache: MSHR merges and a full MSHR file") {
  ClockDomain clk("c", 1e9);
  FixedMemory mem(100000);
  CacheConfig cfg{4096, 4, 32, 1, 2, true, true};
  Cache c("l1", cfg, clk, &mem);
  Tick a = c.access({0x0, 4, AccessKind::Load}, 0).ready;
  CHECK(a == 101000);
  CHECK(c.access({0x8, 4, AccessKind::Load}, 1000).ready == a);  // merged into the outstanding fill
  CHECK(c.mshr_merges == 1);
  c.access({0x100, 4, AccessKind::Load}, 2000);                  // second MSHR
  Tick late = c.access({0x200, 4, AccessKind::Load}, 3000).ready;  // waits for the first to free
  CHECK(c.mshr_full == 1);
  CHECK(late == a + 100000);
  CHECK(mem.seen.size() == 3);
}

TEST_CASE("stream prefetcher: two close misses start a stream that stays ahead within its 4 KiB region") {
  StreamPrefetcher p(PrefetchConfig{2, 256, 256}, 64);
  using R = StreamPrefetcher::Range;
  auto same = [](R a, R b) { return a.first == b.first && a.end == b.end; };
  CHECK(same(p.observe(0x1000, true), R{}));                 // first miss: a stream is allocated, untrained
  CHECK(same(p.observe(0x1200, false), R{}));                // a hit does not train it
  CHECK(same(p.observe(0x1080, true), R{0x10c0, 0x11c0}));   // second miss 128 bytes on: 256 bytes ahead
  CHECK(same(p.observe(0x10c0, false), R{0x11c0, 0x1200}));  // each access moves the frontier on
  CHECK(same(p.observe(0x1f00, false), R{0x1f40, 0x2000}));  // never past the region's end
  CHECK(same(p.observe(0x1f80, false), R{}));
  // A far second miss (beyond the trigger distance) or a backward one starts nothing.
  CHECK(same(p.observe(0x3000, true), R{}));
  CHECK(same(p.observe(0x3400, true), R{}));
  CHECK(same(p.observe(0x3380, true), R{}));
  // Only two streams: a third region replaces the least recently used one (0x1000's).
  CHECK(same(p.observe(0x5000, true), R{}));
  CHECK(same(p.observe(0x1f80, false), R{}));  // 0x1000's region is no longer followed
  PrefetchConfig bad{8, 4096, 256};
  CHECK_THROWS_AS(bad.check("l2"), std::invalid_argument);
}

TEST_CASE("cache: the L2's stream prefetcher fetches ahead of a sequential miss stream; off, it fetches nothing") {
  ClockDomain clk("c", 1e9);
  for (uint32_t streams : {0u, 8u}) {
    FixedMemory mem(100000);
    Cache c("l2", CacheConfig{65536, 8, 64, 10, 16, true, true}, clk, &mem, PrefetchConfig{streams, 256, 256});
    Tick t = 0, last = 0;
    for (uint32_t a = 0; a < 4096; a += 64, t += 30000) last = c.access(MemReq{a, 64, AccessKind::Load}, t).ready;
    if (streams == 0) {
      CHECK(c.prefetches == 0);
      CHECK(mem.seen.size() == 64);
      CHECK(last == t - 30000 + 10000 + 100000);  // every line waits for memory
    } else {
      CHECK(c.prefetches == 62);                   // all lines after the two that started the stream
      CHECK(mem.seen.size() == 64);                // nothing fetched twice, nothing past the region
      CHECK(last == t - 30000 + 10000);            // 256 bytes ahead = 120 ns of lead: the line is there
    }
  }
}

TEST_CASE("cache: write-through and no-write-allocate") {
  ClockDomain clk("c", 1e9);
  FixedMemory mem(10000);
  CacheConfig cfg{1024, 1, 32, 1, 2, false, false};
  Cache c("l1", cfg, clk, &mem);
  // Done when the level below has it (the core's store buffer holds it meanwhile); no fill.
  CHECK(c.access({0x40, 4, AccessKind::Store}, 0).ready == 1000 + 10000);
  CHECK(mem.seen.size() == 1);
  CHECK(c.access({0x40, 4, AccessKind::Load}, 5000).ready == 5000 + 1000 + 10000);  // not allocated
  CHECK_THROWS_AS(Cache("bad", CacheConfig{1000, 3, 32, 1, 1}, clk, &mem), std::invalid_argument);
}

TEST_CASE("DRAM: open-row hits, row misses, closed policy, banks") {
  ClockDomain clk("c", 500e6);  // 2000 ps
  DramConfig cfg;
  cfg.banks = 4, cfg.row_bytes = 1024, cfg.row_hit = 4, cfg.row_miss = 11, cfg.burst = 1;
  Dram d("dram", cfg, clk);
  CHECK(d.access({0x0, 32, AccessKind::Load}, 0).ready == 11 * 2000);           // opens the row
  CHECK(d.access({0x20, 32, AccessKind::Load}, 100000).ready == 100000 + 4 * 2000);  // open row
  CHECK(d.access({0x1000, 32, AccessKind::Load}, 200000).ready == 200000 + 11 * 2000);  // same bank, other row
  CHECK(d.row_hits == 1);
  CHECK(d.row_misses == 2);
  cfg.policy = "closed";
  Dram c("dram", cfg, clk);
  c.access({0x0, 32, AccessKind::Load}, 0);
  CHECK(c.access({0x20, 32, AccessKind::Load}, 100000).ready == 100000 + 11 * 2000);
}

TEST_CASE("SRAM behind the NIC bus: 20 ns plus access plus beats") {
  ClockDomain clk("nic", 500e6);
  SramConfig cfg;  // 20 ns, 1 cycle, 8-byte beats
  Sram s("sram", cfg, clk);
  CHECK(s.access({0x100, 4, AccessKind::Load}, 0).ready == 20000 + 2000 + 2000);
  cfg.width = 32;
  Sram wide("sram", cfg, clk);
  CHECK(wide.access({0x100, 32, AccessKind::Load}, 0).ready == 20000 + 2000 + 2000);
}

}  // TEST_SUITE
