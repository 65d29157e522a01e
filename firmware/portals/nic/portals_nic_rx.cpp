// Receiving (portals_nic.h): a put or get is translated on its first packet (PortalTable::match);
// the data of a put or reply goes by DMA from the packet buffer straight to the matched host
// buffer (bytes past the matched length are dropped: truncation); when the last byte is in host
// memory the end event follows it and the ack goes back.
#include "portals_nic.h"

namespace ptlnic {

bool PortalsNic::poll_rx() {
  bool any = false;
  while (struct pimnic_net_rxdesc* d = port_.peek()) {
    // A copy: the packet buffer goes back to the ring at release(), and the network may fill it
    // with the next packet while the header is still being read (an ack then carried the next
    // ack's match bits and MD).
    const ptlw_packet h = *reinterpret_cast<const ptlw_packet*>(uintptr_t(d->buffer));
    // A node's next message waits until the one before it is in host memory (its end event first).
    if (h.type != PTLW_DATA && d->src_node < kMaxNodes && rx_[d->src_node].active) break;
    on_packet(d->src_node, h, d->buffer + 32, d->payload_len);
    any = true;
  }
  return any;
}

void PortalsNic::on_packet(uint32_t src, const ptlw_packet& h, uint32_t payload, uint32_t n) {
  Rx& r = rx_[src];
  switch (h.type) {
    case PTLW_PUT:
    case PTLW_GET: {
      const portals::Request q{h.type == PTLW_GET, src, 0, h.pt, h.match_bits, h.offset, h.length, h.hdr_data};
      portals::Target t;
      uint32_t start_seq;
      const bool matched = table_.match(q, &t, &start_seq);
      const portals::Op op{{src, 0}, h.pt, h.match_bits, h.length, matched ? t.mlength : 0, t.offset, h.hdr_data};
      if (h.type == PTLW_GET) {
        port_.release();
        if (!matched) return;  // dropped: the initiator gets no reply
        Tx reply{};
        reply.dst = src;
        reply.h = ptlw_packet{PTLW_REPLY, h.pt, 0, 0, h.md, h.match_bits, t.offset, t.mlength, h.length};
        reply.host_addr = t.host_addr;
        reply.length = t.mlength;
        reply.md = t.md;
        reply.end = PTL_EVENT_GET_END;
        reply.start_seq = start_seq;
        reply.op = op;
        queue_tx(reply);
        return;
      }
      r = Rx{};
      r.active = true;
      r.discard = !matched;
      r.rlength = h.length;
      if (matched) {
        r.md = t.md;
        r.host_addr = t.host_addr;
        r.mlength = t.mlength;
        r.ack = (h.flags & PTLW_F_ACK) != 0;
        r.initiator_md = h.md;
        r.start_seq = start_seq;
        r.op = op;
      }
      break;
    }
    case PTLW_ACK: {
      port_.release();
      const uint16_t md = table_.arrive(h.md, true);
      if (md == portals::kNone) return;  // the MD is gone or used up: discarded
      const portals::Op op{{src, 0}, h.pt, h.match_bits, uint32_t(h.hdr_data), h.length, h.offset, 0};
      table_.event(PTL_EVENT_ACK, md, op);
      table_.finish(md);
      return;
    }
    case PTLW_REPLY: {
      const uint16_t md = table_.arrive(h.md, false);
      r = Rx{};
      r.active = true;
      r.reply = true;
      r.rlength = h.length;  // the reply carries the matched length
      r.discard = md == portals::kNone;
      if (!r.discard) {
        r.md = md;
        r.mlength = h.length;
        r.host_addr = table_.md_addr(md) + get_offset_[md];
        r.op = portals::Op{{src, 0}, h.pt, h.match_bits, uint32_t(h.hdr_data), h.length, get_offset_[md], 0};
        r.start_seq = table_.event(PTL_EVENT_REPLY_START, md, r.op);
      }
      break;
    }
    case PTLW_DATA:
      if (!r.active) {  // nothing in flight from there: a stray packet
        port_.release();
        return;
      }
      break;
    default:
      port_.release();
      return;
  }
  consume(src, payload, n);
}

// The current packet's payload belongs to the message in flight from src at r.received.
void PortalsNic::consume(uint32_t src, uint32_t payload, uint32_t n) {
  Rx& r = rx_[src];
  const uint32_t at = r.received;
  if (!r.discard && at < r.mlength && n) {
    const uint32_t len = r.mlength - at < n ? r.mlength - at : n;
    uint32_t buffer;
    while (!(buffer = port_.hold())) poll_dma();  // a spare buffer comes back with a DMA
    room_in(n2h_);
    ++r.dma_pending;
    n2h_.post(r.host_addr + at, payload, len, DmaJob{DmaJob::Deliver, 0, uint16_t(src), buffer});
  }
  // Counted only now: a DMA of this message that finishes while we wait above must not end it
  // before this packet's bytes are on their way (that ended it early, its last DMA then landed
  // on the next message's count and that message's ack carried the wrong header).
  r.received = at + n;
  port_.release();
  if (r.received >= r.rlength && !r.dma_pending) complete_rx(src);
}

// Every byte of the message from src is in host memory (or dropped).
void PortalsNic::complete_rx(uint32_t src) {
  Rx& r = rx_[src];
  if (!r.active) return;
  r.active = false;
  if (r.discard) return;
  if (r.reply) {
    table_.event(PTL_EVENT_REPLY_END, r.md, r.op, r.start_seq);
    table_.finish(r.md);
    return;
  }
  table_.event(PTL_EVENT_PUT_END, r.md, r.op, r.start_seq);
  if (r.ack) {
    // PTL_MD_ACK_DISABLE on the target's MD suppresses the ack (checked before finish may unlink it).
    portals::MdSpec spec;
    const bool disabled = table_.md_get(table_.md_handle(r.md), &spec) == PTL_OK && (spec.options & PTL_MD_ACK_DISABLE);
    if (!disabled) {
      Tx ack{};
      ack.dst = src;
      ack.h = ptlw_packet{PTLW_ACK, uint8_t(r.op.pt), 0, 0, r.initiator_md, r.op.match_bits, r.op.offset, r.mlength,
                          r.rlength};
      ack.md = portals::kNone;
      queue_tx(ack);
    }
  }
  table_.finish(r.md);
}

}  // namespace ptlnic
