/* All-to-all among every node: in each round every node sends one message of a pseudo-random size
 * (0..20,000 bytes, known to both ends) to every other node and receives one from each. Every byte
 * is checked; each node prints what it received in the order the completions came, with a
 * checksum, so that reruns can be compared line by line. */
#include <pimnic/exit.h>
#include <pimnic/sysinfo.h>
#include <pimnic/timer.h>
#include <stdio.h>

#include "host_msg.h"

#define MAX_PEERS 32u
#define MAX_MSG 20000u
#define ROUNDS 3u
static uint8_t sendbuf[MAX_PEERS][MAX_MSG];
static uint8_t recvbuf[ROUNDS][MAX_PEERS][MAX_MSG];

static uint32_t mix(uint32_t x) {
  x ^= x >> 16;
  x *= 0x7feb352dU;
  x ^= x >> 15;
  x *= 0x846ca68bU;
  return x ^ (x >> 16);
}
static uint32_t msg_size(uint32_t from, uint32_t to, uint32_t round) {
  uint32_t r = mix(from * 1000003u + to * 7919u + round * 104729u);
  return r % 8 == 0 ? 0 : r % (MAX_MSG + 1);
}
static uint8_t msg_byte(uint32_t from, uint32_t to, uint32_t round, uint32_t i) {
  return (uint8_t)mix((from << 24) ^ (to << 16) ^ (round << 12) ^ i);
}

int main(void) {
  const uint32_t me = pimnic_node_id(), n = pimnic_node_count();
  if (n < 2 || n > MAX_PEERS) {
    printf("alltoall: needs 2..%u nodes, not %u\n", (unsigned)MAX_PEERS, (unsigned)n);
    return 1;
  }
  pp_init();
  uint32_t checksum = 0, bytes = 0, messages = 0;
  uint64_t t0 = pimnic_time_ns();
  /* Every receive of every round first (the NIC holds 64 posted receives): a message never waits
   * at the NIC for a receive that its host posts only after waiting for another message. */
  for (uint32_t round = 0; round < ROUNDS; ++round)
    for (uint32_t p = 0; p < n; ++p)
      if (p != me) pp_command(PP_RECV, recvbuf[round][p], msg_size(p, me, round), p, round);
  uint32_t receives_left = ROUNDS * (n - 1);
  for (uint32_t round = 0; round <= ROUNDS; ++round) {
    uint32_t sends_left = 0;
    if (round < ROUNDS)
      for (uint32_t p = 0; p < n; ++p) {
        if (p == me) continue;
        uint32_t size = msg_size(me, p, round);
        for (uint32_t i = 0; i < size; ++i) sendbuf[p][i] = msg_byte(me, p, round, i);
        pp_command(PP_SEND, sendbuf[p], size, p, round);
        ++sends_left;
      }
    /* Until this round's sends are done (send buffers are reused), and at the end every receive. */
    while (sends_left || (round == ROUNDS && receives_left)) {
      struct pimnic_completion c;
      pimnic_hif_wait(&pp_hif, &c);
      if (c.word[0] == PP_SENT) {
        --sends_left;
        continue;
      }
      uint32_t from = c.word[3], size = c.word[2], r = c.word[1];
      if (c.word[0] != PP_RECEIVED || from >= n || r >= ROUNDS || size != msg_size(from, me, r)) {
        printf("alltoall: node %u: bad completion %u tag %u size %u from %u\n", (unsigned)me, (unsigned)c.word[0],
               (unsigned)r, (unsigned)size, (unsigned)from);
        return 1;
      }
      uint32_t sum = 0;
      for (uint32_t i = 0; i < size; ++i) {
        if (recvbuf[r][from][i] != msg_byte(from, me, r, i)) {
          printf("alltoall: node %u: byte %u from node %u round %u is wrong\n", (unsigned)me, (unsigned)i, (unsigned)from,
                 (unsigned)r);
          return 1;
        }
        sum = sum * 31u + recvbuf[r][from][i];
      }
      checksum = mix(checksum ^ sum ^ from << 20 ^ r << 28);
      bytes += size;
      ++messages;
      --receives_left;
      printf("alltoall: node %u round %u got %u bytes from node %u sum %08x\n", (unsigned)me, (unsigned)r, (unsigned)size,
             (unsigned)from, (unsigned)sum);
    }
  }
  uint64_t t1 = pimnic_time_ns();
  printf("alltoall: node %u received %u messages, %u bytes, intact, checksum %08x, %u ns\n", (unsigned)me,
         (unsigned)messages, (unsigned)bytes, (unsigned)checksum, (unsigned)(t1 - t0));
  return 0;
}
