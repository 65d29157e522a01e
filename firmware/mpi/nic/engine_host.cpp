// Commands from the host (engine.h): the host half of MPI only posts them (seed section IV-A).
#include <cstring>

#include "engine.h"

namespace nic {

bool Engine::poll_host() {
  bool any = false;
  if (host_.poll_doorbells()) {
    host_.hello();
    any = true;
  }
  while (const mpiw_cmd* slot = host_.next_command()) {
    if (!free_requests_) break;  // the host keeps below max_requests; finish some first
    mpiw_cmd c;  // word loads (the ring is word-aligned)
    const auto* words = reinterpret_cast<const uint32_t*>(slot);
    auto* out = reinterpret_cast<uint32_t*>(&c);
    for (unsigned i = 0; i < sizeof c / 4; ++i) out[i] = words[i];
    host_.consumed();
    on_command(c);
    any = true;
  }
  return any;
}

void Engine::on_command(const mpiw_cmd& c) {
  if (c.op == MPIW_OP_CANCEL) return cancel(c.aux);
  if (c.op == MPIW_OP_REDUCE) {
    reduce_.post(c.aux);
    if (reduce_.take_freed()) room_freed();  // eager room for refused senders
    return;
  }
  if (c.op == MPIW_OP_CONFIG) {
    if (c.aux <= kEagerChunks * kEagerChunk / 4) eager_limit_ = c.aux;
    host_.mailbox().eager_limit = eager_limit_;
    return;
  }
  const bool wildcard_ok = c.op != MPIW_OP_SEND;
  if (c.op < MPIW_OP_SEND || c.op > MPIW_OP_PROBE) return host_.error(c.request, MPIW_ERR_BAD_COMMAND);
  if (!(c.peer == MPIW_ANY && wildcard_ok) && (c.peer < 0 || uint32_t(c.peer) >= nodes_))
    return host_.error(c.request, MPIW_ERR_BAD_PEER);
  Request* r = new_request(free_requests_);
  r->context = c.context;
  r->peer = c.peer;
  r->tag = c.tag;
  r->host_req = c.request;
  r->host_addr = c.host_addr;
  r->length = c.length;
  switch (c.op) {
    case MPIW_OP_SEND:
      r->kind = Kind::Send;
      r->source = uint16_t(node_);
      r->tag = c.tag;
      if (c.flags & MPIW_CMDF_SYNC) r->flags |= kSync;
      return start_send(r);
    case MPIW_OP_RECV:
      r->kind = Kind::Recv;
      return post_recv(r);
    default:
      r->kind = Kind::Probe;
      if (c.op == MPIW_OP_PROBE) r->flags |= kBlocking;
      return probe(r);
  }
}

void Engine::post_recv(Request* r) {
  r->state = State::Posted;
  if (Request* u = post_receive(r)) {
    while (u->state == State::Matching) settle(true);  // its arrival is still being settled
    take_unexpected(r, u);
  }
  room_freed();  // a sender we refused may now get its message in
}

void Engine::take_unexpected(Request* r, Request* u) {
  r->source = u->source;
  r->tag = u->tag;
  r->msg_length = u->length;
  r->state = State::Receiving;
  active_recv_q_.push_back(r);
  if (u->flags & kRendezvous) {  // clear the sender to stream its data to r
    mpiw_packet h = header(MPIW_PKT_CTS, peer(u->source));
    h.context = u->context;
    h.tag = u->tag;
    h.length = u->length;
    h.sender_req = u->remote;
    h.receiver_req = index_of(r);
    while (port_.tx_full()) port_.refresh_tx();
    port_.send(u->source, h, 0, 0);
    if (!u->length) r->flags |= kAllArrived;
    free_unexpected(u);
    recv_progress(r);
  } else if (u->state == State::Complete) {
    copy_unexpected(r, u);
  } else {  // its later fragments are still on their way: copied once all are here
    u->partner = r;
    u->state = State::Copying;
    unexpected_active_q_.push_back(u);
  }
}

void Engine::copy_unexpected(Request* r, Request* u) {
  r->flags |= kAllArrived;
  const uint32_t n = u->length < r->length ? u->length : r->length;
  if (!n) {
    free_unexpected(u);
    return recv_progress(r);
  }
  if (u->state != State::Copying) {
    u->state = State::Copying;
    unexpected_active_q_.push_back(u);
  }
  room_in(n2h_);
  ++r->dma_pending;
  n2h_.post(r->host_addr, u->data, n, {DmaOp::DeliverBuffered, r, uint32_t(uintptr_t(u)), n});
}

void Engine::recv_progress(Request* r) {
  if (!(r->flags & kAllArrived) || r->dma_pending) return;
  active_recv_q_.remove(r);
  if (r->msg_length > r->length) r->cq_flags |= MPIW_CQF_TRUNCATED;
  complete(r, MPIW_CQ_RECV);
  release(r);
}

void Engine::probe(Request* r) {
  if (Request* u = unexpected_find(r->context, r->peer, r->tag)) {
    r->source = u->source;
    r->tag = u->tag;
    r->msg_length = u->length;
    r->cq_flags = MPIW_CQF_FOUND;
  } else if (r->flags & kBlocking) {
    probes_.push_back(r);  // answered when a matching message arrives (answer_probes)
    return;
  }
  complete(r, MPIW_CQ_PROBE);
  release(r);
}

void Engine::answer_probes(Request* u) {
  const Envelope e{u->context, u->source, u->tag};
  for (Request* p = probes_.front(); p;) {
    Request* next = Queue::next(p);
    if (accepts(p->context, p->peer, p->tag, e)) {
      probes_.remove(p);
      p->source = u->source;
      p->tag = u->tag;
      p->msg_length = u->length;
      p->cq_flags = MPIW_CQF_FOUND;
      complete(p, MPIW_CQ_PROBE);
      release(p);
    }
    p = next;
  }
}

void Engine::cancel(uint32_t host_req) {
  Request* r = posted_find(host_req);
  if (!r || !posted_remove(r)) return;  // already matched: it completes normally
  r->cq_flags = MPIW_CQF_CANCELLED;
  r->source = 0;
  r->tag = 0;
  r->msg_length = 0;
  complete(r, MPIW_CQ_RECV);
  release(r);
}

}  // namespace nic
