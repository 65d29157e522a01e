// Set-up, the main loop's pass, host commands, DMA completions and events (portals_nic.h).
#include "portals_nic.h"

#include <pimnic/sysinfo.h>
#include <pimnic/timer.h>
#include <stdio.h>
#include <stdlib.h>

extern "C" const volatile uint32_t pimnic_nic_max_nodes = ptlnic::kMaxNodes;

namespace ptlnic {

void PortalsNic::init(uint8_t* buffers) {
  node_ = pimnic_node_id();
  nodes_ = pimnic_node_count();
  if (nodes_ > pimnic_nic_max_nodes) {
    printf("portals-nic: %u nodes, but this firmware keeps state for at most %u\n", unsigned(nodes_),
           unsigned(kMaxNodes));
    exit(1);
  }
  port_.init(reinterpret_cast<uint8_t (*)[nic::kMaxFragment + 32]>(buffers));
  buffers += (nic::kRxRing + nic::kRxSpare) * (nic::kMaxFragment + 32);
  for (Staging& s : staging_) {
    s.bytes = buffers;
    s.state = Staging::Free;
    buffers += nic::kMaxFragment;
  }
  h2n_.init(PIMNIC_DMA_H2N_BASE);
  n2h_.init(PIMNIC_DMA_N2H_BASE);
  hif_.init();
  table_.init(this);
  mailbox_.magic = PTLW_MAILBOX_MAGIC;
  mailbox_.version = PTLW_VERSION;
  mailbox_.cmd_ring = uint32_t(uintptr_t(ring_));
  mailbox_.cmd_entries = kCmdEntries;
  mailbox_.node = node_;
  mailbox_.nodes = nodes_;
}

bool PortalsNic::poll() {
  bool any = poll_host();
  any |= poll_rx();
  if (h2n_.busy() || n2h_.busy()) any |= poll_dma();
  any |= progress_tx();
  if (tx_head_ != tx_tail_ || end_head_ != end_tail_ || stage_next_ != send_next_ || sending()) any |= retire_sent();
  return any;
}

void PortalsNic::idle() {
  hif_.ack_irq();
  port_.ack_irq();
  h2n_.ack_irq();
  n2h_.ack_irq();
  if (poll()) return;
  pimnic_wait_for_interrupt();
}

// ---- host commands -----------------------------------------------------------------------------

bool PortalsNic::poll_host() {
  bool any = false;
  for (uint32_t n = hif_.doorbells(); n--;) {
    const uint32_t v = hif_.pop_doorbell();
    any = true;
    if (v & PTLW_DOORBELL_HELLO) {  // a new process: nothing of an earlier one survives
      posted_ = consumed_ = 0;
      table_.init(this);
      hif_.restart();
      hif_.push(uint32_t(PTLW_CQ_HELLO) << 24, uint32_t(uintptr_t(&mailbox_)), 0, PTLW_VERSION);
    } else if (int32_t(v - posted_) > 0) {
      posted_ = v;
    }
  }
  while (consumed_ != posted_) {
    const ptlw_cmd c = ring_[consumed_ & (kCmdEntries - 1)];
    ++consumed_;
    on_command(c);
    any = true;
  }
  return any;
}

void PortalsNic::answer(uint32_t seq, int rc, uint32_t v0, uint32_t v1) {
  hif_.push(uint32_t(PTLW_CQ_DONE) << 24 | uint32_t(rc), seq, v0, v1);
}

void PortalsNic::on_command(const ptlw_cmd& c) {
  const portals::MdSpec spec{c.start, c.length, c.threshold, c.max_size, c.options, c.user_ptr, c.eq};
  const ptl_process_id_t id{c.nid, c.pid};
  uint32_t h = 0;
  int rc = PTL_OK;
  switch (c.op) {
    case PTLW_OP_EQ_ALLOC: rc = table_.eq_alloc(c.start, c.length, &h); break;
    case PTLW_OP_EQ_FREE: rc = table_.eq_free(c.handle); break;
    case PTLW_OP_ME_ATTACH:
      rc = table_.me_attach(c.pt, id, c.match_bits, c.ignore_bits, c.unlink, c.position, &h);
      break;
    case PTLW_OP_ME_INSERT:
      rc = table_.me_insert(c.handle, id, c.match_bits, c.ignore_bits, c.unlink, c.position, &h);
      break;
    case PTLW_OP_ME_UNLINK: rc = table_.me_unlink(c.handle); break;
    case PTLW_OP_MD_ATTACH: rc = table_.md_attach(c.handle, spec, c.unlink, &h); break;
    case PTLW_OP_MD_BIND: rc = table_.md_bind(spec, c.unlink, &h); break;
    case PTLW_OP_MD_UNLINK: rc = table_.md_unlink(c.handle); break;
    case PTLW_OP_MD_GET:
    case PTLW_OP_MD_UPDATE: {  // the MD's state into the mailbox first (PtlMDUpdate's old_md)
      portals::MdSpec s;
      rc = table_.md_get(c.handle, &s);
      if (rc == PTL_OK) {
        mailbox_.md_start = s.start;
        mailbox_.md_length = s.length;
        mailbox_.md_threshold = s.threshold;
        mailbox_.md_max_size = s.max_size;
        mailbox_.md_options = s.options;
        mailbox_.md_user_ptr = s.user_ptr;
        mailbox_.md_eq = s.eq;
      }
      if (rc == PTL_OK && c.op == PTLW_OP_MD_UPDATE) {
        portals::MdSpec next = spec;
        next.eq = c.reserved;  // the new MD's queue; c.eq is the queue that must be empty
        rc = table_.md_update(c.handle, next, c.eq, c.eq_read);
      }
      break;
    }
    case PTLW_OP_PUT: rc = start(c, true); break;
    case PTLW_OP_GET: rc = start(c, false); break;
    case PTLW_OP_STATUS: h = table_.drops(); break;
    default: rc = PTL_FAIL; break;
  }
  answer(c.seq, rc, h);
}

// PtlPut/PtlGet (and their Region forms): the MD's operation starts, the message is queued.
int PortalsNic::start(const ptlw_cmd& c, bool put) {
  if (c.nid >= nodes_ || c.pid != 0) return PTL_PROCESS_INVALID;
  if (c.pt >= portals::kPortals) return PTL_PT_INDEX_INVALID;
  uint32_t size = c.size, offset = c.offset;
  uint16_t md;
  uint32_t start_seq;
  portals::Op o{{node_, 0}, c.pt, c.match_bits, 0, 0, 0, put ? c.ignore_bits : 0};
  const int rc = table_.start_initiator(c.handle, put, &offset, &size, &md, &start_seq, &o);
  if (rc != PTL_OK) return rc;
  Tx t{};
  t.dst = c.nid;
  t.h.type = put ? PTLW_PUT : PTLW_GET;
  t.h.pt = uint8_t(c.pt);
  t.h.flags = put && c.ack == PTL_ACK_REQ ? PTLW_F_ACK : 0;
  t.h.md = c.handle;
  t.h.match_bits = c.match_bits;
  t.h.offset = c.remote_offset;
  t.h.length = size;
  t.h.hdr_data = put ? c.ignore_bits : 0;
  if (put) {
    t.host_addr = table_.md_addr(md) + offset;
    t.length = size;
    t.md = md;
    t.end = PTL_EVENT_SEND_END;
  } else {
    t.md = portals::kNone;  // the get's operation ends with its reply
    get_offset_[md] = offset;
  }
  t.start_seq = start_seq;
  t.op = o;
  queue_tx(t);
  return PTL_OK;
}

// ---- DMA and events ----------------------------------------------------------------------------

void PortalsNic::room_in(DmaQueue& q) {
  while (q.full()) poll_dma();
}

bool PortalsNic::poll_dma() {
  auto done = [this](const DmaJob& job, uint32_t status) { on_dma(job, status); };
  return (h2n_.reap(done) + n2h_.reap(done)) != 0;
}

void PortalsNic::on_dma(const DmaJob& job, uint32_t status) {
  if (status & DMA_DESC_ERROR) printf("portals-nic: a DMA failed (host buffer outside memory?)\n");
  switch (job.kind) {
    case DmaJob::Stage: staging_[job.slot].state = Staging::Ready; break;
    case DmaJob::Deliver: {
      port_.give_back(job.buffer);
      Rx& r = rx_[job.node];
      --r.dma_pending;
      if (r.received >= r.rlength && !r.dma_pending) complete_rx(job.node);
      break;
    }
    case DmaJob::Event:
      ++ev_head_;
      pimnic_mmio_write32(PIMNIC_HIF_NIC_BASE + HIF_N_RAISE_HOST_IRQ, 1);  // wakes PtlEQWait
      break;
  }
}

// An event into the host's queue: by DMA behind the data it reports (the engine keeps order).
void PortalsNic::deliver(uint32_t slot, const ptl_event_t& e) {
  while (ev_tail_ - ev_head_ >= kEventSlots) poll_dma();
  ptl_event_t& staged = events_[ev_tail_ % kEventSlots];
  staged = e;
  ++ev_tail_;
  room_in(n2h_);
  n2h_.post(slot, uint32_t(uintptr_t(&staged)), sizeof staged, DmaJob{DmaJob::Event, 0, 0, 0});
}

}  // namespace ptlnic
