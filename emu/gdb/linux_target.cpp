#include "gdb/linux_target.h"

#include "gdb/target_xml.h"
#include "sim/run_control.h"

namespace pimnic::gdb {

LinuxTarget::LinuxTarget(linux_user::LinuxProcess& p) : proc_(p) {
  TargetProcess tp;
  tp.mem = &p.space();
  tp.dcaches = {&p.core().dcache()};
  tp.layout = RegisterLayout::for_core(p.core().config());
  tp.description = target_description(tp.layout);
  processes_.push_back(std::move(tp));
  harts_.push_back({"n0.host.c0t0", &p.hart(), 0, 0, true, {}});
  finish_setup();
  proc_.traced = attached();
}

LinuxTarget::~LinuxTarget() { proc_.traced = false; }

void LinuxTarget::set_attached(bool attached) {
  DebugTarget::set_attached(attached);
  proc_.traced = attached;
  // Detached while a signal waits for the debugger's verdict: it is delivered, as by ptrace's
  // detach with the pending signal.
  if (!attached && proc_.reported_signal()) proc_.resume_with_signal(proc_.hart(), proc_.reported_signal());
}

void LinuxTarget::set_pass_signals(const std::vector<int>& gdb_signals) {
  uint64_t mask = 0;
  for (int g : gdb_signals)
    if (int sig = host_signal_from_gdb(g); sig > 0 && sig != linux_user::G_SIGKILL) mask |= linux_user::sigbit(sig);
  proc_.untraced_signals = mask;
}

StopReason LinuxTarget::run_hart(size_t i, uint64_t n) {
  Hart& h = *harts_[i].hart;
  if (proc_.stopping()) return StopReason::Exit;
  if (insn_limit_stop(proc_.options().max_insts, h.icount, n)) return StopReason::InsnLimit;
  if (!proc_.before_slice(h)) return proc_.stopping() ? StopReason::Exit : StopReason::Fault;
  return h.run(proc_.slice_budget(n, true));
}

StopEvent LinuxTarget::classify(size_t i, StopReason why) {
  StopEvent ev;
  ev.hart = i;
  if (why == StopReason::Fault && proc_.reported_signal() && !proc_.stopping()) {
    const int sig = proc_.reported_signal();
    ev.kind = StopEvent::Kind::Signal;
    ev.signal = gdb_signal_from_host(sig);
    ev.status = 128 + sig;
    ev.message = proc_.reported_message();
    return ev;
  }
  if (why == StopReason::InsnLimit) {
    insn_limit_ = true;
    ev.kind = StopEvent::Kind::Exited;
    ev.exit_code = ev.status = 3;
    ev.message = insn_limit_message(harts_[i].hart->icount);
    return ev;
  }
  const linux_user::ProcessResult& r = proc_.result();
  if (proc_.stopping() && r.kind == linux_user::ProcessResult::Kind::Signaled) {
    ev.kind = StopEvent::Kind::Terminated;
    ev.signal = gdb_signal_from_host(r.signal);
  } else if (proc_.stopping()) {
    ev.kind = StopEvent::Kind::Exited;
    ev.exit_code = r.status;
  } else {  // the core stopped without the process ending: should not happen
    ev.kind = StopEvent::Kind::Terminated;
    ev.signal = 4;
    ev.status = 128 + 4;
    ev.message = "the core stopped unexpectedly";
    return ev;
  }
  ev.status = r.status;
  ev.message = r.message;
  return ev;
}

void LinuxTarget::deliver_signal(size_t, int gdb_signal) {
  if (!gdb_signal && !proc_.reported_signal()) return;
  proc_.resume_with_signal(proc_.hart(), gdb_signal ? host_signal_from_gdb(gdb_signal) : 0);
}

bool LinuxTarget::reset(std::string& error) {
  error = "Linux mode cannot reset a process; start pimnic again";
  return false;
}

std::string LinuxTarget::stats() {
  const Hart& h = *harts_[0].hart;
  return "sim_insts " + std::to_string(h.icount) + "\ncycles " + std::to_string(h.cycles()) + "\n";
}

linux_user::ProcessResult LinuxTarget::result() const {
  linux_user::ProcessResult r = proc_.result();
  r.instructions = harts_[0].hart->icount;
  if (insn_limit_) {
    r.kind = linux_user::ProcessResult::Kind::InsnLimit;
    r.status = 3;
    r.message = outcome_.message;
  } else if (!proc_.stopping()) {  // ended by gdb (kill) or a fault with nobody attached
    r.kind = linux_user::ProcessResult::Kind::Signaled;
    r.status = outcome_.status;
    r.signal = outcome_.status - 128;
    r.message = outcome_.message;
  }
  return r;
}

linux_user::ProcessResult debug_process(linux_user::LinuxProcess& p, const ServerOptions& options) {
  LinuxTarget t(p);
  serve(t, options);
  return t.result();
}

}  // namespace pimnic::gdb
