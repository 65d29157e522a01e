// Waiting in a system call (process.h, "waiting"): a handler that cannot complete returns
// block(w), and the call is made again whenever the wait may have ended. What can end a wait:
// a signal (a timer's, or SIGKILL when nothing else can), the call's deadline, input on a host
// descriptor, the device's external interrupt. Time passes while the process waits: the clocks
// move on to the next of these events (process_time.cpp, advance_idle), except input from
// outside, which takes host time.
#include <poll.h>
#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <string>
#include <utility>

#include "linux/process.h"
#include "linux/syscalls.h"

namespace pimnic::linux_user {

int64_t LinuxProcess::block(const Wait& w) {
  wait_ = w;
  return kWouldBlock;
}

uint64_t LinuxProcess::next_waking_expiry() const {
  // Only a timer whose signal would be delivered, or that the wait takes (sigtimedwait), can end
  // a wait (the mask and dispositions cannot change while the process waits); timers on the CPU
  // clock do not run while it waits.
  uint64_t next = kNever;
  for (const GuestTimer* t : timers.armed_on(TimerBase::Monotonic)) {
    const int sig = t->info.signo;
    if (sig && (wait_.signals & sigbit(sig) || (!(signals.blocked & sigbit(sig)) && !signals.ignored(sig))))
      next = std::min(next, t->expiry);
  }
  return next;
}

bool LinuxProcess::wait_ended() {
  if (interrupted() || (signals.pending() & wait_.signals)) return true;
  if (wait_.deadline == kNever) return false;
  const int64_t now = clock_ns(wait_.clock);
  return now < 0 || uint64_t(now) >= wait_.deadline;
}

void LinuxProcess::pass_wait(uint32_t nr) {
  fire_due_timers();
  if (wait_ended()) return;
  // The next event on CLOCK_MONOTONIC, the clock timers count on: the deadline (the clocks move
  // together while the process waits) or a timer whose signal ends the wait.
  const uint64_t now = timer_clock(TimerBase::Monotonic);
  uint64_t wake = next_waking_expiry();
  if (wait_.deadline != kNever) {
    const uint64_t on_clock = uint64_t(clock_ns(wait_.clock));
    wake = std::min(wake, now + (wait_.deadline > on_clock ? wait_.deadline - on_clock : 0));
  }
  if (wait_.host_fd >= 0 && (wake != kNever || !only_self_writes(wait_.host_fd))) {
    wait_for_host_input(wake, now);
  } else if (wake == kNever) {
    kill_process(std::string(syscall_name(nr)) + "() that nothing can end (no timer will send a signal" +
                 (wait_.host_fd >= 0 ? ", and only this process writes the pipe" : "") + "): deadlock (SIGKILL)");
    return;
  } else {
    advance_idle(wake > now ? wake - now : 0);
  }
  fire_due_timers();
}

void LinuxProcess::wait_for_host_input(uint64_t wake, uint64_t now) {
  struct pollfd pf = {wait_.host_fd, POLLIN, 0};
  if (wake != kNever && opts_.clock == ClockMode::Simulated) {
    // Input from outside takes no simulated time: unless it is there now, time goes on to the event.
    if (::poll(&pf, 1, 0) == 0) advance_idle(wake > now ? wake - now : 0);
    return;
  }
  int timeout_ms = -1;
  if (wake != kNever) timeout_ms = int(std::min<uint64_t>((wake > now ? wake - now : 0) / 1000000 + 1, 1 << 30));
  int r;
  do r = ::poll(&pf, 1, timeout_ms);  // host time passes, which --clock host sees
  while (r < 0 && errno == EINTR);
}

void LinuxProcess::note_own_pipe(int host_fd) {
  struct stat st;
  if (::fstat(host_fd, &st) == 0) own_pipes_.push_back(uint64_t(st.st_ino));
}

bool LinuxProcess::only_self_writes(int host_fd) const {
  struct stat st;
  return ::fstat(host_fd, &st) == 0 && S_ISFIFO(st.st_mode) &&
         std::find(own_pipes_.begin(), own_pipes_.end(), uint64_t(st.st_ino)) != own_pipes_.end();
}

Status LinuxProcess::wake(Hart& h) {
  h.msr &= ~(MSR_POW | MSR_EE);
  return complete_syscall(h, std::exchange(blocked_nr_, 0), blocked_args_, true);
}

bool LinuxProcess::wakes_itself(const Hart&) const { return blocked_nr_ && next_waking_expiry() != kNever; }

}  // namespace pimnic::linux_user
