// Signal system calls: dispositions (rt_sigaction, and the old sigaction and signal), the mask
// (rt_sigprocmask, sigprocmask), pending signals, waiting for signals (pause, sigsuspend,
// rt_sigtimedwait), sending them to the process itself (kill, tkill, tgkill, rt_sigqueueinfo),
// the alternate stack, and the returns from handlers (sigreturn, rt_sigreturn, swapcontext).
// Delivery is in signal_delivery.cpp; the frame layout in signal_frame.h.
#include <unistd.h>

#include <cerrno>

#include "linux/process.h"
#include "linux/syscalls.h"

namespace pimnic::linux_user {

namespace {

using frame::kCallerFrame;

// A kernel sigset_t on ppc32: two words, signals 1-32 in the first.
bool read_sigset(LinuxProcess& p, uint32_t addr, uint64_t& set) {
  uint32_t lo, hi;
  if (!p.read_u32(addr, lo) || !p.read_u32(addr + 4, hi)) return false;
  set = (uint64_t(hi) << 32) | lo;
  return true;
}

bool write_sigset(LinuxProcess& p, uint32_t addr, uint64_t set) {
  return p.write_u32(addr, uint32_t(set)) && p.write_u32(addr + 4, uint32_t(set >> 32));
}

bool valid_signal(uint32_t sig) { return sig >= 1 && sig <= uint32_t(kNumSignals); }

SigInfo from_self(const LinuxProcess& p, int sig, int code) {
  return SigInfo::sent(sig, code, uint32_t(p.pid()), uint32_t(::getuid()));
}

// ---- dispositions ----------------------------------------------------------------------------

int64_t set_action(LinuxProcess& p, int sig, const SignalAction* act, SignalAction* old) {
  if (old) *old = p.signals.action[size_t(sig)];
  if (!act) return 0;
  if (sig == G_SIGKILL || sig == G_SIGSTOP) return -EINVAL;
  SignalAction a = *act;
  a.mask &= ~kUnblockable;
  p.signals.action[size_t(sig)] = a;
  // POSIX: setting a pending signal to be ignored discards it.
  if (a.handler == G_SIG_IGN || (a.handler == G_SIG_DFL && signal_default(sig) == SignalDefault::Ignore))
    p.discard_pending(sig);
  return 0;
}

int64_t sys_rt_sigaction(LinuxProcess& p, const uint32_t* a) {
  // struct sigaction { handler; flags; restorer; sigset_t mask; } (asm/signal.h)
  const uint32_t sig = a[0];
  if (a[3] != 8 || !valid_signal(sig)) return -EINVAL;
  SignalAction act, old;
  if (a[1] && !(p.read_u32(a[1], act.handler) && p.read_u32(a[1] + 4, act.flags) &&
                p.read_u32(a[1] + 8, act.restorer) && read_sigset(p, a[1] + 12, act.mask)))
    return -EFAULT;
  if (int64_t e = set_action(p, int(sig), a[1] ? &act : nullptr, &old)) return e;
  if (a[2] && !(p.write_u32(a[2], old.handler) && p.write_u32(a[2] + 4, old.flags) &&
                p.write_u32(a[2] + 8, old.restorer) && write_sigset(p, a[2] + 12, old.mask)))
    return -EFAULT;
  return 0;
}

int64_t sys_sigaction(LinuxProcess& p, const uint32_t* a) {
  // struct old_sigaction { handler; old_sigset_t mask; flags; restorer; }
  const uint32_t sig = a[0];
  if (!valid_signal(sig)) return -EINVAL;
  SignalAction act, old;
  uint32_t mask = 0;
  if (a[1] && !(p.read_u32(a[1], act.handler) && p.read_u32(a[1] + 4, mask) && p.read_u32(a[1] + 8, act.flags) &&
                p.read_u32(a[1] + 12, act.restorer)))
    return -EFAULT;
  act.mask = mask;
  if (int64_t e = set_action(p, int(sig), a[1] ? &act : nullptr, &old)) return e;
  if (a[2] && !(p.write_u32(a[2], old.handler) && p.write_u32(a[2] + 4, uint32_t(old.mask)) &&
                p.write_u32(a[2] + 8, old.flags) && p.write_u32(a[2] + 12, old.restorer)))
    return -EFAULT;
  return 0;
}

int64_t sys_signal(LinuxProcess& p, const uint32_t* a) {
  // The System V signal(): one-shot, the signal not blocked in its handler.
  if (!valid_signal(a[0])) return -EINVAL;
  SignalAction act, old;
  act.handler = a[1];
  act.flags = G_SA_RESETHAND | G_SA_NODEFER;
  if (int64_t e = set_action(p, int(a[0]), &act, &old)) return e;
  return old.handler;
}

// ---- the mask and pending signals -----------------------------------------------------------

int64_t change_mask(LinuxProcess& p, uint32_t how, uint64_t set) {
  uint64_t& m = p.signals.blocked;
  switch (how) {
    case 0: m |= set; break;   // SIG_BLOCK
    case 1: m &= ~set; break;  // SIG_UNBLOCK
    case 2: m = set; break;    // SIG_SETMASK
    default: return -EINVAL;
  }
  m &= ~kUnblockable;
  return 0;
}

int64_t sys_rt_sigprocmask(LinuxProcess& p, const uint32_t* a) {
  if (a[3] != 8) return -EINVAL;
  const uint64_t old = p.signals.blocked;
  uint64_t set = 0;
  if (a[1] && !read_sigset(p, a[1], set)) return -EFAULT;
  if (a[1] && a[0] > 2) return -EINVAL;
  if (a[2] && !write_sigset(p, a[2], old)) return -EFAULT;
  return a[1] ? change_mask(p, a[0], set) : 0;
}

int64_t sys_sigprocmask(LinuxProcess& p, const uint32_t* a) {
  // old_sigset_t: signals 1-32 only; the others keep their state.
  const uint64_t old = p.signals.blocked;
  uint32_t set = 0;
  if (a[1] && !p.read_u32(a[1], set)) return -EFAULT;
  if (a[1]) {
    if (a[0] > 2) return -EINVAL;
    change_mask(p, a[0], a[0] == 2 ? (old & ~0xffffffffull) | set : set);
  }
  if (a[2] && !p.write_u32(a[2], uint32_t(old))) return -EFAULT;
  return 0;
}

int64_t sys_rt_sigpending(LinuxProcess& p, const uint32_t* a) {
  if (a[1] > 8) return -EINVAL;
  uint8_t b[8];
  store_be<uint32_t>(b, uint32_t(p.signals.pending() & p.signals.blocked));
  store_be<uint32_t>(b + 4, uint32_t((p.signals.pending() & p.signals.blocked) >> 32));
  return p.write(a[0], b, a[1]) ? 0 : -EFAULT;
}

int64_t sys_sigpending(LinuxProcess& p, const uint32_t* a) {
  return p.write_u32(a[0], uint32_t(p.signals.pending() & p.signals.blocked)) ? 0 : -EFAULT;
}

// ---- waiting for signals --------------------------------------------------------------------

// pause and sigsuspend: a wait that only a signal ends (a handler runs: EINTR).
int64_t wait_for_any_signal(LinuxProcess& p) { return p.interrupted() ? ERESTARTNOHAND : p.block({}); }

int64_t sys_pause(LinuxProcess& p, const uint32_t*) { return wait_for_any_signal(p); }

int64_t suspend(LinuxProcess& p, uint64_t mask) {
  SignalState& s = p.signals;
  if (!p.resumed_wait()) {  // the mask to go back to is the one before the call
    s.saved_mask = s.blocked;
    s.restore_mask = true;
    s.blocked = mask & ~kUnblockable;
  }
  return wait_for_any_signal(p);
}

int64_t sys_rt_sigsuspend(LinuxProcess& p, const uint32_t* a) {
  if (a[1] != 8) return -EINVAL;
  uint64_t mask;
  if (!read_sigset(p, a[0], mask)) return -EFAULT;
  return suspend(p, mask);
}

int64_t sys_sigsuspend(LinuxProcess& p, const uint32_t* a) {
  return suspend(p, (p.signals.blocked & ~0xffffffffull) | a[0]);
}

// rt_sigtimedwait(set, info, timeout, sigsetsize): take a pending signal of `set` (normally
// blocked) without running its handler, waiting for one up to the timeout (on CLOCK_MONOTONIC);
// another signal's handler ends the wait with EINTR.
int64_t sigtimedwait(LinuxProcess& p, const uint32_t* a, bool wide) {
  if (a[3] != 8) return -EINVAL;
  uint64_t set;
  if (!read_sigset(p, a[0], set)) return -EFAULT;
  set &= ~kUnblockable;
  SignalState& s = p.signals;
  if (const int sig = s.next(s.pending() & set)) {
    SigInfo info = p.take_signal(sig);
    if (a[1]) {
      uint8_t b[frame::kSiginfoSize];
      frame::encode_siginfo(b, info);
      if (!p.write(a[1], b, sizeof b)) return -EFAULT;
    }
    return sig;
  }
  const LinuxProcess::Wait* resumed = p.resumed_wait();
  if (resumed && p.interrupted()) return -EINTR;
  uint64_t deadline = kNever;
  if (resumed) {
    deadline = resumed->deadline;
  } else if (a[2]) {
    const int64_t timeout = read_timespec(p, a[2], wide);
    if (timeout < 0) return timeout;
    deadline = uint64_t(p.clock_ns(1)) + uint64_t(timeout);
  }
  if (deadline != kNever && uint64_t(p.clock_ns(1)) >= deadline) return -EAGAIN;
  return p.block({.deadline = deadline, .signals = set});
}

int64_t sys_rt_sigtimedwait(LinuxProcess& p, const uint32_t* a) { return sigtimedwait(p, a, false); }
int64_t sys_rt_sigtimedwait64(LinuxProcess& p, const uint32_t* a) { return sigtimedwait(p, a, true); }

// ---- sending: the process can signal itself only ---------------------------------------------

int64_t send_to_self(LinuxProcess& p, uint32_t sig, int code) {
  if (sig > uint32_t(kNumSignals)) return -EINVAL;
  if (sig) p.send_signal(from_self(p, int(sig), code));
  return 0;
}

int64_t sys_kill(LinuxProcess& p, const uint32_t* a) {
  const int32_t pid = int32_t(a[0]);
  if (a[1] > uint32_t(kNumSignals)) return -EINVAL;
  // 0 and -pid: the process group (the process alone); -1: every other process (none here).
  if (pid == -1) return -ESRCH;
  if (pid != 0 && pid != p.pid() && pid != -p.pid()) return -ESRCH;
  return send_to_self(p, a[1], G_SI_USER);
}

int64_t sys_tkill(LinuxProcess& p, const uint32_t* a) {
  if (int32_t(a[0]) <= 0) return -EINVAL;
  if (int32_t(a[0]) != p.pid()) return -ESRCH;
  return send_to_self(p, a[1], G_SI_TKILL);
}

int64_t sys_tgkill(LinuxProcess& p, const uint32_t* a) {
  if (int32_t(a[0]) <= 0 || int32_t(a[1]) <= 0) return -EINVAL;
  if (int32_t(a[0]) != p.pid() || int32_t(a[1]) != p.pid()) return -ESRCH;
  return send_to_self(p, a[2], G_SI_TKILL);
}

// rt_sigqueueinfo / rt_tgsigqueueinfo: the siginfo comes from the caller (sigqueue's SI_QUEUE
// with a value).
int64_t queue_info(LinuxProcess& p, uint32_t sig, uint32_t uinfo) {
  if (!valid_signal(sig)) return sig ? -EINVAL : 0;
  uint8_t b[frame::kSiginfoSize];
  if (!p.read(uinfo, b, sizeof b)) return -EFAULT;
  SigInfo info = frame::decode_siginfo(b);
  info.signo = int(sig);  // any si_code: a process may send itself what it likes
  return p.send_signal(info) || p.signals.ignored(int(sig)) ? 0 : -EAGAIN;
}

int64_t sys_rt_sigqueueinfo(LinuxProcess& p, const uint32_t* a) {
  if (int32_t(a[0]) != p.pid()) return -ESRCH;
  return queue_info(p, a[1], a[2]);
}

int64_t sys_rt_tgsigqueueinfo(LinuxProcess& p, const uint32_t* a) {
  if (int32_t(a[0]) != p.pid() || int32_t(a[1]) != p.pid()) return -ESRCH;
  return queue_info(p, a[2], a[3]);
}

// ---- the alternate stack ---------------------------------------------------------------------

// do_sigaltstack: a new alternate stack, unless the program runs on the current one (EPERM).
int64_t set_altstack(LinuxProcess& p, AltStack next, uint32_t sp) {
  if (p.signals.on_altstack(sp)) return -EPERM;
  const uint32_t mode = next.flags & ~G_SS_AUTODISARM;
  if (mode != 0 && mode != G_SS_ONSTACK && mode != G_SS_DISABLE) return -EINVAL;
  if (mode == G_SS_DISABLE)
    next.sp = next.size = 0;
  else if (next.size < kMinSigStackSize)
    return -ENOMEM;
  p.signals.altstack = next;
  return 0;
}

bool read_stack_t(LinuxProcess& p, uint32_t addr, AltStack& s) {
  return p.read_u32(addr, s.sp) && p.read_u32(addr + 4, s.flags) && p.read_u32(addr + 8, s.size);
}

int64_t sys_sigaltstack(LinuxProcess& p, const uint32_t* a) {
  // stack_t { void *ss_sp; int ss_flags; size_t ss_size; }
  const uint32_t sp = p.hart().gpr[1];
  const AltStack old = p.signals.altstack;
  const uint32_t old_flags = p.signals.altstack_flags(sp);
  if (a[0]) {
    AltStack next;
    if (!read_stack_t(p, a[0], next)) return -EFAULT;
    if (int64_t e = set_altstack(p, next, sp)) return e;
  }
  if (a[1] && !(p.write_u32(a[1], old.sp) && p.write_u32(a[1] + 4, old_flags) && p.write_u32(a[1] + 8, old.size)))
    return -EFAULT;
  return 0;
}

// ---- returning from handlers -----------------------------------------------------------------

// The mcontext at addr back into the registers; false if it cannot be read.
bool restore_registers(LinuxProcess& p, uint32_t addr, bool keep_r2) {
  uint8_t mc[frame::kMcontextSize];
  if (!p.read(addr, mc, sizeof mc)) return false;
  Hart& h = p.hart();
  frame::decode_mcontext(mc, h.arch(), h.vec_bytes(), keep_r2);
  return true;
}

// A frame that cannot be read back: SIGSEGV, as the kernel's badframe.
int64_t bad_frame(LinuxProcess& p, const char* what, uint32_t addr) {
  SigInfo i = SigInfo::kernel(G_SIGSEGV);
  i.why = std::string(what) + ": cannot read the signal frame at " + hex32(addr) + " (SIGSEGV)";
  p.force_signal(i);
  return kNoResult;
}

int64_t sys_sigreturn(LinuxProcess& p, const uint32_t*) {
  p.restart.active = false;
  const uint32_t sc = p.hart().gpr[1] + kCallerFrame;
  uint32_t lo, hi, regs;
  if (!p.read_u32(sc + frame::kScOldmask, lo) || !p.read_u32(sc + frame::kScMaskHigh, hi) ||
      !p.read_u32(sc + frame::kScRegs, regs))
    return bad_frame(p, "sigreturn", sc);
  p.signals.blocked = ((uint64_t(hi) << 32) | lo) & ~kUnblockable;
  if (!restore_registers(p, regs, false)) return bad_frame(p, "sigreturn", regs);
  return kNoResult;
}

// do_setcontext: the mask and the registers of a ucontext (through its uc_regs pointer).
bool set_context(LinuxProcess& p, uint32_t uc, bool keep_r2) {
  uint64_t mask;
  uint32_t mcontext;
  if (!read_sigset(p, uc + frame::kUcSigmask, mask) || !p.read_u32(uc + frame::kUcRegs, mcontext)) return false;
  p.signals.blocked = mask & ~kUnblockable;
  return restore_registers(p, mcontext, keep_r2);
}

int64_t sys_rt_sigreturn(LinuxProcess& p, const uint32_t*) {
  p.restart.active = false;
  const uint32_t uc = p.hart().gpr[1] + kCallerFrame + 16 + frame::kSiginfoSize;
  if (!set_context(p, uc, false)) return bad_frame(p, "rt_sigreturn", uc);
  // The alternate stack as it was at delivery (restore_altstack: only a read fault counts).
  AltStack saved;
  if (!read_stack_t(p, uc + frame::kUcStack, saved)) return bad_frame(p, "rt_sigreturn", uc);
  set_altstack(p, saved, p.hart().gpr[1]);
  return kNoResult;
}

// swapcontext(old, new, size): getcontext/setcontext/swapcontext of glibc's ppc32 port.
int64_t sys_swapcontext(LinuxProcess& p, const uint32_t* a) {
  Hart& h = p.hart();
  if (a[2] < frame::kUcontextSize) return -EINVAL;
  if (a[0]) {
    // The registers as the system call found them (the kernel saves its entry state).
    const uint32_t mc = (a[0] + frame::kUcMcontext) & ~15u;
    uint8_t bytes[frame::kMcontextSize];
    frame::encode_mcontext(bytes, h.arch(), h.msr, {0xc00, 0, 0, a[0], 0}, h.vec_bytes());
    if (!p.write(mc, bytes, sizeof bytes) || !write_sigset(p, a[0] + frame::kUcSigmask, p.signals.blocked) ||
        !p.write_u32(a[0] + frame::kUcRegs, mc))
      return -EFAULT;
  }
  if (!a[1]) return 0;
  if (!set_context(p, a[1], true)) return bad_frame(p, "swapcontext", a[1]);
  return kNoResult;
}

const SyscallDef kSignal[] = {
    {29, "pause", sys_pause},
    {37, "kill", sys_kill},
    {48, "signal", sys_signal},
    {67, "sigaction", sys_sigaction},
    {72, "sigsuspend", sys_sigsuspend},
    {73, "sigpending", sys_sigpending},
    {119, "sigreturn", sys_sigreturn},
    {126, "sigprocmask", sys_sigprocmask},
    {172, "rt_sigreturn", sys_rt_sigreturn},
    {173, "rt_sigaction", sys_rt_sigaction},
    {174, "rt_sigprocmask", sys_rt_sigprocmask},
    {175, "rt_sigpending", sys_rt_sigpending},
    {176, "rt_sigtimedwait", sys_rt_sigtimedwait},
    {177, "rt_sigqueueinfo", sys_rt_sigqueueinfo},
    {178, "rt_sigsuspend", sys_rt_sigsuspend},
    {185, "sigaltstack", sys_sigaltstack},
    {208, "tkill", sys_tkill},
    {249, "swapcontext", sys_swapcontext},
    {250, "tgkill", sys_tgkill},
    {322, "rt_tgsigqueueinfo", sys_rt_tgsigqueueinfo},
    {421, "rt_sigtimedwait_time64", sys_rt_sigtimedwait64},
};

}  // namespace

std::span<const SyscallDef> signal_syscalls() { return kSignal; }

}  // namespace pimnic::linux_user
