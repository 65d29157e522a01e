// Functional-unit pools (sim-outorder's fu_config): each operation class runs on one pool of
// identical units; a unit accepts an operation every `interval` cycles of that class.
#pragma once
#include <array>
#include <cstdint>

#include "isa/insn_table.h"
#include "timing/ooo/ooo_config.h"

namespace pimnic::timing {

enum class Pool : uint8_t { IntAlu, IntMult, MemPort, FpAlu, FpMult, Vec, Count };

Pool pool_of(isa::OpClass c);
const char* pool_name(Pool p);

struct FuPools {
  explicit FuPools(const OooConfig& cfg);
  std::array<uint32_t, size_t(Pool::Count)> units;  // units per pool
  std::array<uint64_t, size_t(Pool::Count)> ops{};  // operations issued per pool (stats)
};

}  // namespace pimnic::timing
