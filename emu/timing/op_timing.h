// Per-operation-class latency and issue interval: part of a timing model's configuration, not of
// the ISA table (gem5's OpClass / FU pool split). The table gives each row its OpClass; this maps
// the class to cycles. Both the in-order and the out-of-order model read it.
//   latency:  cycles from the start of execution to the result being available to dependants
//             (for loads and stores: the address-generation part; the cache adds its own).
//   interval: cycles before the same unit accepts another operation (1 = fully pipelined).
#pragma once
#include <array>
#include <cstdint>
#include <string>

#include "isa/insn_table.h"

namespace pimnic {
class ParamRegistry;
}

namespace pimnic::timing {

struct OpTiming {
  static constexpr size_t kClasses = size_t(isa::OpClass::Count);
  std::array<uint32_t, kClasses> latency{};
  std::array<uint32_t, kClasses> interval{};

  OpTiming();  // defaults: 7400/440-like figures (see op_timing.cpp)
  uint32_t lat(isa::OpClass c) const { return latency[size_t(c)]; }
  uint32_t ivl(isa::OpClass c) const { return interval[size_t(c)]; }
  // "<prefix>.<class>.latency" and ".interval", e.g. "core.op.IntMul.latency".
  void declare(ParamRegistry& params, const std::string& prefix);
  // Throws std::invalid_argument for a figure above kMaxCycles (named as declare() names it).
  void check(const std::string& prefix) const;
  static constexpr uint32_t kMaxCycles = 1000;
};

}  // namespace pimnic::timing
