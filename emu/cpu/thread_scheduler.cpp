// The functional scheduler of a core's hardware threads (PIM cores): round robin over the live
// threads, a quantum each; a thread blocked on a full/empty bit is skipped until the bit it waits
// for holds, then re-executes its instruction. Timing models interleave threads themselves.
#include <algorithm>
#include <cstdio>

#include "cpu/core.h"
#include "cpu/thread_state.h"

namespace pimnic {

namespace {
// Instructions a thread runs before the next one gets a turn (when several are runnable).
constexpr uint64_t kQuantum = 256;

// Blocked and its condition now holds: it may run again.
bool wakes(Hart& h, FebMemory& feb) {
  if (h.thread_state != ThreadState::Blocked || feb.full(h.wait_ea) != h.wait_full) return false;
  h.thread_state = ThreadState::Running;
  return true;
}
}  // namespace

unsigned Core::live_threads() const {
  unsigned n = 0;
  for (const auto& h : harts_) n += h->thread_state != ThreadState::Free;
  return n;
}

StopReason Core::run_threads(uint64_t budget) {
  const size_t n = harts_.size();
  stopped_ = 0;
  if (n == 1) {  // conventional cores: exactly Hart::run
    StopReason why = harts_[0]->run(budget);
    if (why != StopReason::Blocked) return why;
    harts_[0]->icount = harts_[0]->wait_icount;
    return StopReason::Deadlock;
  }
  uint64_t spent = 0;
  while (spent < budget) {
    // The next runnable thread after the last one that ran; one in a wait state (MSR[POW]) only if
    // no other can run: its turn idles the core.
    size_t pick = n, sleeper = n;
    unsigned runnable = 0;
    for (size_t k = 0; k < n; ++k) {
      size_t i = (next_ + k) % n;
      Hart& h = *harts_[i];
      if (h.thread_state == ThreadState::Running || wakes(h, *feb_)) {
        ++runnable;
        if ((h.msr & MSR_POW) && !h.external_irq) {
          if (sleeper == n) sleeper = i;
        } else if (pick == n) {
          pick = i;
        }
      }
    }
    if (pick == n) pick = sleeper;
    if (pick == n) {
      stopped_ = 0;
      return StopReason::Deadlock;
    }
    Hart& h = *harts_[pick];
    next_ = (pick + 1) % n;
    uint64_t before = h.icount;
    uint64_t slice = runnable > 1 ? std::min(kQuantum, budget - spent) : budget - spent;
    StopReason why = thread_runner ? thread_runner(h, slice) : h.run(slice);
    if (why == StopReason::Blocked) h.icount = h.wait_icount;  // the instruction did not retire
    spent += h.icount - before;
    if (after_turn) after_turn(h);
    // A slice that ended early without a thread event (wait state): let the machine's events run.
    if (why == StopReason::SliceEnd && h.icount - before < slice) return why;
    if (why == StopReason::Blocked || why == StopReason::Yield || why == StopReason::ThreadExit ||
        why == StopReason::SliceEnd)
      continue;
    stopped_ = pick;
    return why;
  }
  stopped_ = 0;
  return StopReason::SliceEnd;
}

Hart* Core::start_thread(const Hart& parent, uint32_t pc, uint32_t arg) {
  for (auto& p : harts_) {
    if (p->thread_state != ThreadState::Free) continue;
    Hart* h = start_thread_at(p->index(), parent);
    h->pc = pc & ~3u;
    h->gpr[3] = arg;
    return h;
  }
  return nullptr;
}

int Core::start_thread_with(uint32_t pc, const uint32_t* args, unsigned nargs, const uint32_t* msr) {
  Hart* t = start_thread(hart(0), pc, nargs ? args[0] : 0);
  if (!t) return -1;
  for (unsigned i = 0; i < nargs; ++i) t->gpr[3 + i] = args[i];
  if (msr) t->msr = *msr;
  return int(t->index());
}

void Core::resume_thread(unsigned i, const uint8_t* state) { load_thread_state(*start_thread_at(i, hart(0)), state); }

// A fresh context: reset registers, the parent's MSR, and the parent's notion of time.
Hart* Core::start_thread_at(size_t index, const Hart& parent) {
  Hart& h = *harts_[index];
  h.clear_reservation();
  h.arch() = ArchState{};
  h.pvr = cfg_.pvr;
  h.pir = cfg_.pir + h.index();
  h.dec_written = 0xFFFFFFFFu;
  h.msr = parent.msr;
  h.cycle_offset = parent.cycles() - h.icount;
  h.tb_offset = parent.tb_offset;
  h.dec_pending = h.double_fault = h.unrecoverable = false;
  h.ri_used = parent.ri_used;
  h.dec_seen_tb = h.tb_ticks();
  h.stop_reason = StopReason::None;
  h.thread_state = ThreadState::Running;
  return &h;
}

std::string Core::deadlock_message() const {
  std::string m = "deadlock: every thread of " + cfg_.name + " waits on a full/empty bit:";
  for (const auto& h : harts_) {
    if (h->thread_state != ThreadState::Blocked) continue;
    char buf[96];
    std::snprintf(buf, sizeof buf, " thread %u at 0x%08x waits for 0x%08x to become %s;", h->index(), h->pc,
                  h->wait_ea, h->wait_full ? "full" : "empty");
    m += buf;
  }
  m.pop_back();
  return m;
}

void Core::reset_threads() {
  for (auto& h : harts_) h->thread_state = h->index() == 0 ? ThreadState::Running : ThreadState::Free;
  feb_->reset();
  next_ = stopped_ = 0;
}

}  // namespace pimnic
