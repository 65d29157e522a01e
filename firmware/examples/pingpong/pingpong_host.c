/* Ping-pong between the hosts of nodes 0 and 1 through their NICs (protocol.h). Node 0 sends a
 * message of each size and waits for the echo of the same size from node 1; both check every byte
 * (each side's data follows its own pattern). Node 0 prints per size the one-way latency (half the
 * best round trip) and the bandwidth, read off the timer. */
#include <pimnic/exit.h>
#include <pimnic/sysinfo.h>
#include <pimnic/timer.h>
#include <stdio.h>
#include <string.h>

#include "host_msg.h"

#define MAX_SIZE (1u << 20)
static uint8_t sendbuf[MAX_SIZE] __attribute__((aligned(64)));
static uint8_t recvbuf[MAX_SIZE] __attribute__((aligned(64)));

static uint8_t pattern(uint32_t node, uint32_t size, uint32_t i) { return (uint8_t)(i * 131u + size * 7u + node * 29u + (i >> 8)); }

/* Wait for a completion of this kind; a send completion that comes first is kept for later. */
static uint32_t sends_completed;
static void await(uint32_t kind, uint32_t tag, uint32_t len) {
  struct pimnic_completion c;
  if (kind == PP_SENT && sends_completed) {
    --sends_completed;
    return;
  }
  for (;;) {
    pimnic_hif_wait(&pp_hif, &c);
    if (c.word[0] != PP_SENT || kind == PP_SENT) break;
    ++sends_completed;
  }
  if (c.word[0] != kind || c.word[1] != tag || c.word[2] != len) {
    printf("pingpong: unexpected completion %u tag %u len %u (wanted %u %u %u)\n", (unsigned)c.word[0],
           (unsigned)c.word[1], (unsigned)c.word[2], (unsigned)kind, (unsigned)tag, (unsigned)len);
    pimnic_exit(1);
  }
}

static int check(uint32_t from, uint32_t size) {
  for (uint32_t i = 0; i < size; ++i)
    if (recvbuf[i] != pattern(from, size, i)) {
      printf("pingpong: byte %u of a %u-byte message from node %u is 0x%02x, not 0x%02x\n", (unsigned)i, (unsigned)size,
             (unsigned)from, recvbuf[i], pattern(from, size, i));
      return 0;
    }
  return 1;
}

int main(void) {
  static const uint32_t sizes[] = {0, 1, 8, 64, 512, 4096, 4097, 16384, 65536, 262144, 1048576};
  uint32_t me = pimnic_node_id(), peer = me ^ 1;
  if (pimnic_node_count() < 2) {
    printf("pingpong: needs two nodes\n");
    return 1;
  }
  if (me > 1) return 0;  /* nodes beyond the pair stay out */
  pp_init();
  uint32_t tag = 0;
  for (unsigned s = 0; s < sizeof sizes / sizeof sizes[0]; ++s) {
    uint32_t size = sizes[s], iters = size <= 65536 ? 4 : 2;
    for (uint32_t i = 0; i < size; ++i) sendbuf[i] = pattern(me, size, i);
    uint64_t best = ~0ull;
    for (uint32_t it = 0; it < iters; ++it, ++tag) {
      memset(recvbuf, 0, size);
      pp_command(PP_RECV, recvbuf, size, peer, tag);
      if (me == 0) {
        uint64_t t0 = pimnic_time_ns();
        pp_command(PP_SEND, sendbuf, size, peer, tag);
        await(PP_RECEIVED, tag, size);
        uint64_t rtt = pimnic_time_ns() - t0;
        if (rtt < best) best = rtt;
        await(PP_SENT, tag, size);
      } else {
        await(PP_RECEIVED, tag, size);
        pp_command(PP_SEND, sendbuf, size, peer, tag);
        await(PP_SENT, tag, size);
      }
      if (!check(peer, size)) return 1;
    }
    if (me == 0) {
      uint64_t oneway = best / 2;
      uint32_t mbps = oneway ? (uint32_t)((uint64_t)size * 1000u / oneway) : 0;
      printf("pingpong size=%u oneway_ns=%u bandwidth_MBps=%u\n", (unsigned)size, (unsigned)oneway, (unsigned)mbps);
    }
  }
  if (me == 0) printf("pingpong: all messages intact\n");
  return 0;
}
