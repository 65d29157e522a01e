// DmaQueue's out-of-line members: included by the one .cpp that instantiates the queue for a job
// type (dma_queue.h says why).
#pragma once
#include "dma_queue.h"

namespace nic {

template <typename Job>
void DmaQueue<Job>::init(uint32_t regs) {
  pimnic_dma_init(&dma_, regs, ring_, kDmaRing);
  pimnic_mmio_write32(regs + DMA_IRQ_ENABLE, 1);  // a completion wakes the idle core
  head_ = tail_ = 0;
}

template <typename Job>
void DmaQueue<Job>::post(uint32_t host_addr, uint32_t sram_addr, uint32_t length, const Job& job) {
  jobs_[tail_ & (kDmaRing - 1)] = job;
  ++tail_;
  pimnic_dma_post(&dma_, host_addr, sram_addr, length);
}

}  // namespace nic
