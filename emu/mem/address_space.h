// A physical address space: RAM regions backed by host memory and MMIO regions backed by devices.
// Effective addresses are physical (no MMU). It also tracks which pages hold decoded instructions so
// that any write (a store, DMA, the loader, gdb) invalidates the decode caches that cover them.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "mem/feb_memory.h"
#include "mem/mmio_device.h"

namespace pimnic {

inline constexpr uint32_t kPageBits = 12;
inline constexpr uint32_t kPageSize = 1u << kPageBits;

// Notified when code pages are written or when fast-path mappings must be dropped.
class MemoryListener {
 public:
  virtual ~MemoryListener() = default;
  virtual void code_page_written(uint32_t page_addr) = 0;  // decoded instructions there are stale
  virtual void drop_fast_mapping(uint32_t page_addr) = 0;   // forget any cached host pointer
  // [addr, addr+len) was written by `writer` (a hart, or null for DMA/loader/gdb) on a page that
  // holds a load reservation. Harts drop their reservation if it overlaps.
  virtual void reserved_page_written(uint32_t addr, uint32_t len, const void* writer) {}
};

struct Region {
  std::string name;
  uint32_t base = 0;
  uint32_t size = 0;
  uint8_t* host = nullptr;      // RAM: host storage; null for MMIO
  MmioDevice* device = nullptr; // MMIO: the device
  bool contains(uint32_t a) const { return a - base < size; }
};

class AddressSpace {
 public:
  explicit AddressSpace(std::string name) : name_(std::move(name)) {}
  ~AddressSpace();
  AddressSpace(const AddressSpace&) = delete;
  AddressSpace& operator=(const AddressSpace&) = delete;

  const std::string& name() const { return name_; }

  // Map zero-filled RAM owned by this address space. Throws std::invalid_argument on overlap.
  uint8_t* add_ram(std::string name, uint32_t base, uint32_t size);
  void add_device(uint32_t base, uint32_t size, MmioDevice* dev);
  // Remove the device regions that lie wholly inside [base, base+size) (a guest's munmap).
  void remove_devices(uint32_t base, uint32_t size);

  // Region containing addr, or null: the last one found, else a binary search of the sorted
  // regions (a NIC polling several devices in turn misses the last one every time).
  const Region* find(uint32_t addr) const {
    if (last_ && last_->contains(addr)) return last_;
    return find_uncached(addr);
  }
  // Every byte of [addr, addr+len) is RAM (in one region or several adjacent ones).
  bool is_ram(uint32_t addr, uint32_t len) const;
  // Host pointer for [addr, addr+len) if it lies wholly in one RAM region.
  uint8_t* host_ptr(uint32_t addr, uint32_t len) const;
  const std::vector<Region>& regions() const { return regions_; }

  // Functional (untimed) access used by the loader, gdb and tests. Returns false if any byte is
  // not RAM. Writes invalidate decoded code like any other write.
  bool read_bytes(uint32_t addr, void* dst, uint32_t len) const;
  bool write_bytes(uint32_t addr, const void* src, uint32_t len);
  bool fill_bytes(uint32_t addr, uint8_t value, uint32_t len);
  // Zero [addr, addr+len) and give its whole host pages back to the host: they cost no host
  // memory until written again. Returns false if any byte is not RAM.
  bool discard_bytes(uint32_t addr, uint32_t len);

  // Code tracking for decode caches.
  void add_listener(MemoryListener* l) { listeners_.push_back(l); }
  void remove_listener(MemoryListener* l);
  void mark_code_page(uint32_t page_addr);   // a decode cache read instructions from this page
  bool is_code_page(uint32_t page_addr) const;
  // Pages with load reservations (lwarx): writes there must take the slow path so that other
  // harts' reservations are lost. Reference counted.
  void add_reservation_page(uint32_t page_addr);
  void remove_reservation_page(uint32_t page_addr);
  // Writes to this page must go through note_write (no cached host pointer for stores).
  bool is_slow_write_page(uint32_t page_addr) const {
    return is_code_page(page_addr) || (!reservation_pages_.empty() && has_reservation_page(page_addr));
  }
  // Call after writing [addr, addr+len) by any path other than write_bytes.
  void note_write(uint32_t addr, uint32_t len, const void* writer = nullptr) {
    if (code_pages_ != 0 || !reservation_pages_.empty()) note_write_slow(addr, len, writer);
  }
  // Ask every listener to drop fast mappings (after a region or watchpoint change).
  void drop_all_fast_mappings();

  // The full/empty bits of the RAM at address 0 (PIM memory; made on first use, an empty range if
  // no RAM is there). Every PIM core executing in this space shares them.
  FebMemory& full_empty_bits();

 private:
  const Region* find_uncached(uint32_t addr) const;
  void note_write_slow(uint32_t addr, uint32_t len, const void* writer);
  bool has_reservation_page(uint32_t page_addr) const;

  std::string name_;
  std::vector<Region> regions_;
  struct HostMapping {
    uint8_t* addr;
    uint32_t size;
  };
  std::vector<HostMapping> storage_;
  std::vector<MemoryListener*> listeners_;
  // One bit per 4 KiB page, in 16 MiB chunks allocated when a page of theirs first holds code:
  // an address space (one per Linux process) pays for the code it runs, not for 4 GiB.
  static constexpr unsigned kChunkPageBits = 12;
  uint64_t* code_word(uint32_t page) const;  // the word holding page's bit; null: no chunk yet
  uint64_t* new_code_word(uint32_t page);
  std::vector<std::unique_ptr<uint64_t[]>> code_chunks_;
  uint32_t code_pages_ = 0;
  std::vector<std::pair<uint32_t, uint32_t>> reservation_pages_;  // (page, count); few
  mutable const Region* last_ = nullptr;
  std::unique_ptr<FebMemory> feb_;
};

}  // namespace pimnic
