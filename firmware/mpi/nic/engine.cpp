// Set-up, the main loop's pass, DMA completions, requests and idling (engine.h).
#include "engine.h"

#include <pimnic/sysinfo.h>
#include <pimnic/timer.h>
#include <stdio.h>
#include <stdlib.h>

// The most nodes this firmware keeps state for: pimnic mpirun reads it from the image and refuses a
// larger -n before it builds the machine (emu/cli/nic_capacity.cpp).
// (volatile: the check below reads it, which keeps it in the image through --gc-sections)
extern "C" const volatile uint32_t pimnic_nic_max_nodes = nic::kMaxPeers;

namespace nic {

void Engine::init(uint8_t* buffers, ReductionSlots* reduction) {
  node_ = pimnic_node_id();
  nodes_ = pimnic_node_count();
  if (nodes_ > pimnic_nic_max_nodes) {
    printf("mpi-nic: %u nodes, but this firmware keeps state for at most %u\n", unsigned(nodes_), unsigned(kMaxPeers));
    exit(1);
  }
  port_.init(reinterpret_cast<uint8_t (*)[kMaxFragment + 32]>(buffers));
  buffers += (kRxRing + kRxSpare) * (kMaxFragment + 32);
  for (Staging& s : staging_) {
    s.bytes = buffers;
    buffers += kMaxFragment;
  }
  eager_.init(buffers);
  h2n_.init(PIMNIC_DMA_H2N_BASE);
  n2h_.init(PIMNIC_DMA_N2H_BASE);
  host_.init(node_, nodes_, eager_limit_);
  reduce_.init(&port_, &host_, &eager_, reduction);
  for (uint32_t i = kHostRequests; i-- > 0;) {
    requests_[i].kind = Kind::Free;
    requests_[i].q.next = free_requests_;
    free_requests_ = &requests_[i];
  }
  for (uint32_t i = kUnexpected; i-- > 0;) {
    unexpected_pool_[i].kind = Kind::Free;
    unexpected_pool_[i].q.next = free_unexpected_;
    free_unexpected_ = &unexpected_pool_[i];
  }
  for (Staging& s : staging_) s.state = Staging::Free;
  for (uint32_t i = 0; i < kMatchJobs; ++i) arrivals_[i].job.index = i;
}

bool Engine::poll() {
  bool any = poll_host();
  any |= poll_rx();
  while (settle(false)) any = true;
  if (h2n_.busy() || n2h_.busy()) any |= poll_dma();
  if (staging_busy_) any |= send_staging();
  if (reduce_.draining()) any |= reduce_.poll();
  if (work_ || !send_q_.empty()) any |= progress_sends();
  if (host_.backlog())
    any |= host_.flush([this](Request* r) {
      r->flags &= uint8_t(~kCqHeld);
      if (r->flags & kFreeAfterCq) free_request(r);
    });
  return any;
}

bool Engine::waiting_for_port() const { return work_ || staging_busy_ || reduce_.draining(); }

void Engine::idle() {
  // Completions held back wait for the host to free ring entries, which raises nothing: look again.
  if (host_.backlog()) return;
  // Background matches signal nothing either: wait for the oldest.
  if (settle(true)) return;
  // Clear every source first, so that whatever happens from here on wakes the core.
  host_.ack_irq();
  port_.ack_irq();
  h2n_.ack_irq();
  n2h_.ack_irq();
  pimnic_mmio_write32(PIMNIC_NET_BASE + NET_IRQ_ENABLE, waiting_for_port() ? 3 : 2);
  if (poll()) return;
  pimnic_wait_for_interrupt();
}

// ---- requests ----------------------------------------------------------------------------------

Request* Engine::new_request(Request*& free_list) {
  Request* r = free_list;
  if (!r) return nullptr;
  free_list = r->q.next;
  r->q = {};
  r->peer_next = r->partner = nullptr;
  r->flags = r->cq_flags = r->cq_kind = 0;
  r->source = 0;
  r->msg_length = r->arrived = r->dma_pending = r->seq = r->remote = r->data = 0;
  r->data_chunks = r->packets_out = 0;
  return r;
}

void Engine::free_request(Request* r) {
  Request*& list = r >= requests_ && r < requests_ + kHostRequests ? free_requests_ : free_unexpected_;
  r->kind = Kind::Free;
  r->q.next = list;
  list = r;
}

void Engine::release(Request* r) {
  if (r->flags & kCqHeld) r->flags |= kFreeAfterCq;
  else free_request(r);
}

void Engine::complete(Request* r, uint8_t kind) {
  if (!host_.complete(r, kind)) r->flags |= kCqHeld;
}

void Engine::free_unexpected(Request* u) {
  if (u->state == State::Copying) unexpected_active_q_.remove(u);  // its data went to the host
  if (u->data) eager_.free(u->data, u->data_chunks);
  free_request(u);
  --unexpected_used_;
  room_freed();
}

// ---- DMA -------------------------------------------------------------------------------------

void Engine::room_in(MpiDmaQueue& q) {
  while (q.full()) poll_dma();
}

bool Engine::poll_dma() {
  auto done = [this](const DmaJob& job, uint32_t status) { on_dma(job, status); };
  const unsigned n = h2n_.reap(done) + n2h_.reap(done);
  return n != 0;
}

void Engine::on_dma(const DmaJob& job, uint32_t status) {
  Request* r = job.req;
  if (status & DMA_DESC_ERROR)
    printf("mpi-nic: DMA of %u bytes failed (host buffer outside memory?) for request %u\n", unsigned(job.length),
           unsigned(r->host_req));
  --r->dma_pending;
  switch (job.op) {
    case DmaOp::StageEager:  // the eager copy is kept until acknowledged; the host's buffer is free now
      r->state = State::Staged;
      r->flags |= kHostDone;
      complete(r, MPIW_CQ_SEND);
      want_work(peer(uint32_t(r->peer)));
      break;
    case DmaOp::StageFragment:
      staging_[job.arg].state = Staging::Ready;
      break;
    case DmaOp::DeliverPacket:
      port_.give_back(job.arg);
      recv_progress(r);
      break;
    case DmaOp::DeliverBuffered:
      free_unexpected(reinterpret_cast<Request*>(uintptr_t(job.arg)));
      recv_progress(r);
      break;
  }
}

}  // namespace nic
