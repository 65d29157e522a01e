// Functional-unit pools (sim-outorder's fu_config): each operation class runs on one pool of
// identical units; a unit accepts an operation every `interval` cycles of that class.
#pragma once
#include <array>
#include <cstdint>

#include "isa/insn_table.h"
#include "timing/ooo/ooo_config.h"
#include "timing/ooo/slot_ring.h"

namespace pimnic::timing {

enum class Pool : uint8_t { IntAlu, IntMult, MemPort, FpAlu, FpMult, Vec, Count };

Pool pool_of(isa::OpClass c);
const char* pool_name(Pool p);

class FuPools {
 public:
  explicit FuPools(const OooConfig& cfg);
  // Reserve a unit of the class's pool for `interval` cycles from `cycle`, if one is free.
  bool try_take(isa::OpClass c, uint64_t cycle, uint32_t interval) {
    size_t p = size_t(pool_[size_t(c)]);
    if (!ring_[p].free(cycle, interval, units_[p])) return false;
    ring_[p].take(cycle, interval);
    ++busy_[p];
    return true;
  }
  uint64_t operations(Pool p) const { return busy_[size_t(p)]; }
  const uint64_t* operations_ptr(Pool p) const { return &busy_[size_t(p)]; }
  void reset();

 private:
  std::array<Pool, size_t(isa::OpClass::Count)> pool_;
  std::array<uint32_t, size_t(Pool::Count)> units_;
  std::array<SlotRing, size_t(Pool::Count)> ring_;
  std::array<uint64_t, size_t(Pool::Count)> busy_{};
};

}  // namespace pimnic::timing
