#include "gdb/multi_node_target.h"

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <sstream>

#include "gdb/target_xml.h"
#include "sim/stats.h"

namespace pimnic::gdb {

namespace {
// Instructions per machine turn while gdb continues (the server's slices are smaller anyway).
constexpr uint64_t kTurnInsts = 1u << 20;
}  // namespace

MultiNodeTarget::MultiNodeTarget(MultiNodeMachine& m, const StatRegistry* stats) : m_(m), stats_(stats) {
  const auto& cores = m.cores();
  first_hart_.assign(cores.size(), 0);
  std::unordered_map<const AddressSpace*, unsigned> process_of_mem;
  for (uint32_t i = 0; i < cores.size(); ++i) {
    NodeCore& c = *cores[i];
    if (!m.scheduled(i)) continue;
    AddressSpace& mem = m.mem_of(c);
    auto [it, fresh] = process_of_mem.try_emplace(&mem, unsigned(processes_.size()));
    if (fresh) {
      TargetProcess p;
      p.mem = &mem;
      p.layout = RegisterLayout::for_core(c.core->config());
      p.description = target_description(p.layout);
      processes_.push_back(std::move(p));
    }
    processes_[it->second].dcaches.push_back(&c.core->dcache());
    core_process_[&c] = it->second;
    // n0.host.c0t0, n0.nic.c0t0 (conventional NIC), n0.nic.c1t3 (thread 3 of PIM core pim1)
    const bool host = c.slot.is_host();
    const unsigned index = c.slot.is_pim() ? c.slot.index : 0;
    const std::string prefix = "n" + std::to_string(c.node) + (host ? ".host" : ".nic") + ".c" + std::to_string(index) + "t";
    first_hart_[i] = harts_.size();
    for (size_t t = 0; t < c.core->num_harts(); ++t) {
      harts_.push_back({prefix + std::to_string(t), &c.core->hart(t), i, it->second, true, {}});
      core_of_.push_back(i);
    }
  }
  finish_setup();
  refresh();
  hooks_.any_breakpoint = [this](const NodeCore& c) { return !processes_[process_of_core(c)].breakpoints.empty(); };
  hooks_.breakpoint = [this](const NodeCore& c, uint32_t pc) {
    return processes_[process_of_core(c)].breakpoints.count(pc) != 0;
  };
  m_.set_debug_hooks(&hooks_);
}

MultiNodeTarget::~MultiNodeTarget() { m_.set_debug_hooks(nullptr); }

void MultiNodeTarget::refresh() {
  for (size_t i = 0; i < harts_.size(); ++i) {
    TargetHart& t = harts_[i];
    const NodeCore& c = *m_.cores()[core_of_[i]];
    t.note.clear();
    if (c.done) {
      t.started = false;
      t.note = "exited";
    } else {
      t.started = t.hart->thread_state != ThreadState::Free;
      if (t.hart->thread_state == ThreadState::Blocked) t.note = "waiting";
    }
  }
}

StopEvent MultiNodeTarget::event_of(const MultiNodeMachine::Turn& turn) {
  using Turn = MultiNodeMachine::Turn;
  const Core& core = *m_.cores()[turn.core]->core;
  const size_t hart = hart_of(turn.core, core.stopped_hart());
  if (turn.kind == Turn::Kind::Stopped) return after_stop(hart, turn.why);
  if (turn.kind != Turn::Kind::Ended) return {};
  const RunResult& r = m_.result();
  StopEvent ev;
  ev.hart = hart;
  ev.message = r.message;
  switch (r.kind) {
    case RunResult::Kind::Exited:
    case RunResult::Kind::Stopped:  // (not from turns: run() stops between them)
      ev.kind = StopEvent::Kind::Exited;
      ev.exit_code = ev.status = r.exit_code;
      break;
    case RunResult::Kind::InsnLimit:
      insn_limit_ = true;
      ev.kind = StopEvent::Kind::Exited;
      ev.exit_code = ev.status = 3;
      break;
    case RunResult::Kind::Fault:  // a fault nobody handles, a halted core, a deadlock: the machine stays
      ev.kind = StopEvent::Kind::Signal;
      ev.status = r.exit_code;
      ev.signal = gdb_signal_from_host(r.exit_code == kExitDeadlock ? SIGILL : r.exit_code - 128);
      break;
  }
  return ev;
}

StopEvent MultiNodeTarget::run(uint64_t budget) {
  if (outcome_.ended) return final_event();
  using Turn = MultiNodeMachine::Turn;
  const std::vector<Action>& act = actions();
  const size_t ncores = m_.cores().size();
  std::vector<bool> continuing(ncores, false), stepping(ncores, false);
  std::vector<size_t> steppers;
  for (size_t i = 0; i < harts_.size(); ++i) {
    if (act[i] == Action::Step) {
      steppers.push_back(i);
      stepping[core_of_[i]] = true;
    }
    if (act[i] == Action::Continue && harts_[i].started) continuing[core_of_[i]] = true;
  }
  // Processes gdb has not attached to are not under its control: they run with the machine.
  for (size_t i = 0; i < harts_.size(); ++i)
    if (!processes_[harts_[i].process].attached) continuing[core_of_[i]] = true;
  // One instruction of hart i (past a reported breakpoint or watchpoint if it sits there), inside
  // the machine's time order; the stop it ran into, or Kind::Step.
  auto step = [&](size_t i, bool mask) {
    const bool over = at_reported_stop(i);
    forget_reported_stop(i);
    StopEvent ev;
    ev.kind = StopEvent::Kind::Step;
    ev.hart = i;
    ev.signal = 5;
    if (!harts_[i].started || harts_[i].hart->thread_state == ThreadState::Blocked) return ev;  // waits
    Turn turn = m_.debug_step(core_of_[i], [&] { ev = step_hart(i, mask, over); });
    if (turn.kind == Turn::Kind::Ended) ev = event_of(turn);
    return ev;
  };

  if (!steppers.empty()) {
    Tick horizon = 0;
    for (size_t i : steppers) {
      StopEvent ev = step(i, !step_irqs);
      if (ev.kind != StopEvent::Kind::Step) {
        refresh();
        return finish(ev);
      }
      horizon = std::max(horizon, m_.cores()[core_of_[i]]->now());
    }
    // The other resumed cores catch up with the stepped cores' time, in the machine's order.
    for (size_t c = 0; c < ncores; ++c) continuing[c] = continuing[c] && !stepping[c];
    if (std::find(continuing.begin(), continuing.end(), true) != continuing.end()) {
      for (;;) {
        Turn turn = m_.run_turn(kTurnInsts, horizon, &continuing);
        if (turn.kind == Turn::Kind::Idle) break;
        StopEvent ev = event_of(turn);
        if (ev.kind != StopEvent::Kind::None) {
          refresh();
          return finish(ev);
        }
      }
    }
    refresh();
    StopEvent ev;
    ev.kind = StopEvent::Kind::Step;
    ev.hart = steppers.front();
    ev.signal = 5;
    return finish(ev);
  }

  // Continue. A hart resumed from a breakpoint or watchpoint it reported executes that
  // instruction first; one that sits at a breakpoint it has not reported stops at once (what
  // Hart::run does; timed cores, which detect breakpoints as threads reach them, need it here).
  std::vector<size_t> resumed;
  for (size_t i = 0; i < harts_.size(); ++i)
    if (act[i] == Action::Continue && harts_[i].started) resumed.push_back(i);
  if (resumed.empty()) return {};  // nothing can move until gdb interrupts
  std::erase_if(resumed, [&](size_t i) { return !processes_[harts_[i].process].attached; });
  for (size_t i : resumed) {
    if (!at_reported_stop(i)) continue;
    StopEvent ev = step(i, false);
    if (ev.kind != StopEvent::Kind::Step) {
      refresh();
      return finish(ev);
    }
  }
  for (size_t i : resumed) {
    const Hart& h = *harts_[i].hart;
    if (h.thread_state == ThreadState::Running && processes_[harts_[i].process].breakpoints.count(h.pc)) {
      refresh();
      return finish(after_stop(i, StopReason::Breakpoint));
    }
  }
  uint64_t done = 0;
  while (done < budget) {
    Turn turn = m_.run_turn(std::min(kTurnInsts, budget - done), kMaxTick, &continuing);
    if (turn.kind == Turn::Kind::Idle) break;  // every resumed core ended: wait for gdb
    done += std::max<uint64_t>(1, turn.retired);
    StopEvent ev = event_of(turn);
    if (ev.kind != StopEvent::Kind::None) {
      refresh();
      return finish(ev);
    }
  }
  refresh();
  return {};
}

StopEvent MultiNodeTarget::classify(size_t i, StopReason why) {
  // Only single steps get here (turns are classified by event_of).
  Hart& h = *harts_[i].hart;
  StopEvent ev;
  ev.hart = i;
  ev.signal = 5;
  switch (why) {
    case StopReason::Blocked:  // the instruction waits for a full/empty bit: it did not retire
      h.icount = h.wait_icount;
      [[fallthrough]];
    case StopReason::Exit:     // the machine decides whether that ends the run (debug_step)
    case StopReason::Yield:
    case StopReason::ThreadExit:
    case StopReason::InsnLimit:
    case StopReason::Deadlock:
      ev.kind = StopEvent::Kind::Step;
      return ev;
    default:
      break;
  }
  ev.kind = StopEvent::Kind::Signal;
  const std::string& name = m_.cores()[core_of_[i]]->name;
  const FatalStop fatal = fatal_stop(why, h);
  ev.message = name + ": " + fatal.message;
  ev.status = fatal.status;
  ev.signal = gdb_signal_from_host(ev.status - 128);
  return ev;
}

bool MultiNodeTarget::reset(std::string& error) {
  error = "monitor reset is not available on multi-node machines";
  return false;
}

std::string MultiNodeTarget::stats() {
  if (!stats_) return {};
  std::ostringstream s;
  stats_->write_text(s);
  return s.str();
}

RunResult MultiNodeTarget::result() {
  RunResult r = m_.end_run();
  const StopEvent& f = final_event();
  r.message = outcome_.message;
  r.exit_code = outcome_.status;
  if (f.kind == StopEvent::Kind::Exited) r.kind = insn_limit_ ? RunResult::Kind::InsnLimit : RunResult::Kind::Exited;
  else r.kind = RunResult::Kind::Fault;
  return r;
}

RunResult debug_multi_node(MultiNodeMachine& m, const ServerOptions& options, uint64_t max_insts,
                           const StatRegistry* stats) {
  if (!m.begin_run(max_insts)) return m.result();
  MultiNodeTarget t(m, stats);
  serve(t, options);
  return t.result();
}

}  // namespace pimnic::gdb
