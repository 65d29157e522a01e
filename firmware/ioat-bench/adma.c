/* adma.h: the seed's user-level copy library, bare or over a modelled kernel module. */
#include "adma.h"

#include <pimnic/cpu.h>
#include <pimnic/sysinfo.h>
#include <string.h>

#define PAGE 4096u
#define PIN_CACHE 64u /* buffers the module keeps pinned (section 3.5) */

adma_counters adma_count;
static adma_config cfg;
static double ns_per_tick;
static unsigned next_channel; /* channels are used in turn across copies (section 3.6) */
static struct {
  uintptr_t addr;
  size_t len;
} pinned[PIN_CACHE];
static unsigned pin_next;

uint64_t adma_now_ns(void) { return (uint64_t)((double)pimnic_timebase() * ns_per_tick); }

void adma_spin_ns(uint32_t ns) {
  const uint64_t end = pimnic_timebase() + (uint64_t)(ns / ns_per_tick + 0.5);
  while (pimnic_timebase() < end) {
  }
}

void adma_reset_counters(void) { memset(&adma_count, 0, sizeof adma_count); }

int adma_init(const adma_config* config) {
  cfg = *config;
  ns_per_tick = 1e6 / pimnic_clock_khz() * 8; /* core.tb_divider's default */
  memset(pinned, 0, sizeof pinned);
  pin_next = 0;
  next_channel = 0;
  adma_reset_counters();
  if (cfg.channels == 0 || cfg.channels > PIMNIC_COPY_SDK_CHANNELS) return -1;
  return pimnic_copy_init(cfg.channels) == cfg.channels ? 0 : -1;
}

void adma_syscall(void) {
  if (!cfg.kernel) return;
  const uint64_t t0 = adma_now_ns();
  adma_spin_ns(cfg.syscall_ns);
  adma_count.syscall_ns += adma_now_ns() - t0;
}

void adma_pin(const void* buf, size_t len) {
  if (!cfg.kernel || len == 0) return;
  const uintptr_t a = (uintptr_t)buf;
  for (unsigned i = 0; i < PIN_CACHE; ++i)
    if (pinned[i].addr == a && pinned[i].len >= len) return; /* reused buffer: already pinned */
  const uint32_t pages = (uint32_t)((a + len - 1) / PAGE - a / PAGE + 1);
  const uint64_t t0 = adma_now_ns();
  adma_spin_ns(pages * cfg.pin_ns);
  adma_count.pin_ns += adma_now_ns() - t0;
  adma_count.pinned_pages += pages;
  pinned[pin_next].addr = a;
  pinned[pin_next].len = len;
  pin_next = (pin_next + 1) % PIN_CACHE;
}

static void copy_desc(pimnic_copy_desc* d, uintptr_t dst, uintptr_t src, uint32_t n) {
  memset(d, 0, sizeof *d);
  d->opflags = (uint32_t)COPY_OP_COPY << 24;
  d->src = src;
  d->dst = dst;
  d->size = n;
  ++adma_count.descriptors;
}

/* The module's descriptor memory: per-page descriptors of the copies in flight, handed to the
 * engine as one batch per channel (the I/OAT driver chains them; pimnic's engine reads an array).
 * Allocated in order; a block still in use by the engine is waited for. */
#define POOL 32768u
#define BATCH_MAX 1024u
#define IN_FLIGHT 1024u
static pimnic_copy_desc pool[POOL];
static uint32_t pool_head;
static struct {
  uint32_t start, count;
  pimnic_copy_cookie cookie;
} batches[IN_FLIGHT];
static uint32_t batch_first, batch_count;

static int overlaps(uint32_t a, uint32_t n, uint32_t b, uint32_t m) { return a < b + m && b < a + n; }

static pimnic_copy_desc* pool_alloc(uint32_t n) {
  if (pool_head + n > POOL) pool_head = 0;
  while (batch_count) {
    const uint32_t f = batch_first % IN_FLIGHT;
    int busy = batch_count == IN_FLIGHT;
    for (uint32_t i = 0; i < batch_count && !busy; ++i) {
      const uint32_t k = (batch_first + i) % IN_FLIGHT;
      busy = overlaps(pool_head, n, batches[k].start, batches[k].count);
    }
    if (!busy) break;
    pimnic_copy_wait(batches[f].cookie); /* the oldest batch: its block is free afterwards */
    ++batch_first, --batch_count;
  }
  pimnic_copy_desc* block = &pool[pool_head];
  pool_head += n;
  return block;
}

static pimnic_copy_cookie post_batch(unsigned ch, pimnic_copy_desc* block, uint32_t n) {
  if (n == 1) return pimnic_copy_post(ch, block);
  pimnic_copy_desc b = {0};
  b.opflags = (uint32_t)COPY_OP_BATCH << 24;
  b.src = (uint32_t)(uintptr_t)block;
  b.size = n;
  const pimnic_copy_cookie k = pimnic_copy_post(ch, &b);
  const uint32_t slot = (batch_first + batch_count++) % IN_FLIGHT;
  batches[slot].start = (uint32_t)(block - pool);
  batches[slot].count = n;
  batches[slot].cookie = k;
  return k;
}

/* Bytes of the page-sized piece starting at s -> d (neither side crosses a page). */
static size_t piece(uintptr_t d, uintptr_t s, size_t len) {
  size_t n = PAGE - (s % PAGE);
  if (PAGE - (d % PAGE) < n) n = PAGE - (d % PAGE);
  return len < n ? len : n;
}

void adma_icopy(adma_handle* h, void* dst, const void* src, size_t len) {
  for (unsigned c = 0; c < PIMNIC_COPY_SDK_CHANNELS; ++c) h->last[c] = -1;
  uintptr_t d = (uintptr_t)dst, s = (uintptr_t)src;
  const unsigned chans = cfg.channels;
  if (cfg.kernel) {
    adma_syscall();
    adma_pin(src, len);
    adma_pin(dst, len);
    const uint64_t t0 = adma_now_ns();
    while (len) { /* rounds of up to BATCH_MAX pages per channel, pages dealt to channels in turn */
      uint32_t pages = 0;
      for (size_t rest = len, dd = d, ss = s; rest && pages < BATCH_MAX * chans; ++pages) {
        const size_t n = piece(dd, ss, rest);
        dd += n, ss += n, rest -= n;
      }
      /* Page k goes to channel (first + k) % chans: the turn goes on from the last copy's. */
      pimnic_copy_desc* block[PIMNIC_COPY_SDK_CHANNELS];
      uint32_t mine[PIMNIC_COPY_SDK_CHANNELS];
      const unsigned first = next_channel;
      for (unsigned i = 0; i < chans && i < pages; ++i) {
        const unsigned c = (first + i) % chans;
        mine[c] = pages / chans + (i < pages % chans);
        block[c] = pool_alloc(mine[c]);
      }
      size_t rest = len;
      uintptr_t dd = d, ss = s;
      for (uint32_t k = 0; k < pages; ++k) {
        const size_t n = piece(dd, ss, rest);
        copy_desc(&block[(first + k) % chans][k / chans], dd, ss, (uint32_t)n);
        dd += n, ss += n, rest -= n;
      }
      for (unsigned i = 0; i < chans && i < pages; ++i) {
        const unsigned c = (first + i) % chans;
        h->last[c] = post_batch(c, block[c], mine[c]);
      }
      next_channel = (first + pages) % chans;
      d = dd, s = ss, len = rest;
    }
    adma_count.post_ns += adma_now_ns() - t0;
    return;
  }
  const uint64_t t0 = adma_now_ns();
  /* One part per channel, cut at page boundaries so that each part's pages are its own. */
  size_t part = (len + chans - 1) / chans;
  part = (part + PAGE - 1) / PAGE * PAGE;
  for (unsigned i = 0; i < chans && len; ++i) {
    const unsigned ch = next_channel;
    next_channel = (next_channel + 1) % chans;
    const size_t n = len < part ? len : part;
    pimnic_copy_desc desc;
    copy_desc(&desc, d, s, (uint32_t)n);
    h->last[ch] = pimnic_copy_post(ch, &desc);
    d += n, s += n, len -= n;
  }
  adma_count.post_ns += adma_now_ns() - t0;
}

void adma_wait(const adma_handle* h) {
  adma_syscall();
  const uint64_t t0 = adma_now_ns();
  /* The descriptor posted first among the channels' last ones finishes last in its channel;
   * wait for every channel's last, then look at each record once more (completion check). */
  for (unsigned c = 0; c < cfg.channels; ++c)
    if (h->last[c] >= 0) pimnic_copy_wait(h->last[c]);
  const uint64_t t1 = adma_now_ns();
  for (unsigned c = 0; c < cfg.channels; ++c)
    if (h->last[c] >= 0) (void)pimnic_copy_check(h->last[c]);
  adma_count.wait_ns += t1 - t0;
  adma_count.check_ns += adma_now_ns() - t1;
}
