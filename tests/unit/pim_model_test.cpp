// The PIM core timing model (emu/timing/pim, docs/timing.md "The PIM model") on small programs
// with known behaviour under the pim preset (4-stage interleaved pipeline, DRAM open row 4 /
// closed row 11 cycles, no data cache): a single thread issues at most every 4 cycles, four or more
// threads fill the pipeline, a thread blocked on a full/empty bit takes no slots, a pointer chase
// shows the row-hit and row-miss latencies, two cores sharing one DRAM contend for its banks, and
// the model is deterministic and never changes results.
#include <doctest/doctest.h>

#include <cstring>
#include <sstream>
#include <memory>
#include <string>
#include <vector>

#include "cpu/core.h"
#include "sim/params.h"
#include "sim/stats.h"
#include "test_core.h"
#include "timing/mem/hierarchy.h"
#include "timing/pim/pim_model.h"
#include "timing/timing_config.h"

using namespace pimnic;
using namespace pimnic::timing;

TEST_SUITE_BEGIN("timing");

namespace {

// PIM extension words (docs/isa/pim.md), for `.long` in the assembler text.
std::string pim_word(unsigned xo, unsigned t, unsigned a, unsigned b) {
  return ".long " + std::to_string(6u << 26 | t << 21 | a << 16 | b << 11 | xo << 1);
}
std::string texit(unsigned s) { return pim_word(1, s, 0, 0); }
std::string readfe(unsigned t, unsigned a, unsigned b) { return pim_word(16, t, a, b); }
std::string writef(unsigned s, unsigned a, unsigned b) { return pim_word(19, s, a, b); }

constexpr uint32_t kCode = 0x1000;
constexpr uint32_t kData = 0x20000;
constexpr uint32_t kRam = 2u << 20;

TimingConfig pim_preset() {
  ParamRegistry p;
  TimingConfig tc;
  tc.declare(p);
  for (const auto& [k, v] : preset_settings("pim")) p.set(k, v);
  return tc;
}

// A PIM core (harts contexts) with the pim preset's hierarchy, optionally on a shared memory.
struct PimRig {
  std::shared_ptr<AddressSpace> mem;
  std::unique_ptr<Core> core;
  TimingConfig tc = pim_preset();
  std::unique_ptr<MemHierarchy> hier;
  std::unique_ptr<PimModel> model;
  ClockDomain clock{"core", 500e6};

  explicit PimRig(unsigned harts, std::shared_ptr<AddressSpace> shared_space = nullptr, MemLevel* shared_mem = nullptr,
                  const std::string& name = "core0.") {
    mem = shared_space;
    if (!mem) {
      mem = std::make_shared<AddressSpace>("pim-model-test");
      mem->add_ram("ram", 0, kRam);
    }
    CoreConfig cfg = core_profile("pim");
    cfg.harts = harts;
    cfg.name = name;
    core = std::make_unique<Core>(cfg, *mem);
    core->hart(0).msr = MSR_VEC | MSR_ME;
    hier = std::make_unique<MemHierarchy>(tc.mem, clock, name, shared_mem);
    model = std::make_unique<PimModel>(tc.pim, tc.ops, hier.get(), clock, harts);
  }
  void put32(uint32_t addr, uint32_t w) {
    uint8_t b[4] = {uint8_t(w >> 24), uint8_t(w >> 16), uint8_t(w >> 8), uint8_t(w)};
    mem->write_bytes(addr, b, 4);
  }
  uint32_t load(uint32_t addr, const std::string& text) {
    std::vector<uint32_t> words = test::assemble(text, "pim");
    for (uint32_t w : words) put32(addr, w), addr += 4;
    return addr;
  }
  // Start thread i (i > 0) at pc with r3 = arg, like spawn.
  void start(unsigned i, uint32_t pc, uint32_t arg) {
    Hart* h = core->start_thread_at(i, core->hart(0));
    h->pc = pc;
    h->gpr[3] = arg;
  }
  // Run to the end (the last thread's texit, a fault, or a deadlock).
  StopReason run(uint64_t slice = 1000) {
    for (;;) {
      StopReason why = model->run_core(*core, ~0ull, model->cycle() + slice);
      if (why != StopReason::SliceEnd) return why;
    }
  }
};

// `iters` iterations of `body` in a CTR loop, then texit r3.
std::string loop(const std::string& setup, const std::string& body, unsigned iters) {
  return setup + "\nlis 0, " + std::to_string(iters >> 16) + "\nori 0, 0, " + std::to_string(iters & 0xFFFF) +
         "\nmtctr 0\n1:\n" + body + "\nbdnz 1b\n" + texit(3);
}

std::string repeat(const std::string& line, int n) {
  std::string s;
  for (int i = 0; i < n; ++i) s += (i ? "\n" : "") + line;
  return s;
}

double ipc(const PimStats& s) { return double(s.issued) / double(s.cycles); }

}  // namespace

TEST_CASE("pim model: one thread on dependent code issues at most once every 4 cycles") {
  PimRig r(8);
  r.load(kCode, loop("li 3, 0", repeat("addi 3, 3, 1", 16), 2000));
  r.core->hart(0).pc = kCode;
  CHECK(r.run() == StopReason::Exit);
  CHECK(r.core->hart(0).exit_code == (16 * 2000) % 256);
  const double v = ipc(r.model->stats);
  MESSAGE("one thread, dependent adds: IPC " << v);
  CHECK(v <= 0.25);
  CHECK(v > 0.24);
  CHECK(r.model->stats.utilisation() == doctest::Approx(v));
  CHECK(r.model->stats.thread[0].insts == r.model->stats.issued);
  // Every hart sees the core's cycle.
  for (size_t i = 0; i < r.core->num_harts(); ++i) CHECK(r.core->hart(i).cycles() == r.model->cycle());
}

TEST_CASE("pim model: the pipeline fills with 4 or more threads") {
  for (unsigned threads : {1u, 2u, 3u, 4u, 8u}) {
    PimRig r(8);
    r.load(kCode, loop("li 3, 0", repeat("addi 3, 3, 1", 16), 1000));
    r.core->hart(0).pc = kCode;
    for (unsigned t = 1; t < threads; ++t) r.start(t, kCode, 0);
    CHECK(r.run() == StopReason::Exit);
    const double u = r.model->stats.utilisation();
    CAPTURE(threads);
    MESSAGE(threads << " threads: slot utilisation " << u);
    if (threads >= 4) CHECK(u >= 0.9);
    else CHECK(u == doctest::Approx(0.25 * threads).epsilon(0.03));
    CHECK(u <= 1.0);
    CHECK(r.model->stats.alive_max == threads);
    for (unsigned t = 0; t < threads; ++t) CHECK(r.model->stats.thread[t].insts == 4 + 17 * 1000 + 1);  // setup, loop, texit
  }
}

TEST_CASE("pim model: a thread blocked on a full/empty bit takes no issue slots and wakes when it is filled") {
  // Three ALU threads (utilisation 0.75) with and without a fourth thread that waits on an empty
  // word until thread 0 fills it at the end of its loop.
  auto run = [](bool with_blocked) {
    PimRig r(8);
    const std::string alu = repeat("addi 3, 3, 1", 16);
    // thread 0: loop, then fill the word at kData (r6), then exit
    uint32_t t0 = kCode;
    uint32_t after = r.load(t0, "lis 6, " + std::to_string(kData >> 16) + "\nli 7, 0\nli 8, 42\n" +
                                    "lis 0, 0\nori 0, 0, 3000\nmtctr 0\n1:\n" + alu + "\nbdnz 1b\n" + writef(8, 6, 7) +
                                    "\n" + texit(3));
    uint32_t t1 = (after + 63) & ~63u;
    after = r.load(t1, loop("li 3, 0", alu, 3000));
    uint32_t waiter = (after + 63) & ~63u;
    r.load(waiter, "lis 6, " + std::to_string(kData >> 16) + "\nli 7, 0\n" + readfe(3, 6, 7) + "\n" + texit(3));
    r.core->feb().set_full(kData, false);
    r.core->hart(0).pc = t0;
    r.start(1, t1, 0);
    r.start(2, t1, 0);
    if (with_blocked) r.start(3, waiter, 0);
    StopReason why = r.run();
    CHECK(why == StopReason::Exit);
    if (with_blocked) CHECK(r.core->hart(3).gpr[3] == 42);
    return r.model->stats;
  };
  PimStats plain = run(false), blocked = run(true);
  INFO("cycles without " << plain.cycles << ", with a blocked thread " << blocked.cycles);
  // The ALU threads' work finishes at the same cycle (the waiter adds its few instructions at the end).
  CHECK(double(blocked.cycles) == doctest::Approx(double(plain.cycles)).epsilon(0.002));
  CHECK(blocked.thread[0].insts == plain.thread[0].insts);
  // The waiter tried once (one slot), then waited the whole loop without a slot, woke, finished.
  CHECK(blocked.feb_waits == 1);
  CHECK(blocked.wakeups == 1);
  CHECK(blocked.slots_used == blocked.issued + 1);
  CHECK(blocked.thread[3].insts == 4);  // lis, li, readfe, texit: nothing while blocked
  CHECK(blocked.thread[3].blocked_feb > 0.95 * double(plain.cycles));
  // Three threads keep three of four slots busy in both runs.
  CHECK(plain.utilisation() == doctest::Approx(0.75).epsilon(0.02));
  CHECK(blocked.utilisation() == doctest::Approx(0.75).epsilon(0.02));
}

namespace {
// A single thread chasing pointers through `nodes` addresses (a cycle), `iters` loads.
double chase_cycles_per_load(const std::vector<uint32_t>& nodes, unsigned iters, PimStats* out = nullptr) {
  PimRig r(8);
  for (size_t i = 0; i < nodes.size(); ++i) r.put32(nodes[i], nodes[(i + 1) % nodes.size()]);
  r.load(kCode, loop("lis 3, " + std::to_string(nodes[0] >> 16) + "\nori 3, 3, " + std::to_string(nodes[0] & 0xFFFF),
                     "lwz 3, 0(3)", iters));
  r.core->hart(0).pc = kCode;
  CHECK(r.run() == StopReason::Exit);
  if (out) *out = r.model->stats;
  // Per iteration: the load and bdnz (4 cycles: its pipeline turn).
  return double(r.model->stats.cycles) / iters - 4.0;
}
}  // namespace

TEST_CASE("pim model: a pointer chase shows the open-row (4) and closed-row (11) latencies") {
  // Open row: 64 nodes 32 bytes apart in one 2 KiB row. Row misses: 16 nodes in one bank (8 banks,
  // rows interleave by 2 KiB), each in another row.
  std::vector<uint32_t> hit, miss;
  for (uint32_t i = 0; i < 64; ++i) hit.push_back(kData + i * 32);
  for (uint32_t i = 0; i < 16; ++i) miss.push_back(kData + i * 8 * 2048);
  PimStats hs, ms;
  const double h = chase_cycles_per_load(hit, 4000, &hs), m = chase_cycles_per_load(miss, 4000, &ms);
  MESSAGE("pointer chase, cycles per load: row hit " << h << ", row miss " << m);
  CHECK(h == doctest::Approx(4.0).epsilon(0.03));
  CHECK(m == doctest::Approx(11.0).epsilon(0.03));
  CHECK(ms.thread[0].blocked_mem >= 4000 * 7);  // 11 - 4 cycles each beyond the pipeline turn
  CHECK(hs.loads == 4000);
}

TEST_CASE("pim model: a 256-bit lvx/stvx is one memory access") {
  PimRig r(8);
  r.load(kCode, loop("lis 4, " + std::to_string(kData >> 16) + "\nli 5, 0", "lvx 1, 4, 5\nstvx 1, 4, 5", 100));
  r.core->hart(0).pc = kCode;
  CHECK(r.run() == StopReason::Exit);
  CHECK(r.model->stats.loads == 100);
  CHECK(r.model->stats.stores == 100);
}

namespace {
// Thread j of a core chases 8 nodes in bank `bank`, each node in another row (every access misses).
void chase_threads(PimRig& r, unsigned threads, uint32_t base, unsigned bank, unsigned iters) {
  const uint32_t code = kCode;
  r.load(code, loop("", "lwz 3, 0(3)", iters));
  for (unsigned j = 0; j < threads; ++j) {
    std::vector<uint32_t> nodes;
    for (uint32_t k = 0; k < 8; ++k) nodes.push_back(base + ((j * 8 + k) * 8 + bank) * 2048);
    for (size_t i = 0; i < nodes.size(); ++i) r.put32(nodes[i], nodes[(i + 1) % nodes.size()]);
    if (j == 0) {
      r.core->hart(0).pc = code;
      r.core->hart(0).gpr[3] = nodes[0];
    } else {
      r.start(j, code, nodes[0]);
    }
  }
}

// Cores a and b run in lockstep, `quantum` cycles at a time, until both have exited; the cycles
// each took.
std::pair<uint64_t, uint64_t> lockstep(PimRig& a, PimRig* b, uint64_t quantum = 4) {
  bool a_done = false, b_done = b == nullptr;
  uint64_t ta = 0, tb = 0;
  for (uint64_t t = quantum; !a_done || !b_done; t += quantum) {
    if (!a_done) {
      StopReason why = a.model->run_core(*a.core, ~0ull, t);
      if (why != StopReason::SliceEnd) {
        a_done = true;
        ta = a.model->cycle();
        CHECK(why == StopReason::Exit);
      }
    }
    if (!b_done) {
      StopReason why = b->model->run_core(*b->core, ~0ull, t);
      if (why != StopReason::SliceEnd) {
        b_done = true;
        tb = b->model->cycle();
        CHECK(why == StopReason::Exit);
      }
    }
  }
  return {ta, tb};
}
}  // namespace

TEST_CASE("pim model: two PIM cores sharing one DRAM contend for its banks") {
  const TimingConfig tc = pim_preset();
  const ClockDomain clock("core", 500e6);
  const unsigned iters = 500;
  // Alone: 4 threads chasing row misses in bank 0 are bound by the bank (busy 8 cycles a miss).
  PimRig alone(4);
  chase_threads(alone, 4, kData, 0, iters);
  const uint64_t t_alone = lockstep(alone, nullptr).first;
  // Two cores on one shared DRAM, both in bank 0: about twice as long each.
  auto run_pair = [&](unsigned bank_b) {
    std::unique_ptr<MemLevel> dram = make_backing_memory(tc.mem, clock, "nic.");
    PimRig a(4, nullptr, dram.get(), "pim0.");
    PimRig b(4, a.mem, dram.get(), "pim1.");
    chase_threads(a, 4, kData, 0, iters);
    chase_threads(b, 4, kData + 0x80000, bank_b, iters);
    auto [ta, tb] = lockstep(a, &b);
    auto* d = dynamic_cast<Dram*>(dram.get());
    REQUIRE(d);
    CHECK(d->reads >= 2 * 4 * iters);
    return std::pair{std::max(ta, tb), d->bank_conflicts};
  };
  const auto same = run_pair(0), other = run_pair(1);
  const uint64_t t_same = same.first, t_other = other.first, conflicts_same = same.second,
                 conflicts_other = other.second;
  MESSAGE("4-thread miss chase: cycles alone " << t_alone << ", two cores sharing bank 0 " << t_same
                                               << ", other bank " << t_other);
  CHECK(double(t_same) > 1.7 * double(t_alone));
  CHECK(double(t_other) < 1.15 * double(t_alone));
  CHECK(conflicts_same > conflicts_other);
}

TEST_CASE("pim model: two cores contend alike in 4-cycle and in machine-sized quanta") {
  // The machine runs a NIC's two PIM cores in turns of up to one quantum (tens of cycles): the
  // core that runs second must find the gaps the first left in the banks' and the bus's
  // reservations, not queue behind all of them (busy_calendar.h).
  const TimingConfig tc = pim_preset();
  const ClockDomain clock("core", 500e6);
  for (unsigned bank_b : {0u, 1u}) {
    uint64_t t[2];
    for (int q = 0; q < 2; ++q) {
      std::unique_ptr<MemLevel> dram = make_backing_memory(tc.mem, clock, "nic.");
      PimRig a(4, nullptr, dram.get(), "pim0.");
      PimRig b(4, a.mem, dram.get(), "pim1.");
      chase_threads(a, 4, kData, 0, 300);
      chase_threads(b, 4, kData + 0x80000, bank_b, 300);
      auto [ta, tb] = lockstep(a, &b, q ? 60 : 4);
      t[q] = std::max(ta, tb);
    }
    MESSAGE("two cores, banks 0 and " << bank_b << ": " << t[0] << " cycles in 4-cycle quanta, " << t[1] << " in 60");
    CHECK(double(t[1]) == doctest::Approx(double(t[0])).epsilon(0.03));
  }
}

TEST_CASE("pim model: the threads share one integer unit (a divide keeps it 19 cycles)") {
  for (unsigned threads : {1u, 2u, 8u}) {
    PimRig r(8);
    r.load(kCode, loop("li 3, 1\nli 4, 1", repeat("divw 3, 3, 4", 8), 100));
    r.core->hart(0).pc = kCode;
    for (unsigned t = 1; t < threads; ++t) r.start(t, kCode, 0);
    CHECK(r.run() == StopReason::Exit);
    const double per_div = double(r.model->stats.cycles) / (8.0 * 100 * threads);
    MESSAGE(threads << " threads of divw: " << per_div << " cycles per divide");
    CHECK(per_div == doctest::Approx(19.0).epsilon(0.03));
    uint64_t waited = 0;
    for (const PimThreadStats& ts : r.model->stats.thread) waited += ts.blocked_unit;
    CHECK((threads > 1) == (waited > 0));
  }
}

TEST_CASE("pim model: same run twice gives identical statistics; results equal the functional run") {
  auto program = [](PimRig& r) {
    // Thread 0 sums a 64-word array into r3 while three workers run ALU loops and chase memory.
    for (uint32_t i = 0; i < 64; ++i) r.put32(kData + 4 * i, i * 7 + 1);
    r.load(kCode, loop("lis 4, " + std::to_string(kData >> 16) + "\nli 3, 0\nli 5, 0",
                       "lwzx 6, 4, 5\nadd 3, 3, 6\naddi 5, 5, 4\nandi. 5, 5, 255", 3000));
    r.load(kCode + 0x400, loop("li 3, 0", "mullw 3, 3, 3\naddi 3, 3, 3\nstw 3, 0x1000(4)", 2000));
    r.core->hart(0).pc = kCode;
    for (unsigned t = 1; t < 4; ++t) {
      r.start(t, kCode + 0x400, 0);
      r.core->hart(t).gpr[4] = kData + 0x100 * t;
    }
  };
  auto timed = [&](StatRegistry* reg) {
    auto r = std::make_unique<PimRig>(8);
    program(*r);
    if (reg) r->model->register_stats(*reg, "core0.");
    CHECK(r->run(37) == StopReason::Exit);
    return r;
  };
  StatRegistry s1, s2;
  auto a = timed(&s1);
  auto b = timed(&s2);
  std::ostringstream t1, t2;
  s1.write_text(t1);
  s2.write_text(t2);
  CHECK(t1.str() == t2.str());
  CHECK(s1.value("core0.pim.t0.insts") > 0);
  CHECK(s1.value("core0.pim.threads_alive_max") == 4);
  // Functional (Core::run_threads): the same registers and memory.
  PimRig f(8);
  program(f);
  StopReason why;
  do why = f.core->run_threads(1000);
  while (why == StopReason::SliceEnd);
  CHECK(why == StopReason::Exit);
  for (unsigned t = 0; t < 4; ++t)
    for (unsigned g = 0; g < 32; ++g) CHECK(f.core->hart(t).gpr[g] == a->core->hart(t).gpr[g]);
  std::vector<uint8_t> m1(0x2000), m2(0x2000);
  f.mem->read_bytes(kData, m1.data(), m1.size());
  a->mem->read_bytes(kData, m2.data(), m2.size());
  CHECK(m1 == m2);
}
