// Sending (portals_nic.h): messages go out one after another (so a node's packets to another never
// interleave); a message's data is read from host memory fragment by fragment into staging buffers
// and sent from there; once its last packet has left, its operation ends (SEND_END, GET_END).
#include "portals_nic.h"

namespace ptlnic {

void PortalsNic::queue_tx(const Tx& t) {
  while (tx_tail_ - tx_head_ >= kTxQueue) {
    poll_dma();
    progress_tx();
    retire_sent();
  }
  tx_[tx_tail_ % kTxQueue] = t;
  ++tx_tail_;
}

bool PortalsNic::progress_tx() {
  bool any = false;
  while (tx_head_ != tx_tail_) {
    Tx& t = tx_[tx_head_ % kTxQueue];
    const uint32_t frag = port_.max_payload();
    if (t.end == PTL_EVENT_SEND_END && !t.started) {  // a put's data starts to leave
      t.started = true;
      t.start_seq = table_.event(PTL_EVENT_SEND_START, t.md, t.op);
    }
    // Load the message's next fragments into free staging buffers.
    while (t.staged < t.length && staging_[stage_next_ % kStaging].state == Staging::Free && !h2n_.full()) {
      Staging& s = staging_[stage_next_ % kStaging];
      const uint32_t n = t.length - t.staged < frag ? t.length - t.staged : frag;
      s.state = Staging::Loading;
      s.last = t.staged + n == t.length;
      h2n_.post(t.host_addr + t.staged, uint32_t(uintptr_t(s.bytes)), n,
                DmaJob{DmaJob::Stage, uint8_t(stage_next_ % kStaging), 0, 0});
      t.staged += n;
      ++stage_next_;
      any = true;
    }
    if (port_.tx_full()) {
      port_.refresh_tx();
      if (port_.tx_full()) return any;
    }
    uint32_t ticket;
    bool last;
    if (t.length == 0) {  // no data: the header alone
      ptlw_packet h = t.h;
      ticket = port_.send(t.dst, h, 0, 0);
      last = true;
    } else {
      Staging& s = staging_[send_next_ % kStaging];
      if (s.state != Staging::Ready) return any;
      ptlw_packet h = t.h;
      if (t.queued) {
        h.type = PTLW_DATA;
        h.offset = t.queued;
      }
      const uint32_t n = t.length - t.queued < port_.max_payload() ? t.length - t.queued : port_.max_payload();
      ticket = port_.send(t.dst, h, uint32_t(uintptr_t(s.bytes)), n);
      s.state = Staging::Sending;
      s.ticket = ticket;
      ++send_next_;
      t.queued += n;
      last = t.queued == t.length;
    }
    any = true;
    if (!last) continue;
    if (t.md != portals::kNone) ending_[end_tail_++ % kTxQueue] = Ending{ticket, t.md, t.end, t.start_seq, t.op};
    ++tx_head_;
  }
  return any;
}

// Staging buffers whose packet has left are free again; operations whose last packet left end.
bool PortalsNic::retire_sent() {
  port_.refresh_tx();
  bool any = false;
  for (Staging& s : staging_)
    if (s.state == Staging::Sending && port_.sent(s.ticket)) s.state = Staging::Free;
  while (end_head_ != end_tail_ && port_.sent(ending_[end_head_ % kTxQueue].ticket)) {
    const Ending e = ending_[end_head_ % kTxQueue];
    ++end_head_;
    table_.event(e.end, e.md, e.op, e.start_seq);
    table_.finish(e.md);
    any = true;
  }
  return any;
}

}  // namespace ptlnic
