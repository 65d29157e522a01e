#include "core/context_ids.h"

namespace pimnic::mpi {

void ContextIdPool::reset(uint32_t pairs) {
  if (pairs > kMaxPairs) pairs = kMaxPairs;
  for (uint32_t w = 0; w < kWords; ++w) {
    const uint32_t first = w * 32;
    free_[w] = pairs >= first + 32 ? ~0u : pairs > first ? (1u << (pairs - first)) - 1 : 0u;
  }
}

void ContextIdPool::claim(uint32_t pair) { free_[pair / 32] &= ~(1u << (pair % 32)); }

void ContextIdPool::release(uint32_t pair) { free_[pair / 32] |= 1u << (pair % 32); }

bool ContextIdPool::is_free(uint32_t pair) const { return pair < kMaxPairs && (free_[pair / 32] >> (pair % 32)) & 1; }

int ContextIdPool::lowest_free(const uint32_t* agreed) {
  for (uint32_t w = 0; w < kWords; ++w) {
    if (agreed[w]) return int(w * 32 + uint32_t(__builtin_ctz(agreed[w])));
  }
  return -1;
}

ContextIdPool& context_ids() {
  static ContextIdPool pool;
  return pool;
}

}  // namespace pimnic::mpi
