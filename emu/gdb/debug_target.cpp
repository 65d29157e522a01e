#include "gdb/debug_target.h"

#include <algorithm>
#include <cstdio>

#include "cpu/core.h"
#include "cpu/decode_cache.h"
#include "isa/disasm.h"
#include "mem/address_space.h"

namespace pimnic::gdb {

namespace {
// With several runnable harts, each runs this many instructions per turn: small enough that
// they stay close in simulated time when one of them stops.
constexpr uint64_t kQuantum = 4096;
}  // namespace

DebugTarget::~DebugTarget() { clear_breakpoints_and_watchpoints(); }

void DebugTarget::finish_setup() {
  actions_.assign(harts_.size(), Action::None);
  resume_over_.assign(harts_.size(), 0);
}

// ---- breakpoints and watchpoints ---------------------------------------------------------------

bool DebugTarget::insert_breakpoint(unsigned p, uint32_t addr, uint8_t kind) {
  if (p >= processes_.size() || (addr & 3)) return false;
  uint8_t& k = processes_[p].breakpoints[addr];
  if (!k)
    for (DecodeCache* dc : processes_[p].dcaches) dc->add_breakpoint(addr);
  k |= kind;
  return true;
}

bool DebugTarget::remove_breakpoint(unsigned p, uint32_t addr, uint8_t kind) {
  if (p >= processes_.size()) return false;
  auto it = processes_[p].breakpoints.find(addr);
  if (it == processes_[p].breakpoints.end()) return true;  // gdb may remove one twice
  it->second &= uint8_t(~kind);
  if (!it->second) {
    processes_[p].breakpoints.erase(it);
    for (DecodeCache* dc : processes_[p].dcaches) dc->remove_breakpoint(addr);
  }
  return true;
}

void DebugTarget::attach_watchers(TargetProcess& p) {
  for (TargetHart& t : harts_)
    if (&processes_[t.process] == &p) t.hart->watcher = p.watches.empty() ? nullptr : &p.watches;
  p.mem->drop_all_fast_mappings();  // watched pages must take the slow path from now on
}

bool DebugTarget::insert_watchpoint(unsigned p, uint32_t addr, uint32_t len, WatchType t) {
  if (p >= processes_.size() || !processes_[p].watches.add(addr, len, t)) return false;
  attach_watchers(processes_[p]);
  return true;
}

bool DebugTarget::remove_watchpoint(unsigned p, uint32_t addr, uint32_t len, WatchType t) {
  if (p >= processes_.size()) return false;
  processes_[p].watches.remove(addr, len, t);
  attach_watchers(processes_[p]);
  return true;
}

void DebugTarget::clear_breakpoints_and_watchpoints() {
  for (unsigned p = 0; p < processes_.size(); ++p) clear_breakpoints_and_watchpoints(p);
}

void DebugTarget::clear_breakpoints_and_watchpoints(unsigned p) {
  while (!processes_[p].breakpoints.empty()) {
    auto it = processes_[p].breakpoints.begin();
    remove_breakpoint(p, it->first, kSoftware | kHardware);
  }
  processes_[p].watches.clear();
  attach_watchers(processes_[p]);
}

// ---- running -----------------------------------------------------------------------------------

void DebugTarget::resume(const std::vector<Action>& actions, const std::vector<int>& signals) {
  for (size_t i = 0; i < harts_.size(); ++i) {
    actions_[i] = i < actions.size() ? actions[i] : Action::None;
    if (actions_[i] != Action::None) deliver_signal(i, i < signals.size() ? signals[i] : 0);
  }
}

void DebugTarget::resume_all() { std::fill(actions_.begin(), actions_.end(), Action::Continue); }

bool DebugTarget::resumed() const {
  return std::any_of(actions_.begin(), actions_.end(), [](Action a) { return a != Action::None; });
}

void DebugTarget::end(int status, const std::string& message) {
  outcome_ = Outcome{true, status, message};
  final_ = StopEvent{};
  final_.kind = StopEvent::Kind::Terminated;
  final_.signal = 9;  // GDB_SIGNAL_KILL
  final_.status = status;
  std::fill(actions_.begin(), actions_.end(), Action::None);
}

StopEvent DebugTarget::stop_now(size_t i, int gdb_signal) {
  std::fill(actions_.begin(), actions_.end(), Action::None);
  if (outcome_.ended) return final_;
  StopEvent ev;
  ev.kind = StopEvent::Kind::Interrupt;
  ev.hart = i;
  ev.signal = gdb_signal;
  return ev;
}

StopEvent DebugTarget::run(uint64_t budget) {
  if (outcome_.ended) return final_;
  const size_t n = harts_.size();
  // Steps: each stepping hart executes one instruction; continuing harts keep pace by one.
  size_t first_step = n;
  for (size_t i = 0; i < n && first_step == n; ++i)
    if (actions_[i] == Action::Step) first_step = i;
  if (first_step < n) {
    for (size_t i = first_step; i < n; ++i) {
      if (actions_[i] != Action::Step) continue;
      bool over = resume_over_[i] == harts_[i].hart->pc + 1;
      resume_over_[i] = 0;
      StopEvent ev = step_hart(i, !step_irqs, over);
      if (ev.kind != StopEvent::Kind::Step) return finish(ev);
    }
    for (size_t i = 0; i < n; ++i) {
      if (actions_[i] != Action::Continue || !harts_[i].started) continue;
      StopEvent ev = run_hart_for(i, 1);
      if (ev.kind != StopEvent::Kind::None) return finish(ev);
    }
    StopEvent ev;
    ev.kind = StopEvent::Kind::Step;
    ev.hart = first_step;
    ev.signal = 5;
    return finish(ev);
  }
  // Turns start after the hart that stopped last, so that one hitting breakpoints quickly
  // does not keep the others from reaching theirs.
  std::vector<size_t> running;
  for (size_t k = 0; k < n; ++k) {
    size_t i = (next_ + k) % n;
    if (actions_[i] == Action::Continue && harts_[i].started) running.push_back(i);
  }
  if (running.empty()) return {};  // nothing can move until gdb interrupts
  const uint64_t quantum = running.size() > 1 ? kQuantum : budget;
  uint64_t done = 0;
  while (done < budget) {
    for (size_t i : running) {
      uint64_t before = harts_[i].hart->cycles();
      StopEvent ev = run_hart_for(i, std::min(quantum, budget - done));
      done += std::max<uint64_t>(1, harts_[i].hart->cycles() - before);
      if (ev.kind != StopEvent::Kind::None) return finish(ev);
      if (done >= budget) break;
    }
  }
  return {};
}

StopEvent DebugTarget::run_hart_for(size_t i, uint64_t n) {
  Hart& h = *harts_[i].hart;
  if (resume_over_[i] == h.pc + 1) {
    // Stopped here at a breakpoint or watchpoint: execute that instruction once, past it.
    resume_over_[i] = 0;
    StopEvent ev = step_hart(i, false, true);
    if (ev.kind != StopEvent::Kind::Step) return ev;
    if (--n == 0) return {};
  }
  resume_over_[i] = 0;
  if (!trace) return after_stop(i, run_hart(i, n));
  // Traced: one step at a time (steps ignore breakpoints, so look for them here).
  const auto& bps = process_of(i).breakpoints;
  for (uint64_t k = 0; k < n; ++k) {
    if (bps.count(h.pc)) return after_stop(i, StopReason::Breakpoint);
    StopEvent ev = step_hart(i, false, false);
    if (ev.kind != StopEvent::Kind::Step) return ev;
  }
  return {};
}

StopEvent DebugTarget::step_hart(size_t i, bool mask_interrupts, bool past_watchpoint) {
  TargetHart& t = harts_[i];
  Hart& h = *t.hart;
  StopEvent ev;
  ev.hart = i;
  ev.signal = 5;
  ev.kind = StopEvent::Kind::Step;
  if (!t.started) return ev;
  // Masking keeps pending interrupts pending: they are taken when the machine next runs.
  bool ext = h.external_irq, dec = false;
  if (mask_interrupts) {
    h.next_timer_icount();  // latches a decrementer passage that is due, into dec_pending
    dec = h.dec_pending;
    h.dec_pending = false;
    h.external_irq = false;
  }
  WatchSet& ws = process_of(i).watches;
  if (past_watchpoint) ws.suppressed = &h;
  ExecRecord rec;
  StopReason why = h.step(rec);
  ws.suppressed = nullptr;
  if (mask_interrupts) {
    h.dec_pending = h.dec_pending || dec;
    h.external_irq = h.external_irq || ext;
  }
  if (trace) {
    std::string text = isa::disassemble(h.core().decoder(), rec.word, rec.pc);
    std::fprintf(stderr, "[trace] %s 0x%08x %08x %s\n", t.name.c_str(), rec.pc, rec.word, text.c_str());
  }
  if (why == StopReason::None) return ev;
  return after_stop(i, why);
}

StopEvent DebugTarget::after_stop(size_t i, StopReason why) {
  Hart& h = *harts_[i].hart;
  StopEvent ev;
  ev.hart = i;
  ev.signal = 5;
  switch (why) {
    case StopReason::None:
    case StopReason::SliceEnd:
      return {};
    case StopReason::Breakpoint: {
      ev.kind = StopEvent::Kind::Breakpoint;
      auto it = process_of(i).breakpoints.find(h.pc);
      ev.hardware = it != process_of(i).breakpoints.end() && !(it->second & kSoftware);
      return ev;
    }
    case StopReason::Watchpoint: {
      auto hit = process_of(i).watches.take_hit(&h);
      ev.kind = StopEvent::Kind::Watchpoint;
      if (hit) {
        h.icount = hit->icount;  // stopped before the access: the instruction did not retire
        ev.data_addr = hit->addr;
        ev.watch = hit->type;
      }
      return ev;
    }
    case StopReason::DebugRequest:
      ev.kind = StopEvent::Kind::Interrupt;
      ev.signal = 2;
      return ev;
    default:
      return classify(i, why);
  }
}

StopEvent DebugTarget::finish(StopEvent ev) {
  std::fill(actions_.begin(), actions_.end(), Action::None);
  next_ = harts_.empty() ? 0 : (ev.hart + 1) % harts_.size();
  if (ev.kind == StopEvent::Kind::Breakpoint || ev.kind == StopEvent::Kind::Watchpoint)
    resume_over_[ev.hart] = harts_[ev.hart].hart->pc + 1;
  if (ev.ends_machine()) {
    final_ = ev;
    outcome_ = Outcome{true, ev.status, ev.message};
  }
  return ev;
}

// ---- signals -----------------------------------------------------------------------------------

namespace {
// Linux (generic numbering, as PowerPC uses) -> GDB's own signal numbers.
constexpr int kHostToGdb[][2] = {
    {1, 1},   {2, 2},   {3, 3},   {4, 4},   {5, 5},   {6, 6},   {7, 10},  {8, 8},   {9, 9},   {10, 30},
    {11, 11}, {12, 31}, {13, 13}, {14, 14}, {15, 15}, {17, 20}, {18, 19}, {19, 17}, {20, 18}, {21, 21},
    {22, 22}, {23, 16}, {24, 24}, {25, 25}, {26, 26}, {27, 27}, {28, 28}, {29, 23}, {30, 32}, {31, 12},
};
}  // namespace

// Real-time signals: GDB_SIGNAL_REALTIME_33..63 are 45..75, then REALTIME_32 is 77 and
// REALTIME_64 is 78.
int gdb_signal_from_host(int sig) {
  for (auto& p : kHostToGdb)
    if (p[0] == sig) return p[1];
  if (sig >= 33 && sig <= 63) return 45 + (sig - 33);
  if (sig == 32) return 77;
  if (sig == 64) return 78;
  return 143;  // GDB_SIGNAL_UNKNOWN
}

int host_signal_from_gdb(int sig) {
  for (auto& p : kHostToGdb)
    if (p[1] == sig) return p[0];
  if (sig >= 45 && sig <= 75) return 33 + (sig - 45);
  if (sig == 77) return 32;
  if (sig == 78) return 64;
  return 0;
}

}  // namespace pimnic::gdb
