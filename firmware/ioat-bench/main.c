/* The I/OAT paper's microbenchmarks (seed ioat-async-copy-engine.txt, section 4) on pimnic's copy
 * engine and the host core's caches. One test per run, chosen by the first argument:
 *
 *   pimnic run ioat-bench.elf TEST [--method M] [--channels N] [--kernel 0|1] [--syscall-ns NS]
 *              [--pin-ns NS] [--cache hot|cold] [--iters N] [--window N] [--region BYTES]
 *              [--buffer BYTES] --sizes S1,S2,...
 *
 *   latency    Fig. 4: a copy posted and waited for (method cpu: libc memcpy; adce: adma_icopy +
 *              adma_wait); hot: the same buffers every time; cold: source and destination move
 *              through two regions of --region bytes, so that no copy finds its buffers cached.
 *   bandwidth  Fig. 5: a window of --window copies posted, then waited for.
 *   overlap    Fig. 6: T_copy, a computation of 1.5 T_copy, T_total of post + compute + wait;
 *              overlap = (T_copy + T_compute - T_total) / T_copy.
 *   overhead   Fig. 7: where a cold adce copy's time goes (user/kernel crossings, pinning, DMA
 *              start-up: posting the descriptors, completion: the final check, and the rest, the
 *              time the engine works while the CPU could compute).
 *   pollution  Fig. 8: a column-wise pass over a --buffer byte array after a copy of each size
 *              (method none, cpu or adce); the array fits in the cache, the copy may evict it.
 *   ipc        Fig. 9: a message between two processes of one node (method adce: ADCEC, kamm:
 *              kernel-assisted memory-mapped copy, shm: through a shared buffer) -- latency, or
 *              with --window N the bandwidth of N messages in a row.
 *
 * Prints one line per size: "row name=value ...", numbers in the units the names end with.
 * Exit 0; 2 for bad arguments. See docs/ioat-experiments.md. */
#include <pimnic/args.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adma.h"

#define MAX_SIZES 64
#define COLUMN_ROW 4096u /* bytes per row of the pollution array: each access of a column a new line */
#define SHM_CHUNK 65536u /* the shared buffer of the shm IPC */

static struct {
  const char* test;
  const char* method;
  const char* cache;
  adma_config adma;
  uint32_t iters, window, region, buffer;
  uint32_t sizes[MAX_SIZES];
  unsigned nsizes;
} opt = {0, "adce", "hot", {1, 1, 0, 0}, 0, 128, 16u << 20, 256u << 10, {0}, 0};

static uint8_t *region_src, *region_dst; /* cold: the copies move through these */
static uint32_t cursor;
static volatile uint32_t sink;

static int usage(const char* why) {
  printf("ioat-bench: %s\n", why);
  return 2;
}

static int parse(int argc, char** argv) {
  if (argc < 2) return usage("missing TEST (latency, bandwidth, overlap, overhead, pollution, ipc)");
  opt.test = argv[1];
  for (int i = 2; i < argc; ++i) {
    const char* k = argv[i];
    if (i + 1 >= argc) return usage("option without a value");
    const char* v = argv[++i];
    char* end;
    unsigned long n = strtoul(v, &end, 0);
    const int number = *v && !*end;
    if (!strcmp(k, "--method")) opt.method = v;
    else if (!strcmp(k, "--cache")) opt.cache = v;
    else if (!strcmp(k, "--sizes")) {
      for (char* p = (char*)v; *p && opt.nsizes < MAX_SIZES;) {
        opt.sizes[opt.nsizes++] = (uint32_t)strtoul(p, &end, 0);
        if (end == p || (*end && *end != ',')) return usage("bad --sizes");
        p = *end ? end + 1 : end;
      }
    } else if (!number) return usage("option value is not a number");
    else if (!strcmp(k, "--channels")) opt.adma.channels = (unsigned)n;
    else if (!strcmp(k, "--kernel")) opt.adma.kernel = n != 0;
    else if (!strcmp(k, "--syscall-ns")) opt.adma.syscall_ns = (uint32_t)n;
    else if (!strcmp(k, "--pin-ns")) opt.adma.pin_ns = (uint32_t)n;
    else if (!strcmp(k, "--iters")) opt.iters = (uint32_t)n;
    else if (!strcmp(k, "--window")) opt.window = (uint32_t)n;
    else if (!strcmp(k, "--region")) opt.region = (uint32_t)n;
    else if (!strcmp(k, "--buffer")) opt.buffer = (uint32_t)n;
    else return usage("unknown option");
  }
  if (!opt.nsizes) return usage("no --sizes");
  for (unsigned s = 0; s < opt.nsizes; ++s)
    if (!opt.sizes[s] || opt.sizes[s] > opt.region) return usage("a size is 0 or larger than --region");
  if (strcmp(opt.cache, "hot") && strcmp(opt.cache, "cold")) return usage("--cache is hot or cold");
  /* The methods each test knows. */
  const char* methods = !strcmp(opt.test, "pollution") ? " none cpu adce "
                        : !strcmp(opt.test, "ipc")     ? " adce kamm shm "
                        : !strcmp(opt.test, "overhead") ? " adce "
                                                        : " cpu adce ";
  char word[16];
  if (strlen(opt.method) > 12) return usage("unknown --method");
  sprintf(word, " %s ", opt.method);
  if (!strstr(methods, word)) {
    printf("ioat-bench: %s takes --method%s\n", opt.test, methods);
    return 2;
  }
  if (!opt.window || opt.window > 4096) return usage("--window is 1..4096");
  return 0;
}

static int cold(void) { return !strcmp(opt.cache, "cold"); }
static int method(const char* m) { return !strcmp(opt.method, m); }

/* The buffers of the next copy of n bytes: fixed when hot, fresh ones when cold. */
static void buffers(uint32_t n, uint8_t** dst, uint8_t** src) {
  if (!cold()) cursor = 0;
  else if (cursor + n > opt.region) cursor = 0;
  *src = region_src + cursor;
  *dst = region_dst + cursor;
  if (cold()) cursor += (n + 4095u) & ~4095u;
}

/* One copy by the chosen method, posted; done when finish() returns. */
static adma_handle handle;
static void start(uint8_t* dst, const uint8_t* src, uint32_t n) {
  if (method("cpu")) memcpy(dst, src, n);
  else if (method("adce")) adma_icopy(&handle, dst, src, n);
}
static void finish(void) {
  if (method("adce")) adma_wait(&handle);
}

static uint32_t iterations(uint32_t n) {
  if (opt.iters) return opt.iters;
  return n <= 65536 ? 8 : n <= (1u << 20) ? 2 : 1;
}

static double copy_once_ns(uint32_t n) {
  uint8_t *d, *s;
  buffers(n, &d, &s);
  const uint64_t t0 = adma_now_ns();
  start(d, s, n);
  finish();
  return (double)(adma_now_ns() - t0);
}

static void warm(uint32_t n) {
  if (!cold()) (void)copy_once_ns(n); /* hot: buffers cached (cpu) and pinned (adce) */
}

static void latency(uint32_t n) {
  warm(n);
  const uint32_t it = iterations(n);
  double t = 0;
  for (uint32_t i = 0; i < it; ++i) t += copy_once_ns(n);
  printf("row size_B=%u latency_ns=%.1f\n", (unsigned)n, t / it);
}

static adma_handle window_handles[4096];
static void bandwidth(uint32_t n) {
  warm(n);
  uint8_t *d, *s;
  const uint64_t t0 = adma_now_ns();
  for (uint32_t w = 0; w < opt.window; ++w) {
    buffers(n, &d, &s);
    if (method("cpu")) memcpy(d, s, n);
    else adma_icopy(&window_handles[w], d, s, n);
  }
  if (method("adce"))
    for (uint32_t w = 0; w < opt.window; ++w) adma_wait(&window_handles[w]);
  const double ns = (double)(adma_now_ns() - t0);
  printf("row size_B=%u bandwidth_MBps=%.1f\n", (unsigned)n, (double)n * opt.window / ns * 1e3);
}

/* Register-only work: no memory traffic. */
static __attribute__((noinline)) void compute(uint32_t iterations) {
  uint32_t x = 1, y = 7;
  for (uint32_t i = 0; i < iterations; ++i) {
    x = x * 1664525u + 1013904223u;
    y ^= x >> 7;
  }
  sink = x ^ y;
}

static double compute_ns_per_iter;
static void overlap(uint32_t n) {
  warm(n);
  const uint32_t it = iterations(n);
  double t_copy = 0, t_comp = 0, t_total = 0;
  for (uint32_t i = 0; i < it; ++i) t_copy += copy_once_ns(n);
  t_copy /= it;
  const uint32_t loops = (uint32_t)(1.5 * t_copy / compute_ns_per_iter) + 1;
  for (uint32_t i = 0; i < it; ++i) {
    uint64_t t0 = adma_now_ns();
    compute(loops);
    t_comp += (double)(adma_now_ns() - t0);
    uint8_t *d, *s;
    buffers(n, &d, &s);
    t0 = adma_now_ns();
    start(d, s, n);
    compute(loops);
    finish();
    t_total += (double)(adma_now_ns() - t0);
  }
  t_comp /= it, t_total /= it;
  printf("row size_B=%u copy_ns=%.1f compute_ns=%.1f total_ns=%.1f overlap_pct=%.2f\n", (unsigned)n, t_copy, t_comp,
         t_total, (t_copy + t_comp - t_total) / t_copy * 100.0);
}

static void overhead(uint32_t n) {
  const uint32_t it = iterations(n);
  adma_reset_counters();
  double total = 0;
  for (uint32_t i = 0; i < it; ++i) total += copy_once_ns(n);
  const adma_counters* c = &adma_count;
  const double k = (double)c->syscall_ns / it, p = (double)c->pin_ns / it, s = (double)c->post_ns / it,
               q = (double)c->check_ns / it, t = total / it;
  const double rest = t - k - p - s - q;
  printf("row size_B=%u total_ns=%.1f kernel_ns=%.1f pin_ns=%.1f startup_ns=%.1f completion_ns=%.1f transfer_ns=%.1f "
         "kernel_pct=%.2f pin_pct=%.2f startup_pct=%.2f completion_pct=%.2f transfer_pct=%.2f descriptors=%u\n",
         (unsigned)n, t, k, p, s, q, rest, k / t * 100, p / t * 100, s / t * 100, q / t * 100, rest / t * 100,
         (unsigned)(c->descriptors / it));
}

/* The seed's "column-wise access" of the array (section 4.4): every 32-bit element, a column at
 * a time, so each access of a column is in another row and line; the lines of one column stay in
 * the L1 for the next columns of the same lines, and what a copy evicted is fetched again once. */
static uint8_t* array;
static uint64_t column_pass_ns(void) {
  const uint32_t rows = opt.buffer / COLUMN_ROW;
  const uint32_t* a = (const uint32_t*)array;
  uint32_t sum = 0;
  const uint64_t t0 = adma_now_ns();
  for (uint32_t col = 0; col < COLUMN_ROW / 4; ++col)
    for (uint32_t r = 0; r < rows; ++r) sum += a[r * (COLUMN_ROW / 4) + col];
  sink = sum;
  return adma_now_ns() - t0;
}

static void pollution(uint32_t n) {
  const uint32_t it = iterations(n);
  double t = 0;
  for (uint32_t i = 0; i < it; ++i) {
    (void)column_pass_ns(); /* the array is in the cache */
    uint8_t *d, *s;
    buffers(n, &d, &s);
    start(d, s, n);
    finish();
    t += (double)column_pass_ns();
  }
  printf("row size_B=%u access_ns=%.1f\n", (unsigned)n, t / it);
}

/* IPC: process A sends its buffer src to process B's buffer dst (section 3.2, Case 3: both post
 * before they wait). pimnic's node has one host core, so the two processes' steps run on it in
 * turn; only the copy engine works beside them. */
static uint8_t* shm;
static void ipc_post(uint8_t* dst, const uint8_t* src, uint32_t n, adma_handle* h) {
  if (method("adce")) {
    adma_syscall(); /* A: adma_iwrite (the module pins A's buffer) */
    adma_pin(src, n);
    adma_icopy(h, dst, src, n); /* B: adma_iread: pins B's buffer, matches, starts the DMA */
  } else if (method("kamm")) {
    adma_syscall(); /* A posts, the module maps its pages */
    adma_pin(src, n);
    adma_syscall(); /* B's read: the module copies from A's pages into B's buffer */
    adma_pin(dst, n);
    memcpy(dst, src, n);
  } else { /* shm: A copies into the shared buffer, B copies out, a chunk at a time */
    for (uint32_t off = 0; off < n; off += SHM_CHUNK) {
      const uint32_t c = n - off < SHM_CHUNK ? n - off : SHM_CHUNK;
      memcpy(shm, src + off, c);
      memcpy(dst + off, shm, c);
    }
  }
}
static void ipc_wait(const adma_handle* h) {
  if (method("adce")) {
    adma_syscall(); /* A: adma_wait */
    adma_wait(h);   /* B: adma_wait */
  } else if (method("kamm")) {
    adma_syscall(); /* A learns that B has its data */
  }
}

static void ipc(uint32_t n) {
  uint8_t *d, *s;
  buffers(n, &d, &s);
  ipc_post(d, s, n, &handle); /* warm: buffers cached and pinned */
  ipc_wait(&handle);
  const uint32_t w = opt.window;
  const uint64_t t0 = adma_now_ns();
  for (uint32_t i = 0; i < w; ++i) ipc_post(d, s, n, &window_handles[i]);
  for (uint32_t i = 0; i < w; ++i) ipc_wait(&window_handles[i]);
  const double ns = (double)(adma_now_ns() - t0);
  if (memcmp(d, s, n)) {
    printf("ioat-bench: ipc copy of %u bytes differs\n", (unsigned)n);
    exit(1);
  }
  printf("row size_B=%u messages=%u latency_ns=%.1f bandwidth_MBps=%.1f\n", (unsigned)n, (unsigned)w, ns / w,
         (double)n * w / ns * 1e3);
}

static uint8_t* page_aligned(uint32_t bytes) {
  uint8_t* p = malloc(bytes + 4096);
  return p ? (uint8_t*)(((uintptr_t)p + 4095) & ~(uintptr_t)4095) : 0;
}

int main(void) {
  char** argv;
  const int argc = pimnic_args(&argv);
  const int bad = parse(argc, argv);
  if (bad) return bad;
  if (adma_init(&opt.adma)) return usage("the copy engine lacks the channels asked for");
  region_src = page_aligned(opt.region); /* the seed's section 3.4: page-aligned buffers */
  region_dst = page_aligned(opt.region);
  array = malloc(opt.buffer);
  shm = malloc(SHM_CHUNK);
  if (!region_src || !region_dst || !array || !shm) return usage("out of memory (lower --region)");
  for (uint32_t i = 0; i < opt.region; i += 4096) region_src[i] = (uint8_t)(i >> 12);
  memset(array, 1, opt.buffer);
  uint64_t t0 = adma_now_ns();
  compute(100000);
  compute_ns_per_iter = (double)(adma_now_ns() - t0) / 100000.0;

  void (*test)(uint32_t) = !strcmp(opt.test, "latency")     ? latency
                           : !strcmp(opt.test, "bandwidth") ? bandwidth
                           : !strcmp(opt.test, "overlap")   ? overlap
                           : !strcmp(opt.test, "overhead")  ? overhead
                           : !strcmp(opt.test, "pollution") ? pollution
                           : !strcmp(opt.test, "ipc")       ? ipc
                                                            : 0;
  if (!test) return usage("unknown TEST");
  printf("ioat-bench %s: method %s, %u channel(s), kernel model %s (syscall %u ns, pin %u ns/page), %s cache\n",
         opt.test, opt.method, opt.adma.channels, opt.adma.kernel ? "on" : "off", (unsigned)opt.adma.syscall_ns,
         (unsigned)opt.adma.pin_ns, opt.cache);
  for (unsigned i = 0; i < opt.nsizes; ++i) test(opt.sizes[i]);
  return 0;
}
