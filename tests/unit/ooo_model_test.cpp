// The out-of-order model on small loops with known behaviour (no memory hierarchy: every access
// takes one cycle): independent operations approach the width, a dependent chain runs at the
// unit's latency, a random branch costs mispredictions a predictable one does not, stores forward
// to loads. The model must never change what the program computes.
#include <doctest/doctest.h>

#include <cstring>

#include "test_core.h"
#include "timing/ooo/ooo_model.h"

using namespace pimnic;
using namespace pimnic::timing;

TEST_SUITE_BEGIN("timing");

namespace {

struct Result {
  OooModel::Stats stats;
  BranchPredictor::Stats bp;
  uint64_t cycles = 0;
  uint32_t gpr[32];
  double ipc() const { return double(stats.insts) / double(stats.cycles); }
};

// Runs `body` (assembler) `iters` times in a CTR loop under the model.
Result run_loop(const std::string& setup, const std::string& body, unsigned iters, const OooConfig& cfg = {},
                bool timed = true, const BpredConfig& bp = {}) {
  test::TestCore tc;
  std::string text = setup + "\nli 0, " + std::to_string(iters) + "\nmtctr 0\nloop:\n" + body + "\nbdnz loop\n";
  std::vector<uint32_t> words = test::assemble(text);
  uint32_t a = test::TestCore::kCodeBase;
  for (uint32_t w : words) tc.write32(a, w), a += 4;
  tc.h().pc = test::TestCore::kCodeBase;
  const uint32_t end = a;
  tc.h().gpr[9] = test::TestCore::kDataBase;
  Result r;
  if (timed) {
    OooModel m(cfg, bp, OpTiming{}, nullptr, ClockDomain("core", 2e9));
    while (tc.h().pc != end) m.run(tc.h(), 1, ~0ull);
    m.drain(tc.h());
    r.stats = m.stats;
    r.bp = m.predictor().stats;
  } else {
    while (tc.h().pc != end) tc.h().run(1);
  }
  r.cycles = tc.h().cycles();
  std::memcpy(r.gpr, tc.h().gpr.data(), sizeof r.gpr);
  return r;
}

}  // namespace

TEST_CASE("ooo: independent operations approach the width, a dependent chain runs at the latency") {
  std::string indep;
  for (int i = 0; i < 16; ++i) indep += (i ? "\n" : "") + std::string("addi ") + std::to_string(10 + i % 8) + ", " +
                                        std::to_string(10 + i % 8) + ", 1";
  // 8 independent registers, each incremented twice per iteration.
  Result r = run_loop("", indep, 500);
  INFO("ipc " << r.ipc());
  CHECK(r.ipc() > 3.3);  // decode, commit and ALUs are 4 wide
  CHECK(r.ipc() <= 4.0);
  // Narrower machine, narrower IPC.
  OooConfig two;
  two.fetch_width = two.decode_width = two.commit_width = two.int_alu = 2;
  Result r2 = run_loop("", indep, 500, two);
  CHECK(r2.ipc() > 1.7);
  CHECK(r2.ipc() <= 2.0);

  std::string chain;
  for (int i = 0; i < 16; ++i) chain += (i ? "\n" : "") + std::string("mullw 3, 3, 4");
  Result c = run_loop("li 3, 1\nli 4, 3", chain, 200);
  double cpi = double(c.stats.cycles) / double(c.stats.insts);
  INFO("cpi " << cpi);
  // 16 multiplies of latency 4 per 17 instructions.
  CHECK(cpi == doctest::Approx(4.0 * 16 / 17).epsilon(0.05));
  std::string adds;
  for (int i = 0; i < 16; ++i) adds += (i ? "\n" : "") + std::string("add 3, 3, 4");
  Result a = run_loop("li 3, 1\nli 4, 3", adds, 200);
  CHECK(double(a.stats.cycles) / double(a.stats.insts) == doctest::Approx(1.0 * 16 / 17).epsilon(0.08));
}

TEST_CASE("ooo: a random branch costs mispredictions, a predictable one does not") {
  // r5 steps through an LCG; the branch tests one of its bits (random) or a constant (predictable).
  std::string setup = "lis 5, 0x1234\nlis 6, 0x19\nori 6, 6, 0x660d\nli 7, 0";
  auto body = [](const char* test) {
    return std::string("mullw 5, 5, 6\naddi 5, 5, 12345\n") + test + "\nbeq 1f\naddi 7, 7, 1\n1:\naddi 8, 8, 1";
  };
  // Branch bodies have the same instructions either way except the test, so cycle counts compare.
  OooConfig cfg;
  BpredConfig bp;
  bp.kind = "gshare";
  Result rnd = run_loop(setup, body("andis. 0, 5, 0x4000"), 2000, cfg, true, bp);
  Result fix = run_loop(setup, body("andis. 0, 7, 0x4000"), 2000, cfg, true, bp);
  double acc_rnd = double(rnd.bp.cond_correct) / double(rnd.bp.cond_lookups);
  double acc_fix = double(fix.bp.cond_correct) / double(fix.bp.cond_lookups);
  INFO("random " << acc_rnd << " predictable " << acc_fix);
  // Half the conditional branches are the (well predicted) loop branch.
  CHECK(acc_rnd < 0.85);
  CHECK(acc_fix > 0.99);
  CHECK(rnd.stats.stall_mispredict > 1000 * cfg.mispredict_penalty);
  CHECK(rnd.stats.cycles > fix.stats.cycles + 1000 * cfg.mispredict_penalty);
}

TEST_CASE("ooo: stores forward to loads; results equal the functional run") {
  // Each iteration stores r3 and loads it back into the dependent chain.
  std::string body = "stw 3, 0(9)\nlwz 4, 0(9)\naddi 3, 4, 1";
  Result t = run_loop("li 3, 0", body, 300);
  Result f = run_loop("li 3, 0", body, 300, {}, false);
  CHECK(t.gpr[3] == 300);
  CHECK(std::memcmp(t.gpr, f.gpr, sizeof t.gpr) == 0);
  CHECK(t.stats.forwarded == 300);
  // A load not overlapping the store does not forward.
  Result n = run_loop("li 3, 0", "stw 3, 0(9)\nlwz 4, 4(9)\naddi 3, 3, 1", 300);
  CHECK(n.stats.forwarded == 0);
  // A byte store covering part of a word load makes it wait for the store to commit.
  Result p = run_loop("li 3, 0", "stb 3, 1(9)\nlwz 4, 0(9)\naddi 3, 4, 1", 50);
  CHECK(p.stats.partial_forward == 50);
}

TEST_CASE("ooo: timing is deterministic and the RUU bounds what is in flight") {
  std::string chain;
  for (int i = 0; i < 8; ++i) chain += (i ? "\n" : "") + std::string("divw 3, 3, 4\naddi ") + std::to_string(10 + i) + ", 0, 1";
  Result a = run_loop("li 3, 1000\nli 4, 1", chain, 100);
  Result b = run_loop("li 3, 1000\nli 4, 1", chain, 100);
  CHECK(a.stats.cycles == b.stats.cycles);
  CHECK(a.stats.ruu_occupancy == b.stats.ruu_occupancy);
  // The divide chain fills the RUU: average occupancy close to its size, dispatch stalls on it.
  OooConfig small;
  small.ruu_size = 16;
  Result s = run_loop("li 3, 1000\nli 4, 1", chain, 100, small);
  CHECK(double(s.stats.ruu_occupancy) / double(s.stats.cycles) <= 16.0);
  CHECK(double(s.stats.ruu_occupancy) / double(s.stats.cycles) > 12.0);
  CHECK(s.stats.stall_ruu_full > 0);
  CHECK(s.stats.cycles == a.stats.cycles);  // bound by the divide chain either way
}

TEST_SUITE_END();
