#include "eager_pool.h"

namespace nic {

void EagerPool::mark(uint32_t first, uint32_t n, bool on) {
  for (uint32_t i = first; i < first + n; ++i) {
    if (on) map_[i / 32] |= 1u << (i % 32);
    else map_[i / 32] &= ~(1u << (i % 32));
  }
}

uint32_t EagerPool::alloc(uint32_t bytes, uint16_t& chunks) {
  const uint32_t n = chunks_for(bytes);
  if (n == 1) {  // most messages: the first free granule, a word at a time
    for (uint32_t w = 0; w < (kEagerChunks + 31) / 32; ++w) {
      if (map_[w] == 0xFFFFFFFFu) continue;
      const uint32_t i = w * 32 + uint32_t(__builtin_ctz(~map_[w]));
      if (i >= kEagerChunks) break;
      map_[w] |= 1u << (i % 32);
      ++used_;
      chunks = 1;
      return uint32_t(uintptr_t(bytes_ + i * kEagerChunk));
    }
    return 0;
  }
  uint32_t run = 0;
  for (uint32_t i = 0; i < kEagerChunks; ++i) {
    if (!(i % 32) && map_[i / 32] == 0xFFFFFFFFu) {  // a full word: skip it
      run = 0;
      i += 31;
      continue;
    }
    run = taken(i) ? 0 : run + 1;
    if (run == n) {
      const uint32_t first = i + 1 - n;
      mark(first, n, true);
      used_ += n;
      chunks = uint16_t(n);
      return uint32_t(uintptr_t(bytes_ + first * kEagerChunk));
    }
  }
  return 0;
}

void EagerPool::free(uint32_t addr, uint16_t chunks) {
  const uint32_t first = (addr - uint32_t(uintptr_t(bytes_))) / kEagerChunk;
  mark(first, chunks, false);
  used_ -= chunks;
}

}  // namespace nic
