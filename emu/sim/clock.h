// Simulated time: one global unit, the picosecond, and clock domains that convert a component's
// cycles to and from it. Integer ticks keep reruns bit-identical (no floating-point drift); a
// period that is not a whole number of picoseconds (133 MHz) is rounded to the nearest one.
#pragma once
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>

namespace pimnic {

using Tick = uint64_t;  // picoseconds since reset
inline constexpr Tick kTicksPerSecond = 1'000'000'000'000ull;
inline constexpr Tick kMaxTick = std::numeric_limits<Tick>::max();

inline constexpr Tick ns_to_ticks(double ns) { return Tick(ns * 1000.0 + 0.5); }

// A duration setting in ns, checked before ns_to_ticks: finite, not negative (above 0 when
// `positive`) and at most a simulated second, so that sums of them stay far inside a Tick.
inline constexpr double kMaxSettingNs = 1e9;
inline void check_ns_setting(double ns, const std::string& name, bool positive = false) {
  if (positive && !(ns > 0)) throw std::invalid_argument(name + " must be greater than 0");
  if (!(ns >= 0)) throw std::invalid_argument(name + " must not be negative");
  if (!(ns <= kMaxSettingNs)) throw std::invalid_argument(name + " must be at most 1e9 ns (a simulated second)");
}

class ClockDomain {
 public:
  ClockDomain() = default;
  // Throws std::invalid_argument for a frequency that is not positive or above 1 THz.
  ClockDomain(std::string name, double hz) : name_(std::move(name)) {
    if (!(hz > 0) || hz > 1e12) throw std::invalid_argument(name_ + ": clock must be between 0 and 1 THz");
    period_ = Tick(double(kTicksPerSecond) / hz + 0.5);
    hz_ = hz;
  }
  const std::string& name() const { return name_; }
  double hz() const { return hz_; }
  Tick period() const { return period_; }
  Tick ticks(uint64_t cycles) const { return cycles * period_; }
  // The first cycle boundary at or after t (an event in the middle of a cycle is seen at its end).
  uint64_t cycle_at_or_after(Tick t) const { return t == kMaxTick ? ~0ull : (t + period_ - 1) / period_; }
  uint64_t cycle_before(Tick t) const { return t / period_; }

 private:
  std::string name_ = "clk";
  double hz_ = 1e9;
  Tick period_ = 1000;
};

}  // namespace pimnic
