#include "devices/net_port.h"

#include <algorithm>
#include <vector>

#include "net/network.h"
#include "pimnic/memmap.h"
#include "sim/stats.h"
#include "util/bits.h"

namespace pimnic {

namespace {
constexpr uint32_t kTxDescBytes = 48, kRxDescBytes = 16, kHeaderBytes = 32;
constexpr uint32_t kIrqSent = 1, kIrqReceived = 2, kIrqDropped = 4;
}  // namespace

NetPort::NetPort(uint32_t node, EventQueue& events, AddressSpace& sram, IrqLine& irq, net::Network& net, Tick bus,
                 uint32_t rx_fifo_packets, bool lossless)
    : node_(node), events_(events), sram_(sram), irq_(irq), source_(irq.add_source()), net_(net), bus_(bus),
      rx_fifo_limit_(rx_fifo_packets),
      lossless_(lossless) {}

bool NetPort::read(uint32_t offset, unsigned, uint64_t& value, const MmioAccess&) {
  switch (offset) {
    case NET_NODE_ID: value = node_; return true;
    case NET_TX_RING_BASE: value = tx_base_; return true;
    case NET_TX_RING_ENTRIES: value = tx_entries_; return true;
    case NET_TX_TAIL: value = tx_tail_; return true;
    case NET_TX_HEAD: value = tx_head_; return true;
    case NET_RX_RING_BASE: value = rx_base_; return true;
    case NET_RX_RING_ENTRIES: value = rx_entries_; return true;
    case NET_RX_TAIL: value = rx_tail_; return true;
    case NET_RX_HEAD: value = rx_head_; return true;
    case NET_RX_BUF_SIZE: value = rx_buf_size_; return true;
    case NET_IRQ_STATUS: value = irq_status_; return true;
    case NET_IRQ_ENABLE: value = irq_enable_; return true;
    case NET_DROPPED: value = dropped_; return true;
    case NET_MAX_PAYLOAD: value = net_.config().max_payload; return true;
    default: value = 0; return offset < PIMNIC_DEVICE_SIZE;
  }
}

bool NetPort::write(uint32_t offset, unsigned, uint64_t v, const MmioAccess& by) {
  const uint32_t value = uint32_t(v);
  auto pow2 = [](uint32_t x) { return !(x & (x - 1)); };
  switch (offset) {
    case NET_TX_RING_BASE: tx_base_ = value; return true;
    case NET_TX_RING_ENTRIES:
      if (!pow2(value)) return false;
      tx_entries_ = value;
      tx_head_ = tx_tail_ = 0;
      return true;
    case NET_TX_TAIL:
      if (!tx_entries_ || value - tx_head_ > tx_entries_) return false;
      tx_tail_ = value;
      transmit_next(by.time + bus_);
      return true;
    case NET_RX_RING_BASE: rx_base_ = value; return true;
    case NET_RX_RING_ENTRIES:
      if (!pow2(value)) return false;
      rx_entries_ = value;
      rx_head_ = rx_tail_ = 0;
      return true;
    case NET_RX_TAIL:
      if (!rx_entries_ || value - rx_head_ > rx_entries_) return false;
      rx_tail_ = value;
      if (!rx_fifo_.empty())  // held packets move into the new buffers after a bus access
        events_.schedule(by.time + bus_, [this] { fill_rx_buffers(); }, kPrioDeviceUpdate,
                         "net.rx_refill");
      return true;
    case NET_RX_BUF_SIZE:
      if (value < kHeaderBytes) return false;
      rx_buf_size_ = value;
      return true;
    case NET_IRQ_STATUS: irq_status_ &= ~value; update_irq(); return true;
    case NET_IRQ_ENABLE: irq_enable_ = value; update_irq(); return true;
    default: return offset < PIMNIC_DEVICE_SIZE;
  }
}

// One descriptor per event: fetch it over the NIC bus, read the payload, hand the packet over.
void NetPort::transmit_next(Tick at) {
  if (tx_busy_ || tx_head_ == tx_tail_) return;
  tx_busy_ = true;
  events_.schedule(at, [this] {
    const uint32_t desc = tx_base_ + (tx_head_ & (tx_entries_ - 1)) * kTxDescBytes;
    uint8_t d[kTxDescBytes] = {};
    sram_.read_bytes(desc, d, kTxDescBytes);
    net::Packet p;
    p.src_node = node_;
    p.dst_node = load_be<uint32_t>(d);
    for (unsigned i = 0; i < 8; ++i) p.header[i] = load_be<uint32_t>(d + 4 + 4 * i);
    const uint32_t addr = load_be<uint32_t>(d + 36), len = load_be<uint32_t>(d + 40);
    uint32_t status = NET_DESC_DONE;
    if (len > net_.config().max_payload || p.dst_node >= net_.config().nodes) {
      status |= NET_DESC_ERROR;
    } else {
      p.payload.resize(len);
      if (!sram_.read_bytes(addr, p.payload.data(), len)) status |= NET_DESC_ERROR;
    }
    if (status == NET_DESC_DONE) {
      ++tx_packets_;
      tx_bytes_ += len;
      net_.send(std::move(p));
    } else {
      ++tx_errors_;
    }
    uint8_t s[4];
    store_be<uint32_t>(s, status);
    sram_.write_bytes(desc + 44, s, 4);
    ++tx_head_;
    irq_status_ |= kIrqSent;
    update_irq();
    tx_busy_ = false;
    transmit_next(events_.now() + bus_);
  }, kPrioDeviceUpdate, "net.tx");
}

void NetPort::deliver(net::Packet&& p) {
  if (rx_fifo_.size() >= rx_fifo_limit_ && lossless_) {
    ++backpressured_;  // it waits in the switch: in arrival order after the FIFO, as if held there
  } else if (rx_fifo_.size() >= rx_fifo_limit_) {
    ++dropped_;
    irq_status_ |= kIrqDropped;
    update_irq();
    return;
  }
  rx_fifo_.push_back(std::move(p));
  max_rx_fifo_ = std::max<uint64_t>(max_rx_fifo_, rx_fifo_.size());
  fill_rx_buffers();
}

// Held packets into free receive buffers, in arrival order.
void NetPort::fill_rx_buffers() {
  bool received = false;
  while (!rx_fifo_.empty() && rx_entries_ && rx_tail_ != rx_head_) {
    net::Packet& p = rx_fifo_.front();
    const uint32_t desc = rx_base_ + (rx_head_ & (rx_entries_ - 1)) * kRxDescBytes;
    uint8_t d[kRxDescBytes] = {};
    sram_.read_bytes(desc, d, kRxDescBytes);
    const uint32_t buf = load_be<uint32_t>(d);
    const uint32_t room = rx_buf_size_ - kHeaderBytes;
    const uint32_t len = std::min<uint32_t>(uint32_t(p.payload.size()), room);
    uint8_t hdr[kHeaderBytes];
    for (unsigned i = 0; i < 8; ++i) store_be<uint32_t>(hdr + 4 * i, p.header[i]);
    bool ok = sram_.write_bytes(buf, hdr, kHeaderBytes) && sram_.write_bytes(buf + kHeaderBytes, p.payload.data(), len);
    uint32_t status = NET_DESC_DONE;
    if (len < p.payload.size()) status |= NET_DESC_TRUNCATED, ++truncated_;
    if (!ok) status |= NET_DESC_ERROR;
    store_be<uint32_t>(d + 4, status);
    store_be<uint32_t>(d + 8, p.src_node);
    store_be<uint32_t>(d + 12, uint32_t(p.payload.size()));
    sram_.write_bytes(desc, d, kRxDescBytes);
    ++rx_head_;
    ++rx_packets_;
    rx_bytes_ += p.payload.size();
    rx_fifo_.pop_front();
    received = true;
  }
  if (received) {
    irq_status_ |= kIrqReceived;
    update_irq();
  }
}

void NetPort::register_stats(StatRegistry& s, const std::string& p) {
  s.counter(p + "tx_packets", &tx_packets_, "packets sent");
  s.counter(p + "tx_bytes", &tx_bytes_, "payload bytes sent");
  s.counter(p + "tx_errors", &tx_errors_, "transmit descriptors rejected (bad node, payload too long or outside SRAM)");
  s.counter(p + "rx_packets", &rx_packets_, "packets received into buffers");
  s.counter(p + "rx_bytes", &rx_bytes_, "payload bytes received");
  s.counter(p + "rx_dropped", &dropped_, "packets dropped with the receive FIFO full (net.port.lossless=false)");
  s.counter(p + "rx_backpressured", &backpressured_, "packets that found the receive FIFO full and waited in the switch");
  s.counter(p + "rx_truncated", &truncated_, "packets longer than a receive buffer");
  s.counter(p + "rx_fifo_max", &max_rx_fifo_, "most packets held waiting for a receive buffer");
}

}  // namespace pimnic
