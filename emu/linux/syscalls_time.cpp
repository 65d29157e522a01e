// Clocks and sleeping. Two clock modes: host (the host's clocks, as qemu-user reports them) and
// simulated (deterministic: CLOCK_REALTIME starts at --sim-epoch, all clocks advance with the
// core's cycle count at its clock rate). Sleeps never block: they return at once and add the
// requested time to every clock, so the guest sees the time pass (on a machine's host core they
// move the core's clock instead: LinuxOptions::sleep_moves_core).
#include <sys/times.h>
#include <time.h>

#include <cerrno>

#include "linux/process.h"
#include "linux/syscalls.h"

namespace pimnic::linux_user {

namespace {

constexpr uint64_t kNs = 1000000000ull;

// Current time of a guest clock in nanoseconds, or -EINVAL.
int64_t clock_now(LinuxProcess& p, uint32_t clk) {
  if (clk > 11 || clk == 8 || clk == 9 || clk == 10) return -EINVAL;  // only the fixed clocks
  if (p.options().clock == ClockMode::Simulated) {
    uint64_t t = p.simulated_ns();
    bool realtime = clk == 0 || clk == 5 || clk == 11;  // REALTIME, REALTIME_COARSE, TAI
    bool cputime = clk == 2 || clk == 3;
    return int64_t((realtime ? p.options().sim_epoch * kNs : 0) + t + (cputime ? 0 : p.sleep_ns));
  }
  struct timespec ts;
  if (::clock_gettime(clockid_t(clk), &ts) < 0) return -int64_t(errno);
  bool cputime = clk == 2 || clk == 3;
  return int64_t(uint64_t(ts.tv_sec) * kNs + uint64_t(ts.tv_nsec) + (cputime ? 0 : p.sleep_ns));
}

int64_t put_timespec32(LinuxProcess& p, uint32_t addr, int64_t ns) {
  if (!addr) return 0;
  return p.write_u32(addr, uint32_t(ns / int64_t(kNs))) && p.write_u32(addr + 4, uint32_t(ns % int64_t(kNs)))
             ? 0 : -EFAULT;
}

int64_t put_timespec64(LinuxProcess& p, uint32_t addr, int64_t ns) {
  if (!addr) return 0;
  return p.write_u64(addr, uint64_t(ns / int64_t(kNs))) && p.write_u64(addr + 8, uint64_t(ns % int64_t(kNs)))
             ? 0 : -EFAULT;
}

// A requested duration in ns from a 32- or 64-bit timespec, or -errno.
int64_t get_timespec(LinuxProcess& p, uint32_t addr, bool wide) {
  uint32_t w[4];
  for (unsigned i = 0; i < (wide ? 4u : 2u); ++i)
    if (!p.read_u32(addr + 4 * i, w[i])) return -EFAULT;
  int64_t sec = wide ? int64_t((uint64_t(w[0]) << 32) | w[1]) : int32_t(w[0]);
  int64_t nsec = wide ? int64_t((uint64_t(w[2]) << 32) | w[3]) : int32_t(w[1]);
  if (sec < 0 || nsec < 0 || nsec >= int64_t(kNs)) return -EINVAL;
  return sec * int64_t(kNs) + nsec;
}

int64_t sys_clock_gettime(LinuxProcess& p, const uint32_t* a) {
  int64_t t = clock_now(p, a[0]);
  return t < 0 ? t : put_timespec32(p, a[1], t);
}

int64_t sys_clock_gettime64(LinuxProcess& p, const uint32_t* a) {
  int64_t t = clock_now(p, a[0]);
  return t < 0 ? t : put_timespec64(p, a[1], t);
}

int64_t clock_res(LinuxProcess& p, uint32_t clk) {
  int64_t t = clock_now(p, clk);
  if (t < 0) return t;
  return (clk == 5 || clk == 6) ? 4000000 : 1;  // coarse clocks tick with the 250 Hz jiffy
}

int64_t sys_clock_getres(LinuxProcess& p, const uint32_t* a) {
  int64_t r = clock_res(p, a[0]);
  return r < 0 ? r : put_timespec32(p, a[1], r);
}

int64_t sys_clock_getres64(LinuxProcess& p, const uint32_t* a) {
  int64_t r = clock_res(p, a[0]);
  return r < 0 ? r : put_timespec64(p, a[1], r);
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

int64_t do_sleep(LinuxProcess& p, uint32_t clk, uint32_t flags, uint32_t req, uint32_t rem, bool wide) {
  int64_t d = get_timespec(p, req, wide);
  if (d < 0) return d;
  if (flags & 1) {  // TIMER_ABSTIME: sleep until the clock reads d
    int64_t now = clock_now(p, clk);
    if (now < 0) return now;
    d = d > now ? d - now : 0;
  }
  if (p.options().sleep_moves_core) {
    Hart& h = p.hart();
    h.cycle_offset += uint64_t(double(d) * p.core().config().clock_hz / 1e9);
    h.request_stop(StopReason::SliceEnd);  // the machine runs the others up to the wake-up
  } else {
    p.sleep_ns += uint64_t(d);
  }
  if (rem) (wide ? put_timespec64 : put_timespec32)(p, rem, 0);
  return 0;
}

int64_t sys_nanosleep(LinuxProcess& p, const uint32_t* a) { return do_sleep(p, 1, 0, a[0], a[1], false); }
int64_t sys_clock_nanosleep(LinuxProcess& p, const uint32_t* a) {
  if (clock_now(p, a[0]) < 0) return -EINVAL;
  return do_sleep(p, a[0], a[1], a[2], a[3], false);
}
int64_t sys_clock_nanosleep64(LinuxProcess& p, const uint32_t* a) {
  if (clock_now(p, a[0]) < 0) return -EINVAL;
  return do_sleep(p, a[0], a[1], a[2], a[3], true);
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
