/* Two PIM cores on one NIC SRAM share its full/empty bits (docs/isa/pim.md, "Threads on several
 * cores"). Booted on n0.pim0 of a PIM NIC: starts threads on every PIM core through the PIM thread
 * start, has them increment one counter under one full/empty-bit lock, passes a token back and
 * forth between the cores through two full/empty words, and checks that a core without free
 * contexts and a core that does not exist refuse. Exit code 0 when every check passes, else the
 * number of the failed check. */
#include <stdint.h>
#include <stdio.h>

#include "pimnic/pim.h"
#include "pimnic/sysinfo.h"

enum { kPerCore = 3, kIncrements = 500, kRounds = 200, kMaxCores = 4 };

static pim_thread threads[kMaxCores][kPerCore];
static uint8_t stacks[kMaxCores][kPerCore][1024] __attribute__((aligned(16)));
static pim_lock lock;
static volatile uint32_t counter;
static volatile uint32_t ran_on[kMaxCores][kPerCore];
static volatile uint32_t ping, pong; /* empty until written */

static void incrementer(void* arg) {
  uint32_t slot = (uint32_t)(uintptr_t)arg;
  ran_on[slot / kPerCore][slot % kPerCore] = pimnic_core_index();
  for (unsigned i = 0; i < kIncrements; ++i) {
    pim_lock_acquire(&lock);
    uint32_t v = counter;
    if ((i & 31) == 0) pim_yield();
    counter = v + 1;
    pim_lock_release(&lock);
  }
}

/* Answers each ping with ping + 1. */
static void ponger(void* arg) {
  (void)arg;
  for (unsigned i = 0; i < kRounds; ++i) pim_writeef(&pong, pim_readfe(&ping) + 1);
}

static void idle_thread(void* arg) { (void)pim_readff((volatile uint32_t*)arg); }

int main(void) {
  const uint32_t cores = pimnic_core_count();
  if (pimnic_core_index() != 0 || cores < 2 || cores > kMaxCores) {
    printf("pim-cores: booted on core %u of %u (needs pim0 of 2-%u)\n", (unsigned)pimnic_core_index(), (unsigned)cores,
           (unsigned)kMaxCores);
    return 1;
  }
  pim_lock_init(&lock);
  for (uint32_t c = 0; c < cores; ++c)
    for (uint32_t k = 0; k < kPerCore; ++k)
      if (pim_thread_start_on(c, &threads[c][k], incrementer, (void*)(uintptr_t)(c * kPerCore + k), stacks[c][k],
                              sizeof stacks[c][k]) < 0)
        return 2;
  for (uint32_t c = 0; c < cores; ++c)
    for (uint32_t k = 0; k < kPerCore; ++k) pim_thread_join(&threads[c][k]);
  if (counter != cores * kPerCore * kIncrements) {
    printf("pim-cores: counter %u, expected %u\n", (unsigned)counter, (unsigned)(cores * kPerCore * kIncrements));
    return 3;
  }
  for (uint32_t c = 0; c < cores; ++c)
    for (uint32_t k = 0; k < kPerCore; ++k)
      if (ran_on[c][k] != c) {
        printf("pim-cores: thread %u of core %u ran on core %u\n", (unsigned)k, (unsigned)c, (unsigned)ran_on[c][k]);
        return 4;
      }

  /* A token across the cores: every hand-off waits on a bit the other core sets. */
  pim_feempty(&ping);
  pim_feempty(&pong);
  pim_thread p;
  if (pim_thread_start_on(cores - 1, &p, ponger, 0, stacks[0][0], sizeof stacks[0][0]) < 0) return 5;
  uint32_t token = 0;
  for (unsigned i = 0; i < kRounds; ++i) {
    pim_writeef(&ping, token);
    uint32_t back = pim_readfe(&pong);
    if (back != token + 1) {
      printf("pim-cores: round %u: sent %u, got %u\n", i, (unsigned)token, (unsigned)back);
      return 6;
    }
    token = back + 1;
  }
  pim_thread_join(&p);

  /* Refusals: a core that does not exist, and the last core once all its contexts are taken. */
  if (pim_spawn_on(cores, (void (*)(uint32_t))idle_thread, 0) != -1) return 7;
  static volatile uint32_t hold; /* the idle threads wait until it is full */
  pim_feempty(&hold);
  static pim_thread fill[64];
  static uint8_t fill_stacks[64][256] __attribute__((aligned(16)));
  const uint32_t harts = pimnic_hart_count();
  unsigned started = 0;
  while (started < 64 && pim_thread_start_on(cores - 1, &fill[started], idle_thread, (void*)&hold,
                                             fill_stacks[started], sizeof fill_stacks[started]) >= 0)
    ++started;
  pim_writef(&hold, 1);
  for (unsigned i = 0; i < started; ++i) pim_thread_join(&fill[i]);
  if (started != harts) {
    printf("pim-cores: core %u took %u threads, expected %u\n", (unsigned)(cores - 1), started, (unsigned)harts);
    return 8;
  }
  printf("pim-cores: %u cores, %u increments, %u hand-offs across cores, %u contexts\n", (unsigned)cores,
         (unsigned)counter, 2 * kRounds, started);
  return 0;
}
