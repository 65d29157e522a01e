/* The host interface (memmap.h HIF_*): host side (doorbells, the completion ring in host memory,
 * the NIC SRAM window) and NIC side (doorbell FIFO, completion pushes). */
#ifndef PIMNIC_HOST_INTERFACE_H
#define PIMNIC_HOST_INTERFACE_H
#include <stdint.h>

#include "pimnic/memmap.h"
#include "pimnic/mmio.h"

struct pimnic_completion {
  uint32_t word[4];
};

/* ---- host side ---- */
struct pimnic_hif_host {
  volatile struct pimnic_completion* ring; /* in host memory */
  uint32_t entries;                        /* power of two */
  uint32_t head;                           /* entries consumed */
};

static inline void pimnic_hif_host_init(struct pimnic_hif_host* h, struct pimnic_completion* ring, uint32_t entries) {
  h->ring = ring;
  h->entries = entries;
  h->head = 0;
  pimnic_mmio_write32(PIMNIC_HIF_HOST_BASE + HIF_H_CQ_BASE, (uint32_t)(uintptr_t)ring);
  pimnic_mmio_write32(PIMNIC_HIF_HOST_BASE + HIF_H_CQ_ENTRIES, entries);
}
/* A pointer into the NIC's SRAM as the host writes it (programmed I/O). */
static inline volatile uint32_t* pimnic_nic_window(uint32_t sram_addr) {
  return (volatile uint32_t*)(uintptr_t)(PIMNIC_NIC_WINDOW_BASE + sram_addr);
}
static inline void pimnic_hif_doorbell(uint32_t value) { pimnic_mmio_write32(PIMNIC_HIF_HOST_BASE + HIF_H_DOORBELL, value); }
/* Take the next completion if there is one (returns 1 and copies it out). */
static inline int pimnic_hif_poll(struct pimnic_hif_host* h, struct pimnic_completion* out) {
  if (pimnic_mmio_read32(PIMNIC_HIF_HOST_BASE + HIF_H_CQ_TAIL) == h->head) return 0;
  volatile struct pimnic_completion* e = &h->ring[h->head & (h->entries - 1)];
  for (int i = 0; i < 4; ++i) out->word[i] = e->word[i];
  ++h->head;
  pimnic_mmio_write32(PIMNIC_HIF_HOST_BASE + HIF_H_CQ_HEAD, h->head);
  return 1;
}
static inline void pimnic_hif_wait(struct pimnic_hif_host* h, struct pimnic_completion* out) {
  while (!pimnic_hif_poll(h, out)) {
  }
}

/* ---- NIC side ---- */
static inline uint32_t pimnic_hif_doorbells(void) { return pimnic_mmio_read32(PIMNIC_HIF_NIC_BASE + HIF_N_DOORBELL_COUNT); }
static inline uint32_t pimnic_hif_pop_doorbell(void) { return pimnic_mmio_read32(PIMNIC_HIF_NIC_BASE + HIF_N_DOORBELL_POP); }
/* Post a completion to the host's ring (waits for room). */
static inline void pimnic_hif_complete(uint32_t w0, uint32_t w1, uint32_t w2, uint32_t w3) {
  while (pimnic_mmio_read32(PIMNIC_HIF_NIC_BASE + HIF_N_CQ_SPACE) == 0) {
  }
  pimnic_mmio_write32(PIMNIC_HIF_NIC_BASE + HIF_N_CQ_WORD0, w0);
  pimnic_mmio_write32(PIMNIC_HIF_NIC_BASE + HIF_N_CQ_WORD1, w1);
  pimnic_mmio_write32(PIMNIC_HIF_NIC_BASE + HIF_N_CQ_WORD2, w2);
  pimnic_mmio_write32(PIMNIC_HIF_NIC_BASE + HIF_N_CQ_WORD3, w3);
  pimnic_mmio_write32(PIMNIC_HIF_NIC_BASE + HIF_N_CQ_PUSH, 1);
}

#endif
