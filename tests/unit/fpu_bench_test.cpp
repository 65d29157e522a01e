// A benchmark, not a test (skipped unless run with --no-skip): emulated MIPS of small scalar FP
// loops on the functional core, to compare with qemu-ppc-static on the same instructions.
//   build/bin/unit_tests -tc='fpu bench*' --no-skip
#include <doctest/doctest.h>

#include <chrono>

#include "fpu_test_rig.h"

using namespace pimnic;
using namespace pimnic::test;

TEST_CASE("fpu bench: scalar FP loops" * doctest::skip()) {
  struct Loop { const char* name; const char* body; };
  const Loop loops[] = {
      {"mixed", "lfd 1, 0(3); lfd 2, 8(3); fmadd 3, 1, 2, 3; fadd 4, 4, 1; fmul 5, 5, 2; fsub 6, 6, 2; stfd 3, 16(3)"},
      {"fadd", "fadd 4, 4, 1; fadd 5, 5, 1; fadd 6, 6, 1; fadd 7, 7, 1"},
      {"fmul", "fmul 4, 4, 1; fmul 5, 5, 2; fmul 6, 6, 1; fmul 7, 7, 2"},
      {"fmadd", "fmadd 4, 4, 1, 2; fmadd 5, 5, 1, 2; fmadd 6, 6, 1, 2; fmadd 7, 7, 1, 2"},
      {"fdiv/fsqrt", "fdiv 4, 2, 1; fdiv 5, 1, 2; fsqrt 6, 2; fsqrt 7, 1"},
      {"single", "fadds 4, 4, 1; fmuls 5, 5, 2; fmadds 6, 6, 1, 2; frsp 7, 2"},
      {"integer", "addi 5, 5, 1; addi 6, 6, 1; addi 7, 7, 1; addi 8, 8, 1"},
  };
  const uint64_t iters = 5'000'000;
  for (const Loop& l : loops) {
    std::vector<uint32_t> words = assemble(std::string("mtctr 4; loop: ") + l.body + "; bdnz loop");
    for (uint32_t rn : {0u, 1u}) {
      FpuRig r;
      uint32_t a = TestCore::kCodeBase;
      for (uint32_t w : words) r.t.write32(a, w), a += 4;
      r.reset(rn);
      r.h().pc = TestCore::kCodeBase;
      r.h().gpr[3] = TestCore::kDataBase;
      r.h().gpr[4] = uint32_t(iters);
      r.fpr(1) = bits_of(1.0000001);
      r.fpr(2) = bits_of(0.9999999);
      for (unsigned i = 3; i < 8; ++i) r.fpr(i) = bits_of(1.5);
      r.t.write32(TestCore::kDataBase, 0x3FF00000);
      r.t.write32(TestCore::kDataBase + 8, 0x3FEFFFFF);
      const uint64_t n = 1 + (words.size() - 1) * iters;
      auto t0 = std::chrono::steady_clock::now();
      r.h().run(n);
      double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      CHECK(r.h().icount == n);
      MESSAGE(std::string(l.name), " RN=", rn, ": ", int(double(n) / s / 1e6), " MIPS");
    }
  }
}
