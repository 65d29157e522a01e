// Signal system calls. Dispositions, the mask and the alternate stack are recorded and reported
// back; a signal sent to the process itself takes its default action (pimnic does not run guest
// handlers), so abort() ends the process with SIGABRT as on Linux.
#include <unistd.h>

#include <cerrno>

#include "linux/process.h"
#include "linux/syscalls.h"

namespace pimnic::linux_user {

namespace {

constexpr int SIGKILL = 9, SIGSTOP = 19;
constexpr uint64_t kUnblockable = (1ull << (SIGKILL - 1)) | (1ull << (SIGSTOP - 1));

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

int64_t sys_rt_sigaction(LinuxProcess& p, const uint32_t* a) {
  // struct sigaction { handler; flags; restorer; sigset_t mask; } (asm/signal.h)
  int sig = int32_t(a[0]);
  if (a[3] != 8 || sig < 1 || sig > 64) return -EINVAL;
  if (a[1] && (sig == SIGKILL || sig == SIGSTOP)) return -EINVAL;
  SignalAction old = p.sigactions[size_t(sig)];
  if (a[1]) {
    SignalAction act;
    if (!p.read_u32(a[1], act.handler) || !p.read_u32(a[1] + 4, act.flags) ||
        !p.read_u32(a[1] + 8, act.restorer) || !read_sigset(p, a[1] + 12, act.mask))
      return -EFAULT;
    p.sigactions[size_t(sig)] = act;
  }
  if (a[2] && !(p.write_u32(a[2], old.handler) && p.write_u32(a[2] + 4, old.flags) &&
                p.write_u32(a[2] + 8, old.restorer) && write_sigset(p, a[2] + 12, old.mask)))
    return -EFAULT;
  if (a[1]) p.deliver_pending();  // a pending signal may have become ignored or default
  return 0;
}

int64_t sys_rt_sigprocmask(LinuxProcess& p, const uint32_t* a) {
  if (a[3] != 8) return -EINVAL;
  uint64_t old = p.sigmask;
  if (a[1]) {
    uint64_t set;
    if (!read_sigset(p, a[1], set)) return -EFAULT;
    switch (a[0]) {
      case 0: p.sigmask |= set; break;
      case 1: p.sigmask &= ~set; break;
      case 2: p.sigmask = set; break;
      default: return -EINVAL;
    }
    p.sigmask &= ~kUnblockable;
  }
  if (a[2] && !write_sigset(p, a[2], old)) return -EFAULT;
  p.deliver_pending();
  return 0;
}

int64_t sys_sigaltstack(LinuxProcess& p, const uint32_t* a) {
  // stack_t { void *ss_sp; int ss_flags; size_t ss_size; }
  uint32_t next[3];
  if (a[0])
    for (unsigned i = 0; i < 3; ++i)
      if (!p.read_u32(a[0] + 4 * i, next[i])) return -EFAULT;
  if (a[1])
    for (unsigned i = 0; i < 3; ++i)
      if (!p.write_u32(a[1] + 4 * i, p.altstack[i])) return -EFAULT;
  if (a[0]) {
    if (next[1] & ~2u) return -EINVAL;          // only SS_DISABLE or 0
    if (!(next[1] & 2) && next[2] < 2048) return -ENOMEM;  // MINSIGSTKSZ
    for (unsigned i = 0; i < 3; ++i) p.altstack[i] = next[i];
  }
  return 0;
}

int64_t signal_self(LinuxProcess& p, uint32_t sig) {
  if (sig > 64) return -EINVAL;
  if (sig) p.raise_signal(int(sig));
  return 0;
}

bool is_self(const LinuxProcess& p, uint32_t pid) {
  int32_t v = int32_t(pid);
  return v == 0 || v == -1 || v == p.pid() || v == -p.pid();
}

int64_t sys_kill(LinuxProcess& p, const uint32_t* a) {
  if (!is_self(p, a[0])) return -EPERM;  // pimnic signals no host process
  return signal_self(p, a[1]);
}

int64_t sys_tkill(LinuxProcess& p, const uint32_t* a) {
  if (int32_t(a[0]) != p.pid()) return -ESRCH;
  return signal_self(p, a[1]);
}

int64_t sys_tgkill(LinuxProcess& p, const uint32_t* a) {
  if (int32_t(a[0]) != p.pid() || int32_t(a[1]) != p.pid()) return -ESRCH;
  return signal_self(p, a[2]);
}

const SyscallDef kSignal[] = {
    {37, "kill", sys_kill},
    {173, "rt_sigaction", sys_rt_sigaction},
    {174, "rt_sigprocmask", sys_rt_sigprocmask},
    {185, "sigaltstack", sys_sigaltstack},
    {208, "tkill", sys_tkill},
    {250, "tgkill", sys_tgkill},
};

}  // namespace

std::span<const SyscallDef> signal_syscalls() { return kSignal; }

}  // namespace pimnic::linux_user
