// What ends a run from outside the guest, shared by every run loop (one core, machines, Linux
// mode, the gdb server): an instruction-count limit (--max-insts), a simulated-time limit
// (--max-sim-time) and a stop request (SIGINT/SIGTERM). Run loops look at them between slices,
// so a run always stops at an instruction boundary, with its statistics and traces complete.
#pragma once
#include <csignal>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "sim/clock.h"

namespace pimnic {

// pimnic's exit statuses for runs ended by a limit (a stop request gives 128 + the signal).
inline constexpr int kExitInsnLimit = 3;
inline constexpr int kExitSimTimeLimit = 4;
// ... and for a deadlock: every core waits (or polls) and nothing pending can change that.
inline constexpr int kExitDeadlock = 5;

struct RunLimits {
  uint64_t max_insts = 0;  // 0: none
  Tick max_time = 0;       // simulated picoseconds; 0: none
};

// Async-signal-safe: remember the signal; run loops stop at their next slice boundary.
void request_stop(int signal);
namespace detail {
extern volatile std::sig_atomic_t stop_signal;
}
// The signal of a pending stop request, or 0 (inline: run loops ask after every slice).
inline int stop_requested() { return detail::stop_signal; }
// Forget the request (a new run in the same process, tests).
void clear_stop_request();
// SIGINT and SIGTERM request a stop (the first time; a second one kills as usual).
void install_stop_handlers();

// The one-line messages of the three ways out, and "12.5 us" for a simulated time.
std::string insn_limit_message(uint64_t insts);
std::string time_limit_message(Tick limit, uint64_t insts);
std::string stop_request_message(int signal, Tick now, uint64_t insts);
std::string format_sim_time(Tick t);
const char* stop_signal_name(int signal);  // "SIGINT", "SIGTERM"
// A run that a limit or a stop request ended: which, pimnic's exit status, the one-line message.
struct LimitStop {
  enum class Kind { InsnLimit, TimeLimit, StopRequest } kind = Kind::InsnLimit;
  int status = 0;  // kExitInsnLimit, kExitSimTimeLimit, 128 + the signal
  std::string message;
};
// The checks of every run loop between two slices, in this order:
//   - the instruction limit: `counted` instructions (as the loop counts them) have reached
//     limits.max_insts; else `budget` shrinks to what the limit leaves;
std::optional<LimitStop> insn_limit_stop(uint64_t max_insts, uint64_t counted, uint64_t& budget);
//   - the time limit (`now` has reached limits.max_time), then a stop request; `retired`: the
//     instructions the messages report.
std::optional<LimitStop> time_or_request_stop(const RunLimits& limits, Tick now, uint64_t retired);
// Both, as a loop over one core makes them.
std::optional<LimitStop> limit_stop(const RunLimits& limits, uint64_t counted, uint64_t retired, Tick now,
                                    uint64_t& budget);

// Where a run stands, for the checks: the instructions the limit counts, those the messages
// report, and the simulated time.
struct RunProgress {
  uint64_t counted = 0;
  uint64_t retired = 0;
  Tick now = 0;
};
// The run loop of one core (`pimnic run IMAGE`, `pimnic linux`): slices of at most 2^20
// instructions, each after limit_stop; `slice` runs one of at most `budget` instructions and says
// whether the run ended. Returns the limit or stop request that ended it, if one did.
std::optional<LimitStop> run_slices(const RunLimits& limits, const std::function<RunProgress()>& progress,
                                    const std::function<bool(uint64_t budget)>& slice);

// "10ms", "2.5 us", "1e-3", "300ns", "4000ps" (a bare number is seconds) to picoseconds. Throws
// std::invalid_argument with a one-line message for anything else, zero, or more than a year.
Tick parse_sim_time(const std::string& text);

}  // namespace pimnic
