/* Copy-engine driver (pimnic/copy_engine.h): one descriptor ring and one completion record per
 * ring slot for each channel used, operations spread over the channels round-robin. */
#include "pimnic/copy_engine.h"

#include "pimnic/cpu.h"
#include "pimnic/mmio.h"

#define RING PIMNIC_COPY_RING_ENTRIES
#define POS_MASK 0x07FFFFFFu

typedef struct channel_state {
  pimnic_copy_desc ring[RING];
  pimnic_copy_completion records[RING];
  uint32_t tail; /* descriptors posted */
  uint32_t head; /* descriptors retired, as last read from the engine */
} channel_state;

static channel_state channels[PIMNIC_COPY_SDK_CHANNELS];
static unsigned used;     /* channels in use (0: not initialised) */
static unsigned next_rr;  /* the channel the next operation goes to */

static uint32_t reg(unsigned ch, uint32_t r) { return PIMNIC_COPY_ENGINE_BASE + COPY_CH_BASE(ch) + r; }

static void drain(void) {
  for (unsigned c = 0; c < used; ++c)
    while (pimnic_mmio_read32(reg(c, COPY_CH_HEAD)) != channels[c].tail) {
    }
}

unsigned pimnic_copy_init(unsigned want) {
  if (pimnic_mmio_read32(PIMNIC_COPY_ENGINE_BASE + COPY_ID) != COPY_ID_VALUE) return used = 0;
  drain();
  unsigned n = pimnic_mmio_read32(PIMNIC_COPY_ENGINE_BASE + COPY_CHANNELS);
  if (n > PIMNIC_COPY_SDK_CHANNELS) n = PIMNIC_COPY_SDK_CHANNELS;
  if (want && want < n) n = want;
  for (unsigned c = 0; c < n; ++c) {
    pimnic_mmio_write32(reg(c, COPY_CH_RING_BASE), (uint32_t)(uintptr_t)channels[c].ring);
    pimnic_mmio_write32(reg(c, COPY_CH_RING_ENTRIES), RING); /* head = tail = 0 */
    pimnic_mmio_write32(reg(c, COPY_CH_STATUS), COPY_CH_ERROR);
    channels[c].tail = channels[c].head = 0;
  }
  used = n;
  next_rr = 0;
  return n;
}

static int ready(void) { return used || pimnic_copy_init(0); }

pimnic_copy_cookie pimnic_copy_post(unsigned ch, const pimnic_copy_desc* desc) {
  if (!ready() || ch >= used) return -1;
  channel_state* st = &channels[ch];
  const uint32_t pos = st->tail;
  while (pos - st->head >= RING) st->head = pimnic_mmio_read32(reg(ch, COPY_CH_HEAD)); /* ring full */
  const uint32_t slot = pos & (RING - 1);
  pimnic_copy_completion* rec = &st->records[slot];
  rec->status = COPY_STATUS_NONE;
  pimnic_copy_desc* d = &st->ring[slot];
  *d = *desc;
  d->opflags |= COPY_FLAG_COMPLETION;
  d->completion = (uint32_t)(uintptr_t)rec;
  pimnic_sync(); /* descriptor and cleared record before the doorbell */
  st->tail = pos + 1;
  pimnic_mmio_write32(reg(ch, COPY_CH_TAIL), st->tail);
  return (pimnic_copy_cookie)(((pos & POS_MASK) << 4) | ch);
}

/* The record of a cookie, or NULL once its slot may have been reused. */
static const pimnic_copy_completion* record_of(pimnic_copy_cookie cookie) {
  if (cookie < 0) return 0;
  const unsigned ch = (unsigned)cookie & 15;
  if (ch >= used) return 0;
  const uint32_t pos = (uint32_t)cookie >> 4;
  const channel_state* st = &channels[ch];
  const uint32_t age = (st->tail - pos) & POS_MASK; /* 1 for the latest operation */
  if (age == 0 || age > RING) return 0;
  return &st->records[pos & (RING - 1)];
}

const pimnic_copy_completion* pimnic_copy_record(pimnic_copy_cookie cookie) { return record_of(cookie); }

int pimnic_copy_check(pimnic_copy_cookie cookie) {
  const pimnic_copy_completion* rec = record_of(cookie);
  return !rec || rec->status != COPY_STATUS_NONE;
}

int pimnic_copy_wait(pimnic_copy_cookie cookie) {
  if (cookie < 0) return -1;
  const pimnic_copy_completion* rec = record_of(cookie);
  if (!rec) return 0;
  uint8_t status;
  while ((status = rec->status) == COPY_STATUS_NONE) {
  }
  return status == COPY_STATUS_SUCCESS ? 0 : status;
}

static pimnic_copy_cookie post_op(uint32_t op, uint64_t src, uint64_t dst, size_t len) {
  if (!ready()) return -1;
  pimnic_copy_desc d = {0};
  d.opflags = op << 24;
  d.src = src;
  d.dst = dst;
  d.size = (uint32_t)len;
  const unsigned ch = next_rr;
  next_rr = (next_rr + 1) % used;
  return pimnic_copy_post(ch, &d);
}

pimnic_copy_cookie pimnic_copy_async(void* dst, const void* src, size_t len) {
  return post_op(COPY_OP_COPY, (uint32_t)(uintptr_t)src, (uint32_t)(uintptr_t)dst, len);
}

int pimnic_copy(void* dst, const void* src, size_t len) { return pimnic_copy_wait(pimnic_copy_async(dst, src, len)); }

pimnic_copy_cookie pimnic_copy_fill_async(void* dst, uint64_t pattern, size_t len) {
  return post_op(COPY_OP_FILL, pattern, (uint32_t)(uintptr_t)dst, len);
}

int pimnic_copy_fill(void* dst, uint64_t pattern, size_t len) {
  return pimnic_copy_wait(pimnic_copy_fill_async(dst, pattern, len));
}

int pimnic_copy_compare(const void* a, const void* b, size_t len, int* differ, size_t* offset) {
  pimnic_copy_cookie k = post_op(COPY_OP_COMPARE, (uint32_t)(uintptr_t)a, (uint32_t)(uintptr_t)b, len);
  const int status = pimnic_copy_wait(k);
  const pimnic_copy_completion* rec = record_of(k);
  if (differ) *differ = rec ? rec->result : 0;
  if (offset) *offset = rec ? rec->bytes : 0;
  return status;
}
