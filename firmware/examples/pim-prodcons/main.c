/* Producer/consumer through full/empty bits. Part 1: main produces 1..N into one word with
 * writeEF (waits until empty, writes, sets full); a consumer thread takes them with readFE (waits
 * until full, reads, sets empty) and checks that each is the next one expected. Part 2: a ring of
 * kRing words, two producers (odd and even values) and two consumers; every value must arrive
 * exactly once. Run with --set core.harts=8. Exit code 0 when every check passes, else the number
 * of the failed check. */
#include <stdint.h>
#include <stdio.h>

#include "pimnic/pim.h"

enum { kValues = 100000, kRing = 8, kPart2 = 20000 };

static pim_thread threads[4];
static uint8_t stacks[4][2048] __attribute__((aligned(16)));

/* Part 1 */
static volatile uint32_t slot;
static uint32_t out_of_order, received;
static uint64_t consumed_sum;

static void consumer(void* arg) {
  (void)arg;
  for (uint32_t expect = 1; expect <= kValues; ++expect) {
    uint32_t v = pim_readfe(&slot);
    if (v != expect) ++out_of_order;
    consumed_sum += v;
    ++received;
  }
}

/* Part 2: producers claim ring positions with a FEB-locked index, consumers likewise. */
static volatile uint32_t ring[kRing];
static pim_lock put_lock, get_lock;
static uint32_t put_pos, get_pos;
static uint8_t seen[2 * kPart2 + 1];
static uint32_t duplicates;

static void producer2(void* arg) {
  uint32_t first = (uint32_t)(uintptr_t)arg; /* 1 or 2: odd or even values */
  for (uint32_t v = first; v <= 2 * kPart2; v += 2) {
    pim_lock_acquire(&put_lock);
    uint32_t p = put_pos++ % kRing;
    pim_lock_release(&put_lock);
    pim_writeef(&ring[p], v);
  }
}

static void consumer2(void* arg) {
  (void)arg;
  for (uint32_t n = 0; n < kPart2; ++n) {
    pim_lock_acquire(&get_lock);
    uint32_t p = get_pos++ % kRing;
    pim_lock_release(&get_lock);
    uint32_t v = pim_readfe(&ring[p]);
    pim_lock_acquire(&get_lock);
    if (v == 0 || v > 2 * kPart2 || seen[v]) ++duplicates;
    else seen[v] = 1;
    pim_lock_release(&get_lock);
  }
}

int main(void) {
  pim_feempty(&slot);
  if (pim_thread_start(&threads[0], consumer, 0, stacks[0], sizeof stacks[0]) < 0) return 1;
  for (uint32_t v = 1; v <= kValues; ++v) pim_writeef(&slot, v);
  pim_thread_join(&threads[0]);
  const uint64_t want = (uint64_t)kValues * (kValues + 1) / 2;
  if (received != kValues || out_of_order || consumed_sum != want) {
    printf("part 1: received %u, out of order %u\n", (unsigned)received, (unsigned)out_of_order);
    return 2;
  }
  for (unsigned i = 0; i < kRing; ++i) pim_feempty(&ring[i]);
  pim_lock_init(&put_lock);
  pim_lock_init(&get_lock);
  if (pim_thread_start(&threads[0], producer2, (void*)1, stacks[0], sizeof stacks[0]) < 0) return 3;
  if (pim_thread_start(&threads[1], producer2, (void*)2, stacks[1], sizeof stacks[1]) < 0) return 3;
  if (pim_thread_start(&threads[2], consumer2, 0, stacks[2], sizeof stacks[2]) < 0) return 3;
  if (pim_thread_start(&threads[3], consumer2, 0, stacks[3], sizeof stacks[3]) < 0) return 3;
  for (unsigned t = 0; t < 4; ++t) pim_thread_join(&threads[t]);
  unsigned missing = 0;
  for (uint32_t v = 1; v <= 2 * kPart2; ++v) missing += !seen[v];
  if (duplicates || missing) {
    printf("part 2: %u duplicates, %u missing\n", duplicates, missing);
    return 4;
  }
  printf("pim-prodcons: %u values in order, sum ok; ring: %u values exactly once\n", (unsigned)kValues, 2u * kPart2);
  return 0;
}
