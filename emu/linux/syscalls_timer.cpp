// Timer system calls: the interval timers (alarm, setitimer, getitimer: SIGALRM on the monotonic
// clock, SIGVTALRM and SIGPROF on the process's CPU time) and POSIX timers (timer_create and the
// rest, signalled with SI_TIMER siginfo). The timers count on the process's clocks
// (process_time.cpp), so with --clock sim they expire at a deterministic instruction.
#include <unistd.h>

#include <cerrno>

#include "linux/process.h"
#include "linux/syscalls.h"

namespace pimnic::linux_user {

namespace {

constexpr uint64_t kUs = 1000;
constexpr uint32_t kSigevSignal = 0, kSigevNone = 1, kSigevThreadId = 4, kTimerAbsTime = 1;

// ---- interval timers -------------------------------------------------------------------------

// struct itimerval { struct timeval it_interval, it_value; } with 32-bit fields: ns each, or -errno.
int64_t read_timeval(LinuxProcess& p, uint32_t addr) {
  uint32_t sec, usec;
  if (!p.read_u32(addr, sec) || !p.read_u32(addr + 4, usec)) return -EFAULT;
  if (int32_t(sec) < 0 || usec >= 1000000) return -EINVAL;
  return int64_t(sec) * int64_t(kNsPerSec) + int64_t(usec) * int64_t(kUs);
}

bool write_timeval(LinuxProcess& p, uint32_t addr, uint64_t ns) {
  return p.write_u32(addr, uint32_t(ns / kNsPerSec)) && p.write_u32(addr + 4, uint32_t(ns % kNsPerSec / kUs));
}

// The time left (at least a microsecond while armed, as the kernel reports it) and the interval.
struct TimerValue {
  uint64_t value = 0, interval = 0;
};

TimerValue current(LinuxProcess& p, const GuestTimer& t) {
  return {t.armed() ? std::max(t.remaining(p.timer_clock(t.base)), kUs) : 0, t.interval};
}

TimerValue set_itimer(LinuxProcess& p, unsigned which, TimerValue v) {
  GuestTimer& t = p.timers.itimer[which];
  TimerValue old = current(p, t);
  t.arm(p.timer_clock(t.base), v.value, v.interval);
  return old;
}

int64_t sys_setitimer(LinuxProcess& p, const uint32_t* a) {
  if (a[0] > 2) return -EINVAL;
  TimerValue v;
  if (a[1]) {  // a null new value disarms, as Linux still allows
    int64_t interval = read_timeval(p, a[1]), value = read_timeval(p, a[1] + 8);
    if (interval < 0) return interval;
    if (value < 0) return value;
    v = {uint64_t(value), uint64_t(interval)};
  }
  TimerValue old = set_itimer(p, a[0], v);
  if (a[2] && !(write_timeval(p, a[2], old.interval) && write_timeval(p, a[2] + 8, old.value))) return -EFAULT;
  return 0;
}

int64_t sys_getitimer(LinuxProcess& p, const uint32_t* a) {
  if (a[0] > 2) return -EINVAL;
  TimerValue v = current(p, p.timers.itimer[a[0]]);
  return write_timeval(p, a[1], v.interval) && write_timeval(p, a[1] + 8, v.value) ? 0 : -EFAULT;
}

int64_t sys_alarm(LinuxProcess& p, const uint32_t* a) {
  const uint64_t seconds = std::min<uint32_t>(a[0], 0x7fffffff);
  TimerValue old = set_itimer(p, ProcessTimers::kReal, {seconds * kNsPerSec, 0});
  // Never 0 while an alarm was pending, and rather too much than too little (alarm_setitimer).
  uint64_t s = old.value / kNsPerSec, ns = old.value % kNsPerSec;
  if ((!s && ns) || ns >= kNsPerSec / 2) ++s;
  return int64_t(s);
}

// ---- POSIX timers ----------------------------------------------------------------------------

// Clocks a timer can count on: the monotonic base, or CPU time.
int64_t timer_base(uint32_t clk, TimerBase& base) {
  switch (clk) {
    case 0: case 1: case 7: case 11: base = TimerBase::Monotonic; return 0;  // REALTIME, MONOTONIC, BOOTTIME, TAI
    case 2: case 3: base = TimerBase::Cpu; return 0;                         // the CPU-time clocks
    case 8: case 9: return -EPERM;  // the alarm clocks need CAP_WAKE_ALARM
    default: return -EINVAL;
  }
}

int64_t sys_timer_create(LinuxProcess& p, const uint32_t* a) {
  GuestTimer t;
  if (int64_t e = timer_base(a[0], t.base)) return e;
  t.clock = a[0];
  // struct sigevent { sigval_t sigev_value; int sigev_signo, sigev_notify; union { int _tid; ... } }
  uint32_t value = 0, signo = G_SIGALRM, notify = kSigevSignal, tid = 0;
  bool default_value = true;
  if (a[1]) {
    if (!p.read_u32(a[1], value) || !p.read_u32(a[1] + 4, signo) || !p.read_u32(a[1] + 8, notify) ||
        !p.read_u32(a[1] + 12, tid))
      return -EFAULT;
    default_value = false;
    if (notify != kSigevSignal && notify != kSigevNone && notify != (kSigevSignal | kSigevThreadId))
      return -EINVAL;
    if ((notify & kSigevThreadId) && int32_t(tid) != p.pid()) return -EINVAL;
    if (notify != kSigevNone && (signo < 1 || signo > uint32_t(kNumSignals))) return -EINVAL;
  }
  t.info.signo = notify == kSigevNone ? 0 : int(signo);
  t.info.code = G_SI_TIMER;
  const int32_t id = p.timers.create(t);
  if (id < 0) return -EAGAIN;
  GuestTimer& created = *p.timers.posix_timer(id);
  created.info.u[0] = uint32_t(id);                          // si_tid: the timer
  created.info.u[2] = default_value ? uint32_t(id) : value;  // si_value (the id by default)
  if (!p.write_u32(a[2], uint32_t(id))) {
    p.timers.posix.erase(id);
    return -EFAULT;
  }
  return 0;
}

// struct itimerspec { struct timespec it_interval, it_value; } (32- or 64-bit fields).
int64_t write_itimerspec(LinuxProcess& p, uint32_t addr, TimerValue v, bool wide) {
  const uint32_t half = wide ? 16 : 8;
  if (int64_t e = write_timespec(p, addr, int64_t(v.interval), wide)) return e;
  return write_timespec(p, addr + half, int64_t(v.value), wide);
}

int64_t timer_settime(LinuxProcess& p, const uint32_t* a, bool wide) {
  GuestTimer* t = p.timers.posix_timer(int32_t(a[0]));
  if (!t) return -EINVAL;
  const uint32_t half = wide ? 16 : 8;
  int64_t interval = read_timespec(p, a[2], wide), value = read_timespec(p, a[2] + half, wide);
  if (interval < 0) return interval;
  if (value < 0) return value;
  TimerValue old = current(p, *t);
  if (value && (a[1] & kTimerAbsTime)) {  // a time on the timer's own clock: the time left until it
    const int64_t now = p.clock_ns(t->clock == 3 ? 2 : t->clock);
    value = value > now ? value - now : 1;  // in the past: expires at once
  }
  t->arm(p.timer_clock(t->base), uint64_t(value), uint64_t(interval));
  if (a[3]) return write_itimerspec(p, a[3], old, wide);
  return 0;
}

int64_t timer_gettime(LinuxProcess& p, const uint32_t* a, bool wide) {
  GuestTimer* t = p.timers.posix_timer(int32_t(a[0]));
  if (!t) return -EINVAL;
  return write_itimerspec(p, a[1], current(p, *t), wide);
}

int64_t sys_timer_settime(LinuxProcess& p, const uint32_t* a) { return timer_settime(p, a, false); }
int64_t sys_timer_settime64(LinuxProcess& p, const uint32_t* a) { return timer_settime(p, a, true); }
int64_t sys_timer_gettime(LinuxProcess& p, const uint32_t* a) { return timer_gettime(p, a, false); }
int64_t sys_timer_gettime64(LinuxProcess& p, const uint32_t* a) { return timer_gettime(p, a, true); }

int64_t sys_timer_getoverrun(LinuxProcess& p, const uint32_t* a) {
  GuestTimer* t = p.timers.posix_timer(int32_t(a[0]));
  return t ? int64_t(t->overrun_last) : -EINVAL;
}

int64_t sys_timer_delete(LinuxProcess& p, const uint32_t* a) {
  GuestTimer* t = p.timers.posix_timer(int32_t(a[0]));
  if (!t) return -EINVAL;
  if (t->queued) p.signals.discard_timer_signal(t->info.signo, a[0]);
  p.timers.posix.erase(int32_t(a[0]));
  return 0;
}

const SyscallDef kTimer[] = {
    {27, "alarm", sys_alarm},
    {104, "setitimer", sys_setitimer},
    {105, "getitimer", sys_getitimer},
    {240, "timer_create", sys_timer_create},
    {241, "timer_settime", sys_timer_settime},
    {242, "timer_gettime", sys_timer_gettime},
    {243, "timer_getoverrun", sys_timer_getoverrun},
    {244, "timer_delete", sys_timer_delete},
    {408, "timer_gettime64", sys_timer_gettime64},
    {409, "timer_settime64", sys_timer_settime64},
};

}  // namespace

std::span<const SyscallDef> timer_syscalls() { return kTimer; }

}  // namespace pimnic::linux_user
