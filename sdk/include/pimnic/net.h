/* The NIC's network port (memmap.h NET_*): transmit and receive rings in NIC SRAM. */
#ifndef PIMNIC_NET_H
#define PIMNIC_NET_H
#include <stdint.h>

#include "pimnic/memmap.h"
#include "pimnic/mmio.h"

#define PIMNIC_NET_HEADER_WORDS 8

struct pimnic_net_txdesc {
  uint32_t dst_node;
  uint32_t header[PIMNIC_NET_HEADER_WORDS];
  uint32_t payload_addr; /* SRAM */
  uint32_t payload_len;
  volatile uint32_t status;
};

struct pimnic_net_rxdesc {
  uint32_t buffer; /* SRAM: header (32 bytes) then payload */
  volatile uint32_t status;
  volatile uint32_t src_node;
  volatile uint32_t payload_len;
};

struct pimnic_net {
  struct pimnic_net_txdesc* tx;
  uint32_t tx_entries, tx_tail;
  struct pimnic_net_rxdesc* rx;
  uint32_t rx_entries, rx_head; /* rx_head: next buffer to look at */
  uint32_t buf_size;
};

static inline uint32_t pimnic_net_node(void) { return pimnic_mmio_read32(PIMNIC_NET_BASE + NET_NODE_ID); }
static inline uint32_t pimnic_net_max_payload(void) { return pimnic_mmio_read32(PIMNIC_NET_BASE + NET_MAX_PAYLOAD); }

/* Rings and buffers in SRAM: rx_buffers holds rx_entries buffers of buf_size bytes. */
static inline void pimnic_net_init(struct pimnic_net* n, struct pimnic_net_txdesc* tx, uint32_t tx_entries,
                                   struct pimnic_net_rxdesc* rx, uint32_t rx_entries, uint8_t* rx_buffers, uint32_t buf_size) {
  n->tx = tx;
  n->tx_entries = tx_entries;
  n->tx_tail = 0;
  n->rx = rx;
  n->rx_entries = rx_entries;
  n->rx_head = 0;
  n->buf_size = buf_size;
  for (uint32_t i = 0; i < rx_entries; ++i) {
    rx[i].buffer = (uint32_t)(uintptr_t)(rx_buffers + i * buf_size);
    rx[i].status = 0;
  }
  pimnic_mmio_write32(PIMNIC_NET_BASE + NET_TX_RING_BASE, (uint32_t)(uintptr_t)tx);
  pimnic_mmio_write32(PIMNIC_NET_BASE + NET_TX_RING_ENTRIES, tx_entries);
  pimnic_mmio_write32(PIMNIC_NET_BASE + NET_RX_RING_BASE, (uint32_t)(uintptr_t)rx);
  pimnic_mmio_write32(PIMNIC_NET_BASE + NET_RX_RING_ENTRIES, rx_entries);
  pimnic_mmio_write32(PIMNIC_NET_BASE + NET_RX_BUF_SIZE, buf_size);
  pimnic_mmio_write32(PIMNIC_NET_BASE + NET_RX_TAIL, rx_entries); /* every buffer to the engine */
}

/* Queue a packet (waits while the ring is full); returns its ticket. */
static inline uint32_t pimnic_net_send(struct pimnic_net* n, uint32_t dst, const uint32_t* header, uint32_t payload_addr,
                                       uint32_t len) {
  while (n->tx_tail - pimnic_mmio_read32(PIMNIC_NET_BASE + NET_TX_HEAD) >= n->tx_entries) {
  }
  struct pimnic_net_txdesc* d = &n->tx[n->tx_tail & (n->tx_entries - 1)];
  d->dst_node = dst;
  for (int i = 0; i < PIMNIC_NET_HEADER_WORDS; ++i) d->header[i] = header[i];
  d->payload_addr = payload_addr;
  d->payload_len = len;
  d->status = 0;
  uint32_t ticket = n->tx_tail++;
  pimnic_mmio_write32(PIMNIC_NET_BASE + NET_TX_TAIL, n->tx_tail);
  return ticket;
}
/* Wait until every queued packet has left the port (payloads may then be reused). */
static inline void pimnic_net_flush(const struct pimnic_net* n) {
  while (pimnic_mmio_read32(PIMNIC_NET_BASE + NET_TX_HEAD) != n->tx_tail) {
  }
}

/* The next received packet, or 0: its descriptor (header at buffer, payload after 32 bytes). */
static inline struct pimnic_net_rxdesc* pimnic_net_poll(struct pimnic_net* n) {
  if (pimnic_mmio_read32(PIMNIC_NET_BASE + NET_RX_HEAD) == n->rx_head) return 0;
  return &n->rx[n->rx_head & (n->rx_entries - 1)];
}
/* Give the oldest received buffer back to the engine. */
static inline void pimnic_net_release(struct pimnic_net* n) {
  n->rx[n->rx_head & (n->rx_entries - 1)].status = 0;
  ++n->rx_head;
  pimnic_mmio_write32(PIMNIC_NET_BASE + NET_RX_TAIL, n->rx_head + n->rx_entries);
}

#endif
