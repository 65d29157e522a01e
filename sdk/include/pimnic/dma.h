/* NIC DMA engines (memmap.h DMA_*): a ring of descriptors in NIC SRAM per engine. Post returns a
 * ticket; the descriptor is complete once the engine's head has passed it. */
#ifndef PIMNIC_DMA_H
#define PIMNIC_DMA_H
#include <stdint.h>

#include "pimnic/memmap.h"
#include "pimnic/mmio.h"

struct pimnic_dma_desc {
  uint32_t host_addr;
  uint32_t nic_addr;
  uint32_t length;
  volatile uint32_t status; /* 0 posted; DMA_DESC_DONE (| DMA_DESC_ERROR) */
};

struct pimnic_dma {
  uint32_t regs;                 /* PIMNIC_DMA_H2N_BASE or PIMNIC_DMA_N2H_BASE */
  struct pimnic_dma_desc* ring;  /* in NIC SRAM, 16-byte aligned */
  uint32_t entries;              /* power of two */
  uint32_t tail;
};

static inline void pimnic_dma_init(struct pimnic_dma* d, uint32_t regs, struct pimnic_dma_desc* ring, uint32_t entries) {
  d->regs = regs;
  d->ring = ring;
  d->entries = entries;
  d->tail = 0;
  pimnic_mmio_write32(regs + DMA_RING_BASE, (uint32_t)(uintptr_t)ring);
  pimnic_mmio_write32(regs + DMA_RING_ENTRIES, entries);
}

static inline uint32_t pimnic_dma_head(const struct pimnic_dma* d) { return pimnic_mmio_read32(d->regs + DMA_HEAD); }

/* Queue a transfer (waits while the ring is full); returns its ticket. */
static inline uint32_t pimnic_dma_post(struct pimnic_dma* d, uint32_t host_addr, uint32_t nic_addr, uint32_t length) {
  while (d->tail - pimnic_dma_head(d) >= d->entries) {
  }
  struct pimnic_dma_desc* e = &d->ring[d->tail & (d->entries - 1)];
  e->host_addr = host_addr;
  e->nic_addr = nic_addr;
  e->length = length;
  e->status = 0;
  uint32_t ticket = d->tail++;
  pimnic_mmio_write32(d->regs + DMA_TAIL, d->tail);
  return ticket;
}

static inline int pimnic_dma_done(const struct pimnic_dma* d, uint32_t ticket) {
  return (int32_t)(pimnic_dma_head(d) - ticket) > 0;
}
/* Wait for the transfer; returns its status word. */
static inline uint32_t pimnic_dma_wait(const struct pimnic_dma* d, uint32_t ticket) {
  while (!pimnic_dma_done(d, ticket)) {
  }
  return d->ring[ticket & (d->entries - 1)].status;
}

#endif
