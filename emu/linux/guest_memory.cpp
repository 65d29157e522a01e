#include "linux/guest_memory.h"

#include <algorithm>
#include <cstdio>

namespace pimnic::linux_user {

namespace {
constexpr uint32_t kPageMask = ~(kPageSize - 1);
constexpr uint32_t kBackChunk = 1u << 20;   // backing grows in 1 MiB steps where it can
constexpr uint32_t kLowestBacked = 0x10000; // never back the first 64 KiB (null pointers fault)
}  // namespace

GuestMemory::GuestMemory(AddressSpace& as) : as_(as), flags_(size_t(1) << (32 - kPageBits), 0) {}

uint32_t GuestMemory::find_free(uint32_t start, uint32_t len) {
  // A transcription of the search qemu-user 7.2 does (mmap_find_vma_reserved), in 32-bit
  // arithmetic like qemu's abi_ulong, so that the same requests get the same addresses.
  uint64_t size64 = page_up(len);
  if (size64 == 0 || size64 > kReservedVa) return kNoAddr;
  uint32_t size = uint32_t(size64);
  start = start == 0 ? mmap_next_ : (start & kPageMask);
  uint32_t end_addr = start + size;
  bool looped = false;
  if (start > kReservedVa - size) {
    end_addr = ((kReservedVa - size) & kPageMask) + size;
    looped = true;
  }
  uint32_t addr = end_addr;
  for (;;) {
    addr -= kPageSize;
    if (addr > end_addr) {
      if (looped) return kNoAddr;
      addr = end_addr = ((kReservedVa - size) & kPageMask) + size;
      looped = true;
    } else if (in_use(addr)) {
      addr = end_addr = ((addr - size) & kPageMask) + size;
    } else if (addr && addr + size == end_addr) {
      if (start == mmap_next_) mmap_next_ = addr;
      return addr;
    }
  }
}

void GuestMemory::back(uint32_t lo, uint32_t hi, uint32_t ext_lo, uint32_t ext_hi) {
  auto backable = [&](uint32_t page) {
    return page >= kLowestBacked && !(flags_[page >> kPageBits] & (kBacked | kGuard | kMapped));
  };
  uint64_t a = lo;
  while (a < hi) {
    if (flags_[a >> kPageBits] & kBacked) {
      a += kPageSize;
      continue;
    }
    uint64_t r0 = a, r1 = a;
    while (r1 < hi && !(flags_[r1 >> kPageBits] & kBacked)) r1 += kPageSize;
    a = r1;
    if (r0 == lo)
      while (r0 > ext_lo && r0 >= kPageSize && backable(uint32_t(r0 - kPageSize))) r0 -= kPageSize;
    if (r1 == hi)
      while (r1 < ext_hi && backable(uint32_t(r1))) r1 += kPageSize;
    char name[32];
    std::snprintf(name, sizeof name, "linux@%08x", unsigned(r0));
    as_.add_ram(name, uint32_t(r0), uint32_t(r1 - r0));
    ++regions_added_;
    backed_bytes_ += r1 - r0;
    for (uint64_t p = r0; p < r1; p += kPageSize) flags_[p >> kPageBits] |= kBacked;
  }
}

void GuestMemory::map(uint32_t addr, uint32_t len, unsigned prot) {
  uint32_t lo = page_down(addr);
  uint64_t hi = std::min<uint64_t>(page_up(uint64_t(addr) + len), kReservedVa);
  if (hi <= lo) return;
  // Backing may spill over free neighbours (mmap grows downward, brk upward) by a margin that
  // grows with the memory in use, so that the number of RAM regions stays logarithmic.
  uint64_t margin = std::max<uint64_t>(kBackChunk, backed_bytes_ / 8) & ~uint64_t(kPageSize - 1);
  uint32_t ext_lo = lo > margin ? uint32_t(lo - margin) : 0;
  uint32_t ext_hi = uint32_t(std::min<uint64_t>(hi + margin, kReservedVa));
  for (uint64_t p = lo; p < hi; p += kPageSize) flags_[p >> kPageBits] &= ~(kGuard | 7);
  back(lo, uint32_t(hi), ext_lo, ext_hi);
  for (uint64_t p = lo; p < hi; p += kPageSize) flags_[p >> kPageBits] |= kMapped | (prot & 7);
  as_.fill_bytes(lo, 0, uint32_t(hi - lo));
}

void GuestMemory::map_guard(uint32_t addr, uint32_t len) {
  for (uint64_t p = page_down(addr); p < page_up(uint64_t(addr) + len); p += kPageSize)
    flags_[p >> kPageBits] = uint8_t((flags_[p >> kPageBits] & kBacked) | kMapped | kGuard);
}

void GuestMemory::unmap(uint32_t addr, uint32_t len) {
  for (uint64_t p = page_down(addr); p < page_up(uint64_t(addr) + len) && p < (1ull << 32); p += kPageSize)
    flags_[p >> kPageBits] &= kBacked;
}

bool GuestMemory::protect(uint32_t addr, uint32_t len, unsigned prot) {
  if (!is_mapped(addr, len)) return false;
  for (uint64_t p = page_down(addr); p < page_up(uint64_t(addr) + len); p += kPageSize)
    flags_[p >> kPageBits] = uint8_t((flags_[p >> kPageBits] & ~7) | (prot & 7));
  return true;
}

bool GuestMemory::is_free(uint32_t addr, uint32_t len) const {
  uint64_t end = page_up(uint64_t(addr) + len);
  if (end > kReservedVa) return false;
  for (uint64_t p = page_down(addr); p < end; p += kPageSize)
    if (flags_[p >> kPageBits] & kMapped) return false;
  return true;
}

bool GuestMemory::is_mapped(uint32_t addr, uint32_t len) const {
  uint64_t end = page_up(uint64_t(addr) + len);
  if (end > (1ull << 32)) return false;
  for (uint64_t p = page_down(addr); p < end; p += kPageSize)
    if (!(flags_[p >> kPageBits] & kMapped)) return false;
  return true;
}

void GuestMemory::init_brk(uint32_t start) {
  brk_start_ = brk_ = brk_page_ = uint32_t(page_up(start));
}

uint32_t GuestMemory::brk(uint32_t request) {
  // As qemu 7.2: below the start → report the current break; inside the pages already mapped →
  // move there (zeroing what the heap gains); beyond → map more pages if they are free.
  if (request < brk_start_) return brk_;
  if (request <= brk_page_) {
    if (request > brk_) as_.fill_bytes(brk_, 0, request - brk_);
    brk_ = request;
    return brk_;
  }
  uint64_t new_page = page_up(request);
  if (new_page > kReservedVa || !is_free(brk_page_, uint32_t(new_page - brk_page_))) return brk_;
  if (brk_page_ > brk_) as_.fill_bytes(brk_, 0, brk_page_ - brk_);
  map(brk_page_, uint32_t(new_page - brk_page_), kRead | kWrite);
  brk_page_ = uint32_t(new_page);
  brk_ = request;
  return brk_;
}

}  // namespace pimnic::linux_user
