// The copy engine (emu/devices/copy_engine.*) driven directly, without a core: descriptor rings in
// a RAM-only address space, doorbells through write_at, the event queue run by hand. Timing of one
// copy against setup + chunks + bytes / bandwidth, round robin between channels, the shared data
// mover's bandwidth, fences, page splitting, error statuses, interrupts.
#include <doctest/doctest.h>

#include <cstring>
#include <vector>

#include "devices/copy_engine.h"
#include "pimnic/memmap.h"
#include "sim/params.h"

using namespace pimnic;

namespace {

constexpr uint32_t kRam = 16u << 20;
constexpr uint32_t kRing = 0x1000;     // channel c's ring at kRing + c * 0x1000 (64 entries)
constexpr uint32_t kRecords = 0x8000;  // completion records, 32 bytes each

struct Rig {
  AddressSpace mem{"test"};
  EventQueue events;
  IrqLine irq;
  std::unique_ptr<CopyEngine> eng;
  std::vector<CopyEngine::ChunkEvent> chunks;
  uint32_t posted[COPY_MAX_CHANNELS] = {};
  uint8_t* ram;

  explicit Rig(CopyEngineConfig cfg = {}) {
    ram = mem.add_ram("ram", 0, kRam);
    eng = std::make_unique<CopyEngine>(cfg, mem, events, irq);
    eng->on_chunk = [this](const CopyEngine::ChunkEvent& e) { chunks.push_back(e); };
    for (unsigned c = 0; c < cfg.channels; ++c) {
      reg(c, COPY_CH_RING_BASE, kRing + c * 0x1000);
      reg(c, COPY_CH_RING_ENTRIES, 64);
    }
  }
  void reg(unsigned c, uint32_t r, uint32_t v) { REQUIRE(eng->write_at(events.now(), COPY_CH_BASE(c) + r, v)); }
  uint32_t get(uint32_t offset) {
    uint32_t v = 0;
    REQUIRE(eng->read_at(events.now(), offset, v));
    return v;
  }
  uint32_t chreg(unsigned c, uint32_t r) { return get(COPY_CH_BASE(c) + r); }
  void put32(uint32_t a, uint32_t v) {
    ram[a] = uint8_t(v >> 24), ram[a + 1] = uint8_t(v >> 16), ram[a + 2] = uint8_t(v >> 8), ram[a + 3] = uint8_t(v);
  }
  void put64(uint32_t a, uint64_t v) { put32(a, uint32_t(v >> 32)), put32(a + 4, uint32_t(v)); }
  uint32_t get32(uint32_t a) const {
    return uint32_t(ram[a]) << 24 | uint32_t(ram[a + 1]) << 16 | uint32_t(ram[a + 2]) << 8 | ram[a + 3];
  }
  // Write a descriptor at `at`.
  void desc(uint32_t at, uint8_t op, uint32_t flags, uint64_t src, uint64_t dst, uint32_t size, uint32_t record) {
    std::memset(ram + at, 0, COPY_DESC_SIZE);
    put32(at + COPY_DESC_OPFLAGS, uint32_t(op) << 24 | flags);
    put64(at + COPY_DESC_COMPLETION, record);
    put64(at + COPY_DESC_SRC, src);
    put64(at + COPY_DESC_DST, dst);
    put32(at + COPY_DESC_XFER_SIZE, size);
  }
  // Post a descriptor on channel c with a completion record (record index returned), no doorbell.
  uint32_t post(unsigned c, uint8_t op, uint32_t flags, uint64_t src, uint64_t dst, uint32_t size) {
    const uint32_t slot = posted[c] % 64;
    const uint32_t rec = kRecords + (c * 64 + slot) * COPY_COMP_SIZE;
    std::memset(ram + rec, 0, COPY_COMP_SIZE);
    desc(kRing + c * 0x1000 + slot * COPY_DESC_SIZE, op, flags | COPY_FLAG_COMPLETION, src, dst, size, rec);
    ++posted[c];
    return rec;
  }
  void ring(unsigned c) { reg(c, COPY_CH_TAIL, posted[c]); }
  uint8_t status(uint32_t rec) const { return ram[rec + COPY_COMP_STATUS]; }
  void fill_random(uint32_t a, uint32_t n, uint32_t seed) {
    for (uint32_t i = 0; i < n; ++i) seed = seed * 1664525u + 1013904223u, ram[a + i] = uint8_t(seed >> 24);
  }
};

Tick bytes_at(uint32_t n, double bw) { return Tick(double(n) * 1e12 / bw + 0.5); }

}  // namespace

TEST_SUITE("copy_engine") {

TEST_CASE("parameters are declared under copy.* and checked") {
  CopyEngineConfig cfg;
  ParamRegistry p;
  cfg.declare(p);
  for (const char* n : {"copy.channels", "copy.window", "copy.bandwidth", "copy.channel_bandwidth", "copy.setup_ns",
                        "copy.chunk_ns", "copy.max_transfer", "copy.max_batch"})
    CHECK(p.has(n));
  p.set("copy.channels", "2");
  CHECK(cfg.channels == 2);
  cfg.channels = 17;
  CHECK_THROWS_AS(cfg.validate(), std::invalid_argument);
  cfg.channels = 4;
  cfg.bandwidth = 0;
  CHECK_THROWS_AS(cfg.validate(), std::invalid_argument);
}

TEST_CASE("one copy takes setup + chunks x chunk_ns + bytes / channel bandwidth") {
  CopyEngineConfig cfg;
  Rig r(cfg);
  CHECK(r.get(COPY_ID) == COPY_ID_VALUE);
  CHECK(r.get(COPY_CHANNELS) == 4);
  const uint32_t n = 64 * 1024;  // page-aligned: 16 chunks of 4 KiB
  r.fill_random(0x100000, n, 1);
  const uint32_t rec = r.post(0, COPY_OP_COPY, 0, 0x100000, 0x200000, n);
  r.ring(0);
  const Tick expected = ns_to_ticks(cfg.setup_ns) + 16 * (ns_to_ticks(cfg.chunk_ns) + bytes_at(4096, cfg.channel_bandwidth));
  CHECK(expected == 250'000 + 16 * (10'000 + 2'000'000));  // 4096 B at 2.048e9 B/s is 2 us exactly
  r.events.run_until(expected - 1);
  CHECK(r.chreg(0, COPY_CH_HEAD) == 0);
  CHECK(r.status(rec) == COPY_STATUS_NONE);
  CHECK((r.chreg(0, COPY_CH_STATUS) & COPY_CH_ACTIVE) != 0);
  r.events.run_until(expected);
  CHECK(r.chreg(0, COPY_CH_HEAD) == 1);
  CHECK(r.status(rec) == COPY_STATUS_SUCCESS);
  CHECK(r.get32(rec + COPY_COMP_BYTES) == n);
  CHECK(r.get32(rec + COPY_COMP_TIME_NS + 4) == expected / 1000);
  CHECK(std::memcmp(r.ram + 0x100000, r.ram + 0x200000, n) == 0);
  CHECK(r.chunks.size() == 16);
  CHECK(r.eng->channel_stats(0).bytes == n);
  CHECK(r.eng->channel_stats(0).descriptors == 1);
  CHECK(r.eng->busy_ticks(0, r.events.now()) == expected);

  // Without chunk overhead the time is setup + bytes / bandwidth, to the picosecond here.
  CopyEngineConfig flat;
  flat.chunk_ns = 0;
  Rig f(flat);
  const uint32_t m = 1000000;
  f.post(1, COPY_OP_COPY, 0, 0x100000, 0x300000, m);
  f.ring(1);
  f.events.run_until(kMaxTick);
  const Tick want = ns_to_ticks(flat.setup_ns) + bytes_at(m, flat.channel_bandwidth);
  const Tick got = f.chunks.back().done;
  CHECK(got >= want - f.chunks.size());  // each chunk rounds to the nearest picosecond
  CHECK(got <= want + f.chunks.size());
}

TEST_CASE("channels with work take turns on the data mover (round robin)") {
  CopyEngineConfig cfg;
  cfg.bandwidth = cfg.channel_bandwidth;  // the mover is the bottleneck: strict turns
  cfg.chunk_ns = 0;
  Rig r(cfg);
  r.post(0, COPY_OP_COPY, 0, 0x100000, 0x200000, 8 * 4096);
  r.post(1, COPY_OP_COPY, 0, 0x300000, 0x400000, 8 * 4096);
  r.ring(0);
  r.ring(1);
  r.events.run_until(kMaxTick);
  REQUIRE(r.chunks.size() == 16);
  for (size_t i = 0; i < r.chunks.size(); ++i) {
    CHECK(r.chunks[i].channel == i % 2);
    if (i) CHECK(r.chunks[i].start >= r.chunks[i - 1].start + bytes_at(4096, cfg.bandwidth));
  }
  CHECK(r.eng->channel_stats(0).bytes == r.eng->channel_stats(1).bytes);
}

TEST_CASE("four channels share the mover's bandwidth; one channel runs at its own") {
  CopyEngineConfig cfg;
  cfg.chunk_ns = 0;
  const uint32_t n = 1 << 20;
  Rig four(cfg);
  for (unsigned c = 0; c < 4; ++c) four.post(c, COPY_OP_COPY, 0, 0x100000 + c * n, 0x600000 + c * n, n);
  for (unsigned c = 0; c < 4; ++c) four.ring(c);
  four.events.run_until(kMaxTick);
  const double t4 = double(four.chunks.back().done - ns_to_ticks(cfg.setup_ns)) / 1e12;
  CHECK(4.0 * n / t4 == doctest::Approx(cfg.bandwidth).epsilon(0.01));
  Rig one(cfg);
  one.post(0, COPY_OP_COPY, 0, 0x100000, 0x600000, n);
  one.ring(0);
  one.events.run_until(kMaxTick);
  const double t1 = double(one.chunks.back().done - ns_to_ticks(cfg.setup_ns)) / 1e12;
  CHECK(double(n) / t1 == doctest::Approx(cfg.channel_bandwidth).epsilon(0.001));
}

TEST_CASE("a fenced descriptor waits for the earlier ones of its channel") {
  const uint32_t n = 64 * 1024;
  for (bool fence : {true, false}) {
    CAPTURE(fence);
    CopyEngineConfig cfg;
    cfg.window = 2;
    Rig r(cfg);
    r.fill_random(0x100000, n, 7);  // A
    std::memset(r.ram + 0x200000, 0xEE, n);  // B (old contents)
    const uint32_t first = r.post(0, COPY_OP_COPY, 0, 0x100000, 0x200000, n);          // A -> B
    // The second half of B -> C: the first copy writes it last.
    const uint32_t second = r.post(0, COPY_OP_COPY, fence ? COPY_FLAG_FENCE : 0, 0x200000 + n / 2, 0x300000, n / 2);
    r.ring(0);
    r.events.run_until(kMaxTick);
    CHECK(r.status(first) == COPY_STATUS_SUCCESS);
    CHECK(r.status(second) == COPY_STATUS_SUCCESS);
    const Tick first_done = Tick(r.get32(first + COPY_COMP_TIME_NS + 4)) * 1000;
    Tick second_start = kMaxTick;
    for (const auto& c : r.chunks)
      if (c.src == 0x200000 + n / 2) second_start = std::min(second_start, c.start);
    if (fence) {
      CHECK(second_start >= first_done + ns_to_ticks(cfg.setup_ns));
      CHECK(std::memcmp(r.ram + 0x300000, r.ram + 0x100000 + n / 2, n / 2) == 0);  // C == A's second half
    } else {
      CHECK(second_start < first_done);  // both in flight
      CHECK(std::memcmp(r.ram + 0x300000, r.ram + 0x100000 + n / 2, n / 2) != 0);  // C got B's old bytes
    }
  }
}

TEST_CASE("transfers split at every page boundary of either side") {
  Rig r;
  const uint32_t src = 0x100800, dst = 0x200100, n = 3 * 4096;
  r.fill_random(src, n, 3);
  const uint32_t rec = r.post(2, COPY_OP_COPY, 0, src, dst, n);
  r.ring(2);
  r.events.run_until(kMaxTick);
  CHECK(r.status(rec) == COPY_STATUS_SUCCESS);
  // src crosses pages at +2048, +6144, +10240; dst at +3840, +7936, +12032: 7 chunks.
  CHECK(r.chunks.size() == 7);
  CHECK(r.eng->channel_stats(2).chunks == 7);
  uint32_t total = 0;
  for (const auto& c : r.chunks) {
    CHECK(c.src / 4096 == (c.src + c.bytes - 1) / 4096);
    CHECK(c.dst / 4096 == (c.dst + c.bytes - 1) / 4096);
    CHECK(c.src == src + total);
    total += c.bytes;
  }
  CHECK(total == n);
  CHECK(std::memcmp(r.ram + src, r.ram + dst, n) == 0);
  // A fill splits on the destination only.
  r.chunks.clear();
  r.post(2, COPY_OP_FILL, 0, 0x0102030405060708ull, 0x300010, 8192);
  r.ring(2);
  r.events.run_until(kMaxTick);
  CHECK(r.chunks.size() == 3);
  CHECK(r.ram[0x300010] == 1);
  CHECK(r.ram[0x300017] == 8);
  CHECK(r.ram[0x300010 + 8191] == 8);
}

TEST_CASE("compare reports the first difference in the completion record") {
  Rig r;
  r.fill_random(0x100000, 10000, 5);
  std::memcpy(r.ram + 0x200000, r.ram + 0x100000, 10000);
  uint32_t rec = r.post(0, COPY_OP_COMPARE, 0, 0x100000, 0x200000, 10000);
  r.ring(0);
  r.events.run_until(kMaxTick);
  CHECK(r.status(rec) == COPY_STATUS_SUCCESS);
  CHECK(r.ram[rec + COPY_COMP_RESULT] == 0);
  r.ram[0x200000 + 6789] ^= 1;
  rec = r.post(0, COPY_OP_COMPARE, 0, 0x100000, 0x200000, 10000);
  r.ring(0);
  r.events.run_until(kMaxTick);
  CHECK(r.status(rec) == COPY_STATUS_SUCCESS);
  CHECK(r.ram[rec + COPY_COMP_RESULT] == 1);
  CHECK(r.get32(rec + COPY_COMP_BYTES) == 6789);
}

TEST_CASE("errors end in a status code, never a crash, and the channel goes on") {
  Rig r;
  const uint32_t bad_op = r.post(0, 0x7F, 0, 0, 0, 16);
  const uint32_t bad_flags = r.post(0, COPY_OP_COPY, 0x400, 0x100000, 0x200000, 16);
  const uint32_t off_end = r.post(0, COPY_OP_COPY, 0, kRam - 100, 0x200000, 300);
  const uint32_t mmio = r.post(0, COPY_OP_FILL, 0, 0, PIMNIC_MMIO_BASE, 8);
  const uint32_t overlap = r.post(0, COPY_OP_COPY, 0, 0x100000, 0x100010, 64);
  const uint32_t huge = r.post(0, COPY_OP_COPY, 0, 0x100000, 0x200000, 0x7FFFFFFF);
  const uint32_t batch0 = r.post(0, COPY_OP_BATCH, 0, 0x100000, 0, 0);
  const uint32_t fine = r.post(0, COPY_OP_COPY, 0, 0x100000, 0x200000, 100);
  r.ring(0);
  r.events.run_until(kMaxTick);
  CHECK(r.status(bad_op) == COPY_STATUS_BAD_OPCODE);
  CHECK(r.status(bad_flags) == COPY_STATUS_BAD_FLAGS);
  CHECK(r.status(off_end) == COPY_STATUS_ADDRESS_FAULT);
  CHECK(r.get32(off_end + COPY_COMP_FAULT_ADDR + 4) == kRam);
  CHECK(r.get32(off_end + COPY_COMP_BYTES) == 100);
  CHECK(r.status(mmio) == COPY_STATUS_ADDRESS_FAULT);
  CHECK(r.get32(mmio + COPY_COMP_FAULT_ADDR + 4) == PIMNIC_MMIO_BASE);
  CHECK(r.status(overlap) == COPY_STATUS_OVERLAP);
  CHECK(r.status(huge) == COPY_STATUS_BAD_SIZE);
  CHECK(r.status(batch0) == COPY_STATUS_BAD_BATCH_COUNT);
  CHECK(r.status(fine) == COPY_STATUS_SUCCESS);
  CHECK(r.chreg(0, COPY_CH_HEAD) == 8);
  CHECK(r.chreg(0, COPY_CH_ERRORS) == 7);
  CHECK((r.chreg(0, COPY_CH_STATUS) & COPY_CH_ERROR) == 0);  // every error had a record

  // A completion record that is not 32-byte aligned: no record, the channel registers tell.
  const uint32_t at = kRing + (r.posted[0] % 64) * COPY_DESC_SIZE;
  r.desc(at, COPY_OP_COPY, COPY_FLAG_COMPLETION, 0x100000, 0x200000, 16, kRecords + 4);
  ++r.posted[0];
  r.reg(0, COPY_CH_TAIL, r.posted[0]);
  r.events.run_until(kMaxTick);
  CHECK((r.chreg(0, COPY_CH_STATUS) & COPY_CH_ERROR) != 0);
  CHECK(r.chreg(0, COPY_CH_LAST_ERROR) == COPY_STATUS_BAD_COMPLETION);
  CHECK(r.chreg(0, COPY_CH_ERROR_DESC) == at);
  CHECK((r.get(COPY_IRQ_STATUS) & COPY_IRQ_ERROR(0)) != 0);
  r.reg(0, COPY_CH_STATUS, COPY_CH_ERROR);
  CHECK((r.chreg(0, COPY_CH_STATUS) & COPY_CH_ERROR) == 0);

  // A doorbell beyond the ring, a ring outside RAM.
  r.reg(1, COPY_CH_TAIL, 65);
  CHECK(r.chreg(1, COPY_CH_LAST_ERROR) == COPY_STATUS_BAD_DOORBELL);
  CHECK(r.chreg(1, COPY_CH_TAIL) == 0);
  r.reg(3, COPY_CH_RING_BASE, kRam);
  r.reg(3, COPY_CH_TAIL, 1);
  r.events.run_until(kMaxTick);
  CHECK(r.chreg(3, COPY_CH_HEAD) == 1);
  CHECK(r.chreg(3, COPY_CH_LAST_ERROR) == COPY_STATUS_ADDRESS_FAULT);
}

TEST_CASE("batches run their descriptors; interrupts signal completion") {
  Rig r;
  // Batch of three at 0x50000: copy, fenced copy of what it wrote, fill.
  r.fill_random(0x100000, 5000, 9);
  r.desc(0x50000, COPY_OP_COPY, 0, 0x100000, 0x200000, 5000, 0);
  r.desc(0x50040, COPY_OP_COPY, COPY_FLAG_FENCE, 0x200000, 0x300000, 5000, 0);
  r.desc(0x50080, COPY_OP_FILL, 0, 0xAAAAAAAAAAAAAAAAull, 0x400000, 100, 0);
  r.eng->write_at(0, COPY_IRQ_ENABLE, COPY_IRQ_DONE(1));
  const uint32_t rec = r.post(1, COPY_OP_BATCH, COPY_FLAG_INTERRUPT, 0x50000, 0, 3);
  r.ring(1);
  CHECK_FALSE(r.irq.level());
  r.events.run_until(kMaxTick);
  CHECK(r.status(rec) == COPY_STATUS_SUCCESS);
  CHECK(r.get32(rec + COPY_COMP_DESCS) == 3);
  CHECK(std::memcmp(r.ram + 0x300000, r.ram + 0x100000, 5000) == 0);
  CHECK(r.ram[0x400000 + 99] == 0xAA);
  CHECK(r.irq.level());
  CHECK(r.get(COPY_IRQ_STATUS) == COPY_IRQ_DONE(1));
  r.eng->write_at(r.events.now(), COPY_IRQ_STATUS, COPY_IRQ_DONE(1));
  CHECK_FALSE(r.irq.level());
  CHECK(r.eng->channel_stats(1).descriptors == 4);
  // A batch inside a batch fails, and so does the outer batch.
  r.desc(0x50040, COPY_OP_BATCH, 0, 0x50000, 0, 1, 0);
  const uint32_t rec2 = r.post(1, COPY_OP_BATCH, 0, 0x50000, 0, 3);
  r.ring(1);
  r.events.run_until(kMaxTick);
  CHECK(r.status(rec2) == COPY_STATUS_BATCH_FAILED);
  CHECK(r.get32(rec2 + COPY_COMP_DESCS) == 2);
}

}  // TEST_SUITE
