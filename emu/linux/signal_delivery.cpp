// Signal generation and delivery, following the kernel: a signal is queued when sent (dropped if
// ignored), and delivered on the way back to the program (after a system call, a fault, or at an
// instruction boundary for timers): synchronous faults first, then the lowest number; each with a
// handler gets a frame (signal_frame.h) and runs with its sa_mask and itself blocked; several
// pending signals nest (the last one set up runs first). Default actions: terminate (exit status
// 128 + signal), ignore; stop signals are ignored (no job control). A system call that a signal
// interrupted is restarted or fails with EINTR as check_syscall_restart decides. Faults are
// forced: a blocked or ignored fault signal is unblocked and reset to its default action.
// Under a debugger every signal (but SIGKILL) stops the process first; the debugger then
// passes, replaces or discards it.
#include <unistd.h>

#include <cerrno>

#include "linux/process.h"
#include "linux/syscalls.h"

namespace pimnic::linux_user {

namespace {
constexpr uint32_t kTrapSettled = 0x10;  // the kernel's set_trap_norestart
}

void LinuxProcess::terminate_by_signal(int sig, const std::string& message) {
  stopping_ = true;
  result_.kind = ProcessResult::Kind::Signaled;
  result_.signal = sig;
  result_.status = 128 + sig;
  result_.message = message.empty() ? std::string("guest terminated by signal ") + std::to_string(sig) +
                                          " (" + signal_name(sig) + ")"
                                    : message;
  hart().request_stop(StopReason::Exit);
}

bool LinuxProcess::send_signal(const SigInfo& info) {
  const int sig = info.signo;
  if (sig < 1 || sig > kNumSignals) return false;
  // SIGCONT drops pending stop signals, and a stop signal a pending SIGCONT (prepare_signal).
  if (sig == G_SIGCONT)
    for (int s = 19; s <= 22; ++s) discard_pending(s);
  else if (signal_default(sig) == SignalDefault::Stop)
    discard_pending(G_SIGCONT);
  if (!stops_for(sig) && signals.ignored(sig)) return false;  // a debugger sees even ignored ones
  return signals.enqueue(info);
}

void LinuxProcess::discard_pending(int sig) {
  signals.discard(sig);
  for (auto& [id, t] : timers.posix)
    if (t.info.signo == sig) t.queued = false;
}

void LinuxProcess::force_signal(const SigInfo& info) {
  SignalAction& act = signals.action[size_t(info.signo)];
  const bool blocked = signals.blocked & sigbit(info.signo);
  if (blocked || act.handler == G_SIG_IGN) act.handler = G_SIG_DFL;
  signals.blocked &= ~sigbit(info.signo);
  signals.enqueue(info);
}

Status LinuxProcess::force_fault_signal(Hart& h, SigInfo info, const frame::TrapContext& trap) {
  force_signal(info);
  return return_to_user(h, {trap, false});
}

void LinuxProcess::kill_process(const std::string& why) {
  SigInfo i = SigInfo::kernel(G_SIGKILL);
  i.why = why;
  send_signal(i);
}

SigInfo LinuxProcess::take_signal(int sig) {
  SigInfo info = signals.dequeue(sig);
  if (info.code == G_SI_TIMER) {  // a POSIX timer's signal: it may be queued again, with its overruns
    if (GuestTimer* t = timers.posix_timer(int32_t(info.u[0]))) {
      info.u[1] = t->overrun_last = t->overrun;
      t->overrun = 0;
      t->queued = false;
    }
  }
  return info;
}

Status LinuxProcess::return_to_user(Hart& h, KernelEntry entry) {
  bool settled = !entry.syscall;
  deliver_pending(h, entry, settled);
  if (stopping_) {
    h.stop_reason = StopReason::Exit;
    return Status::Stop;
  }
  if (reported_.active) {
    h.stop_reason = StopReason::Fault;
    return Status::Stop;
  }
  return Status::Jump;
}

bool LinuxProcess::deliver_pending(Hart& h, KernelEntry& entry, bool& settled) {
  while (!stopping_) {
    const int sig = signals.next(signals.deliverable());
    if (!sig) break;
    SigInfo info = take_signal(sig);
    if (stops_for(sig)) {
      reported_ = {true, std::move(info), entry, settled};
      return false;
    }
    handle_signal(h, info, entry, settled);
  }
  if (stopping_) return false;
  if (!settled) {
    settle_restart(h, entry, nullptr);
    settled = true;
  }
  if (signals.restore_mask) {  // sigsuspend's mask goes back when no handler took it over
    signals.blocked = signals.saved_mask;
    signals.restore_mask = false;
  }
  return true;
}

void LinuxProcess::handle_signal(Hart& h, const SigInfo& info, KernelEntry& entry, bool& settled) {
  const int sig = info.signo;
  SignalAction& act = signals.action[size_t(sig)];
  if (act.handler == G_SIG_IGN) return;
  if (act.handler == G_SIG_DFL) {
    SignalDefault d = signal_default(sig);
    if (d == SignalDefault::Terminate || d == SignalDefault::Core) terminate_by_signal(sig, info.why);
    return;  // ignore, or stop (pimnic has no job control: nothing would continue the process)
  }
  if (!settled) {
    settle_restart(h, entry, &act);
    settled = true;
  }
  if (!setup_frame(h, info, act, entry.trap)) {
    // No room for the frame (a bad stack pointer): SIGSEGV, fatal if that is what failed.
    if (sig == G_SIGSEGV) act.handler = G_SIG_DFL;
    SigInfo segv = SigInfo::kernel(G_SIGSEGV);
    segv.why = (info.why.empty() ? std::string(signal_name(sig)) : info.why) +
               "; no room for the handler's signal frame below the stack pointer " + hex32(h.gpr[1]) +
               " (SIGSEGV)";
    force_signal(segv);
    return;
  }
  entry.trap.trap |= kTrapSettled;
  // signal_delivered(): the handler runs with its mask and (unless SA_NODEFER) its own signal
  // blocked; the mask sigsuspend saved is in the frame now.
  signals.restore_mask = false;
  signals.blocked |= act.mask | ((act.flags & G_SA_NODEFER) ? 0 : sigbit(sig));
  signals.blocked &= ~kUnblockable;
  if (act.flags & G_SA_RESETHAND) act.handler = G_SIG_DFL;
  if (signals.altstack.flags & G_SS_AUTODISARM) signals.altstack = AltStack{};
}

bool LinuxProcess::setup_frame(Hart& h, const SigInfo& info, const SignalAction& act,
                               const frame::TrapContext& trap) {
  const uint32_t sp = h.gpr[1];
  const AltStack& alt = signals.altstack;
  frame::FrameRequest r;
  r.regs = &h.arch();
  r.msr = h.msr;
  r.trap = trap;
  r.vec_bytes = h.vec_bytes();
  r.sig = info.signo;
  r.handler = act.handler;
  r.old_mask = signals.restore_mask ? signals.saved_mask : signals.blocked;
  r.stack_top = (act.flags & G_SA_ONSTACK) && alt.size && !signals.on_altstack(sp) ? alt.sp + alt.size : sp;
  r.altstack = alt;
  r.info = &info;
  const bool rt = act.flags & G_SA_SIGINFO;
  frame::Frame f = rt ? frame::build_rt_sigframe(r) : frame::build_sigframe(r);
  if (f.addr > r.stack_top || !write(f.addr, f.bytes.data(), uint32_t(f.bytes.size()))) return false;
  h.gpr[1] = f.sp;
  h.gpr[3] = uint32_t(info.signo);
  h.gpr[4] = f.r4;
  if (rt) {
    h.gpr[5] = f.r5;
    h.gpr[6] = f.r6;
  }
  h.lr = sigtramp_ + (rt ? 8 : 0);  // li r0,__NR_rt_sigreturn; sc (or sigreturn)
  h.pc = act.handler & ~3u;
  h.fpscr = 0;  // the kernel starts handlers with all FP exceptions off
  h.clear_reservation();
  return true;
}

// check_syscall_restart: a system call that ended with ERESTART* because of a signal.
void LinuxProcess::settle_restart(Hart& h, KernelEntry& entry, const SignalAction* handler) {
  if (!entry.syscall || (entry.trap.trap & kTrapSettled) || !(h.cr & kCr0So)) return;
  const int64_t err = -int64_t(h.gpr[3]);
  bool restart;
  if (err == ERESTART_RESTARTBLOCK || err == ERESTARTNOHAND)
    restart = !handler;
  else if (err == ERESTARTSYS)
    restart = !handler || (handler->flags & G_SA_RESTART);
  else if (err == ERESTARTNOINTR)
    restart = true;
  else
    return;
  if (restart) {
    if (err == ERESTART_RESTARTBLOCK)
      h.gpr[0] = 0;  // restart_syscall
    else
      h.gpr[3] = entry.trap.orig_r3;
    h.pc -= 4;
    entry.trap.result = 0;
  } else {
    h.gpr[3] = EINTR;
    entry.trap.result = uint32_t(-EINTR);
  }
  entry.trap.trap |= kTrapSettled;
}

void LinuxProcess::resume_with_signal(Hart& h, int sig) {
  Reported r = std::move(reported_);
  reported_ = Reported{};
  if (!r.active) {  // resumed from a breakpoint or step with a signal: as if the trap were it
    r.entry = {{0x700}, false};
    r.info.signo = 0;
  }
  if (sig) {
    SigInfo info = sig == r.info.signo ? std::move(r.info) : SigInfo::sent(sig, G_SI_USER, uint32_t(pid()),
                                                                           uint32_t(::getuid()));
    if (signals.blocked & sigbit(sig))
      signals.enqueue(info);
    else
      handle_signal(h, info, r.entry, r.settled);
  }
  deliver_pending(h, r.entry, r.settled);
}

bool LinuxProcess::before_slice(Hart& h) {
  if (!stopping_ && !reported_.active) {
    fire_due_timers();
    if (blocked_nr_) {
      if (wait_ended()) wake(h);  // a timer's signal ends a device wait: the call says how
    } else if (interrupted()) {
      return_to_user(h, KernelEntry::timer());
    }
  }
  report_end();
  return !stopping_ && !reported_.active;
}

}  // namespace pimnic::linux_user
