// An interval map over page-aligned guest addresses: each byte range [lo, hi) of the 4 GiB space
// carries a small value (0 = nothing there). Neighbouring ranges with the same value are merged,
// so the bookkeeping grows with the number of distinct mappings, not with their size.
#pragma once
#include <cstdint>
#include <map>
#include <optional>

namespace pimnic::linux_user {

class PageRanges {
 public:
  struct Piece {
    uint64_t lo, hi;
    uint8_t value;
  };

  // The value at addr (0: none).
  uint8_t at(uint64_t addr) const;
  // Give [lo, hi) the value v (0 erases).
  void assign(uint64_t lo, uint64_t hi, uint8_t v);
  // Every piece overlapping [lo, hi), clipped to it, in ascending order. fn may not modify this map.
  template <typename Fn> void for_each(uint64_t lo, uint64_t hi, Fn fn) const {
    auto it = first_overlapping(lo);
    for (; it != m_.end() && it->first < hi; ++it) {
      uint64_t a = it->first > lo ? it->first : lo, b = it->second.hi < hi ? it->second.hi : hi;
      if (a < b) fn(Piece{a, b, it->second.value});
    }
  }
  // Whether some piece overlaps [lo, hi) / whether pieces cover all of it.
  bool any(uint64_t lo, uint64_t hi) const;
  bool covers(uint64_t lo, uint64_t hi) const;
  // The overlapping piece of [lo, hi) with the highest addresses, unclipped.
  std::optional<Piece> highest_overlapping(uint64_t lo, uint64_t hi) const;
  // End of the last piece ending at or below addr (0 if none); start of the first piece
  // starting at or above addr (2^32 if none).
  uint64_t end_below(uint64_t addr) const;
  uint64_t start_above(uint64_t addr) const;
  size_t pieces() const { return m_.size(); }

 private:
  struct Span {
    uint64_t hi;
    uint8_t value;
  };
  using Map = std::map<uint64_t, Span>;  // lo -> (hi, value); disjoint, no empty spans
  Map::const_iterator first_overlapping(uint64_t lo) const;
  Map m_;
};

}  // namespace pimnic::linux_user
