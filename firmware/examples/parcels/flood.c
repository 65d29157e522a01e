/* 10^4 parcels among the nodes (PIM NIC, 4 nodes): every node sends 10000 / nodes parcels to
 * pseudo-random nodes (itself included) with a payload; each handler checks its payload and
 * answers the sender with an acknowledgement parcel; each sender counts acknowledgements per
 * parcel under full/empty-bit locks and checks that every one came exactly once. */
#include <pimnic/pim_parcel.h>
#include <pimnic/sysinfo.h>
#include <stdio.h>

#define TOTAL 10000u
#define MAX_PER_NODE TOTAL

static volatile uint32_t acks[MAX_PER_NODE] __attribute__((aligned(4))); /* per parcel: times acked */
static volatile uint32_t acked_total __attribute__((aligned(4)));        /* FEB-locked counter */
static volatile uint32_t bad_payloads __attribute__((aligned(4)));
static volatile uint32_t nodes_done __attribute__((aligned(4)));
static volatile uint32_t finish __attribute__((aligned(4)));
#define WINDOW 16u /* parcels a sender has in flight: each lands in its own slot */
static uint32_t landing[4][WINDOW][4]; /* [sender][slot]: payloads land here */

static void add(volatile uint32_t* word, uint32_t n) { pim_writeef(word, pim_readfe(word) + n); }

static uint32_t payload_word(uint32_t from, uint32_t k, uint32_t i) { return from * 0x01000193u ^ k * 2654435761u ^ i; }

static void ack_handler(uint32_t k, uint32_t ok, uint32_t a2, uint32_t a3, uint32_t a4, uint32_t a5, uint32_t a6) {
  (void)a2, (void)a3, (void)a4, (void)a5, (void)a6;
  add(&acks[k], 1);
  if (!ok) add(&bad_payloads, 1);
  add(&acked_total, 1);
}

/* Runs on the destination: the payload landed in landing[slot]. */
static void work_handler(uint32_t from, uint32_t k, uint32_t slot, uint32_t a3, uint32_t a4, uint32_t a5, uint32_t a6) {
  (void)a3, (void)a4, (void)a5, (void)a6;
  uint32_t ok = 1;
  for (uint32_t i = 0; i < 4; ++i) ok &= landing[from][slot][i] == payload_word(from, k, i);
  const uint32_t args[7] = {k, ok, 0, 0, 0, 0, 0};
  while (pim_parcel_send(from, ack_handler, args, 0, 0, 0) != 0) {
  }
}

static void done_handler(uint32_t a0, uint32_t a1, uint32_t a2, uint32_t a3, uint32_t a4, uint32_t a5, uint32_t a6) {
  (void)a0, (void)a1, (void)a2, (void)a3, (void)a4, (void)a5, (void)a6;
  add(&nodes_done, 1);
}
static void finish_handler(uint32_t a0, uint32_t a1, uint32_t a2, uint32_t a3, uint32_t a4, uint32_t a5, uint32_t a6) {
  (void)a0, (void)a1, (void)a2, (void)a3, (void)a4, (void)a5, (void)a6;
  pim_writef(&finish, 1);
}

int main(void) {
  const uint32_t me = pimnic_node_id(), nodes = pimnic_node_count(), per_node = TOTAL / nodes;
  if (nodes > 4) {
    printf("flood: at most 4 nodes\n");
    return 1;
  }
  pim_feempty(&finish);
  uint32_t x = 2463534242u ^ me * 747796405u;
  for (uint32_t k = 0; k < per_node; ++k) {
    x ^= x << 13, x ^= x >> 17, x ^= x << 5;
    uint32_t dest = x % nodes, slot = k % WINDOW;
    uint32_t payload[4];
    for (uint32_t i = 0; i < 4; ++i) payload[i] = payload_word(me, k, i);
    /* The payload lands in this sender's slot on the destination; the slot is reused only after
     * the parcel that used it last was handled (acknowledged). */
    while (k >= WINDOW && acks[k - WINDOW] == 0) pim_yield();
    const uint32_t args[7] = {me, k, slot, 0, 0, 0, 0};
    while (pim_parcel_send(dest, work_handler, args, payload, sizeof payload, landing[me][slot]) != 0) {
    }
  }
  while (pim_readff(&acked_total) < per_node) pim_yield();
  uint32_t once = 0, twice = 0, never = 0;
  for (uint32_t k = 0; k < per_node; ++k) {
    uint32_t a = pim_readff(&acks[k]);
    once += a == 1;
    twice += a > 1;
    never += a == 0;
  }
  printf("flood: node %u sent %u parcels: %u handled once, %u more than once, %u never, %u bad payloads\n",
         (unsigned)me, (unsigned)per_node, (unsigned)once, (unsigned)twice, (unsigned)never,
         (unsigned)pim_readff(&bad_payloads));
  int ok = once == per_node && pim_readff(&bad_payloads) == 0;
  while (pim_parcel_send(0, done_handler, 0, 0, 0, 0) != 0) {
  }
  if (me != 0) {
    (void)pim_readff(&finish);
    return ok ? 0 : 1;
  }
  while (pim_readff(&nodes_done) < nodes) pim_yield();
  for (uint32_t n = 1; n < nodes; ++n) pim_parcel_send(n, finish_handler, 0, 0, 0, 0);
  printf("flood: %u parcels among %u nodes, all handled exactly once\n", (unsigned)(per_node * nodes), (unsigned)nodes);
  return ok ? 0 : 1;
}
