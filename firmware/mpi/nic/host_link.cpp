#include "host_link.h"

namespace nic {

void HostLink::init(uint32_t node, uint32_t nodes, uint32_t eager_limit) {
  mailbox_.magic = MPIW_MAILBOX_MAGIC;
  mailbox_.version = MPIW_VERSION;
  mailbox_.cmd_ring = uint32_t(uintptr_t(ring_));
  mailbox_.cmd_entries = kCmdEntries;
  mailbox_.cmd_consumed = 0;
  mailbox_.eager_limit = eager_limit;
  mailbox_.max_message = 0x7FFFFFFFu;
  mailbox_.node = node;
  mailbox_.nodes = nodes;
  mailbox_.max_requests = kHostRequests;
  hif_.init();
}

bool HostLink::poll_doorbells() {
  uint32_t n = hif_.doorbells();
  bool hello = false;
  while (n--) {
    const uint32_t v = hif_.pop_doorbell();
    if (v & MPIW_DOORBELL_HELLO) hello = true;
    else if (int32_t(v - posted_) > 0) posted_ = v;
  }
  return hello;
}

void HostLink::hello() {
  // A new process on the host: start over (nothing of an earlier one survives).
  posted_ = consumed_ = 0;
  mailbox_.cmd_consumed = 0;
  hif_.restart();
  hif_.push(uint32_t(MPIW_CQ_HELLO) << 24, uint32_t(uintptr_t(&mailbox_)), 0, MPIW_VERSION);
}

const mpiw_cmd* HostLink::next_command() {
  if (consumed_ == posted_) return nullptr;
  return &ring_[consumed_ & (kCmdEntries - 1)];
}

bool HostLink::room() { return hif_.room(); }

void HostLink::push_request(Request* r, uint8_t kind) {
  hif_.push(uint32_t(kind) << 24 | uint32_t(r->cq_flags) << 16 | r->source, r->host_req, uint32_t(r->tag),
            kind == MPIW_CQ_SEND ? r->length : r->msg_length);
}

bool HostLink::complete(Request* r, uint8_t kind) {
  r->cq_kind = kind;
  if (held_.empty() && room()) {
    push_request(r, kind);
    return true;
  }
  held_.push_back(r);
  return false;
}

void HostLink::error(uint32_t host_req, uint32_t code) {
  hif_.push(uint32_t(MPIW_CQ_ERROR) << 24, host_req, 0, code);
}

}  // namespace nic
