// Signals: names and default actions (signal(7); PowerPC uses the generic numbering), and what
// happens when the process gets one (pimnic runs no guest handlers: the default action).
#include <cstdio>

#include "linux/process.h"

namespace pimnic::linux_user {

const char* signal_name(int sig) {
  static const char* const names[] = {
      "0",       "SIGHUP",  "SIGINT",    "SIGQUIT", "SIGILL",    "SIGTRAP", "SIGABRT", "SIGBUS",
      "SIGFPE",  "SIGKILL", "SIGUSR1",   "SIGSEGV", "SIGUSR2",   "SIGPIPE", "SIGALRM", "SIGTERM",
      "SIGSTKFLT", "SIGCHLD", "SIGCONT", "SIGSTOP", "SIGTSTP",   "SIGTTIN", "SIGTTOU", "SIGURG",
      "SIGXCPU", "SIGXFSZ", "SIGVTALRM", "SIGPROF", "SIGWINCH",  "SIGIO",   "SIGPWR",  "SIGSYS"};
  if (sig >= 0 && sig < 32) return names[sig];
  return sig <= 64 ? "SIGRT" : "?";
}

SignalDefault signal_default(int sig) {
  switch (sig) {
    case 3: case 4: case 5: case 6: case 7: case 8: case 11: case 24: case 25: case 31:
      return SignalDefault::Core;
    case 17: case 23: case 28: case 18:
      return SignalDefault::Ignore;
    case 19: case 20: case 21: case 22:
      return SignalDefault::Stop;
    default:
      return SignalDefault::Terminate;
  }
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

void LinuxProcess::raise_signal(int sig, const std::string& why) {
  if (sig <= 0 || sig > 64) return;
  bool unblockable = sig == 9 || sig == 19;
  const SignalAction& act = sigactions[size_t(sig)];
  if (!unblockable && act.handler == 1) return;  // SIG_IGN
  if (!unblockable && (sigmask >> (sig - 1) & 1)) {
    sigpending |= 1ull << (sig - 1);
    return;
  }
  SignalDefault d = signal_default(sig);
  if (act.handler > 1 && !unblockable)
    std::fprintf(stderr, "pimnic: the guest's handler for signal %d (%s) is not run (pimnic does not deliver signals); default action\n",
                 sig, signal_name(sig));
  if (d == SignalDefault::Ignore || d == SignalDefault::Stop) return;
  terminate_by_signal(sig, why);
}

void LinuxProcess::deliver_pending() {
  uint64_t ready = sigpending & ~sigmask;
  for (int sig = 1; sig <= 64 && ready && !stopping_; ++sig)
    if (ready >> (sig - 1) & 1) {
      sigpending &= ~(1ull << (sig - 1));
      raise_signal(sig);
    }
}

}  // namespace pimnic::linux_user
