/* The host's copy engine (docs/copy-engine.md), in the terms of the I/OAT paper's user interface
 * (seed ioat-async-copy-engine.txt, Table 1):
 *
 *   adma_copy(src, dst, len)   pimnic_copy(dst, src, len)             blocking copy
 *   adma_ncpy(src, dst, len)   pimnic_copy_async(dst, src, len)       non-blocking; returns a cookie
 *   adma_check_copy(cookie)    pimnic_copy_check(cookie)              1 when complete, else 0
 *   adma_wait_copy(cookie)     pimnic_copy_wait(cookie)               waits; returns the status
 *
 * plus fill and compare, and pimnic_copy_post() for a raw descriptor (batch, fence, interrupt).
 * Operations go to the channels in turn (round-robin, as the paper's library does); the engine
 * splits each transfer at page boundaries itself. Completion is by polling the operation's
 * completion record in memory (no device access). Host profile only; one hardware thread.
 *
 * Return values: 0 on success, else the COPY_STATUS_* code of the completion record (see
 * pimnic/copy_engine_regs.h), or -1 when the engine is missing or the arguments are unusable.
 *
 *   pimnic_copy_init(0);                                   // every channel
 *   pimnic_copy_cookie k = pimnic_copy_async(dst, src, n);
 *   compute();
 *   if (pimnic_copy_wait(k) != 0) fail();
 */
#ifndef PIMNIC_COPY_ENGINE_H
#define PIMNIC_COPY_ENGINE_H
#include <stddef.h>
#include <stdint.h>

#include "pimnic/memmap.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A descriptor as the engine reads it (64 bytes, big-endian like the core). */
typedef struct pimnic_copy_desc {
  uint32_t reserved0;
  uint32_t opflags;    /* opcode << 24 | flags */
  uint64_t completion; /* completion-record address */
  uint64_t src;        /* fill: pattern; batch: descriptor array */
  uint64_t dst;
  uint32_t size;       /* bytes; batch: descriptors */
  uint32_t reserved1[7];
} __attribute__((aligned(64))) pimnic_copy_desc;

/* A completion record as the engine writes it (32 bytes, 32-byte aligned). */
typedef struct pimnic_copy_completion {
  volatile uint8_t status;  /* COPY_STATUS_*; 0 until complete */
  volatile uint8_t result;  /* compare: 0 equal, 1 different */
  uint16_t reserved0;
  volatile uint32_t bytes;  /* bytes completed; compare: offset of the first difference */
  volatile uint64_t fault_addr;
  volatile uint32_t descs;  /* batch: descriptors completed successfully */
  uint32_t reserved1;
  volatile uint64_t time_ns; /* simulated time of completion */
} __attribute__((aligned(32))) pimnic_copy_completion;

/* Non-negative: an operation in flight (channel in the low 4 bits, ring position above). */
typedef int32_t pimnic_copy_cookie;

#define PIMNIC_COPY_RING_ENTRIES 64 /* descriptors per channel ring */
#define PIMNIC_COPY_SDK_CHANNELS 8  /* channels the driver uses at most */

/* Sets up the rings of the first `channels` channels (0: all the engine has, up to
 * PIMNIC_COPY_SDK_CHANNELS) and returns how many it uses; 0 if there is no copy engine.
 * Call again to change the number (waits for everything in flight first). */
unsigned pimnic_copy_init(unsigned channels);

int pimnic_copy(void* dst, const void* src, size_t len);
pimnic_copy_cookie pimnic_copy_async(void* dst, const void* src, size_t len);
int pimnic_copy_check(pimnic_copy_cookie cookie);
/* Waits by polling the completion record. An operation's record is reused after
 * PIMNIC_COPY_RING_ENTRIES further operations on its channel (posting waits for the slot to be
 * retired); a cookie that old is complete and wait returns 0 for it, its status lost (an error
 * still counts in the channel's COPY_CH_ERRORS register). */
int pimnic_copy_wait(pimnic_copy_cookie cookie);

/* dst gets the 8 bytes of `pattern` (big-endian, as a uint64_t store would leave them) repeated. */
int pimnic_copy_fill(void* dst, uint64_t pattern, size_t len);
pimnic_copy_cookie pimnic_copy_fill_async(void* dst, uint64_t pattern, size_t len);
/* Returns the status (0 = compared); *differ = 0 if equal, 1 if not, and then *offset is the offset
 * of the first differing byte. Either pointer may be NULL. */
int pimnic_copy_compare(const void* a, const void* b, size_t len, int* differ, size_t* offset);

/* Posts a raw descriptor on a channel (its completion field and COPY_FLAG_COMPLETION are filled in
 * by the driver) and returns its cookie, or -1. */
pimnic_copy_cookie pimnic_copy_post(unsigned channel, const pimnic_copy_desc* desc);
/* The completion record of a cookie still in its ring (NULL if the cookie is too old). */
const pimnic_copy_completion* pimnic_copy_record(pimnic_copy_cookie cookie);

#ifdef __cplusplus
}
#endif
#endif
