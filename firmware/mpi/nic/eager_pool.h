// The NIC SRAM that holds eager data: unexpected messages' payloads until a receive takes them,
// and sent eager messages until the receiver acknowledges them (so that they can be sent again
// after a NACK). Fixed granules, first fit, a bitmap: allocation never moves anything.
#pragma once
#include <cstdint>

#include "config.h"

namespace nic {

class EagerPool {
 public:
  // storage: kEagerChunks * kEagerChunk bytes (its contents do not matter).
  void init(uint8_t* storage) { bytes_ = storage; }
  // The address of `bytes` of contiguous buffer (at least one granule), or 0 when none is free.
  uint32_t alloc(uint32_t bytes, uint16_t& chunks);
  void free(uint32_t addr, uint16_t chunks);
  uint32_t used_chunks() const { return used_; }
  static constexpr uint32_t chunks_for(uint32_t bytes) { return bytes ? (bytes + kEagerChunk - 1) / kEagerChunk : 1; }

 private:
  bool taken(uint32_t i) const { return map_[i / 32] >> (i % 32) & 1; }
  void mark(uint32_t first, uint32_t n, bool on);
  uint8_t* bytes_ = nullptr;
  uint32_t map_[(kEagerChunks + 31) / 32] = {};
  uint32_t used_ = 0;
};

}  // namespace nic
