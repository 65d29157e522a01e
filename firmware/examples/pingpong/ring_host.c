/* Ring over the NIC message layer (protocol.h, pingpong_nic.c) for any number of nodes (the
 * 1,024-node benchmark, docs/machine-bench.md): in each of RING_LAPS laps node i sends a
 * RING_BYTES message to node (i+1) mod N and receives one from node (i-1) mod N. Every word is
 * checked against the sender's pattern; a node that sees anything wrong prints it and exits with
 * status 1 (so does the machine). Node 0 prints one summary line with the time of every lap.
 *
 * Small host memory: 4 x 6 KiB receive buffers, 2 x 6 KiB send buffers, the completion ring and
 * the code stay below 64 KiB, and the image is linked with its stack at RING_STACK_TOP (CMakeLists:
 * --defsym=__stack_top=...), so it runs with --set host.mem.ram_size down to that (128 KiB)
 * instead of needing the default 64 MiB. */
#include <pimnic/memmap.h>
#include <pimnic/sysinfo.h>
#include <pimnic/timer.h>
#include <stdio.h>

#include "host_msg.h"

#define RING_LAPS 4u          /* receives for every lap are posted at the start: at most PP_CMD_ENTRIES - 2 */
#define RING_BYTES 6144u      /* a few KiB: two packets of the default 4 KiB maximum payload */
#define RING_WORDS (RING_BYTES / 4u)
#define RING_STACK_TOP 0x20000u /* must match --defsym=__stack_top in CMakeLists.txt */

static uint32_t sendbuf[2][RING_WORDS] __attribute__((aligned(64)));
static uint32_t recvbuf[RING_LAPS][RING_WORDS] __attribute__((aligned(64)));
extern char _end[], __stack_top[];

/* The word i of the message node `from` sends in lap `lap`: different for every node, lap, word. */
static inline uint32_t pattern(uint32_t from, uint32_t lap, uint32_t i) {
  uint32_t x = (from * 0x9E3779B1u) ^ (lap << 26) ^ i;
  x *= 0x85EBCA6Bu;
  return x ^ (x >> 13);
}

static uint32_t sends_pending;

/* The next receive completion (send completions on the way are counted off). */
static struct pimnic_completion next_received(void) {
  struct pimnic_completion c;
  for (;;) {
    pimnic_hif_wait(&pp_hif, &c);
    if (c.word[0] != PP_SENT) return c;
    --sends_pending;
  }
}

int main(void) {
  const uint32_t me = pimnic_node_id(), n = pimnic_node_count();
  const uint32_t right = (me + 1) % n, left = (me + n - 1) % n;
  if (n < 2) {
    printf("ring: needs at least 2 nodes\n");
    return 1;
  }
  if ((uintptr_t)__stack_top != RING_STACK_TOP || (uintptr_t)_end > RING_STACK_TOP - PIMNIC_STACK_SIZE ||
      pimnic_ram_size() < RING_STACK_TOP) {
    printf("ring: node %u: image end 0x%x, stack top 0x%x, RAM 0x%x: does not fit\n", (unsigned)me,
           (unsigned)(uintptr_t)_end, (unsigned)(uintptr_t)__stack_top, (unsigned)pimnic_ram_size());
    return 1;
  }
  pp_init();
  for (uint32_t lap = 0; lap < RING_LAPS; ++lap) pp_command(PP_RECV, recvbuf[lap], RING_BYTES, left, lap);
  uint64_t t_start = pimnic_time_ns(), t_lap[RING_LAPS];
  uint32_t checksum = 0;
  for (uint32_t lap = 0; lap < RING_LAPS; ++lap) {
    /* Two send buffers: the one of lap - 2 is free once its send completed. */
    while (sends_pending >= 2) {
      struct pimnic_completion c;
      pimnic_hif_wait(&pp_hif, &c);
      if (c.word[0] != PP_SENT) {
        printf("ring: node %u: unexpected completion %u before lap %u's send\n", (unsigned)me, (unsigned)c.word[0],
               (unsigned)lap);
        return 1;
      }
      --sends_pending;
    }
    uint32_t* out = sendbuf[lap % 2];
    for (uint32_t i = 0; i < RING_WORDS; ++i) out[i] = pattern(me, lap, i);
    pp_command(PP_SEND, out, RING_BYTES, right, lap);
    ++sends_pending;

    struct pimnic_completion c = next_received();
    if (c.word[0] != PP_RECEIVED || c.word[1] != lap || c.word[2] != RING_BYTES || c.word[3] != left) {
      printf("ring: node %u: lap %u: completion %u tag %u length %u from node %u (wanted %u %u %u %u)\n", (unsigned)me,
             (unsigned)lap, (unsigned)c.word[0], (unsigned)c.word[1], (unsigned)c.word[2], (unsigned)c.word[3],
             PP_RECEIVED, (unsigned)lap, RING_BYTES, (unsigned)left);
      return 1;
    }
    const uint32_t* in = recvbuf[lap];
    for (uint32_t i = 0; i < RING_WORDS; ++i) {
      if (in[i] != pattern(left, lap, i)) {
        printf("ring: node %u: lap %u: word %u from node %u is %08x, not %08x\n", (unsigned)me, (unsigned)lap,
               (unsigned)i, (unsigned)left, (unsigned)in[i], (unsigned)pattern(left, lap, i));
        return 1;
      }
      checksum = checksum * 31u + in[i];
    }
    t_lap[lap] = pimnic_time_ns();
  }
  while (sends_pending) {
    struct pimnic_completion c;
    pimnic_hif_wait(&pp_hif, &c);
    if (c.word[0] != PP_SENT) {
      printf("ring: node %u: unexpected completion %u after the last lap\n", (unsigned)me, (unsigned)c.word[0]);
      return 1;
    }
    --sends_pending;
  }
  if (me == 0) {
    printf("ring: %u nodes, %u laps of %u bytes, node 0 intact, checksum %08x, laps (ns):", (unsigned)n,
           (unsigned)RING_LAPS, RING_BYTES, (unsigned)checksum);
    for (uint32_t lap = 0; lap < RING_LAPS; ++lap)
      printf(" %u", (unsigned)(t_lap[lap] - (lap ? t_lap[lap - 1] : t_start)));
    printf(", total %u ns, image end 0x%x, stack top 0x%x\n", (unsigned)(t_lap[RING_LAPS - 1] - t_start),
           (unsigned)(uintptr_t)_end, (unsigned)(uintptr_t)__stack_top);
  }
  return 0;
}
