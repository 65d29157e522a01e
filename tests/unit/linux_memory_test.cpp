// Linux guest memory: the interval bookkeeping, qemu's mmap placement (against a page-by-page
// transcription of qemu 7.2's search), and host memory that follows what the guest touches.
#include <doctest/doctest.h>
#include <unistd.h>

#include <sys/mman.h>

#include <random>
#include <set>

#include "linux/guest_memory.h"
#include "linux/page_ranges.h"

using namespace pimnic;
using namespace pimnic::linux_user;

namespace {

// qemu-user 7.2's mmap_find_vma_reserved, page by page over a set of mapped pages: the reference.
uint32_t reference_find(const std::set<uint32_t>& used, uint32_t& next, uint32_t start, uint32_t len) {
  uint64_t size64 = page_up(len);
  if (size64 == 0 || size64 > kReservedVa) return kNoAddr;
  uint32_t size = uint32_t(size64);
  start = start == 0 ? next : (start & ~(kPageSize - 1));
  uint32_t end_addr = start + size;
  bool looped = false;
  if (start > kReservedVa - size) {
    end_addr = ((kReservedVa - size) & ~(kPageSize - 1)) + size;
    looped = true;
  }
  uint32_t addr = end_addr;
  for (;;) {
    addr -= kPageSize;
    if (addr > end_addr) {
      if (looped) return kNoAddr;
      addr = end_addr = ((kReservedVa - size) & ~(kPageSize - 1)) + size;
      looped = true;
    } else if (used.count(addr)) {
      addr = end_addr = ((addr - size) & ~(kPageSize - 1)) + size;
    } else if (addr && addr + size == end_addr) {
      if (start == next) next = addr;
      return addr;
    }
  }
}

// Host bytes resident behind guest [addr, addr+len) (mincore on the RAM behind each page).
uint64_t resident(AddressSpace& as, uint32_t addr, uint32_t len) {
  uint64_t n = 0;
  for (uint64_t a = addr; a < uint64_t(addr) + len; a += kPageSize) {
    uint8_t* p = as.host_ptr(uint32_t(a), kPageSize);
    unsigned char in = 0;
    if (p && mincore(p, kPageSize, &in) == 0 && (in & 1)) n += kPageSize;
  }
  return n;
}

}  // namespace

TEST_CASE("page ranges: assign splits, erases and merges") {
  PageRanges r;
  r.assign(0x1000, 0x9000, 3);
  CHECK(r.pieces() == 1);
  r.assign(0x3000, 0x5000, 5);
  CHECK(r.pieces() == 3);
  CHECK(r.at(0x2fff) == 3);
  CHECK(r.at(0x3000) == 5);
  CHECK(r.at(0x5000) == 3);
  r.assign(0x3000, 0x5000, 3);  // merges back into one
  CHECK(r.pieces() == 1);
  r.assign(0x0, 0x2000, 0);
  CHECK(r.at(0x1000) == 0);
  CHECK(r.at(0x2000) == 3);
  CHECK(r.covers(0x2000, 0x9000));
  CHECK(!r.covers(0x1000, 0x9000));
  CHECK(r.any(0x8fff, 0xa000));
  CHECK(!r.any(0x9000, 0xa000));
  r.assign(0xa000, 0xb000, 3);
  CHECK(r.end_below(0xa000) == 0x9000);
  CHECK(r.start_above(0x9000) == 0xa000);
  CHECK(r.highest_overlapping(0, 0x100000)->lo == 0xa000);
  CHECK(r.pieces() == 2);
  r.assign(0, 1ull << 32, 0);
  CHECK(r.pieces() == 0);
}

TEST_CASE("page ranges: random assignments agree with a page array") {
  std::mt19937 rng(7);
  PageRanges r;
  std::vector<uint8_t> pages(256, 0);
  for (int i = 0; i < 3000; ++i) {
    uint32_t a = rng() % 256, b = a + rng() % 24;
    if (b > 256) b = 256;
    uint8_t v = uint8_t(rng() % 4);
    r.assign(uint64_t(a) << 12, uint64_t(b) << 12, v);
    for (uint32_t p = a; p < b; ++p) pages[p] = v;
    uint32_t q = rng() % 256;
    REQUIRE(r.at(uint64_t(q) << 12) == pages[q]);
  }
  for (uint32_t p = 0; p < 256; ++p) CHECK(r.at(uint64_t(p) << 12) == pages[p]);
  // Merged: no two touching pieces hold the same value.
  size_t runs = 0;
  for (uint32_t p = 0; p < 256; ++p) runs += pages[p] && (p == 0 || pages[p - 1] != pages[p]);
  CHECK(r.pieces() == runs);
}

TEST_CASE("guest memory: placement is qemu's page-by-page search") {
  std::mt19937 rng(11);
  AddressSpace as("t");
  GuestMemory m(as);
  std::set<uint32_t> used;
  uint32_t next = kTaskUnmappedBase;
  for (int i = 0; i < 400; ++i) {
    uint32_t len = (rng() % 3 == 0) ? (rng() % 64 + 1) << 20 : (rng() % 16 + 1) << 12;
    uint32_t hint = rng() % 4 == 0 ? (rng() % 0xfff00) << 12 : 0;
    uint32_t want = reference_find(used, next, hint, len);
    uint32_t got = m.find_free(hint, len);
    REQUIRE(got == want);
    REQUIRE(m.mmap_next() == next);
    if (got == kNoAddr) continue;
    if (rng() % 5 == 0) {
      // Unmap part of something mapped earlier.
      uint32_t at = got + (rng() % 4) * kPageSize;
      m.unmap(at, kPageSize * 2);
      for (uint32_t p = at; p < at + 2 * kPageSize; p += kPageSize) used.erase(p);
    } else {
      m.map(got, len, 3);
      for (uint64_t p = got; p < got + page_up(len); p += kPageSize) used.insert(uint32_t(p));
    }
  }
  CHECK(m.regions_added() < 200);
}

TEST_CASE("guest memory: host memory follows what the guest touches") {
  AddressSpace as("t");
  GuestMemory m(as);
  // 1 GiB mapped, untouched: no host memory behind it.
  const uint32_t big = m.find_free(0, 1u << 30), span = 64u << 20;
  m.map(big, 1u << 30, 3);
  CHECK(resident(as, big, span) == 0);
  // Touching 16 MiB costs about 16 MiB; unmapping gives it back, and it reads as zero.
  std::vector<uint8_t> ones(1u << 20, 1);
  for (uint32_t off = 0; off < (16u << 20); off += 1u << 20) CHECK(as.write_bytes(big + off, ones.data(), 1u << 20));
  CHECK(resident(as, big, span) == (16u << 20));
  m.unmap(big, 16u << 20);
  CHECK(resident(as, big, span) == 0);
  uint8_t b = 0xAA;
  CHECK(as.read_bytes(big + 4096, &b, 1));
  CHECK(b == 0);
  // Mapping over touched pages gives zeros, not the old bytes.
  CHECK(as.write_bytes(big + (32u << 20), ones.data(), 4096));
  m.map(big + (32u << 20), 4096, 3);
  CHECK(as.read_bytes(big + (32u << 20) + 100, &b, 1));
  CHECK(b == 0);
  // The bookkeeping is a handful of pieces, whatever the size mapped.
  CHECK(m.bookkeeping_pieces() < 8);
}
