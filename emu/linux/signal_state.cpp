#include "linux/signal_state.h"

namespace pimnic::linux_user {

SigInfo SigInfo::fault(int sig, int code, uint32_t addr, std::string why) {
  SigInfo i;
  i.signo = sig;
  i.code = code;
  i.u[0] = addr;
  i.why = std::move(why);
  return i;
}

SigInfo SigInfo::sent(int sig, int code, uint32_t pid, uint32_t uid) {
  SigInfo i;
  i.signo = sig;
  i.code = code;
  i.u[0] = pid;
  i.u[1] = uid;
  return i;
}

const char* signal_name(int sig) {
  static const char* const names[] = {
      "0",       "SIGHUP",  "SIGINT",    "SIGQUIT", "SIGILL",    "SIGTRAP", "SIGABRT", "SIGBUS",
      "SIGFPE",  "SIGKILL", "SIGUSR1",   "SIGSEGV", "SIGUSR2",   "SIGPIPE", "SIGALRM", "SIGTERM",
      "SIGSTKFLT", "SIGCHLD", "SIGCONT", "SIGSTOP", "SIGTSTP",   "SIGTTIN", "SIGTTOU", "SIGURG",
      "SIGXCPU", "SIGXFSZ", "SIGVTALRM", "SIGPROF", "SIGWINCH",  "SIGIO",   "SIGPWR",  "SIGSYS"};
  static const char* const rt[] = {
      "SIGRT32", "SIGRT33", "SIGRT34", "SIGRT35", "SIGRT36", "SIGRT37", "SIGRT38", "SIGRT39",
      "SIGRT40", "SIGRT41", "SIGRT42", "SIGRT43", "SIGRT44", "SIGRT45", "SIGRT46", "SIGRT47",
      "SIGRT48", "SIGRT49", "SIGRT50", "SIGRT51", "SIGRT52", "SIGRT53", "SIGRT54", "SIGRT55",
      "SIGRT56", "SIGRT57", "SIGRT58", "SIGRT59", "SIGRT60", "SIGRT61", "SIGRT62", "SIGRT63", "SIGRT64"};
  if (sig >= 0 && sig < 32) return names[sig];
  return sig <= kNumSignals ? rt[sig - 32] : "?";
}

SignalDefault signal_default(int sig) {
  switch (sig) {
    case 3: case 4: case 5: case 6: case 7: case 8: case 11: case 24: case 25: case 31:
      return SignalDefault::Core;
    case 17: case 18: case 23: case 28:
      return SignalDefault::Ignore;
    case 19: case 20: case 21: case 22:
      return SignalDefault::Stop;
    default:
      return SignalDefault::Terminate;
  }
}

bool is_synchronous(int sig) {
  return sig == G_SIGSEGV || sig == G_SIGBUS || sig == G_SIGILL || sig == G_SIGTRAP || sig == G_SIGFPE ||
         sig == G_SIGSYS;
}

bool SignalState::ignored(int sig) const {
  if (blocked & sigbit(sig)) return false;  // the disposition may change before it is unblocked
  const SignalAction& a = action[size_t(sig)];
  return a.handler == G_SIG_IGN || (a.handler == G_SIG_DFL && signal_default(sig) == SignalDefault::Ignore);
}

bool SignalState::enqueue(const SigInfo& info) {
  const int sig = info.signo;
  auto& q = queue_[size_t(sig)];
  if (sig < 32) {
    if (q.empty()) q.push_back(info);
  } else {
    if (queued_ >= kQueueLimit) return false;
    q.push_back(info);
    ++queued_;
  }
  pending_ |= sigbit(sig);
  return true;
}

int SignalState::next(uint64_t set) const {
  if (!set) return 0;
  for (int sig : {G_SIGSEGV, G_SIGBUS, G_SIGILL, G_SIGTRAP, G_SIGFPE, G_SIGSYS})
    if (set & sigbit(sig)) return sig;
  return __builtin_ctzll(set) + 1;
}

SigInfo SignalState::dequeue(int sig) {
  auto& q = queue_[size_t(sig)];
  SigInfo info = q.empty() ? SigInfo::kernel(sig) : std::move(q.front());
  if (!q.empty()) {
    q.pop_front();
    if (sig >= 32) --queued_;
  }
  if (q.empty()) pending_ &= ~sigbit(sig);
  return info;
}

void SignalState::discard(int sig) {
  auto& q = queue_[size_t(sig)];
  if (sig >= 32) queued_ -= q.size();
  q.clear();
  pending_ &= ~sigbit(sig);
}

bool SignalState::on_altstack(uint32_t sp) const {
  // An SS_AUTODISARM stack is never "in use": it was disarmed when a handler started on it.
  return !(altstack.flags & G_SS_AUTODISARM) && sp > altstack.sp && sp - altstack.sp <= altstack.size;
}

void SignalState::discard_timer_signal(int sig, uint32_t timer_id) {
  auto& q = queue_[size_t(sig)];
  for (auto it = q.begin(); it != q.end();) {
    if (it->code == G_SI_TIMER && it->u[0] == timer_id) {
      it = q.erase(it);
      if (sig >= 32) --queued_;
    } else {
      ++it;
    }
  }
  if (q.empty()) pending_ &= ~sigbit(sig);
}

uint32_t SignalState::altstack_flags(uint32_t sp) const {
  if (altstack.size == 0) return G_SS_DISABLE;
  return (on_altstack(sp) ? G_SS_ONSTACK : 0) | (altstack.flags & G_SS_AUTODISARM);
}

}  // namespace pimnic::linux_user
