/* IPC by NIC loopback (NLBC, seed ioat-async-copy-engine.txt, Fig. 9): process A's buffer goes to
 * process B's buffer through the node's own NIC -- DMA to NIC SRAM and back (nlbc_protocol.h).
 * Run on a one-node machine:
 *   pimnic run --machine table1-conv --set machine.nodes=1 --image n0.host=ioat-nlbc-host.elf \
 *              --image n0.nic=ioat-nlbc-nic.elf
 * Prints "row size_B=... messages=... latency_ns=... bandwidth_MBps=..." for one message and for a
 * window of WINDOW messages at each size; exit 1 if a byte arrives wrong. */
#include <pimnic/host_interface.h>
#include <pimnic/timer.h>
#include <stdio.h>
#include <string.h>

#include "nlbc_protocol.h"

#define MAX_SIZE (4u << 20)
#define WINDOW 8u
static uint8_t src[MAX_SIZE] __attribute__((aligned(4096)));
static uint8_t dst[MAX_SIZE] __attribute__((aligned(4096)));

static struct pimnic_completion cq[NLBC_ENTRIES] __attribute__((aligned(64)));
static struct pimnic_hif_host hif;
static uint32_t seq;

/* A (the sender) and B (the receiver) have both posted: the command goes to the NIC. */
static void post(uint32_t size, uint32_t tag) {
  volatile uint32_t* w = pimnic_nic_window(NLBC_RING_SRAM + (seq % NLBC_ENTRIES) * sizeof(struct nlbc_cmd));
  w[0] = (uint32_t)(uintptr_t)src;
  w[1] = (uint32_t)(uintptr_t)dst;
  w[2] = size;
  w[3] = tag;
  pimnic_hif_doorbell(seq++);
}

static void await(uint32_t tag) {
  struct pimnic_completion c;
  do pimnic_hif_wait(&hif, &c);
  while (c.word[0] != NLBC_DONE || c.word[1] != tag);
}

/* n messages of size bytes from src to dst through the NIC; returns the time in ns. */
static uint64_t transfer(uint32_t size, uint32_t n, uint32_t* tag) {
  const uint32_t first = *tag;
  const uint64_t t0 = pimnic_time_ns();
  for (uint32_t i = 0; i < n; ++i) post(size, first + i);
  for (uint32_t i = 0; i < n; ++i) await(first + i); /* B waits */
  const uint64_t t = pimnic_time_ns() - t0;
  *tag = first + n;
  return t;
}

int main(void) {
  static const uint32_t sizes[] = {1u << 10, 4u << 10, 16u << 10, 64u << 10, 256u << 10, 1u << 20, 4u << 20};
  pimnic_hif_host_init(&hif, cq, NLBC_ENTRIES);
  for (uint32_t i = 0; i < MAX_SIZE; ++i) src[i] = (uint8_t)(i * 7u + (i >> 12));
  uint32_t tag = 1;
  for (unsigned s = 0; s < sizeof sizes / sizeof sizes[0]; ++s) {
    const uint32_t size = sizes[s];
    (void)transfer(size, 1, &tag); /* warm: caches, the NIC's buffers */
    for (uint32_t n = 1; n <= WINDOW; n *= WINDOW) {
      memset(dst, 0, size);
      const uint64_t ns = transfer(size, n, &tag);
      if (memcmp(src, dst, size)) {
        printf("ioat-nlbc: a %u-byte message arrived wrong\n", (unsigned)size);
        return 1;
      }
      printf("row size_B=%u messages=%u latency_ns=%.1f bandwidth_MBps=%.1f\n", (unsigned)size, (unsigned)n,
             (double)ns / n, (double)size * n / (double)ns * 1e3);
    }
  }
  return 0;
}
