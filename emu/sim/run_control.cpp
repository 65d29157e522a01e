#include "sim/run_control.h"

#include <algorithm>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>

namespace pimnic {

volatile std::sig_atomic_t detail::stop_signal = 0;

namespace {
void on_stop_signal(int sig) { detail::stop_signal = sig; }
}  // namespace

void request_stop(int signal) { detail::stop_signal = signal; }
void clear_stop_request() { detail::stop_signal = 0; }

void install_stop_handlers() {
  struct sigaction sa;
  std::memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_stop_signal;
  sigemptyset(&sa.sa_mask);
  // SA_RESTART: a guest's blocking read is not cut short by the request (a second signal, back
  // at the default action, still ends pimnic at once).
  sa.sa_flags = SA_RESTART | SA_RESETHAND;
  sigaction(SIGINT, &sa, nullptr);
  sigaction(SIGTERM, &sa, nullptr);
}

std::string format_sim_time(Tick t) {
  char b[48];
  const double s = double(t) / double(kTicksPerSecond);
  if (t >= kTicksPerSecond) std::snprintf(b, sizeof b, "%.6g s", s);
  else if (t >= kTicksPerSecond / 1000) std::snprintf(b, sizeof b, "%.6g ms", s * 1e3);
  else if (t >= kTicksPerSecond / 1000000) std::snprintf(b, sizeof b, "%.6g us", s * 1e6);
  else std::snprintf(b, sizeof b, "%.6g ns", s * 1e9);
  return b;
}

std::string insn_limit_message(uint64_t insts) {
  return "stopped after " + std::to_string(insts) + " instructions (--max-insts)";
}

std::string time_limit_message(Tick limit, uint64_t insts) {
  return "stopped at " + format_sim_time(limit) + " of simulated time after " + std::to_string(insts) +
         " instructions (--max-sim-time)";
}

std::optional<LimitStop> insn_limit_stop(uint64_t max_insts, uint64_t counted, uint64_t& budget) {
  if (!max_insts) return std::nullopt;
  if (counted >= max_insts) return LimitStop{LimitStop::Kind::InsnLimit, kExitInsnLimit, insn_limit_message(counted)};
  budget = std::min<uint64_t>(budget, max_insts - counted);
  return std::nullopt;
}

std::optional<LimitStop> time_or_request_stop(const RunLimits& limits, Tick now, uint64_t retired) {
  if (limits.max_time && now >= limits.max_time)
    return LimitStop{LimitStop::Kind::TimeLimit, kExitSimTimeLimit, time_limit_message(limits.max_time, retired)};
  if (int sig = stop_requested())
    return LimitStop{LimitStop::Kind::StopRequest, 128 + sig, stop_request_message(sig, now, retired)};
  return std::nullopt;
}

std::optional<LimitStop> limit_stop(const RunLimits& limits, uint64_t counted, uint64_t retired, Tick now,
                                    uint64_t& budget) {
  if (auto stop = insn_limit_stop(limits.max_insts, counted, budget)) return stop;
  return time_or_request_stop(limits, now, retired);
}

std::optional<LimitStop> run_slices(const RunLimits& limits, const std::function<RunProgress()>& progress,
                                    const std::function<bool(uint64_t budget)>& slice) {
  constexpr uint64_t kSlice = 1u << 20;
  for (;;) {
    uint64_t budget = kSlice;
    const RunProgress p = progress();
    if (auto stop = limit_stop(limits, p.counted, p.retired, p.now, budget)) return stop;
    if (slice(budget)) return std::nullopt;
  }
}

const char* stop_signal_name(int signal) {
  return signal == SIGINT ? "SIGINT" : signal == SIGTERM ? "SIGTERM" : "a signal";
}

std::string stop_request_message(int signal, Tick now, uint64_t insts) {
  return std::string("interrupted by ") + stop_signal_name(signal) + " at " + format_sim_time(now) + " of simulated time after " +
         std::to_string(insts) + " instructions";
}

Tick parse_sim_time(const std::string& text) {
  const char* s = text.c_str();
  char* end = nullptr;
  const double v = std::strtod(s, &end);
  if (end == s) throw std::invalid_argument("--max-sim-time " + text + ": expected a time such as 10ms, 2.5us, 1s");
  while (*end == ' ') ++end;
  const std::string unit = end;
  double scale;
  if (unit.empty() || unit == "s") scale = 1e12;
  else if (unit == "ms") scale = 1e9;
  else if (unit == "us") scale = 1e6;
  else if (unit == "ns") scale = 1e3;
  else if (unit == "ps") scale = 1;
  else throw std::invalid_argument("--max-sim-time " + text + ": unknown unit '" + unit + "' (s, ms, us, ns, ps)");
  const double ps = v * scale;
  constexpr double kYear = 365.0 * 24 * 3600 * 1e12;
  if (!std::isfinite(ps) || ps < 1 || ps > kYear)
    throw std::invalid_argument("--max-sim-time " + text + ": must be between 1 ps and a year");
  return Tick(std::llround(ps));
}

}  // namespace pimnic
