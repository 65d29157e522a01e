// Receiving (engine.h): packets in arrival order. A new message (EAGER at offset 0, or RTS) is
// accepted only as the next one from its sender; it goes to the oldest posted receive that accepts
// it, or, if a header slot remains, to the unexpected queue (its data too if there is room, otherwise
// the sender keeps it: HOLD); otherwise it is refused (NACK) and comes again after a RESUME.
#include <cstring>

#include "engine.h"

namespace nic {

bool Engine::poll_rx() {
  bool any = false;
  for (unsigned n = 0; n < kRxRing; ++n) {  // a bounded batch: commands and DMAs get their turn
    struct pimnic_net_rxdesc* d = port_.peek();
    if (!d) break;
    on_packet(d);
    port_.release();
    any = true;
  }
  return any;
}

void Engine::on_packet(struct pimnic_net_rxdesc* d) {
  mpiw_packet h;  // word loads: the buffer is word-aligned, which memcpy cannot assume
  const auto* words = reinterpret_cast<const uint32_t*>(uintptr_t(d->buffer));
  auto* out = reinterpret_cast<uint32_t*>(&h);
  for (unsigned i = 0; i < sizeof h / 4; ++i) out[i] = words[i];
  const uint32_t src = d->src_node;
  if (src >= nodes_) return;
  const uint32_t payload = d->buffer + sizeof h, n = d->payload_len;
  if (ReductionEngine::is_packet(h.type)) {  // outside the message order
    reduce_.on_packet(h, src, payload, n);
    if (reduce_.take_freed()) room_freed();  // eager room for refused senders
    return;
  }
  Peer& p = peer(src);
  if (h.type == MPIW_PKT_HOLD) on_hold(h);  // before the ack it carries frees that message's data
  on_ack(p, h.ack);
  switch (h.type) {
    case MPIW_PKT_EAGER:
      if (h.offset) on_fragment(p, h, payload, n);
      else on_message(p, h, payload, n);
      break;
    case MPIW_PKT_RTS: on_message(p, h, payload, 0); break;
    case MPIW_PKT_CTS: on_cts(h); break;
    case MPIW_PKT_DATA: on_data(h, payload, n); break;
    case MPIW_PKT_NACK: on_nack(p, h.seq); break;
    case MPIW_PKT_RESUME: on_resume(p, h.seq, h.length); break;
    default: break;  // MPIW_PKT_ACK and MPIW_PKT_HOLD: done above
  }
}

void Engine::on_message(Peer& p, const mpiw_packet& h, uint32_t payload, uint32_t n) {
  if (h.seq != p.expected) return;  // after one we refused: it comes again, in order
  if (match_in_background() && match_behind(p, h, payload, n)) return;
  settle_all();  // the queues hold every earlier message: match this one here and now
  const uint32_t src = node_of(p);
  Request* r = posted_take({h.context, uint16_t(src), h.tag});
  Request* u = nullptr;
  if (!r) {
    if (!(u = reserve_unexpected(h, src, true))) return refuse(p, h.seq);
    unexpected_append(u);
  }
  // Held: an unexpected eager message without room for its data, taken by its envelope alone.
  accept(p, h, u && (u->flags & kRendezvous) && h.type == MPIW_PKT_EAGER);
  if (r) take_message(r, p, h, payload, n, 0);
  else place_unexpected(u, p, payload, n);
  maybe_ack(p);
}

// Start the message's match in the background, with room reserved for it in case it turns out
// unexpected (and its packet's buffer kept); false if there is no room: match it at once then.
bool Engine::match_behind(Peer& p, const mpiw_packet& h, uint32_t payload, uint32_t n) {
  while (arrivals_tail_ - arrivals_head_ == kMatchJobs) settle(true);
  Request* u = reserve_unexpected(h, node_of(p), false);  // (a held message needs its match known)
  if (!u) return false;
  const uint32_t buffer = n ? hold_buffer() : 0;
  accept(p, h, false);
  Arrival& a = arrivals_[arrivals_tail_++ % kMatchJobs];
  a.h = h;
  a.src = node_of(p);
  a.payload = payload;
  a.n = n;
  a.buffer = buffer;
  a.job.envelope = {h.context, uint16_t(a.src), h.tag};
  a.job.unexpected = u;
  a.job.matched = nullptr;
  match_start(a.job);
  maybe_ack(p);
  return true;
}

// An unexpected message's header (and its eager data's room), its envelope set; null if none is left.
// With may_hold, an eager message without room for its data gets a header alone, as a rendezvous
// message: its sender keeps the data until a receive takes it (HOLD, then CTS).
Request* Engine::reserve_unexpected(const mpiw_packet& h, uint32_t src, bool may_hold) {
  bool rendezvous = h.type == MPIW_PKT_RTS;
  uint32_t data = 0;
  uint16_t chunks = 0;
  if (!rendezvous && h.length && !(data = eager_.alloc(h.length, chunks))) {
    if (!may_hold) return nullptr;
    rendezvous = true;
  }
  Request* u = new_request(free_unexpected_);
  if (!u) {
    if (data) eager_.free(data, chunks);
    return nullptr;
  }
  ++unexpected_used_;
  u->data = data;
  u->data_chunks = chunks;
  u->kind = Kind::Unexpected;
  u->state = State::Matching;
  u->context = h.context;
  u->source = uint16_t(src);
  u->tag = h.tag;
  u->length = h.length;
  u->seq = h.seq;
  if (rendezvous) {
    u->flags = kRendezvous;
    u->remote = h.sender_req;
  }
  return u;
}

void Engine::accept(Peer& p, const mpiw_packet& h, bool held) {
  if (p.blocked) {
    p.blocked = false;
    for (Peer** q = &blocked_; *q; q = &(*q)->blocked_next)
      if (*q == &p) {
        *q = p.blocked_next;
        break;
      }
  }
  ++p.expected;
  if (held) {  // the first packet to carry the new ack: the sender must not free the data first
    mpiw_packet c = header(MPIW_PKT_HOLD, p);
    c.seq = h.seq;
    c.sender_req = h.sender_req;
    while (port_.tx_full()) port_.refresh_tx();
    port_.send(node_of(p), c, 0, 0);
  }
  if (p.credited && p.expected == p.credit_end) {  // it stopped after its credit: blocked until resumed
    p.credited = false;
    p.blocked = true;
    p.resumed = false;
    p.blocked_next = blocked_;
    blocked_ = &p;
    resume_blocked();
  }
  if (h.flags & MPIW_PKTF_ACK_REQ) p.ack_wanted = true;
}

// A message (its first packet: payload/n, kept in `buffer` if not 0) that took the posted receive r.
void Engine::take_message(Request* r, Peer& p, const mpiw_packet& h, uint32_t payload, uint32_t n, uint32_t buffer) {
  const uint32_t src = node_of(p);
  r->source = uint16_t(src);
  r->tag = h.tag;
  r->msg_length = h.length;
  r->arrived = 0;
  r->state = State::Receiving;
  active_recv_q_.push_back(r);
  if (h.type == MPIW_PKT_RTS) {
    mpiw_packet c = header(MPIW_PKT_CTS, p);
    c.context = h.context;
    c.tag = h.tag;
    c.length = h.length;
    c.sender_req = h.sender_req;
    c.receiver_req = index_of(r);
    while (port_.tx_full()) port_.refresh_tx();
    port_.send(src, c, 0, 0);
    if (!h.length) r->flags |= kAllArrived;
  } else {
    deliver(r, 0, payload, n, buffer);
    r->arrived = n;
    if (n >= h.length) r->flags |= kAllArrived;
    else p.receiving = r, p.receiving_seq = h.seq;
  }
  recv_progress(r);
}

// A message that found no posted receive, in the unexpected queue already: its first packet's
// payload into its eager room; waiting probes see it.
void Engine::place_unexpected(Request* u, Peer& p, uint32_t payload, uint32_t n) {
  if (u->flags & kRendezvous) {
    u->state = State::Complete;
  } else {
    if (n) std::memcpy(reinterpret_cast<void*>(uintptr_t(u->data)), reinterpret_cast<const void*>(uintptr_t(payload)), n);
    u->arrived = n;
    u->state = n >= u->length ? State::Complete : State::Arriving;
    if (u->state == State::Arriving) p.receiving = u, p.receiving_seq = u->seq;
  }
  answer_probes(u);
}

// The oldest message matched in the background, once its match is done (or at once with wait);
// false if there is none (or it is not done).
bool Engine::settle(bool wait) {
  if (arrivals_head_ == arrivals_tail_) return false;
  Arrival& oldest = arrivals_[arrivals_head_ % kMatchJobs];
  if (!match_done(oldest.job)) {
    if (!wait) return false;
    match_wait(oldest.job);
  }
  // Out of the FIFO first (what follows may settle the next ones); only match_behind reuses the slot.
  const Arrival& a = oldest;
  ++arrivals_head_;
  Peer& p = peer(a.src);
  if (Request* r = a.job.matched) {
    free_unexpected(a.job.unexpected);  // its reserved room
    take_message(r, p, a.h, a.payload, a.n, a.buffer);
  } else {
    place_unexpected(a.job.unexpected, p, a.payload, a.n);
    if (a.buffer) port_.give_back(a.buffer);
  }
  return true;
}

void Engine::settle_all() {
  while (settle(true)) {
  }
}

void Engine::on_fragment(Peer& p, const mpiw_packet& h, uint32_t payload, uint32_t n) {
  settle_all();  // its message's first packet may still be matching
  Request* x = p.receiving;
  if (!x || p.receiving_seq != h.seq) return;  // a fragment of a message we refused
  x->arrived += n;
  const bool last = x->arrived >= (x->kind == Kind::Recv ? x->msg_length : x->length);
  if (last) p.receiving = nullptr;
  if (x->kind == Kind::Recv) {
    deliver(x, h.offset, payload, n, 0);
    if (last) x->flags |= kAllArrived;
    return recv_progress(x);
  }
  if (h.offset + n <= x->length)
    std::memcpy(reinterpret_cast<void*>(uintptr_t(x->data + h.offset)), reinterpret_cast<const void*>(uintptr_t(payload)), n);
  if (!last) return;
  if (x->partner) return copy_unexpected(x->partner, x);  // a receive took it while it arrived
  x->state = State::Complete;
}

void Engine::on_data(const mpiw_packet& h, uint32_t payload, uint32_t n) {
  Request* r = request_at(h.receiver_req);
  if (!r || r->kind != Kind::Recv || r->state != State::Receiving) return;  // stale
  deliver(r, h.offset, payload, n, 0);
  r->arrived += n;
  if (r->arrived >= r->msg_length) r->flags |= kAllArrived;
  recv_progress(r);
}

uint32_t Engine::hold_buffer() {
  for (;;) {
    if (uint32_t b = port_.hold()) return b;
    // Deliveries in flight give their buffers back; so do messages matched in the background once
    // settled.
    if (!settle(true)) poll_dma();
  }
}

// A packet's payload into r's buffer at `offset` (what lies beyond r's capacity is dropped: the
// receive reports truncation). `buffer`: the packet's buffer if already kept, else 0.
void Engine::deliver(Request* r, uint32_t offset, uint32_t payload, uint32_t n, uint32_t buffer) {
  if (offset >= r->length || !n) {
    if (buffer) port_.give_back(buffer);
    return;
  }
  const uint32_t k = n < r->length - offset ? n : r->length - offset;
  room_in(n2h_);
  if (!buffer) buffer = hold_buffer();
  ++r->dma_pending;
  n2h_.post(r->host_addr + offset, payload, k, {DmaOp::DeliverPacket, r, buffer, k});
}

void Engine::refuse(Peer& p, uint32_t seq) {
  if (p.blocked && !p.resumed) return;  // it knows already
  if (!p.blocked) {
    p.blocked = true;
    p.blocked_next = blocked_;
    blocked_ = &p;
  }
  p.resumed = false;
  control(node_of(p), MPIW_PKT_NACK, seq);
}

void Engine::room_freed() {
  if (blocked_) resume_blocked();
}

// Refused senders may resend: each gets a share of the free header slots as its credit (at least
// one message, which a posted receive may take without a slot), or no limit while room is ample.
// Without credits every RESUME would bring back every message a sender has queued.
void Engine::resume_blocked() {
  const uint32_t free = kUnexpected - unexpected_used_;
  if (!free && !posted_length()) return;  // nothing a resent message could go to
  uint32_t waiting = 0;
  for (Peer* p = blocked_; p; p = p->blocked_next) waiting += !p->resumed;
  if (!waiting) return;
  const bool ample = free >= kUnexpected / 2 && eager_.used_chunks() < kEagerChunks / 2;
  const uint32_t credit = ample ? 0 : (free / waiting ? free / waiting : 1);
  for (Peer* p = blocked_; p; p = p->blocked_next)
    if (!p->resumed) {
      p->resumed = true;
      p->credited = credit != 0;
      p->credit_end = p->expected + credit;
      mpiw_packet h = header(MPIW_PKT_RESUME, *p);
      h.seq = p->expected;
      h.length = credit;
      while (port_.tx_full()) port_.refresh_tx();
      port_.send(node_of(*p), h, 0, 0);
    }
}

void Engine::maybe_ack(Peer& p) {
  if (p.ack_wanted || p.expected - p.ack_sent >= kAckEvery) control(node_of(p), MPIW_PKT_ACK, 0);
}

}  // namespace nic
