// Signal names and default actions (signal(7); PowerPC uses the generic numbering).
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

}  // namespace pimnic::linux_user
