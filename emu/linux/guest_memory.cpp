#include "linux/guest_memory.h"

#include <algorithm>
#include <cstdio>
#include <vector>

namespace pimnic::linux_user {

namespace {
constexpr uint32_t kPageMask = ~(kPageSize - 1);
constexpr uint32_t kBackChunk = 1u << 20;   // backing grows in 1 MiB steps where it can
constexpr uint32_t kLowestBacked = 0x10000; // never back the first 64 KiB (null pointers fault)
}  // namespace

GuestMemory::GuestMemory(AddressSpace& as) : as_(as) {}

uint32_t GuestMemory::find_free(uint32_t start, uint32_t len) {
  // qemu-user 7.2's search (mmap_find_vma_reserved) walks down page by page in 32-bit arithmetic:
  // the window [end - size, end) moves down to the start of each mapped page it meets, wraps to
  // the top once when it would reach address 0, and succeeds when it holds no mapped page. Here
  // the window jumps over whole mapped ranges at a time; the answers are the same.
  uint64_t size64 = page_up(len);
  if (size64 == 0 || size64 > kReservedVa) return kNoAddr;
  const uint32_t size = uint32_t(size64);
  start = start == 0 ? mmap_next_ : (start & kPageMask);
  const uint32_t top = ((kReservedVa - size) & kPageMask) + size;
  uint32_t end = start + size;
  bool looped = false;
  if (start > kReservedVa - size) {
    end = top;
    looped = true;
  }
  for (;;) {
    if (end < uint64_t(size) + kPageSize) {  // the window would start at 0 or below: wrap
      if (looped) return kNoAddr;
      end = top;
      looped = true;
      continue;
    }
    std::optional<PageRanges::Piece> used = mapped_.highest_overlapping(end - size, end);
    if (!used) break;
    end = uint32_t(used->lo);
  }
  const uint32_t addr = end - size;
  if (start == mmap_next_) mmap_next_ = addr;
  return addr;
}

uint64_t GuestMemory::free_down_to(uint64_t lo) const {
  if (lo == 0 || backed_.at(lo - 1) || mapped_.at(lo - 1)) return lo;
  return std::max(backed_.end_below(lo), mapped_.end_below(lo));
}

uint64_t GuestMemory::free_up_to(uint64_t hi) const {
  if (backed_.at(hi) || mapped_.at(hi)) return hi;
  return std::min(backed_.start_above(hi), mapped_.start_above(hi));
}

void GuestMemory::back(uint32_t lo, uint32_t hi, uint32_t ext_lo, uint32_t ext_hi) {
  // The unbacked runs of [lo, hi); the first and last may grow over free neighbours.
  std::vector<std::pair<uint64_t, uint64_t>> gaps;
  uint64_t at = lo;
  backed_.for_each(lo, hi, [&](const PageRanges::Piece& p) {
    if (p.lo > at) gaps.emplace_back(at, p.lo);
    at = p.hi;
  });
  if (at < hi) gaps.emplace_back(at, hi);
  for (auto [r0, r1] : gaps) {
    if (r0 == lo && lo > kLowestBacked)
      r0 = std::min<uint64_t>(r0, std::max<uint64_t>({free_down_to(lo), ext_lo, kLowestBacked}));
    if (r1 == hi && hi >= kLowestBacked) r1 = std::max<uint64_t>(r1, std::min<uint64_t>(free_up_to(hi), ext_hi));
    char name[32];
    std::snprintf(name, sizeof name, "linux@%08x", unsigned(r0));
    as_.add_ram(name, uint32_t(r0), uint32_t(r1 - r0));
    ++regions_added_;
    backed_bytes_ += r1 - r0;
    backed_.assign(r0, r1, kBacked);
  }
}

void GuestMemory::release(uint64_t lo, uint64_t hi) {
  backed_.for_each(lo, hi, [&](const PageRanges::Piece& p) {
    as_.discard_bytes(uint32_t(p.lo), uint32_t(p.hi - p.lo));
  });
}

void GuestMemory::map(uint32_t addr, uint32_t len, unsigned prot) {
  uint32_t lo = page_down(addr);
  uint64_t hi = std::min<uint64_t>(page_up(uint64_t(addr) + len), kReservedVa);
  if (hi <= lo) return;
  // What was backed before holds old bytes: zero it (fresh backing reads as zero already).
  release(lo, hi);
  drop_devices(lo, hi);
  // Backing may spill over free neighbours (mmap grows downward, brk upward) by a margin that
  // grows with the memory in use, so that the number of RAM regions stays logarithmic.
  uint64_t margin = std::max<uint64_t>(kBackChunk, backed_bytes_ / 8) & ~uint64_t(kPageSize - 1);
  uint32_t ext_lo = lo > margin ? uint32_t(lo - margin) : 0;
  uint32_t ext_hi = uint32_t(std::min<uint64_t>(hi + margin, kReservedVa));
  back(lo, uint32_t(hi), ext_lo, ext_hi);
  mapped_.assign(lo, hi, uint8_t(kMapped | (prot & 7)));
}

void GuestMemory::map_guard(uint32_t addr, uint32_t len) {
  mapped_.assign(page_down(addr), page_up(uint64_t(addr) + len), kMapped | kGuard);
}

bool GuestMemory::map_device(uint32_t addr, uint32_t len, MmioDevice* dev) {
  const uint32_t lo = page_down(addr);
  const uint64_t hi = std::min<uint64_t>(page_up(uint64_t(addr) + len), kReservedVa);
  if (hi <= lo || backed_.highest_overlapping(lo, hi)) return false;
  unmap(lo, uint32_t(hi - lo));
  mapped_.assign(lo, hi, kMapped | kGuard);
  as_.add_device(lo, uint32_t(hi - lo), dev);
  devices_[lo] = hi;
  return true;
}

bool GuestMemory::has_device(uint32_t addr, uint32_t len) const {
  const uint64_t lo = page_down(addr), hi = page_up(uint64_t(addr) + len);
  auto it = devices_.upper_bound(uint32_t(lo));
  if (it != devices_.begin() && std::prev(it)->second > lo) return true;
  return it != devices_.end() && it->first < hi;
}

void GuestMemory::drop_devices(uint64_t lo, uint64_t hi) {
  auto it = devices_.upper_bound(uint32_t(lo));
  if (it != devices_.begin() && std::prev(it)->second > lo) --it;
  while (it != devices_.end() && it->first < hi) {
    as_.remove_devices(it->first, uint32_t(it->second - it->first));
    mapped_.assign(it->first, it->second, 0);
    it = devices_.erase(it);
  }
}

void GuestMemory::unmap(uint32_t addr, uint32_t len) {
  uint64_t lo = page_down(addr), hi = std::min<uint64_t>(page_up(uint64_t(addr) + len), 1ull << 32);
  drop_devices(lo, hi);
  mapped_.assign(lo, hi, 0);
  release(lo, hi);
}

bool GuestMemory::protect(uint32_t addr, uint32_t len, unsigned prot) {
  if (!is_mapped(addr, len)) return false;
  uint64_t lo = page_down(addr), hi = page_up(uint64_t(addr) + len);
  std::vector<PageRanges::Piece> pieces;
  mapped_.for_each(lo, hi, [&](const PageRanges::Piece& p) { pieces.push_back(p); });
  for (const PageRanges::Piece& p : pieces) mapped_.assign(p.lo, p.hi, uint8_t((p.value & ~7) | (prot & 7)));
  return true;
}

bool GuestMemory::is_free(uint32_t addr, uint32_t len) const {
  uint64_t end = page_up(uint64_t(addr) + len);
  if (end > kReservedVa) return false;
  return !mapped_.any(page_down(addr), end);
}

bool GuestMemory::is_mapped(uint32_t addr, uint32_t len) const {
  uint64_t end = page_up(uint64_t(addr) + len);
  if (end > (1ull << 32)) return false;
  return mapped_.covers(page_down(addr), end);
}

void GuestMemory::init_brk(uint32_t start) {
  brk_start_ = brk_ = brk_page_ = uint32_t(page_up(start));
}

uint32_t GuestMemory::brk(uint32_t request) {
  // As qemu 7.2: below the start → report the current break; inside the pages already mapped →
  // move there (zeroing what the heap gains); beyond → map more pages if they are free.
  if (request < brk_start_) return brk_;
  if (request <= brk_page_) {
    if (request > brk_) as_.discard_bytes(brk_, request - brk_);
    brk_ = request;
    return brk_;
  }
  uint64_t new_page = page_up(request);
  if (new_page > kReservedVa || !is_free(brk_page_, uint32_t(new_page - brk_page_))) return brk_;
  if (brk_page_ > brk_) as_.discard_bytes(brk_, brk_page_ - brk_);
  map(brk_page_, uint32_t(new_page - brk_page_), kRead | kWrite);
  brk_page_ = uint32_t(new_page);
  brk_ = request;
  return brk_;
}

}  // namespace pimnic::linux_user
