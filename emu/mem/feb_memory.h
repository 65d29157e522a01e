// Full/empty bits of PIM memory: one bit per aligned 32-bit word, kept apart from the RAM bytes so
// that ordinary loads and stores never change them (docs/isa/pim.md). Every word starts full. They
// belong to the memory (AddressSpace::full_empty_bits), so every PIM core on one memory (the two
// PIM cores of a NIC on its SRAM) sees and changes the same bits.
#pragma once
#include <algorithm>
#include <cstdint>
#include <vector>

namespace pimnic {

class FebMemory {
 public:
  FebMemory() = default;
  FebMemory(uint32_t base, uint32_t size) : base_(base), size_(size), empty_((size / 4 + 63) / 64) {}

  bool covers(uint32_t ea) const { return ea - base_ < size_; }
  uint32_t base() const { return base_; }
  uint32_t size() const { return size_; }
  // Callers check covers() first. ea's low two bits are ignored.
  bool full(uint32_t ea) const { return !(empty_[word(ea) / 64] >> (word(ea) % 64) & 1); }
  void set_full(uint32_t ea, bool full) {
    uint64_t bit = uint64_t(1) << (word(ea) % 64);
    if (full) empty_[word(ea) / 64] &= ~bit;
    else empty_[word(ea) / 64] |= bit;
  }
  void reset() { std::fill(empty_.begin(), empty_.end(), 0); }

 private:
  uint32_t word(uint32_t ea) const { return (ea - base_) >> 2; }
  uint32_t base_ = 0, size_ = 0;
  std::vector<uint64_t> empty_;  // stores "empty" so that zero-initialised means all full
};

}  // namespace pimnic
