/* NIC loopback copy (nlbc_protocol.h) on the conventional NIC core: each command's bytes go from
 * host memory to an SRAM staging buffer (DMA host->NIC) and back to host memory at the destination
 * (DMA NIC->host), a fragment at a time, with two staging buffers so that the two engines work at
 * once -- the path a self-connected NIC's DMA takes, without the wire. */
#include <pimnic/dma.h>
#include <pimnic/host_interface.h>
#include <stdio.h>

#include "nlbc_protocol.h"

#define FRAG 4096u
#define STAGING 2u

static struct pimnic_dma_desc h2n_ring[8] __attribute__((aligned(16)));
static struct pimnic_dma_desc n2h_ring[8] __attribute__((aligned(16)));
static uint8_t staging[STAGING][FRAG] __attribute__((aligned(32)));
static struct pimnic_dma h2n, n2h;
extern char _end[];

static void copy(const struct nlbc_cmd* c) {
  uint32_t out_ticket[STAGING] = {0, 0};
  int busy[STAGING] = {0, 0};
  for (uint32_t off = 0, k = 0; off < c->length; off += FRAG, k = (k + 1) % STAGING) {
    const uint32_t n = c->length - off < FRAG ? c->length - off : FRAG;
    if (busy[k]) pimnic_dma_wait(&n2h, out_ticket[k]); /* the buffer's previous fragment has left */
    pimnic_dma_wait(&h2n, pimnic_dma_post(&h2n, c->src + off, (uint32_t)(uintptr_t)staging[k], n));
    out_ticket[k] = pimnic_dma_post(&n2h, c->dst + off, (uint32_t)(uintptr_t)staging[k], n);
    busy[k] = 1;
  }
  for (uint32_t k = 0; k < STAGING; ++k)
    if (busy[k]) pimnic_dma_wait(&n2h, out_ticket[k]);
  pimnic_hif_complete(NLBC_DONE, c->tag, c->length, 0);
}

int main(void) {
  if ((uintptr_t)_end > NLBC_RING_SRAM) {
    printf("ioat-nlbc-nic: image too large for the command ring at 0x%x\n", (unsigned)NLBC_RING_SRAM);
    return 1;
  }
  pimnic_dma_init(&h2n, PIMNIC_DMA_H2N_BASE, h2n_ring, 8);
  pimnic_dma_init(&n2h, PIMNIC_DMA_N2H_BASE, n2h_ring, 8);
  const volatile struct nlbc_cmd* ring = (const volatile struct nlbc_cmd*)(uintptr_t)NLBC_RING_SRAM;
  for (;;) {
    if (!pimnic_hif_doorbells()) continue;
    const volatile struct nlbc_cmd* v = &ring[pimnic_hif_pop_doorbell() % NLBC_ENTRIES];
    const struct nlbc_cmd c = {v->src, v->dst, v->length, v->tag};
    copy(&c);
  }
}
