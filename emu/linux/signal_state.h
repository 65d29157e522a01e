// The signal bookkeeping of a Linux process, as the kernel keeps it (signal(7)): a disposition
// per signal, the blocked mask, the pending set with one siginfo per standard signal and a queue
// per real-time signal, and the alternate stack. Pure data and rules; delivery (frames, default
// actions) is in signal_delivery.cpp. PowerPC uses the generic numbering: 1-31 standard,
// 32-64 real-time.
#pragma once
#include <array>
#include <cstdint>
#include <deque>
#include <string>

namespace pimnic::linux_user {

// Guest values, prefixed G_ because the host's <signal.h> defines the same names as macros.
inline constexpr int kNumSignals = 64;
inline constexpr int G_SIGHUP = 1, G_SIGINT = 2, G_SIGQUIT = 3, G_SIGILL = 4, G_SIGTRAP = 5, G_SIGABRT = 6, G_SIGBUS = 7,
                     G_SIGFPE = 8, G_SIGKILL = 9, G_SIGUSR1 = 10, G_SIGSEGV = 11, G_SIGUSR2 = 12, G_SIGPIPE = 13,
                     G_SIGALRM = 14, G_SIGTERM = 15, G_SIGCHLD = 17, G_SIGCONT = 18, G_SIGSTOP = 19, G_SIGTSTP = 20,
                     G_SIGVTALRM = 26, G_SIGPROF = 27, G_SIGSYS = 31;

// si_code values (asm-generic/siginfo.h).
inline constexpr int G_SI_USER = 0, G_SI_KERNEL = 0x80, G_SI_QUEUE = -1, G_SI_TIMER = -2, G_SI_TKILL = -6;
inline constexpr int G_ILL_ILLOPC = 1, G_ILL_PRVOPC = 5, G_FPE_FLTDIV = 3, G_FPE_FLTOVF = 4, G_FPE_FLTUND = 5,
                     G_FPE_FLTRES = 6, G_FPE_FLTINV = 7, G_FPE_FLTUNK = 14, G_SEGV_MAPERR = 1, G_SEGV_ACCERR = 2,
                     G_BUS_ADRALN = 1, G_TRAP_BRKPT = 1, G_TRAP_TRACE = 2;

// sa_flags bits (asm-generic/signal.h; PowerPC uses the generic values).
inline constexpr uint32_t G_SA_NOCLDSTOP = 1, G_SA_NOCLDWAIT = 2, G_SA_SIGINFO = 4, G_SA_ONSTACK = 0x08000000,
                          G_SA_RESTART = 0x10000000, G_SA_NODEFER = 0x40000000, G_SA_RESETHAND = 0x80000000u;
inline constexpr uint32_t G_SIG_DFL = 0, G_SIG_IGN = 1;
// sigaltstack ss_flags.
inline constexpr uint32_t G_SS_ONSTACK = 1, G_SS_DISABLE = 2, G_SS_AUTODISARM = 1u << 31;
inline constexpr uint32_t kMinSigStackSize = 2048;  // MINSIGSTKSZ on PowerPC

inline constexpr uint64_t sigbit(int sig) { return 1ull << (sig - 1); }
inline constexpr uint64_t kUnblockable = sigbit(G_SIGKILL) | sigbit(G_SIGSTOP);

// What a signal carries: the siginfo_t the handler sees. The words after si_code are the union as
// ppc32 lays it out (offset 12 on): si_addr for faults; si_pid, si_uid (and si_value) for
// kill/sigqueue; si_tid, si_overrun, si_value for timers.
struct SigInfo {
  int signo = 0, err = 0, code = 0;
  std::array<uint32_t, 7> u{};
  std::string why;  // pimnic's description when the default action ends the process (faults)

  static SigInfo fault(int sig, int code, uint32_t addr, std::string why);
  static SigInfo sent(int sig, int code, uint32_t pid, uint32_t uid);
  static SigInfo kernel(int sig) { return sent(sig, G_SI_KERNEL, 0, 0); }
};

struct SignalAction {
  uint32_t handler = G_SIG_DFL, flags = 0, restorer = 0;
  uint64_t mask = 0;
};

// sigaltstack's stack_t as the kernel keeps it (flags as given: 0, SS_DISABLE or SS_AUTODISARM).
struct AltStack {
  uint32_t sp = 0, flags = G_SS_DISABLE, size = 0;
};

enum class SignalDefault { Terminate, Core, Ignore, Stop };
const char* signal_name(int sig);  // "SIGSEGV", "SIGRT34", ...
SignalDefault signal_default(int sig);
// Faults the kernel delivers before anything else pending (SYNCHRONOUS_MASK).
bool is_synchronous(int sig);

class SignalState {
 public:
  std::array<SignalAction, kNumSignals + 1> action{};  // [0] unused
  uint64_t blocked = 0;
  AltStack altstack;
  // sigsuspend's mask to restore once a signal has been handled (TIF_RESTORE_SIGMASK).
  bool restore_mask = false;
  uint64_t saved_mask = 0;

  // Would a signal sent now be dropped (ignored and not blocked)? A debugger sees even those.
  bool ignored(int sig) const;
  // Queue a signal: a standard one pending already keeps its first siginfo; a real-time one
  // queues another instance (false when the queue limit is reached).
  bool enqueue(const SigInfo& info);
  uint64_t pending() const { return pending_; }
  // The pending signals that are not blocked.
  uint64_t deliverable() const { return pending_ & ~blocked; }
  // The next signal to take out of `set`: synchronous ones first, then the lowest number (0: none).
  int next(uint64_t set) const;
  SigInfo dequeue(int sig);
  void discard(int sig);  // drop every pending instance (a disposition changed to ignore)
  void discard_timer_signal(int sig, uint32_t timer_id);  // a deleted POSIX timer's signal
  // Is stack pointer sp on the alternate stack? Its ss_flags as sigaltstack reports them at sp.
  bool on_altstack(uint32_t sp) const;
  uint32_t altstack_flags(uint32_t sp) const;

  static constexpr size_t kQueueLimit = 1024;  // queued real-time signals (RLIMIT_SIGPENDING)

 private:
  uint64_t pending_ = 0;
  std::array<std::deque<SigInfo>, kNumSignals + 1> queue_{};
  size_t queued_ = 0;
};

}  // namespace pimnic::linux_user
