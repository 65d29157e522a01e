// The user address space of a Linux guest: which pages are mapped (with what protection), where
// new mappings go, and the brk heap. Mapped pages are backed by RAM regions of the AddressSpace,
// added on demand; regions are never removed, so munmap only forgets the mapping and gives the
// host memory back (the pages read as zero until something is mapped there again — see
// docs/linux-mode.md). Host memory follows what the guest touches: RAM regions are reserved, not
// written, and mapping or unmapping releases pages instead of filling them with zeros. The
// bookkeeping is a few interval maps, so it grows with the number of mappings, not their size.
//
// Placement mirrors qemu-user 7.2 for a 32-bit guest on a 64-bit host (reserved_va =
// 0xfffff000): mmap without a hint searches downward from mmap_next (initially 0x40000000), so
// that addresses match qemu-ppc-static and per-instruction traces can be diffed.
#pragma once
#include <cstdint>
#include <map>

#include "linux/page_ranges.h"
#include "mem/address_space.h"

namespace pimnic::linux_user {

inline constexpr uint32_t kNoAddr = ~0u;
inline constexpr uint32_t kTaskUnmappedBase = 0x40000000;  // qemu's TASK_UNMAPPED_BASE (32-on-64)
inline constexpr uint32_t kReservedVa = 0xfffff000;        // qemu's reserved_va for 32-bit guests

inline uint32_t page_down(uint32_t a) { return a & ~(kPageSize - 1); }
inline uint64_t page_up(uint64_t a) { return (a + kPageSize - 1) & ~uint64_t(kPageSize - 1); }

class GuestMemory {
 public:
  // Protection bits as in PROT_READ/WRITE/EXEC (bookkeeping only: pimnic does not enforce them).
  enum : uint8_t { kRead = 1, kWrite = 2, kExec = 4, kMapped = 8, kBacked = 16, kGuard = 32 };

  explicit GuestMemory(AddressSpace& as);

  AddressSpace& space() { return as_; }

  // qemu's mmap_find_vma for a reserved address space: the highest free run of len bytes that
  // ends at or below hint+len (hint 0: mmap_next). kNoAddr if none. len is rounded up to pages.
  uint32_t find_free(uint32_t hint, uint32_t len);
  // Map [addr, addr+len) (page-rounded), replacing whatever was there; it reads as zero. Backing
  // RAM may extend over neighbouring unbacked pages to keep the number of regions small.
  void map(uint32_t addr, uint32_t len, unsigned prot);
  // A guard page: mapped (so placement skips it, like qemu's PROT_NONE page) but never backed, so
  // touching it faults.
  void map_guard(uint32_t addr, uint32_t len);
  // A device window (mmap of /dev/uio0): [addr, addr+len) answered by dev, never backed by RAM.
  // False (nothing changed) if some page of it has had RAM behind it: regions are never removed.
  bool map_device(uint32_t addr, uint32_t len, MmioDevice* dev);
  // Unmapping (or mapping over) any page of a device window removes the whole window.
  void unmap(uint32_t addr, uint32_t len);
  bool has_device(uint32_t addr, uint32_t len) const;
  bool protect(uint32_t addr, uint32_t len, unsigned prot);  // false if some page is unmapped
  bool is_free(uint32_t addr, uint32_t len) const;
  bool is_mapped(uint32_t addr, uint32_t len) const;
  unsigned prot_of(uint32_t addr) const { return mapped_.at(addr) & 7; }

  uint32_t mmap_next() const { return mmap_next_; }

  // brk heap: starts at page_up(start), never moves below it.
  void init_brk(uint32_t start);
  // The brk system call: the new break, or the old one when the request cannot be met.
  uint32_t brk(uint32_t request);
  uint32_t brk_start() const { return brk_start_; }
  uint32_t brk_current() const { return brk_; }

  // Number of RAM regions added so far (tests watch that it stays small).
  unsigned regions_added() const { return regions_added_; }
  // Pieces of bookkeeping (distinct mapped and backed ranges).
  size_t bookkeeping_pieces() const { return mapped_.pieces() + backed_.pieces(); }

 private:
  // Add RAM for every unbacked page of [lo, hi); runs may grow to [ext_lo, ext_hi) over unbacked,
  // unmapped pages.
  void back(uint32_t lo, uint32_t hi, uint32_t ext_lo, uint32_t ext_hi);
  // Give back the host memory of the backed pages in [lo, hi): they read as zero again.
  void release(uint64_t lo, uint64_t hi);
  // [lo, hi) as far as it is free of backed and mapped pages: the lowest / highest reach.
  uint64_t free_down_to(uint64_t lo) const;
  uint64_t free_up_to(uint64_t hi) const;
  // Remove every device window that overlaps [lo, hi), wholly (a region cannot be split).
  void drop_devices(uint64_t lo, uint64_t hi);

  AddressSpace& as_;
  PageRanges mapped_;  // mapped pages: kMapped | protection | kGuard
  PageRanges backed_;  // pages with RAM behind them (kBacked)
  std::map<uint32_t, uint64_t> devices_;  // device windows: start -> end
  uint32_t mmap_next_ = kTaskUnmappedBase;
  uint32_t brk_start_ = 0, brk_ = 0, brk_page_ = 0;  // brk_page_: end of the pages mapped for brk
  unsigned regions_added_ = 0;
  uint64_t backed_bytes_ = 0;
};

}  // namespace pimnic::linux_user
