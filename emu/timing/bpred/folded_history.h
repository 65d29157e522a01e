// A long global history kept as bits in a ring buffer, plus "folded" copies compressed to an index
// or tag width (Seznec's TAGE). Folding is incremental: each push shifts in the new bit and
// cancels the bit that leaves the window, so a 600-bit history costs a few operations per branch.
#pragma once
#include <cstdint>
#include <vector>

namespace pimnic::timing {

struct FoldedHistory {
  uint32_t comp = 0;
  unsigned length = 0;    // history bits covered
  unsigned width = 0;     // folded width
  unsigned outpoint = 0;  // length % width: where the leaving bit lands
  FoldedHistory() = default;
  FoldedHistory(unsigned len, unsigned w) : length(len), width(w), outpoint(len % w) {}
  void update(uint32_t in, uint32_t out) {
    comp = (comp << 1) | in;
    comp ^= out << outpoint;
    comp ^= comp >> width;
    comp &= (1u << width) - 1;
  }
};

class HistoryBuffer {
 public:
  static constexpr unsigned kSize = 4096;  // longest history + branches in flight, power of two
  uint32_t head = 0;
  // Bit `age` places back (0 = newest).
  uint32_t bit(uint32_t age) const { return bits_[(head - age) & (kSize - 1)]; }
  void push(uint32_t b) { bits_[++head & (kSize - 1)] = uint8_t(b); }

 private:
  uint8_t bits_[kSize] = {};
};

}  // namespace pimnic::timing
