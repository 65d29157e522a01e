// The Portals NIC (`pimnic mpirun --nic portals`; seed mpi-on-portals3, section 7: "all processing
// of Portals messages occur on the card"): the host's object calls arrive as commands; arriving
// puts and gets are translated here (translate/portal_table.h) and their data moved by DMA straight
// between the network and the matched host buffer; acks and replies go back from here; events are
// written by DMA into the host's event queues, after the data they report. Built on the NIC engine
// (firmware/nic-engine: port, DMA queues, host interface). docs/portals.md.
#pragma once
#include <cstdint>

#include <pimnic/portals_wire.h>

#include "../../nic-engine/dma_queue.h"
#include "../../nic-engine/host_interface.h"
#include "../../nic-engine/port.h"
#include "../translate/portal_table.h"

namespace ptlnic {

inline constexpr uint32_t kMaxNodes = 64;
inline constexpr uint32_t kCmdEntries = 16;
inline constexpr uint32_t kStaging = 4;      // fragments on their way from host memory to the port
inline constexpr uint32_t kEventSlots = 32;  // events on their way to host memory
inline constexpr uint32_t kTxQueue = 128;    // messages waiting to go out

struct DmaJob {
  enum Kind : uint8_t { Stage, Deliver, Event } kind;
  uint8_t slot;      // Stage: staging buffer
  uint16_t node;     // Deliver: whose message
  uint32_t buffer;   // Deliver: the packet buffer to give back
};

using DmaQueue = nic::DmaQueue<DmaJob>;

class PortalsNic final : public portals::EventSink {
 public:
  static constexpr uint32_t kNoinitBytes = (nic::kRxRing + nic::kRxSpare) * (nic::kMaxFragment + 32) +
                                           kStaging * nic::kMaxFragment;
  void init(uint8_t* buffers);
  bool poll();
  void idle();
  void deliver(uint32_t slot, const ptl_event_t& e) override;

 private:
  // A message going out: a put, a get request, an ack, or a get's reply.
  struct Tx {
    uint32_t dst;
    ptlw_packet h;
    uint32_t host_addr, length, staged, queued;  // data from host memory: staged (DMA posted), queued (to the port)
    uint16_t md;                                 // whose operation ends when it has left (kNone: none)
    ptl_event_kind_t end;                        // SEND_END or GET_END
    uint32_t start_seq;
    portals::Op op;
    bool started;
  };
  // What arrives from one node: the message in flight (its packets come in order, never interleaved).
  struct Rx {
    bool active, discard, reply, ack;
    uint16_t md;
    uint32_t host_addr, mlength, rlength, received, dma_pending, start_seq;
    ptl_handle_md_t initiator_md;
    portals::Op op;
  };
  struct Staging {
    enum State : uint8_t { Free, Loading, Ready, Sending } state;
    uint8_t last;      // the message's last fragment
    uint32_t ticket;   // Sending: the port's ticket
    uint8_t* bytes;
  };
  struct Ending {      // a message whose last packet is queued at the port
    uint32_t ticket;
    uint16_t md;
    ptl_event_kind_t end;
    uint32_t start_seq;
    portals::Op op;
  };

  // host commands (portals_nic.cpp)
  bool poll_host();
  void on_command(const ptlw_cmd& c);
  int start(const ptlw_cmd& c, bool put);
  void answer(uint32_t seq, int rc, uint32_t v0 = 0, uint32_t v1 = 0);
  // DMA and events (portals_nic.cpp)
  bool poll_dma();
  void on_dma(const DmaJob& job, uint32_t status);
  void room_in(DmaQueue& q);
  // sending (portals_nic_tx.cpp)
  void queue_tx(const Tx& t);
  bool progress_tx();
  bool retire_sent();
  bool sending() const {
    for (const Staging& s : staging_)
      if (s.state == Staging::Sending) return true;
    return false;
  }
  // receiving (portals_nic_rx.cpp)
  bool poll_rx();
  void on_packet(uint32_t src, const ptlw_packet& h, uint32_t payload, uint32_t n);
  void consume(uint32_t src, uint32_t payload, uint32_t n);
  void complete_rx(uint32_t src);

  nic::Port port_;
  nic::HostInterface hif_;
  DmaQueue h2n_, n2h_;
  portals::PortalTable table_;
  uint32_t node_ = 0, nodes_ = 0;

  alignas(32) ptlw_cmd ring_[kCmdEntries];
  alignas(32) ptlw_mailbox mailbox_;
  uint32_t posted_ = 0, consumed_ = 0;

  Tx tx_[kTxQueue];
  uint32_t tx_head_ = 0, tx_tail_ = 0;
  Staging staging_[kStaging];
  uint32_t stage_next_ = 0, send_next_ = 0;  // staging buffers in message order: next to load, next to send
  Ending ending_[kTxQueue];
  uint32_t end_head_ = 0, end_tail_ = 0;
  Rx rx_[kMaxNodes];
  uint32_t get_offset_[portals::kMds];  // a get's local offset, for its reply

  alignas(8) ptl_event_t events_[kEventSlots];
  uint32_t ev_head_ = 0, ev_tail_ = 0;
};

}  // namespace ptlnic

extern template class nic::DmaQueue<ptlnic::DmaJob>;
