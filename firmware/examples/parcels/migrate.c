/* A traveling thread (PIM NIC, two nodes or more): node 0 starts a parcel handler on itself; it
 * fills a buffer on its stack, migrates to node 1, adds node 1's data to it, migrates back to
 * node 0 and checks that its registers (locals) and the stack buffer made both trips. */
#include <pimnic/pim_parcel.h>
#include <pimnic/sysinfo.h>
#include <stdio.h>

static volatile uint32_t result __attribute__((aligned(4)));
static volatile uint32_t node_value; /* differs per node: the traveler reads it where it is */

static void traveler(uint32_t seed, uint32_t a1, uint32_t a2, uint32_t a3, uint32_t a4, uint32_t a5, uint32_t a6) {
  uint32_t buf[16];
  for (uint32_t i = 0; i < 16; ++i) buf[i] = seed * (i + 1);
  uint32_t sum_args = a1 + a2 + a3 + a4 + a5 + a6;
  volatile uint32_t visited[3]; /* on the stack: it travels */
  visited[0] = pimnic_node_id();
  if (pim_migrate(1) != 0) {
    pim_writef(&result, 0xBAD1);
    return;
  }
  visited[1] = pimnic_node_id();
  uint32_t there = node_value;
  for (uint32_t i = 0; i < 16; ++i) buf[i] += there;
  if (pim_migrate(0) != 0) {
    pim_writef(&result, 0xBAD2);
    return;
  }
  visited[2] = pimnic_node_id();
  uint32_t ok = visited[0] == 0 && visited[1] == 1 && visited[2] == 0 && there == 1001 && sum_args == 2 + 3 + 4 + 5 + 6 + 7;
  for (uint32_t i = 0; i < 16; ++i) ok &= buf[i] == seed * (i + 1) + 1001;
  printf("migrate: node %u -> node %u -> node %u, read %u on node 1, stack buffer %s, arguments %s\n",
         (unsigned)visited[0], (unsigned)visited[1], (unsigned)visited[2], (unsigned)there, ok ? "intact" : "WRONG",
         sum_args == 27 ? "intact" : "WRONG");
  pim_writef(&result, ok ? 1 : 0xBAD3);
}

static volatile uint32_t finish __attribute__((aligned(4)));
static void finish_handler(uint32_t a0, uint32_t a1, uint32_t a2, uint32_t a3, uint32_t a4, uint32_t a5, uint32_t a6) {
  (void)a0, (void)a1, (void)a2, (void)a3, (void)a4, (void)a5, (void)a6;
  pim_writef(&finish, 1);
}

int main(void) {
  uint32_t me = pimnic_node_id();
  node_value = me == 1 ? 1001 : 7;
  pim_feempty(&finish);
  if (me != 0) {
    (void)pim_readff(&finish); /* until node 0 is done */
    return 0;
  }
  pim_feempty(&result);
  const uint32_t args[7] = {12345, 2, 3, 4, 5, 6, 7};
  if (pim_parcel_send(0, traveler, args, 0, 0, 0) != 0) {
    printf("migrate: parcel refused\n");
    return 1;
  }
  uint32_t r = pim_readff(&result);
  for (uint32_t n = 1; n < pimnic_node_count(); ++n) pim_parcel_send(n, finish_handler, 0, 0, 0, 0);
  return r == 1 ? 0 : 1;
}
