#include "machine/idle_watch.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

#include "cpu/core.h"
#include "mem/address_space.h"

namespace pimnic {

namespace {
uint64_t mix(uint64_t h, uint64_t v) {  // (splitmix64's finaliser on the running hash)
  h ^= v + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
  h ^= h >> 30;
  h *= 0xBF58476D1CE4E5B9ull;
  h ^= h >> 27;
  return h;
}
}  // namespace

// A free hardware thread counts by its state alone (it runs again only when spawned, which
// changes that), and the FPRs only on a core with an FPU (elsewhere nothing writes them).
uint64_t IdleWatch::register_signature(const Core& core) {
  uint64_t h = 0;
  const bool fpu = core.has(isa::FEAT_FPU);
  for (size_t i = 0; i < core.num_harts(); ++i) {
    const Hart& t = core.hart(i);
    h = mix(h, uint64_t(t.thread_state) << 32 | t.pc);
    if (t.thread_state == ThreadState::Free) continue;
    h = mix(h, uint64_t(t.msr) << 32 | t.cr);
    h = mix(h, uint64_t(t.lr) << 32 | t.ctr);
    h = mix(h, t.xer);
    for (unsigned r = 0; r < 32; r += 2) h = mix(h, uint64_t(t.gpr[r]) << 32 | t.gpr[r + 1]);
    if (fpu)
      for (unsigned r = 0; r < 32; ++r) h = mix(h, t.fpr[r]);
  }
  return h;
}

// The top of each thread's stack: the frames of the functions it is in, where a caller's loop
// counter waits while a callee has its register (a loop calling MPI_Test 1000 times).
uint64_t IdleWatch::stack_signature(const Core& core) {
  uint64_t h = 0;
  for (size_t i = 0; i < core.num_harts(); ++i) {
    if (core.hart(i).thread_state == ThreadState::Free) continue;
    const uint32_t sp = core.hart(i).gpr[1] & ~7u;
    const Region* r = core.mem().find(sp);
    if (!r || !r->host) continue;
    const uint32_t n = uint32_t(std::min<uint64_t>(kStackBytes, uint64_t(r->base) + r->size - sp));
    const uint8_t* p = r->host + (sp - r->base);
    for (uint32_t k = 0; k + 8 <= n; k += 8) {
      uint64_t w;
      std::memcpy(&w, p + k, 8);
      h = mix(h, w);
    }
  }
  return h;
}

uint64_t IdleWatch::Signature::stack() {
  if (!has_stack) {
    stack_hash = stack_signature(core);
    has_stack = true;
  }
  return stack_hash;
}

void IdleWatch::CoreState::restart(uint64_t new_stretch) {
  stretch = new_stretch;
  saved = {};
  power = steps = length = at = slices = 0;
  loop.clear();
  idle = waited = false;
}

bool IdleWatch::in_loop(CoreState& s, Signature& sig) {
  if (s.length && s.loop.size() < s.length) {  // recording the second pass
    s.loop.push_back({sig.regs, sig.stack(), true});
    if (s.loop.size() < s.length) return false;
    if (sig.is(s.saved)) return true;  // (s.at is 0: the loop's first state comes next)
  } else if (s.length) {
    if (sig.is(s.loop[s.at])) {
      s.at = s.at + 1 == s.length ? 0 : s.at + 1;
      return true;
    }
  } else if (s.power && s.steps < kMaxLoop && sig.regs == s.saved.regs) {
    if (!s.saved.has_stack) {  // saved without its stacks: keep this one with them, compare next time
      s.saved = {sig.regs, sig.stack(), true};
      s.steps = 0;
      return false;
    }
    if (sig.stack() == s.saved.stack) {
      s.length = s.steps + 1;  // found: record the next pass
      s.loop.clear();
      s.at = 0;
      return false;
    }
  }
  if (s.length) s.length = s.power = 0;  // left the loop: search again from here
  if (!s.power || ++s.steps == s.power) {  // save this one, and wait twice as long
    s.saved = {sig.regs, 0, false};
    s.power = !s.power ? 1 : s.power < (1u << 30) ? s.power * 2 : s.power;
    s.steps = 0;
  }
  return false;
}

bool IdleWatch::look_after(size_t index, const Core& core, Slice slice, size_t cores) {
  if (state_.size() <= index) state_.resize(index + 1);
  CoreState& s = state_[index];
  if (s.stretch != stretch_) {
    s.restart(stretch_);
    if (slice == Slice::Retired) s.slices = 1;  // (idle_after counts the slices of a stretch under way)
  }
  const bool waited = slice == Slice::Waits;
  bool idle = waited;
  if (slice == Slice::Retired) {
    bool interruptible = false;  // an enabled decrementer will fire some day
    for (size_t i = 0; i < core.num_harts(); ++i) interruptible |= (core.hart(i).msr & MSR_EE) != 0;
    if (!interruptible) {
      Signature sig{core, register_signature(core)};
      idle = in_loop(s, sig);
    }
  }
  const bool polls = idle && !waited, polled = s.idle && !s.waited;
  if (idle != s.idle) idle_ += idle ? 1 : size_t(-1);
  if (polls != polled) polling_ += polls ? 1 : size_t(-1);
  s.idle = idle;
  s.waited = waited;
  return idle_ >= cores && cores > 0 && polling_ > 0;
}

std::string IdleWatch::describe(const std::string& name, const Core& core, bool waits) {
  char b[96];
  std::snprintf(b, sizeof b, "%s %s at 0x%08x", name.c_str(), waits ? "waits" : "polls", core.hart(0).pc);
  return b;
}

}  // namespace pimnic
