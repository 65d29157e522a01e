// A process's timers: the three interval timers (setitimer, alarm) and POSIX timers
// (timer_create). Each counts on one of the process's clocks: the monotonic one, which goes on
// while the process waits (ITIMER_REAL; POSIX timers on CLOCK_REALTIME, MONOTONIC, BOOTTIME), or
// its CPU time, which does not (ITIMER_VIRTUAL, ITIMER_PROF, CPU-time POSIX timers). Times are
// nanoseconds on those clocks; the process reads the clocks and sends the signals.
#pragma once
#include <array>
#include <cstdint>
#include <map>
#include <vector>

#include "linux/signal_state.h"

namespace pimnic::linux_user {

enum class TimerBase { Monotonic, Cpu };
inline constexpr uint64_t kNever = ~0ull;

struct GuestTimer {
  TimerBase base = TimerBase::Monotonic;
  uint64_t expiry = kNever;  // on its base clock; kNever: disarmed
  uint64_t interval = 0;     // 0: one-shot
  SigInfo info;              // sent when it expires (signo 0: nothing, SIGEV_NONE)
  uint32_t overrun = 0;      // expirations while its signal was still pending
  uint32_t overrun_last = 0; // the overrun count its last delivered signal carried (timer_getoverrun)
  bool queued = false;       // its signal is pending
  uint32_t clock = 1;        // a POSIX timer's clock id (absolute times are on it)

  bool armed() const { return expiry != kNever; }
  // Time left until the next expiry (at least 1 ns while armed, as the kernel reports it).
  uint64_t remaining(uint64_t now) const;
  void arm(uint64_t now, uint64_t value, uint64_t interval_ns);  // value 0 disarms
  // If due at `now`: advance past now (periodic) or disarm, count the expirations beyond the
  // first as overruns, and return true.
  bool expire(uint64_t now);
};

class ProcessTimers {
 public:
  enum { kReal = 0, kVirtual = 1, kProf = 2 };
  std::array<GuestTimer, 3> itimer;
  std::map<int32_t, GuestTimer> posix;  // by timer id, lowest free first (as Linux)

  ProcessTimers();
  // The earliest expiry of any armed timer on `base` (kNever: none).
  uint64_t next_expiry(TimerBase base) const;
  bool any_armed() const;
  std::vector<const GuestTimer*> armed_on(TimerBase base) const;
  // The timer a signal from timer `id` came from (null if deleted since).
  GuestTimer* posix_timer(int32_t id);
  int32_t create(const GuestTimer& t);  // -1 when the limit is reached
  static constexpr size_t kMaxPosixTimers = 1024;

  template <class F> void for_each(F f) {
    for (GuestTimer& t : itimer) f(t);
    for (auto& [id, t] : posix) f(t);
  }
};

}  // namespace pimnic::linux_user
