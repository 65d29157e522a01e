// One of the NIC's DMA engines (host -> SRAM or SRAM -> host) as a queue of jobs: each posted
// descriptor carries what to do when it completes, and reap() hands the completed ones back in
// order (the engine completes descriptors in order).
#pragma once
#include <cstdint>

#include <pimnic/dma.h>

#include "config.h"
#include "request.h"

namespace nic {

enum class DmaOp : uint8_t {
  StageEager,      // h2n: a sent eager message into the eager buffer
  StageFragment,   // h2n: a rendezvous fragment into a staging buffer (arg: staging slot)
  DeliverPacket,   // n2h: a received packet's payload to the host (arg: the held receive buffer)
  DeliverBuffered, // n2h: an unexpected message's eager data to the host (arg: the unexpected request)
};

struct DmaJob {
  DmaOp op;
  Request* req;
  uint32_t arg;
  uint32_t length;
};

class DmaQueue {
 public:
  void init(uint32_t regs);
  bool full() const { return tail_ - head_ >= kDmaRing; }
  bool busy() const { return tail_ != head_; }
  void post(uint32_t host_addr, uint32_t sram_addr, uint32_t length, const DmaJob& job);
  // Calls done(job, status) for every completed descriptor, oldest first; returns how many.
  template <typename F>
  unsigned reap(F&& done) {
    if (head_ == tail_) return 0;
    const uint32_t engine_head = pimnic_dma_head(&dma_);
    unsigned n = 0;
    while (head_ != engine_head) {
      const uint32_t slot = head_ & (kDmaRing - 1);
      ++head_;
      ++n;
      done(jobs_[slot], ring_[slot].status);
    }
    return n;
  }
  void ack_irq() { pimnic_mmio_write32(dma_.regs + DMA_IRQ_STATUS, 3); }

 private:
  struct pimnic_dma dma_;
  alignas(16) struct pimnic_dma_desc ring_[kDmaRing];
  DmaJob jobs_[kDmaRing];
  uint32_t head_ = 0, tail_ = 0;
};

}  // namespace nic
