// One of the NIC's DMA engines (host -> SRAM or SRAM -> host) as a queue of jobs: each posted
// descriptor carries a Job (the firmware's own record of what to do when it completes), and reap()
// hands the completed ones back in order (the engine completes descriptors in order).
// init() and post() are defined in dma_queue_impl.h: a firmware instantiates the queue once for its
// job type in one .cpp (`template class nic::DmaQueue<MyJob>;`, see firmware/mpi/nic/dma_job.cpp)
// and declares it `extern template` beside the job type, so post() stays one function.
#pragma once
#include <cstdint>

#include <pimnic/dma.h>

#include "capacities.h"

namespace nic {

template <typename Job>
class DmaQueue {
 public:
  void init(uint32_t regs);
  bool full() const { return tail_ - head_ >= kDmaRing; }
  bool busy() const { return tail_ != head_; }
  void post(uint32_t host_addr, uint32_t sram_addr, uint32_t length, const Job& job);
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
  Job jobs_[kDmaRing];
  uint32_t head_ = 0, tail_ = 0;
};

}  // namespace nic
