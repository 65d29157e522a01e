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

static pimnic_copy_cookie post(unsigned ch, uintptr_t dst, uintptr_t src, uint32_t n) {
  pimnic_copy_desc d = {0};
  d.opflags = (uint32_t)COPY_OP_COPY << 24;
  d.src = src;
  d.dst = dst;
  d.size = n;
  ++adma_count.descriptors;
  return pimnic_copy_post(ch, &d);
}

void adma_icopy(adma_handle* h, void* dst, const void* src, size_t len) {
  for (unsigned c = 0; c < PIMNIC_COPY_SDK_CHANNELS; ++c) h->last[c] = -1;
  uintptr_t d = (uintptr_t)dst, s = (uintptr_t)src;
  if (cfg.kernel) {
    adma_syscall();
    adma_pin(src, len);
    adma_pin(dst, len);
    const uint64_t t0 = adma_now_ns();
    unsigned ch = 0;
    while (len) { /* one descriptor per page of either side, channels in turn */
      size_t n = PAGE - (s % PAGE);
      if (PAGE - (d % PAGE) < n) n = PAGE - (d % PAGE);
      if (len < n) n = len;
      h->last[ch] = post(ch, d, s, (uint32_t)n);
      ch = (ch + 1) % cfg.channels;
      d += n, s += n, len -= n;
    }
    adma_count.post_ns += adma_now_ns() - t0;
    return;
  }
  const uint64_t t0 = adma_now_ns();
  /* One part per channel, cut at page boundaries so that each part's pages are its own. */
  size_t part = (len + cfg.channels - 1) / cfg.channels;
  part = (part + PAGE - 1) / PAGE * PAGE;
  for (unsigned ch = 0; ch < cfg.channels && len; ++ch) {
    const size_t n = len < part ? len : part;
    h->last[ch] = post(ch, d, s, (uint32_t)n);
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
