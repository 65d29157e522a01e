// The idle-polling watch (machine/idle_watch.h): shown a core's state after each slice, it says
// when every live core polls (repeats its states) or waits, and not for a core that counts.
#include <doctest/doctest.h>

#include "cpu/arch_state.h"
#include "machine/idle_watch.h"
#include "test_core.h"

using namespace pimnic;
using Slice = IdleWatch::Slice;

namespace {

constexpr uint32_t kStackTop = test::TestCore::kDataBase + 0x4000;

struct PollingCore {
  test::TestCore c;
  PollingCore() {
    c.h().msr &= ~MSR_EE;  // (an enabled decrementer could fire: such a core is never idle)
    c.h().gpr[1] = kStackTop - 256;
  }
};

// Slices (1, 2, ...) of core 0 of `cores` until the watch says the machine is idle (0: not within
// `limit`); before each, step(i) may change the core.
template <class Step>
unsigned slices_until_idle(IdleWatch& w, const Core& core, unsigned limit, size_t cores, Step step) {
  for (unsigned i = 1; i <= limit; ++i) {
    step(i);
    if (w.idle_after(0, core, Slice::Retired, cores)) return i;
  }
  return 0;
}

constexpr unsigned kLong = 400 * IdleWatch::kSample;

}  // namespace

TEST_CASE("idle watch: a core repeating one state polls, found at a sampled slice within a few samples") {
  PollingCore p;
  IdleWatch w;
  const unsigned at = slices_until_idle(w, p.c.core(), kLong, 1, [](unsigned) {});
  CHECK(at > 0);
  CHECK(at <= 4 * IdleWatch::kSample + 1);
  CHECK((at - 1) % IdleWatch::kSample == 0);  // every kSample-th slice is looked at, the first one too
}

TEST_CASE("idle watch: a loop of several states polls too") {
  PollingCore p;
  IdleWatch w;
  // A state that cycles through 5 values, one step a sample.
  const unsigned at = slices_until_idle(w, p.c.core(), kLong, 1, [&](unsigned i) {
    p.c.h().gpr[3] = (i / IdleWatch::kSample) % 5;
  });
  CHECK(at > 0);
}

TEST_CASE("idle watch: a core counting in a register or in its stack frame is busy") {
  PollingCore p;
  IdleWatch w;
  CHECK(slices_until_idle(w, p.c.core(), kLong, 1, [&](unsigned i) { p.c.h().gpr[5] = i; }) == 0);
  IdleWatch w2;
  CHECK(slices_until_idle(w2, p.c.core(), kLong, 1, [&](unsigned i) { p.c.write32(kStackTop - 64, i); }) == 0);
}

TEST_CASE("idle watch: interrupts enabled, another core not yet idle, or a new stretch: not idle") {
  SUBCASE("MSR[EE] set") {
    PollingCore p;
    p.c.h().msr |= MSR_EE;
    IdleWatch w;
    CHECK(slices_until_idle(w, p.c.core(), kLong, 1, [](unsigned) {}) == 0);
  }
  SUBCASE("two live cores, one seen") {
    PollingCore p;
    IdleWatch w;
    CHECK(slices_until_idle(w, p.c.core(), kLong, 2, [](unsigned) {}) == 0);
  }
  SUBCASE("reset starts afresh") {
    PollingCore p;
    IdleWatch w;
    REQUIRE(slices_until_idle(w, p.c.core(), kLong, 1, [](unsigned) {}) > 0);
    w.reset();
    CHECK_FALSE(w.idle_after(0, p.c.core(), Slice::Retired, 1));
    CHECK(slices_until_idle(w, p.c.core(), kLong, 1, [](unsigned) {}) > 0);  // and finds the loop again
  }
}

TEST_CASE("idle watch: every core waiting is not idle-polling (the deadlock rule's case); one polling is") {
  PollingCore a, b;
  IdleWatch w;
  CHECK_FALSE(w.idle_after(1, b.c.core(), Slice::Waits, 2));
  for (unsigned i = 0; i < 10; ++i) CHECK_FALSE(w.idle_after(0, a.c.core(), Slice::Waits, 2));
  IdleWatch w2;
  CHECK_FALSE(w2.idle_after(1, b.c.core(), Slice::Waits, 2));
  CHECK(slices_until_idle(w2, a.c.core(), kLong, 2, [](unsigned) {}) > 0);
  CHECK(w2.waits(1));
}
