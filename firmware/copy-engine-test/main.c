/* The copy engine through the SDK driver (pimnic/copy_engine.h) and raw descriptors: every result
 * is checked byte for byte against the CPU, and every failure case against its status code.
 * Prints one line per group and "copy-engine-test: N checks, M failures"; exit code 0 only when
 * nothing failed. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pimnic/copy_engine.h"
#include "pimnic/cpu.h"
#include "pimnic/test.h"

#define MAX_SIZE (16u << 20)
#define SLACK 8192u /* room for the offsets and the guard bytes */

static uint8_t *src_buf, *dst_buf, *ref_buf;
static unsigned nch; /* channels in use */

static uint32_t rng = 0x12345678u;
static uint32_t next_random(void) {
  rng ^= rng << 13, rng ^= rng >> 17, rng ^= rng << 5;
  return rng;
}

/* Fletcher-style checksum: order-sensitive, cheap. */
static uint64_t checksum(const uint8_t* p, size_t n) {
  uint32_t a = 1, b = 0;
  for (size_t i = 0; i < n; ++i) {
    a = (a + p[i]) % 65521u;
    b = (b + a) % 65521u;
  }
  return ((uint64_t)b << 16 | a) ^ ((uint64_t)n << 32);
}

static uint64_t now_ns(void) {
  /* Time base: core.tb_divider (8) cycles per tick at 2 GHz = 4 ns per tick. */
  return pimnic_timebase() * 4;
}

/* One copy of n bytes from src_buf + so to dst_buf + doff, checked against a CPU copy. */
static void check_copy(size_t n, unsigned so, unsigned doff) {
  uint8_t* s = src_buf + so;
  uint8_t* d = dst_buf + doff;
  uint8_t* r = ref_buf + doff;
  memset(dst_buf + doff - 64, 0xA5, n + 128); /* guards before and after */
  memcpy(ref_buf + doff - 64, dst_buf + doff - 64, n + 128);
  memcpy(r, s, n); /* the CPU's copy */
  const uint64_t t0 = now_ns();
  const int status = pimnic_copy(d, s, n);
  const uint64_t t1 = now_ns();
  CHECK_EQ(status, 0);
  const int same = memcmp(dst_buf + doff - 64, ref_buf + doff - 64, n + 128) == 0;
  CHECK(same);
  const uint64_t cs_src = checksum(s, n), cs_dst = checksum(d, n);
  CHECK_EQ(cs_dst, cs_src);
  printf("copy %8u B  src+%4u dst+%4u  %s  checksum %016llx  %llu ns\n", (unsigned)n, so, doff,
         same && status == 0 ? "ok  " : "FAIL", (unsigned long long)cs_dst, (unsigned long long)(t1 - t0));
}

static void test_copies(void) {
  static const uint32_t sizes[] = {
      1,       2,       3,       7,       8,       13,       31,       64,       100,      255,
      256,     1000,    4095,    4096,    4097,    8191,     8192,     12289,    32768,    65536,
      100003,  262144,  1000003, 1048576, 4194304, 4194307,  8388608,  16777215, 16777216};
  for (unsigned i = 0; i < sizeof sizes / sizeof sizes[0]; ++i) {
    /* Source and destination offsets differ, are unaligned and put page boundaries inside. */
    const unsigned so = 64 + (4093u - 977u * i) % 4096u;
    const unsigned doff = 64 + (2049u + 1543u * i) % 4096u;
    check_copy(sizes[i], so, doff);
  }
}

/* Several copies in flight on every channel, waited for in reverse order. */
static void test_async(void) {
  enum { kOps = 24 };
  pimnic_copy_cookie k[kOps];
  for (unsigned i = 0; i < kOps; ++i) {
    const size_t n = 1000 + 3001 * i;
    k[i] = pimnic_copy_async(dst_buf + 64 + i * 100000, src_buf + 200 + i * 77777, n);
    CHECK(k[i] >= 0);
  }
  unsigned bad = 0;
  for (unsigned i = kOps; i-- > 0;) {
    CHECK_EQ(pimnic_copy_wait(k[i]), 0);
    CHECK(pimnic_copy_check(k[i]));
    if (memcmp(dst_buf + 64 + i * 100000, src_buf + 200 + i * 77777, 1000 + 3001 * i) != 0) ++bad;
  }
  CHECK_EQ(bad, 0);
  printf("async: %d copies in flight, waited in reverse order: %s\n", kOps, bad ? "FAIL" : "ok");
}

static void test_fill(void) {
  static const uint32_t sizes[] = {1, 5, 8, 9, 4095, 4097, 65537, 1048579};
  const uint64_t pattern = 0x0123456789ABCDEFull;
  unsigned bad = 0;
  for (unsigned i = 0; i < sizeof sizes / sizeof sizes[0]; ++i) {
    uint8_t* d = dst_buf + 64 + (i * 1237) % 4096;
    memset(d - 16, 0x5A, sizes[i] + 32);
    CHECK_EQ(pimnic_copy_fill(d, pattern, sizes[i]), 0);
    for (uint32_t j = 0; j < sizes[i]; ++j)
      if (d[j] != (uint8_t)(pattern >> (56 - 8 * (j % 8)))) {
        ++bad;
        break;
      }
    for (unsigned j = 1; j <= 16; ++j)
      if (d[-(int)j] != 0x5A || d[sizes[i] + j - 1] != 0x5A) ++bad;
  }
  CHECK_EQ(bad, 0);
  printf("fill: %s\n", bad ? "FAIL" : "ok");
}

static void test_compare(void) {
  const size_t n = 3 * 4096 + 123;
  uint8_t* a = src_buf + 1111;
  uint8_t* b = dst_buf + 3333;
  memcpy(b, a, n);
  int differ = -1;
  size_t offset = 99;
  CHECK_EQ(pimnic_copy_compare(a, b, n, &differ, &offset), 0);
  CHECK_EQ(differ, 0);
  static const size_t where[] = {0, 1, 4095 - 3333 % 4096, 5000, n - 1};
  for (unsigned i = 0; i < sizeof where / sizeof where[0]; ++i) {
    b[where[i]] ^= 0x40;
    CHECK_EQ(pimnic_copy_compare(a, b, n, &differ, &offset), 0);
    CHECK_EQ(differ, 1);
    CHECK_EQ(offset, where[i]);
    b[where[i]] ^= 0x40;
  }
  printf("compare: %s\n", pimnic_test_failures() ? "see failures" : "ok");
}

static int post_wait(unsigned ch, pimnic_copy_desc* d, const pimnic_copy_completion** rec) {
  pimnic_copy_cookie k = pimnic_copy_post(ch, d);
  CHECK(k >= 0);
  const int st = pimnic_copy_wait(k);
  *rec = pimnic_copy_record(k);
  return st;
}

/* Batch of copies with a fenced copy that depends on them; a batch with a bad member. */
static void test_batch_and_fence(void) {
  static pimnic_copy_desc batch[4];
  memset(batch, 0, sizeof batch);
  uint8_t* a = src_buf + 500;
  uint8_t* b = dst_buf + 700;
  uint8_t* c = ref_buf + 900;
  memset(b, 0, 20000);
  memset(c, 0, 20000);
  batch[0].opflags = COPY_OP_COPY << 24, batch[0].src = (uintptr_t)a, batch[0].dst = (uintptr_t)b, batch[0].size = 10000;
  batch[1].opflags = COPY_OP_COPY << 24, batch[1].src = (uintptr_t)(a + 10000), batch[1].dst = (uintptr_t)(b + 10000), batch[1].size = 10000;
  /* Copies what the two above wrote: correct only if it waits for them. */
  batch[2].opflags = COPY_OP_COPY << 24 | COPY_FLAG_FENCE, batch[2].src = (uintptr_t)b, batch[2].dst = (uintptr_t)c, batch[2].size = 20000;
  batch[3].opflags = COPY_OP_FILL << 24, batch[3].src = 0x1111111111111111ull, batch[3].dst = (uintptr_t)(c + 20000), batch[3].size = 64;
  pimnic_copy_desc d = {0};
  d.opflags = COPY_OP_BATCH << 24;
  d.src = (uintptr_t)batch;
  d.size = 4;
  const pimnic_copy_completion* rec;
  CHECK_EQ(post_wait(0, &d, &rec), 0);
  CHECK(rec && rec->descs == 4);
  CHECK(memcmp(c, a, 20000) == 0);
  CHECK(c[20000] == 0x11 && c[20063] == 0x11);

  batch[1].opflags = 0x7E << 24; /* a bad opcode inside */
  CHECK_EQ(post_wait(0, &d, &rec), COPY_STATUS_BATCH_FAILED);
  CHECK(rec && rec->descs == 3);

  /* A fence descriptor on its own. */
  pimnic_copy_desc f = {0};
  f.opflags = COPY_OP_FENCE << 24;
  CHECK_EQ(post_wait(1 % nch, &f, &rec), 0);
  printf("batch and fence: %s\n", pimnic_test_failures() ? "see failures" : "ok");
}

static void test_errors(void) {
  const pimnic_copy_completion* rec;
  pimnic_copy_desc d = {0};
  d.opflags = 0x7F << 24;
  CHECK_EQ(post_wait(0, &d, &rec), COPY_STATUS_BAD_OPCODE);

  memset(&d, 0, sizeof d);
  d.opflags = COPY_OP_COPY << 24 | 0x400; /* an undefined flag */
  d.src = (uintptr_t)src_buf, d.dst = (uintptr_t)dst_buf, d.size = 16;
  CHECK_EQ(post_wait(0, &d, &rec), COPY_STATUS_BAD_FLAGS);

  /* Source running off the end of RAM: the part inside is copied, the fault names the first
   * address outside. */
  const uint32_t ram_end = PIMNIC_HOST_RAM_SIZE;
  memset(&d, 0, sizeof d);
  d.opflags = COPY_OP_COPY << 24;
  d.src = ram_end - 5000, d.dst = (uintptr_t)dst_buf + 64, d.size = 9000;
  CHECK_EQ(post_wait(0, &d, &rec), COPY_STATUS_ADDRESS_FAULT);
  CHECK(rec && rec->fault_addr == ram_end);
  CHECK(rec && rec->bytes == 5000);

  memset(&d, 0, sizeof d); /* destination in device space */
  d.opflags = COPY_OP_FILL << 24;
  d.dst = PIMNIC_MMIO_BASE, d.size = 8;
  CHECK_EQ(post_wait(1 % nch, &d, &rec), COPY_STATUS_ADDRESS_FAULT);
  CHECK(rec && rec->fault_addr == PIMNIC_MMIO_BASE && rec->bytes == 0);

  memset(&d, 0, sizeof d); /* beyond 32 bits */
  d.opflags = COPY_OP_COPY << 24;
  d.src = 0x100000000ull, d.dst = (uintptr_t)dst_buf, d.size = 8;
  CHECK_EQ(post_wait(0, &d, &rec), COPY_STATUS_ADDRESS_FAULT);

  memset(&d, 0, sizeof d);
  d.opflags = COPY_OP_COPY << 24;
  d.src = (uintptr_t)src_buf, d.dst = (uintptr_t)src_buf + 100, d.size = 200;
  CHECK_EQ(post_wait(0, &d, &rec), COPY_STATUS_OVERLAP);

  memset(&d, 0, sizeof d);
  d.opflags = COPY_OP_BATCH << 24;
  d.src = (uintptr_t)dst_buf, d.size = 0;
  CHECK_EQ(post_wait(0, &d, &rec), COPY_STATUS_BAD_BATCH_COUNT);

  /* The engine keeps working after errors. */
  CHECK_EQ(pimnic_copy(dst_buf + 64, src_buf + 64, 4096), 0);
  CHECK(memcmp(dst_buf + 64, src_buf + 64, 4096) == 0);
  printf("errors: %s\n", pimnic_test_failures() ? "see failures" : "ok");
}

int main(void) {
  const unsigned channels = nch = pimnic_copy_init(0);
  printf("copy engine: %u channels\n", channels);
  CHECK(channels > 0);
  if (!channels) return pimnic_test_summary("copy-engine-test");
  src_buf = malloc(MAX_SIZE + SLACK);
  dst_buf = malloc(MAX_SIZE + SLACK);
  ref_buf = malloc(MAX_SIZE + SLACK);
  CHECK(src_buf && dst_buf && ref_buf);
  if (!src_buf || !dst_buf || !ref_buf) return pimnic_test_summary("copy-engine-test");
  for (uint32_t i = 0; i < (MAX_SIZE + SLACK) / 4; ++i) ((uint32_t*)src_buf)[i] = next_random();
  test_copies();
  test_async();
  test_fill();
  test_compare();
  test_batch_and_fence();
  test_errors();
  return pimnic_test_summary("copy-engine-test");
}
