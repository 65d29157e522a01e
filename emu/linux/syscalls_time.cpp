// Clock and sleep system calls (the clocks themselves are in process_time.cpp). A sleep is a wait
// (process_wait.cpp) that takes no host time: the clocks move on to its end, or to a timer whose
// signal is delivered first and ends it there.
#include <sys/times.h>
#include <time.h>

#include <cerrno>

#include "linux/process.h"
#include "linux/syscalls.h"

namespace pimnic::linux_user {

int64_t read_timespec(LinuxProcess& p, uint32_t addr, bool wide) {
  uint32_t w[4];
  for (unsigned i = 0; i < (wide ? 4u : 2u); ++i)
    if (!p.read_u32(addr + 4 * i, w[i])) return -EFAULT;
  int64_t sec = wide ? int64_t((uint64_t(w[0]) << 32) | w[1]) : int32_t(w[0]);
  int64_t nsec = wide ? int64_t((uint64_t(w[2]) << 32) | w[3]) : int32_t(w[1]);
  if (sec < 0 || nsec < 0 || nsec >= int64_t(kNsPerSec) || sec > int64_t(INT64_MAX / kNsPerSec) - 1) return -EINVAL;
  return sec * int64_t(kNsPerSec) + nsec;
}

int64_t write_timespec(LinuxProcess& p, uint32_t addr, int64_t ns, bool wide) {
  if (!addr) return 0;
  const int64_t sec = ns / int64_t(kNsPerSec), nsec = ns % int64_t(kNsPerSec);
  bool ok = wide ? p.write_u64(addr, uint64_t(sec)) && p.write_u64(addr + 8, uint64_t(nsec))
                 : p.write_u32(addr, uint32_t(sec)) && p.write_u32(addr + 4, uint32_t(nsec));
  return ok ? 0 : -EFAULT;
}

namespace {

constexpr uint64_t kNs = kNsPerSec;
constexpr uint32_t kTimerAbsTime = 1;

int64_t clock_now(LinuxProcess& p, uint32_t clk) { return p.clock_ns(clk); }

int64_t sys_clock_gettime(LinuxProcess& p, const uint32_t* a) {
  int64_t t = clock_now(p, a[0]);
  return t < 0 ? t : write_timespec(p, a[1], t, false);
}

int64_t sys_clock_gettime64(LinuxProcess& p, const uint32_t* a) {
  int64_t t = clock_now(p, a[0]);
  return t < 0 ? t : write_timespec(p, a[1], t, true);
}

int64_t clock_res(LinuxProcess& p, uint32_t clk) {
  int64_t t = clock_now(p, clk);
  if (t < 0) return t;
  return (clk == 5 || clk == 6) ? 4000000 : 1;  // coarse clocks tick with the 250 Hz jiffy
}

int64_t sys_clock_getres(LinuxProcess& p, const uint32_t* a) {
  int64_t r = clock_res(p, a[0]);
  return r < 0 ? r : write_timespec(p, a[1], r, false);
}

int64_t sys_clock_getres64(LinuxProcess& p, const uint32_t* a) {
  int64_t r = clock_res(p, a[0]);
  return r < 0 ? r : write_timespec(p, a[1], r, true);
}

int64_t sys_gettimeofday(LinuxProcess& p, const uint32_t* a) {
  int64_t t = clock_now(p, 0);
  if (a[0] && !(p.write_u32(a[0], uint32_t(t / int64_t(kNs))) &&
                p.write_u32(a[0] + 4, uint32_t((t % int64_t(kNs)) / 1000))))
    return -EFAULT;
  if (a[1] && !(p.write_u32(a[1], 0) && p.write_u32(a[1] + 4, 0))) return -EFAULT;  // UTC
  return 0;
}

int64_t sys_time(LinuxProcess& p, const uint32_t* a) {
  int64_t s = clock_now(p, 0) / int64_t(kNs);
  if (a[0] && !p.write_u32(a[0], uint32_t(s))) return -EFAULT;
  return uint32_t(s);
}

// Sleep until clock `clk` reads `deadline` (a wait, process_wait.cpp). A signal that
// interrupts the sleep ends it early: a relative sleep then reports the time left in `rem` and is
// resumed by restart_syscall when no handler runs (ERESTART_RESTARTBLOCK); an absolute one is
// simply restarted (ERESTARTNOHAND).
int64_t sleep_until(LinuxProcess& p, uint32_t clk, uint64_t deadline, uint32_t rem, bool wide, bool absolute) {
  const int64_t now = clock_now(p, clk);
  if (now < 0) return now;
  if (uint64_t(now) >= deadline) return 0;
  if (!p.interrupted()) return p.block({.clock = clk, .deadline = deadline});
  if (absolute) return ERESTARTNOHAND;
  if (int64_t e = write_timespec(p, rem, int64_t(deadline - uint64_t(now)), wide)) return e;
  p.restart = {true, clk, rem, wide, deadline};
  return ERESTART_RESTARTBLOCK;
}

int64_t do_sleep(LinuxProcess& p, uint32_t clk, uint32_t flags, uint32_t req, uint32_t rem, bool wide) {
  // The thread's own CPU clock cannot be slept on; the process's counts the guest's CPU time,
  // which a sleep does not use, so such a sleep is measured like the monotonic clock.
  if (clk == 3) return -EINVAL;
  const int64_t now = clock_now(p, clk);
  if (now < 0) return now;
  int64_t d = read_timespec(p, req, wide);
  if (d < 0) return d;
  const bool absolute = flags & kTimerAbsTime;
  uint64_t deadline = uint64_t(absolute ? d : now + d);
  if (clk == 2) {
    deadline = uint64_t(clock_now(p, 1)) + (deadline > uint64_t(now) ? deadline - uint64_t(now) : 0);
    clk = 1;
  }
  if (const LinuxProcess::Wait* w = p.resumed_wait()) clk = w->clock, deadline = w->deadline;  // as it began
  return sleep_until(p, clk, deadline, rem, wide, absolute);
}

int64_t sys_nanosleep(LinuxProcess& p, const uint32_t* a) { return do_sleep(p, 1, 0, a[0], a[1], false); }
int64_t sys_clock_nanosleep(LinuxProcess& p, const uint32_t* a) { return do_sleep(p, a[0], a[1], a[2], a[3], false); }
int64_t sys_clock_nanosleep64(LinuxProcess& p, const uint32_t* a) { return do_sleep(p, a[0], a[1], a[2], a[3], true); }

// After a relative sleep was interrupted and no handler ran: sleep the rest. After sigreturn
// (which forgets it), EINTR.
int64_t sys_restart_syscall(LinuxProcess& p, const uint32_t*) {
  if (!p.restart.active) return -EINTR;
  const LinuxProcess::RestartBlock r = p.restart;
  const int64_t res = sleep_until(p, r.clock, r.deadline, r.rem, r.wide, false);
  if (res != kWouldBlock && res != ERESTART_RESTARTBLOCK) p.restart.active = false;
  return res;
}

int64_t sys_times(LinuxProcess& p, const uint32_t* a) {
  // struct tms { clock_t utime, stime, cutime, cstime; } in 100 Hz ticks: the guest's time is
  // user time.
  int64_t ticks = clock_now(p, 2) / 10000000;
  if (a[0]) {
    for (unsigned i = 0; i < 4; ++i)
      if (!p.write_u32(a[0] + 4 * i, i == 0 ? uint32_t(ticks) : 0)) return -EFAULT;
  }
  return uint32_t(clock_now(p, 1) / 10000000);
}

const SyscallDef kTime[] = {
    {0, "restart_syscall", sys_restart_syscall},
    {13, "time", sys_time},
    {43, "times", sys_times},
    {78, "gettimeofday", sys_gettimeofday},
    {162, "nanosleep", sys_nanosleep},
    {246, "clock_gettime", sys_clock_gettime},
    {247, "clock_getres", sys_clock_getres},
    {248, "clock_nanosleep", sys_clock_nanosleep},
    {403, "clock_gettime64", sys_clock_gettime64},
    {406, "clock_getres_time64", sys_clock_getres64},
    {407, "clock_nanosleep_time64", sys_clock_nanosleep64},
};

}  // namespace

std::span<const SyscallDef> time_syscalls() { return kTime; }

}  // namespace pimnic::linux_user
