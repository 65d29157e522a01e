/* The seed's user-level copy interface (ioat-async-copy-engine.txt, Table 1: adma_icopy, adma_wait)
 * over pimnic's copy engine, in two forms:
 *
 *   bare    user space posts to the engine directly (pimnic has no kernel, addresses are
 *           physical): a copy is split into one page-aligned part per channel, the engine splits
 *           pages itself. Channels are taken in turn across copies, as in the kernel form.
 *   kernel  the seed's kernel module, modelled: every call crosses into the kernel (syscall_ns of
 *           CPU time), buffers not in the pinned-buffer cache are pinned (pin_ns of CPU time per
 *           4 KiB page, section 3.5: pinned buffers are kept and reused), and the module posts one
 *           descriptor per page, round-robin over the channels, the turn going on from one copy
 *           to the next (sections 2.2, 3.4, 3.6). adma_wait
 *           checks the last descriptor of every channel used (section 4.2).
 *
 * The costs are spent as CPU time (a spin on the time base): in the seed the CPU runs the kernel
 * code, so none of it overlaps with the application's computation. Counters tell where the time
 * went (Fig. 7). */
#ifndef IOAT_BENCH_ADMA_H
#define IOAT_BENCH_ADMA_H
#include <stddef.h>
#include <stdint.h>

#include <pimnic/copy_engine.h>

typedef struct adma_config {
  unsigned channels; /* copy-engine channels to use (1..8) */
  int kernel;        /* 1: model the kernel module; 0: bare */
  uint32_t syscall_ns; /* one user/kernel crossing and back */
  uint32_t pin_ns;     /* pinning one page */
} adma_config;

/* Time spent per phase since the last adma_reset_counters(), in ns. */
typedef struct adma_counters {
  uint64_t syscall_ns, pin_ns, post_ns, wait_ns, check_ns;
  uint32_t descriptors, pinned_pages;
} adma_counters;

/* A copy in flight: the last cookie posted on each channel. */
typedef struct adma_handle {
  pimnic_copy_cookie last[PIMNIC_COPY_SDK_CHANNELS];
} adma_handle;

int adma_init(const adma_config* config); /* 0 when the engine has the channels */
void adma_icopy(adma_handle* h, void* dst, const void* src, size_t len);
void adma_wait(const adma_handle* h);
/* Kernel model only: pin a buffer (and count it), as the seed's IPC calls do for each side. */
void adma_pin(const void* buf, size_t len);
/* CPU time spent inside the modelled kernel: one crossing. */
void adma_syscall(void);

extern adma_counters adma_count;
void adma_reset_counters(void);

/* Time base helpers shared by the benchmarks. */
uint64_t adma_now_ns(void);
void adma_spin_ns(uint32_t ns);

#endif
