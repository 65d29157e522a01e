#include "linux/page_ranges.h"

namespace pimnic::linux_user {

PageRanges::Map::const_iterator PageRanges::first_overlapping(uint64_t lo) const {
  auto it = m_.upper_bound(lo);
  if (it != m_.begin() && std::prev(it)->second.hi > lo) --it;
  return it;
}

uint8_t PageRanges::at(uint64_t addr) const {
  auto it = first_overlapping(addr);
  return it != m_.end() && it->first <= addr ? it->second.value : 0;
}

void PageRanges::assign(uint64_t lo, uint64_t hi, uint8_t v) {
  if (lo >= hi) return;
  // Cut the pieces that straddle lo and hi, drop everything inside, then insert and merge.
  auto it = first_overlapping(lo);
  if (it != m_.end() && it->first < lo) {
    Span right = it->second;
    m_.at(it->first).hi = lo;
    if (right.hi > hi) m_.emplace(hi, Span{right.hi, right.value});
  }
  it = m_.lower_bound(lo);
  while (it != m_.end() && it->first < hi) {
    if (it->second.hi > hi) m_.emplace(hi, it->second);
    it = m_.erase(it);
  }
  if (v == 0) return;
  auto next = m_.lower_bound(hi);
  if (next != m_.end() && next->first == hi && next->second.value == v) {
    hi = next->second.hi;
    m_.erase(next);
  }
  auto at = m_.lower_bound(lo);
  if (at != m_.begin()) {
    auto prev = std::prev(at);
    if (prev->second.hi == lo && prev->second.value == v) {
      prev->second.hi = hi;
      return;
    }
  }
  m_.emplace(lo, Span{hi, v});
}

bool PageRanges::any(uint64_t lo, uint64_t hi) const {
  auto it = first_overlapping(lo);
  return it != m_.end() && it->first < hi;
}

bool PageRanges::covers(uint64_t lo, uint64_t hi) const {
  uint64_t at = lo;
  for (auto it = first_overlapping(lo); at < hi; ++it) {
    if (it == m_.end() || it->first > at) return false;
    at = it->second.hi;
  }
  return true;
}

std::optional<PageRanges::Piece> PageRanges::highest_overlapping(uint64_t lo, uint64_t hi) const {
  auto it = m_.lower_bound(hi);
  if (it == m_.begin()) return std::nullopt;
  --it;
  if (it->second.hi <= lo) return std::nullopt;
  return Piece{it->first, it->second.hi, it->second.value};
}

uint64_t PageRanges::end_below(uint64_t addr) const {
  auto it = m_.upper_bound(addr);
  while (it != m_.begin()) {
    --it;
    if (it->second.hi <= addr) return it->second.hi;
  }
  return 0;
}

uint64_t PageRanges::start_above(uint64_t addr) const {
  auto it = m_.lower_bound(addr);
  return it == m_.end() ? uint64_t(1) << 32 : it->first;
}

}  // namespace pimnic::linux_user
