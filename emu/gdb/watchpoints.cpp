#include "gdb/watchpoints.h"

#include <algorithm>

namespace pimnic::gdb {

bool WatchSet::add(uint32_t addr, uint32_t len, WatchType t) {
  if (len == 0 || uint64_t(addr) + len > (1ull << 32)) return false;
  points_.push_back({addr, len, t});
  return true;
}

bool WatchSet::remove(uint32_t addr, uint32_t len, WatchType t) {
  for (auto it = points_.begin(); it != points_.end(); ++it)
    if (it->addr == addr && it->len == len && it->type == t) {
      points_.erase(it);
      return true;
    }
  return false;
}

std::optional<WatchSet::Hit> WatchSet::take_hit(const Hart* h) {
  if (!last_ || last_->hart != h) return std::nullopt;
  std::optional<Hit> r = last_;
  last_.reset();
  return r;
}

bool WatchSet::watches_page(uint32_t page, bool write) const {
  for (const Point& p : points_) {
    if (!write && p.type == WatchType::Write) continue;
    if (write && p.type == WatchType::Read) continue;
    uint64_t first = p.addr & ~uint64_t(kPageSize - 1), last = (uint64_t(p.addr) + p.len - 1) & ~uint64_t(kPageSize - 1);
    if (page >= first && page <= last) return true;
  }
  return false;
}

bool WatchSet::hit(Hart& h, uint32_t ea, unsigned len, bool write) {
  if (&h == suppressed) return false;
  for (const Point& p : points_) {
    if (p.type == (write ? WatchType::Read : WatchType::Write)) continue;
    uint64_t lo = std::max<uint64_t>(ea, p.addr);
    uint64_t hi = std::min<uint64_t>(uint64_t(ea) + len, uint64_t(p.addr) + p.len);
    if (lo >= hi) continue;
    last_ = Hit{&h, uint32_t(lo), p.type, h.icount};
    return true;
  }
  return false;
}

}  // namespace pimnic::gdb
