// The NIC's network port: packets out with a protocol header of PIMNIC_NET_HEADER_WORDS words (the
// firmware's own packet type), and received packets in arrival order. A received buffer that a DMA
// still has to read is kept (hold()) and a spare buffer takes its place in the receive ring, so the
// ring never waits for the host interface.
#pragma once
#include <cstdint>

#include <pimnic/net.h>

#include "capacities.h"

namespace nic {

class Port {
 public:
  // buffers: (kRxRing + kRxSpare) receive buffers of kMaxFragment + 32 bytes.
  void init(uint8_t (*buffers)[kMaxFragment + 32]);
  uint32_t node() const { return node_; }
  uint32_t max_payload() const { return max_payload_; }

  // ---- transmit ----
  bool tx_full() const { return tx_room() == 0; }
  uint32_t tx_room() const { return kTxRing - (net_.tx_tail - tx_head_); }  // as of the last refresh_tx()
  // Queue a packet with `header` (the protocol's header struct, PIMNIC_NET_HEADER_WORDS words); its
  // payload (SRAM) must stay until sent(ticket). Returns the ticket.
  template <typename Header>
  uint32_t send(uint32_t dst, const Header& header, uint32_t payload, uint32_t length) {
    static_assert(sizeof(Header) == PIMNIC_NET_HEADER_WORDS * 4, "a packet header is PIMNIC_NET_HEADER_WORDS words");
    return send_header(dst, &header, payload, length);
  }
  // Packets that have left: tickets below this are sent. Reads the port.
  uint32_t refresh_tx() { return tx_head_ = pimnic_mmio_read32(PIMNIC_NET_BASE + NET_TX_HEAD); }
  bool sent(uint32_t ticket) const { return int32_t(tx_head_ - ticket) > 0; }
  bool tx_idle() const { return tx_head_ == net_.tx_tail; }

  // ---- receive ----
  // The oldest received packet, or null.
  struct pimnic_net_rxdesc* peek() { return pimnic_net_poll(&net_); }
  // Keep the current packet's buffer (a DMA reads it later; give_back() it then): its address,
  // or 0 when no spare buffer is left to put in the ring instead.
  uint32_t hold();
  void give_back(uint32_t buffer) { spare_[spares_++] = buffer; }
  void release() { pimnic_net_release(&net_); }  // done with the current packet
  void ack_irq() { pimnic_mmio_write32(PIMNIC_NET_BASE + NET_IRQ_STATUS, 7); }

 private:
  uint32_t send_header(uint32_t dst, const void* header, uint32_t payload, uint32_t length);

  struct pimnic_net net_;
  alignas(16) struct pimnic_net_txdesc tx_ring_[kTxRing];
  alignas(16) struct pimnic_net_rxdesc rx_ring_[kRxRing];
  uint32_t spare_[kRxSpare];
  uint32_t spares_ = 0;
  uint32_t tx_head_ = 0;
  uint32_t node_ = 0, max_payload_ = 0;
};

}  // namespace nic
