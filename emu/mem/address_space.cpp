#include "mem/address_space.h"

#include <algorithm>
#include <cstring>
#include <iterator>
#include <stdexcept>
#include <string>

#include <sys/mman.h>
#include <unistd.h>

namespace pimnic {

static bool overlaps(const Region& r, uint32_t base, uint32_t size) {
  uint64_t a0 = r.base, a1 = uint64_t(r.base) + r.size, b0 = base, b1 = uint64_t(base) + size;
  return a0 < b1 && b0 < a1;
}

static void insert_sorted(std::vector<Region>& regions, Region r) {
  for (const Region& x : regions)
    if (overlaps(x, r.base, r.size))
      throw std::invalid_argument("region '" + r.name + "' overlaps '" + x.name + "'");
  auto at = std::lower_bound(regions.begin(), regions.end(), r.base,
                             [](const Region& x, uint32_t b) { return x.base < b; });
  regions.insert(at, std::move(r));
}

const Region* AddressSpace::find_uncached(uint32_t addr) const {
  // The last region starting at or below addr is the only one that can hold it.
  auto after = std::upper_bound(regions_.begin(), regions_.end(), addr,
                                [](uint32_t a, const Region& r) { return a < r.base; });
  if (after == regions_.begin() || !std::prev(after)->contains(addr)) return nullptr;
  return last_ = &*std::prev(after);
}

uint8_t* AddressSpace::add_ram(std::string name, uint32_t base, uint32_t size) {
  if (size == 0 || uint64_t(base) + size > (1ull << 32))
    throw std::invalid_argument("RAM region '" + name + "' does not fit the 32-bit address space");
  // Anonymous mappings are zero-filled lazily by the host kernel: a large machine pays only for
  // the memory its guests touch.
  void* m = mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (m == MAP_FAILED) throw std::invalid_argument("cannot allocate " + std::to_string(size) + " bytes for '" + name + "'");
  auto* p = static_cast<uint8_t*>(m);
  try {
    insert_sorted(regions_, Region{std::move(name), base, size, p, nullptr});
  } catch (...) {
    munmap(m, size);
    throw;
  }
  storage_.push_back(HostMapping{p, size});
  last_ = nullptr;
  drop_all_fast_mappings();
  return p;
}

void AddressSpace::add_device(uint32_t base, uint32_t size, MmioDevice* dev) {
  if (size == 0 || uint64_t(base) + size > (1ull << 32))
    throw std::invalid_argument("device '" + dev->name() + "' does not fit the address space");
  insert_sorted(regions_, Region{dev->name(), base, size, nullptr, dev});
  last_ = nullptr;
  drop_all_fast_mappings();
}

void AddressSpace::remove_devices(uint32_t base, uint32_t size) {
  const uint64_t end = uint64_t(base) + size;
  const auto before = regions_.size();
  std::erase_if(regions_, [&](const Region& r) { return r.device && r.base >= base && uint64_t(r.base) + r.size <= end; });
  if (regions_.size() == before) return;
  last_ = nullptr;
  drop_all_fast_mappings();
}

uint8_t* AddressSpace::host_ptr(uint32_t addr, uint32_t len) const {
  const Region* r = find(addr);
  if (!r || !r->host) return nullptr;
  if (uint64_t(addr - r->base) + len > r->size) return nullptr;
  return r->host + (addr - r->base);
}

template <typename Fn>
static bool for_each_ram_piece(const AddressSpace& as, uint32_t addr, uint32_t len, Fn fn) {
  while (len) {
    const Region* r = as.find(addr);
    if (!r || !r->host) return false;
    uint32_t off = addr - r->base;
    uint32_t n = std::min<uint64_t>(len, uint64_t(r->size) - off);
    fn(r->host + off, n);
    addr += n;
    len -= n;
  }
  return true;
}

bool AddressSpace::is_ram(uint32_t addr, uint32_t len) const {
  return for_each_ram_piece(*this, addr, len, [](uint8_t*, uint32_t) {});
}

bool AddressSpace::read_bytes(uint32_t addr, void* dst, uint32_t len) const {
  auto* out = static_cast<uint8_t*>(dst);
  return for_each_ram_piece(*this, addr, len, [&](uint8_t* p, uint32_t n) {
    std::memcpy(out, p, n);
    out += n;
  });
}

bool AddressSpace::write_bytes(uint32_t addr, const void* src, uint32_t len) {
  auto* in = static_cast<const uint8_t*>(src);
  bool ok = for_each_ram_piece(*this, addr, len, [&](uint8_t* p, uint32_t n) {
    std::memcpy(p, in, n);
    in += n;
  });
  note_write(addr, len);
  return ok;
}

bool AddressSpace::fill_bytes(uint32_t addr, uint8_t value, uint32_t len) {
  bool ok = for_each_ram_piece(*this, addr, len,
                               [&](uint8_t* p, uint32_t n) { std::memset(p, value, n); });
  note_write(addr, len);
  return ok;
}

bool AddressSpace::discard_bytes(uint32_t addr, uint32_t len) {
  static const uintptr_t host_page = uintptr_t(sysconf(_SC_PAGESIZE));
  bool ok = for_each_ram_piece(*this, addr, len, [&](uint8_t* p, uint32_t n) {
    // Whole host pages go back to the kernel (a private anonymous mapping reads as zero after
    // MADV_DONTNEED); the partial pages at either end are cleared by hand.
    uintptr_t lo = (uintptr_t(p) + host_page - 1) & ~(host_page - 1), hi = (uintptr_t(p) + n) & ~(host_page - 1);
    if (lo >= hi || madvise(reinterpret_cast<void*>(lo), hi - lo, MADV_DONTNEED) != 0) {
      std::memset(p, 0, n);
      return;
    }
    std::memset(p, 0, lo - uintptr_t(p));
    std::memset(reinterpret_cast<uint8_t*>(hi), 0, uintptr_t(p) + n - hi);
  });
  note_write(addr, len);
  return ok;
}

AddressSpace::~AddressSpace() {
  for (const HostMapping& m : storage_) munmap(m.addr, m.size);
}

void AddressSpace::remove_listener(MemoryListener* l) {
  listeners_.erase(std::remove(listeners_.begin(), listeners_.end(), l), listeners_.end());
}

uint64_t* AddressSpace::code_word(uint32_t page) const {
  const uint32_t chunk = page >> kChunkPageBits;
  if (code_chunks_.empty() || !code_chunks_[chunk]) return nullptr;
  return &code_chunks_[chunk][(page & ((1u << kChunkPageBits) - 1)) / 64];
}

uint64_t* AddressSpace::new_code_word(uint32_t page) {
  if (code_chunks_.empty()) code_chunks_.resize(size_t(1) << (32 - kPageBits - kChunkPageBits));
  std::unique_ptr<uint64_t[]>& c = code_chunks_[page >> kChunkPageBits];
  if (!c) c.reset(new uint64_t[(1u << kChunkPageBits) / 64]());
  return code_word(page);
}

void AddressSpace::mark_code_page(uint32_t page_addr) {
  uint32_t page = page_addr >> kPageBits;
  uint64_t* word = new_code_word(page);
  uint64_t bit = 1ull << (page & 63);
  if (*word & bit) return;
  *word |= bit;
  ++code_pages_;
  // Stores to this page must now take the slow path so that they can invalidate decoded code.
  for (MemoryListener* l : listeners_) l->drop_fast_mapping(page_addr & ~(kPageSize - 1));
}

bool AddressSpace::is_code_page(uint32_t page_addr) const {
  if (code_pages_ == 0) return false;
  uint32_t page = page_addr >> kPageBits;
  const uint64_t* word = code_word(page);
  return word && (*word >> (page & 63) & 1);
}

void AddressSpace::add_reservation_page(uint32_t page_addr) {
  page_addr &= ~(kPageSize - 1);
  for (auto& [p, n] : reservation_pages_)
    if (p == page_addr) return void(++n);
  reservation_pages_.emplace_back(page_addr, 1);
  for (MemoryListener* l : listeners_) l->drop_fast_mapping(page_addr);
}

void AddressSpace::remove_reservation_page(uint32_t page_addr) {
  page_addr &= ~(kPageSize - 1);
  for (size_t i = 0; i < reservation_pages_.size(); ++i)
    if (reservation_pages_[i].first == page_addr && --reservation_pages_[i].second == 0) {
      reservation_pages_.erase(reservation_pages_.begin() + long(i));
      return;
    }
}

bool AddressSpace::has_reservation_page(uint32_t page_addr) const {
  page_addr &= ~(kPageSize - 1);
  for (const auto& [p, n] : reservation_pages_)
    if (p == page_addr) return true;
  return false;
}

void AddressSpace::note_write_slow(uint32_t addr, uint32_t len, const void* writer) {
  if (len == 0) return;
  if (!reservation_pages_.empty()) {
    uint32_t last_byte = uint32_t(std::min<uint64_t>(uint64_t(addr) + len - 1, 0xFFFFFFFFu));
    if (has_reservation_page(addr) || has_reservation_page(last_byte))
      for (MemoryListener* l : listeners_) l->reserved_page_written(addr, len, writer);
  }
  if (code_pages_ == 0) return;
  uint32_t first = addr >> kPageBits, last = uint32_t((uint64_t(addr) + len - 1) >> kPageBits);
  for (uint64_t page = first; page <= last && page < (1u << (32 - kPageBits)); ++page) {
    uint64_t bit = 1ull << (page & 63);
    uint64_t* word = code_word(uint32_t(page));
    if (!word) {  // no code anywhere in this chunk: skip to the next
      page |= (1u << kChunkPageBits) - 1;
      continue;
    }
    if (!(*word & bit)) continue;
    *word &= ~bit;
    --code_pages_;
    for (MemoryListener* l : listeners_) l->code_page_written(uint32_t(page << kPageBits));
  }
}

FebMemory& AddressSpace::full_empty_bits() {
  if (!feb_) {
    feb_ = std::make_unique<FebMemory>();
    for (const Region& r : regions_)
      if (r.host && r.contains(0)) *feb_ = FebMemory(r.base, r.size);
  }
  return *feb_;
}

void AddressSpace::drop_all_fast_mappings() {
  for (MemoryListener* l : listeners_) l->drop_fast_mapping(~0u);
}

}  // namespace pimnic
