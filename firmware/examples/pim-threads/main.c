/* Workers increment a shared counter under a full/empty-bit lock and check the 256-bit match
 * helper on pseudo-random data; main starts them behind a gate, checks that a full core refuses
 * one more thread, joins them, and checks the totals. Run with --set core.harts=8. Exit code 0
 * when every check passes, else the number of the failed check. */
#include <stdint.h>
#include <stdio.h>

#include "pimnic/pim.h"

enum { kWorkers = 7, kIncrements = 2000, kBlocks = 16 };

static pim_thread threads[kWorkers];
static uint8_t stacks[kWorkers][4096] __attribute__((aligned(16)));
static pim_lock lock;
static volatile uint32_t counter;
static volatile uint32_t gate;  /* empty until main opens it */
static unsigned match_errors[kWorkers];
static uint32_t blocks[kWorkers][kBlocks][8] __attribute__((aligned(32)));

static uint32_t next_random(uint32_t* s) {
  *s = *s * 1664525u + 1013904223u;
  return *s >> 28;  /* few distinct values, so keys repeat across lanes */
}

/* The helper against a scalar loop, on each worker's own random blocks. */
static unsigned check_matches(unsigned w) {
  uint32_t seed = 12345u + w;
  unsigned errors = 0;
  for (unsigned b = 0; b < kBlocks; ++b) {
    for (unsigned i = 0; i < 8; ++i) blocks[w][b][i] = next_random(&seed);
    uint32_t key = next_random(&seed);
    unsigned lanes = (b & 1) ? 0xFFu : 0x5Au;
    unsigned expect = 0;
    for (unsigned i = 0; i < 8; ++i)
      if (blocks[w][b][i] == key) expect |= 1u << i;
    errors += pim_vec_match8(blocks[w][b], key, lanes) != (expect & lanes);
  }
  return errors;
}

static void worker(void* arg) {
  unsigned w = (unsigned)(uintptr_t)arg;
  (void)pim_readff(&gate);  /* blocks until main fills the gate */
  for (unsigned i = 0; i < kIncrements; ++i) {
    pim_lock_acquire(&lock);
    uint32_t v = counter;
    if ((i & 63) == 0) pim_yield();  /* hand the turn over while holding the lock */
    counter = v + 1;
    pim_lock_release(&lock);
  }
  match_errors[w] = check_matches(w);
}

int main(void) {
  pim_lock_init(&lock);
  pim_feempty(&gate);
  for (unsigned w = 0; w < kWorkers; ++w)
    if (pim_thread_start(&threads[w], worker, (void*)(uintptr_t)w, stacks[w], sizeof stacks[w]) != (int)w + 1)
      return 1;
  /* Eight contexts, eight threads: one more must be refused. */
  pim_thread extra;
  if (pim_thread_start(&extra, worker, 0, stacks[0], sizeof stacks[0]) != -1) return 2;
  pim_writef(&gate, 1);
  for (unsigned w = 0; w < kWorkers; ++w) pim_thread_join(&threads[w]);
  if (counter != kWorkers * kIncrements) {
    printf("counter %u, expected %u\n", (unsigned)counter, kWorkers * kIncrements);
    return 3;
  }
  for (unsigned w = 0; w < kWorkers; ++w)
    if (match_errors[w]) {
      printf("worker %u: %u wrong matches\n", w, match_errors[w]);
      return 4;
    }
  /* An exited thread frees its context (it may still be between its join write and texit). */
  int id = -1;
  for (unsigned tries = 0; tries < 100 && id < 0; ++tries) {
    id = pim_thread_start(&extra, (void (*)(void*))pim_yield, 0, stacks[0], sizeof stacks[0]);
    if (id < 0) pim_yield();
  }
  if (id < 1) return 5;
  pim_thread_join(&extra);
  if (pim_tid() != 0) return 6;
  printf("pim-threads: %u workers, counter %u, matches ok\n", kWorkers, (unsigned)counter);
  return 0;
}
