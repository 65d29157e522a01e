// A NIC's network port (memmap.h NET_*): a transmit ring of descriptors and a receive ring of
// buffers in NIC SRAM. Transmit hands each packet to the network (emu/net) after a NIC-bus
// descriptor fetch; a packet that arrives is stored in the next free receive buffer, or held in
// a FIFO until the firmware gives one. Beyond net.port.rx_fifo_packets, arrivals wait in the switch
// (net.port.lossless, link-level flow control) or are dropped and counted.
#pragma once
#include <cstdint>
#include <deque>
#include <string>

#include "devices/irq_line.h"
#include "mem/address_space.h"
#include "mem/mmio_device.h"
#include "net/packet.h"
#include "sim/event_queue.h"

namespace pimnic {
class StatRegistry;
namespace net {
class Network;
}

class NetPort : public MmioDevice {
 public:
  NetPort(uint32_t node, EventQueue& events, AddressSpace& sram, IrqLine& irq, net::Network& net, Tick bus,
          uint32_t rx_fifo_packets, bool lossless);
  std::string name() const override { return "net_port"; }
  bool read(uint32_t offset, unsigned size, uint64_t& value, const MmioAccess& by) override;
  bool write(uint32_t offset, unsigned size, uint64_t value, const MmioAccess& by) override;
  void register_stats(StatRegistry& s, const std::string& prefix);
  // A packet for the port arrived (the node routes port-channel packets here).
  void deliver(net::Packet&& p);

 private:
  void transmit_next(Tick at);
  void fill_rx_buffers();
  void update_irq() { irq_.set(source_, irq_status_ & irq_enable_); }

  uint32_t node_;
  EventQueue& events_;
  AddressSpace& sram_;
  IrqLine& irq_;
  unsigned source_;
  net::Network& net_;
  Tick bus_;
  uint32_t rx_fifo_limit_;
  bool lossless_;
  uint64_t backpressured_ = 0;
  uint32_t tx_base_ = 0, tx_entries_ = 0, tx_tail_ = 0, tx_head_ = 0;
  uint32_t rx_base_ = 0, rx_entries_ = 0, rx_tail_ = 0, rx_head_ = 0, rx_buf_size_ = 2048;
  uint32_t irq_status_ = 0, irq_enable_ = 0;
  bool tx_busy_ = false;
  std::deque<net::Packet> rx_fifo_;
  uint64_t tx_packets_ = 0, tx_bytes_ = 0, rx_packets_ = 0, rx_bytes_ = 0, dropped_ = 0, truncated_ = 0;
  uint64_t tx_errors_ = 0, max_rx_fifo_ = 0;
};

}  // namespace pimnic
