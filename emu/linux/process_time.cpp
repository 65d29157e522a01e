// A process's time: its clocks in the two clock modes, the time base, timers, and idle time.
//
// --clock sim: CLOCK_MONOTONIC (and BOOTTIME, MONOTONIC_RAW) is the uptime at start plus the
// simulated time (the core's cycles at its clock rate) plus every wait; CLOCK_REALTIME is
// --sim-epoch plus the same elapsed time; the CPU-time clocks are the simulated time alone.
// --clock host: the host's clocks, plus the waits (which take no host time).
// The time base starts at the uptime (--uptime, a day by default) in time-base ticks and
// advances with the cycles (core.tb_divider cycles per tick) and with every wait, in both modes:
// with --clock sim, mftb and CLOCK_MONOTONIC move together, as on a PowerPC Linux machine, where
// the kernel derives its clocks from the time base. Timers expire on these clocks; a wait ends
// early at a timer whose signal would be delivered (process_wait.cpp). On a machine's host core
// (sleep_moves_core) a wait passes as the core's time: its cycles run on, and the clocks with them.
#include <time.h>

#include <algorithm>
#include <cerrno>
#include <cmath>

#include "linux/process.h"
#include "linux/syscalls.h"

namespace pimnic::linux_user {

namespace {
constexpr uint64_t kNs = 1000000000ull;
constexpr uint64_t kDefaultUptimeNs = 86400 * kNs;  // the default --uptime: a day
constexpr uint32_t CLOCK_PROCESS_CPUTIME = 2, CLOCK_THREAD_CPUTIME = 3;

bool is_cpu_clock(uint32_t clk) { return clk == CLOCK_PROCESS_CPUTIME || clk == CLOCK_THREAD_CPUTIME; }
bool is_realtime_clock(uint32_t clk) { return clk == 0 || clk == 5 || clk == 11; }

uint64_t host_clock_ns(clockid_t id) {
  struct timespec ts;
  ::clock_gettime(id, &ts);
  return uint64_t(ts.tv_sec) * kNs + uint64_t(ts.tv_nsec);
}

// ticks per second = hz / divider; ns * that / 1e9 without overflow.
uint64_t ns_to_ticks(uint64_t ns, double tick_hz) {
  return uint64_t((unsigned __int128)ns * uint64_t(tick_hz) / kNs);
}
}  // namespace

void LinuxProcess::init_time_base() {
  // A fixed default in both clock modes, so that traces (which show the time base) of the same
  // run agree.
  uptime_ns_ = opts_.uptime_ns == kDefaultUptime ? kDefaultUptimeNs : opts_.uptime_ns;
  Hart& h = hart();
  time_base_start_ = ns_to_ticks(uptime_ns_, core_->config().clock_hz / h.tb_divider);
  h.tb_offset = time_base_start_;
}

int64_t LinuxProcess::clock_ns(uint32_t clk) {
  // REALTIME, MONOTONIC, the CPU-time clocks, MONOTONIC_RAW, the coarse ones, BOOTTIME, TAI;
  // not the alarm clocks (no RTC), 10 (SGI_CYCLE) or dynamic (negative) clock ids.
  if (clk > 11 || clk == 8 || clk == 9 || clk == 10) return -EINVAL;
  const bool cpu = is_cpu_clock(clk);
  if (opts_.clock == ClockMode::Simulated) {
    uint64_t t = simulated_ns();
    if (cpu) return int64_t(t);
    return int64_t((is_realtime_clock(clk) ? opts_.sim_epoch * kNs : uptime_ns_) + t + sleep_ns);
  }
  static const clockid_t host_id[12] = {CLOCK_REALTIME, CLOCK_MONOTONIC, CLOCK_PROCESS_CPUTIME_ID,
                                        CLOCK_THREAD_CPUTIME_ID, CLOCK_MONOTONIC_RAW, CLOCK_REALTIME_COARSE,
                                        CLOCK_MONOTONIC_COARSE, CLOCK_BOOTTIME, 0, 0, 0, CLOCK_TAI};
  return int64_t(host_clock_ns(host_id[clk]) + (cpu ? 0 : sleep_ns));
}

uint64_t LinuxProcess::timer_clock(TimerBase base) {
  return uint64_t(clock_ns(base == TimerBase::Monotonic ? 1 : CLOCK_PROCESS_CPUTIME));
}

void LinuxProcess::fire_due_timers() {
  if (!timers.any_armed()) return;
  const uint64_t now[2] = {timer_clock(TimerBase::Monotonic), timer_clock(TimerBase::Cpu)};
  timers.for_each([&](GuestTimer& t) {
    if (!t.expire(now[int(t.base)]) || !t.info.signo) return;
    if (t.queued) {  // its last signal is still pending: count an overrun instead
      ++t.overrun;
      return;
    }
    bool queued = send_signal(t.info);
    t.queued = queued && t.info.code == G_SI_TIMER;
  });
}

uint64_t LinuxProcess::slice_budget(uint64_t budget, bool one_cycle_per_insn) {
  if (!timers.any_armed()) return budget;
  if (opts_.clock == ClockMode::Host) return std::min<uint64_t>(budget, kHostTimerSlice);
  // Simulated time: run up to the cycle of the next expiry (both clocks advance with the cycles).
  uint64_t left = kNever;
  for (TimerBase b : {TimerBase::Monotonic, TimerBase::Cpu}) {
    uint64_t e = timers.next_expiry(b), now = timer_clock(b);
    if (e != kNever) left = std::min(left, e > now ? e - now : 0);
  }
  if (left == kNever) return budget;
  const double hz = core_->config().clock_hz;
  uint64_t cycles = uint64_t(double(left) * hz / double(kNs)) + 1;
  // A timing model may take several cycles per instruction: approach the expiry in steps.
  if (!one_cycle_per_insn) cycles = cycles / 8 + 1;
  return std::min(budget, cycles);
}

void LinuxProcess::advance_idle(uint64_t ns) {
  Hart& h = hart();
  if (opts_.sleep_moves_core) {
    // The core's clock runs on to the wake-up (at least a cycle, so that a wait always moves);
    // the machine runs the other cores meanwhile. The time base moves with it.
    const double cycles = std::ceil(double(ns) * core_->config().clock_hz / double(kNs));
    h.cycle_offset += std::max<uint64_t>(uint64_t(cycles), ns ? 1 : 0);
    h.request_stop(StopReason::SliceEnd);
    return;
  }
  sleep_ns += ns;
  h.tb_offset = time_base_start_ + ns_to_ticks(sleep_ns, core_->config().clock_hz / h.tb_divider);
}

}  // namespace pimnic::linux_user
