// Sending (engine.h): messages to one node are numbered and handed to the port in order; eager
// data is first read from the host into the eager buffer (where it stays until acknowledged), a
// rendezvous sends its RTS and streams DATA once the receiver's CTS comes back.
#include "engine.h"

namespace nic {

void Engine::start_send(Request* r) {
  Peer& p = peer(uint32_t(r->peer));
  r->seq = p.next_seq++;
  r->state = State::Queued;
  if (r->flags & kSync || r->length > eager_limit_) r->flags |= kRendezvous;
  r->peer_next = nullptr;
  if (p.unacked_tail) p.unacked_tail->peer_next = r;
  else p.unacked = r;
  p.unacked_tail = r;
  if (!p.to_stage) p.to_stage = r;
  if (!p.to_send) p.to_send = r;
  want_work(p);
}

void Engine::want_work(Peer& p) {
  if (p.in_work) return;
  p.in_work = true;
  p.work_next = nullptr;
  if (work_tail_) work_tail_->work_next = &p;
  else work_ = &p;
  work_tail_ = &p;
}

bool Engine::progress_sends() {
  bool any = false;
  Peer* list = work_;
  work_ = work_tail_ = nullptr;
  while (list) {
    Peer& p = *list;
    list = p.work_next;
    p.in_work = false;
    const Request* stage_before = p.to_stage;
    const Request* send_before = p.to_send;
    advance(p);
    any |= p.to_stage != stage_before || p.to_send != send_before;
  }
  // Rendezvous data needs a free staging buffer and room in the host-to-NIC queue.
  for (Request* s = send_q_.front(); s && staging_busy_ < kStaging && !h2n_.full();) {
    Request* next = Queue::next(s);
    any |= stream(s);
    s = next;
  }
  return any;
}

// Stage in order what can be staged, then hand to the port in order what is ready. What cannot go
// on yet is taken up again by whatever it waits for (a DMA completion, a RESUME) or, for room in
// the port, by the next pass (the idle core wakes when a packet leaves).
void Engine::advance(Peer& p) {
  while (p.to_stage && stage(p.to_stage)) p.to_stage = p.to_stage->peer_next;
  while (!p.stalled && p.to_send) {
    Request* r = p.to_send;
    if (p.limited && r->seq == p.limit_seq) {  // its credit is spent: wait for the next RESUME
      p.stalled = true;
      break;
    }
    if (!(r->flags & kRendezvous) && r->state != State::Staged) break;  // its data is still on its way
    if (!transmit(r)) {
      want_work(p);
      break;
    }
    p.to_send = r->peer_next;
  }
  if (p.to_stage) want_work(p);
}

bool Engine::stage(Request* r) {
  if (r->flags & kRendezvous) return true;  // nothing to stage: the data stays in host memory
  if (!r->length) {
    r->state = State::Staged;
    r->flags |= kHostDone;
    complete(r, MPIW_CQ_SEND);
    return true;
  }
  if (h2n_.full()) return false;
  r->data = eager_.alloc(r->length, r->data_chunks);
  if (!r->data) {  // no room to keep a copy until acknowledged: let the receiver pull it instead
    r->flags |= kRendezvous;
    return true;
  }
  r->state = State::Staging;
  ++r->dma_pending;
  h2n_.post(r->host_addr, r->data, r->length, {DmaOp::StageEager, r, 0, r->length});
  return true;
}

mpiw_packet Engine::header(uint8_t type, Peer& to) {
  mpiw_packet h{};
  h.type = type;
  h.ack = to.expected;  // every packet acknowledges what we accepted from its destination
  to.ack_sent = to.expected;
  to.ack_wanted = false;
  return h;
}

bool Engine::transmit(Request* r) {
  Peer& p = peer(uint32_t(r->peer));
  const uint32_t payload = port_.max_payload();
  const uint32_t packets = (r->flags & kRendezvous) || !r->length ? 1 : (r->length + payload - 1) / payload;
  if (port_.tx_room() < packets) port_.refresh_tx();
  if (port_.tx_room() < packets) return false;
  mpiw_packet h = header((r->flags & kRendezvous) ? MPIW_PKT_RTS : MPIW_PKT_EAGER, p);
  h.context = r->context;
  h.tag = r->tag;
  h.seq = r->seq;
  h.length = r->length;
  h.sender_req = index_of(r);
  if (r->flags & kRendezvous) {
    if (r->flags & kSync) h.flags |= MPIW_PKTF_SYNC;
    port_.send(uint32_t(r->peer), h, 0, 0);
    r->state = State::RtsSent;
    return true;
  }
  if (eager_.used_chunks() * 2 > kEagerChunks) h.flags |= MPIW_PKTF_ACK_REQ;  // we need our buffer back
  for (uint32_t off = 0; off < r->length || off == 0; off += payload) {
    const uint32_t n = r->length - off < payload ? r->length - off : payload;
    h.offset = off;
    port_.send(uint32_t(r->peer), h, r->data + off, n);
    if (!r->length) break;
  }
  r->state = State::Sent;
  return true;
}

// ---- rendezvous ----

void Engine::on_cts(const mpiw_packet& h) {
  Request* s = request_at(h.sender_req);
  if (!s || s->kind != Kind::Send || s->state != State::RtsSent) return;  // stale
  s->remote = h.receiver_req;
  s->state = State::Streaming;
  s->arrived = 0;
  if (!s->length) {  // nothing to stream (a synchronous empty message): matched is all it waited for
    s->state = State::Sent;
    s->flags |= kHostDone;
    complete(s, MPIW_CQ_SEND);
    return send_progress(s);
  }
  send_q_.push_back(s);
  stream(s);
}

bool Engine::stream(Request* s) {
  bool any = false;
  const uint32_t payload = port_.max_payload();
  const bool held = s->data != 0;  // a held eager message: its data is in the eager buffer, not the host's
  while (s->arrived < s->length && (held || !h2n_.full())) {
    Staging* slot = nullptr;
    for (Staging& st : staging_)
      if (st.state == Staging::Free) {
        slot = &st;
        break;
      }
    if (!slot) break;
    const uint32_t n = s->length - s->arrived < payload ? s->length - s->arrived : payload;
    slot->state = Staging::Reading;
    ++staging_busy_;
    slot->owner = s;
    slot->offset = s->arrived;
    slot->length = n;
    slot->last = s->arrived + n == s->length;
    if (held) {
      slot->payload = s->data + s->arrived;
      slot->state = Staging::Ready;
    } else {
      slot->payload = uint32_t(uintptr_t(slot->bytes));
      ++s->dma_pending;
      h2n_.post(s->host_addr + s->arrived, slot->payload, n, {DmaOp::StageFragment, s, uint32_t(slot - staging_), n});
    }
    s->arrived += n;
    any = true;
  }
  if (s->arrived == s->length) {
    send_q_.remove(s);
    s->state = State::Sent;
  }
  return any;
}

bool Engine::send_staging() {
  bool any = false, refreshed = false;
  for (Staging& st : staging_) {
    if (st.state == Staging::Sending) {
      if (!refreshed) port_.refresh_tx(), refreshed = true;
      if (!port_.sent(st.ticket)) continue;
      st.state = Staging::Free;
      --staging_busy_;
      any = true;
      if (st.last) {  // the last fragment left: the host's buffer is free
        Request* s = st.owner;
        if (!(s->flags & kHostDone)) {  // (a held eager message completed on the host long ago)
          s->flags |= kHostDone;
          complete(s, MPIW_CQ_SEND);
        }
        send_progress(s);
      }
    } else if (st.state == Staging::Ready) {
      if (port_.tx_full()) port_.refresh_tx();
      if (port_.tx_full()) continue;
      Request* s = st.owner;
      mpiw_packet h = header(MPIW_PKT_DATA, peer(uint32_t(s->peer)));
      h.context = s->context;
      h.tag = s->tag;
      h.seq = s->seq;
      h.length = s->length;
      h.offset = st.offset;
      h.sender_req = index_of(s);
      h.receiver_req = s->remote;
      st.ticket = port_.send(uint32_t(s->peer), h, st.payload, st.length);
      st.state = Staging::Sending;
      any = true;
    }
  }
  return any;
}

void Engine::send_progress(Request* r) {
  if (!(r->flags & kHostDone) || !(r->flags & kAcked) || r->dma_pending) return;
  if (r->state == State::Streaming || r->state == State::RtsSent) return;
  for (const Staging& st : staging_)
    if (st.state != Staging::Free && st.owner == r) return;
  if (r->data) {  // a held eager message, all sent
    eager_.free(r->data, r->data_chunks);
    r->data = 0;
    room_freed();
  }
  release(r);
}

// ---- flow control ----

void Engine::on_ack(Peer& p, uint32_t ack) {
  bool freed = false;
  while (p.unacked && int32_t(ack - p.unacked->seq) > 0) {
    Request* r = p.unacked;
    p.unacked = r->peer_next;
    if (!p.unacked) p.unacked_tail = nullptr;
    r->flags |= kAcked;
    if (r->data && !(r->flags & kRendezvous)) {  // (a held message keeps its data for the CTS)
      eager_.free(r->data, r->data_chunks);
      r->data = 0;
      freed = true;
    }
    send_progress(r);
  }
  if (freed) room_freed();  // the eager buffer is shared with unexpected data
}

void Engine::on_nack(Peer& p, uint32_t) { p.stalled = true; }

void Engine::on_hold(const mpiw_packet& h) {
  Request* s = request_at(h.sender_req);
  if (!s || s->kind != Kind::Send || s->seq != h.seq || !s->data) return;
  s->flags |= kRendezvous;  // from here on a rendezvous send whose data is in the eager buffer
  s->state = State::RtsSent;
}

// Resend from message `seq` on: every message from there was dropped by the receiver.
void Engine::on_resume(Peer& p, uint32_t seq, uint32_t credit) {
  p.limited = credit != 0;
  p.limit_seq = seq + credit;
  if (!p.stalled) {  // its credit ran out with nothing queued: seq is our next message anyway
    want_work(p);
    return;
  }
  p.stalled = false;
  Request* r = p.unacked;
  while (r && int32_t(r->seq - seq) < 0) r = r->peer_next;
  if (!r) return;
  for (Request* x = r; x && x != p.to_send; x = x->peer_next)
    x->state = (x->flags & kRendezvous) ? State::Queued : State::Staged;
  p.to_send = r;
  want_work(p);
}

void Engine::control(uint32_t node, uint8_t type, uint32_t seq) {
  mpiw_packet h = header(type, peer(node));
  h.seq = seq;
  while (port_.tx_full()) port_.refresh_tx();
  port_.send(node, h, 0, 0);
}

}  // namespace nic
