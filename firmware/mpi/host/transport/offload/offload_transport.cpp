#include "transport/offload/offload_transport.h"

#include <fcntl.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include <pimnic/memmap.h>

#include "transport/nic_device.h"
#include "transport/registry.h"

namespace pimnic::mpi {

namespace {
constexpr uint32_t kCompletionSource = 1;  // HIF host interrupt source: a completion was posted
}  // namespace

OffloadTransport::~OffloadTransport() {
  unmap_nic_device({fd_, window_, hif_, window_size_});
  free(cq_);
}

uint32_t OffloadTransport::reg(uint32_t offset) const { return hif_[offset / 4]; }
void OffloadTransport::set_reg(uint32_t offset, uint32_t value) { hif_[offset / 4] = value; }

// Programmed I/O: word stores through the window, landing in the NIC's SRAM in order.
void OffloadTransport::window_write(uint32_t sram_addr, const void* src, uint32_t bytes) {
  const auto* w = static_cast<const uint32_t*>(src);
  volatile uint32_t* dst = reinterpret_cast<volatile uint32_t*>(window_ + sram_addr);
  for (uint32_t i = 0; i < bytes / 4; ++i) dst[i] = w[i];
}

uint32_t OffloadTransport::window_read(uint32_t sram_addr) const {
  return *reinterpret_cast<volatile const uint32_t*>(window_ + sram_addr);
}

void OffloadTransport::fatal(const char* what, uint32_t detail) const {
  fprintf(stderr, "pimnic-mpi: rank %d: %s (%u)\n", rank_, what, detail);
  exit(1);
}

bool OffloadTransport::open(const char** why) {
  NicMapping nic;
  if (!map_nic_device(nic, "no NIC device (/dev/uio0): run MPI programs with pimnic mpirun", why)) return false;
  fd_ = nic.fd;
  window_ = nic.window;
  hif_ = nic.hif;
  window_size_ = nic.window_size;
  spin_ = getenv("PIMNIC_MPI_WAIT") && !strcmp(getenv("PIMNIC_MPI_WAIT"), "spin");

  // The completion ring, in this process's memory, where the NIC writes.
  cq_ = static_cast<mpiw_completion*>(aligned_alloc(64, cq_entries_ * sizeof(mpiw_completion)));
  memset(cq_, 0, cq_entries_ * sizeof(mpiw_completion));
  set_reg(HIF_H_CQ_BASE, uint32_t(uintptr_t(cq_)));
  set_reg(HIF_H_CQ_ENTRIES, cq_entries_);
  set_reg(HIF_H_IRQ_STATUS, kCompletionSource);
  set_reg(HIF_H_IRQ_ENABLE, kCompletionSource);
  set_reg(HIF_H_DOORBELL, MPIW_DOORBELL_HELLO);
  while (!mailbox_) {  // the firmware answers once it runs: MPIW_CQ_HELLO with its mailbox
    if (!reap()) sleep_until_signalled();
  }
  if (window_read(mailbox_) != MPIW_MAILBOX_MAGIC || window_read(mailbox_ + 4) != MPIW_VERSION) {
    *why = "the NIC firmware does not speak this MPI's protocol (mailbox magic/version)";
    return false;
  }
  cmd_ring_ = window_read(mailbox_ + offsetof(mpiw_mailbox, cmd_ring));
  cmd_entries_ = window_read(mailbox_ + offsetof(mpiw_mailbox, cmd_entries));
  max_requests_ = window_read(mailbox_ + offsetof(mpiw_mailbox, max_requests));
  by_id_.assign(max_requests_, nullptr);
  if (!reduction_.open(window_read(mailbox_ + offsetof(mpiw_mailbox, reduce_slots)),
                       window_read(mailbox_ + offsetof(mpiw_mailbox, reduce_slot_count)),
                       window_read(mailbox_ + offsetof(mpiw_mailbox, reduce_stats)), why))
    return false;
  for (uint32_t i = max_requests_; i-- > 0;) free_ids_.push_back(i);
  if (const char* e = getenv("PIMNIC_MPI_EAGER_LIMIT")) {
    mpiw_cmd c{};
    c.op = MPIW_OP_CONFIG;
    c.aux = uint32_t(strtoul(e, nullptr, 0));
    post(c);
  }
  return true;
}

// ---- commands ------------------------------------------------------------------------------------

void OffloadTransport::post(const mpiw_cmd& cmd) {
  // A free slot: the NIC's consumed count, read through the window only when the ring looks full.
  while (posted_ - consumed_ >= cmd_entries_) {
    consumed_ = window_read(mailbox_ + offsetof(mpiw_mailbox, cmd_consumed));
    // Completions only: posting what waits in overflow_ from here would put it ahead of cmd.
    if (posted_ - consumed_ >= cmd_entries_) reap_completions();
  }
  mpiw_cmd c = cmd;
  c.seq = posted_;
  window_write(cmd_ring_ + (posted_ & (cmd_entries_ - 1)) * sizeof(mpiw_cmd), &c, sizeof c);
  ++posted_;
  set_reg(HIF_H_DOORBELL, posted_);
}

// An operation goes to the NIC if it has room for one more, otherwise it waits here, in order.
void OffloadTransport::submit(const mpiw_cmd& cmd, Operation* op) {
  if (outstanding_ < max_requests_ && overflow_.empty()) issue(cmd, op);
  else overflow_.push_back({cmd, op});
}

// To the NIC under a free request id.
void OffloadTransport::issue(const mpiw_cmd& cmd, Operation* op) {
  mpiw_cmd c = cmd;
  c.request = free_ids_.back();
  free_ids_.pop_back();
  by_id_[c.request] = op;
  if (op) op->handle = c.request;
  ++outstanding_;
  post(c);
}

void OffloadTransport::send(Operation& op, const void* buf, uint32_t bytes, int32_t dest, int32_t tag,
                            uint32_t context, SendMode mode) {
  op = Operation{};
  op.state = Operation::State::Pending;
  mpiw_cmd c{};
  c.op = MPIW_OP_SEND;
  c.flags = mode == SendMode::Synchronous ? MPIW_CMDF_SYNC : 0;
  c.context = uint16_t(context);
  c.peer = dest;
  c.tag = tag;
  c.host_addr = uint32_t(uintptr_t(buf));
  c.length = bytes;
  submit(c, &op);
}

void OffloadTransport::recv(Operation& op, void* buf, uint32_t capacity, int32_t source, int32_t tag,
                            uint32_t context) {
  op = Operation{};
  op.state = Operation::State::Pending;
  op.is_recv = true;
  mpiw_cmd c{};
  c.op = MPIW_OP_RECV;
  c.context = uint16_t(context);
  c.peer = source;
  c.tag = tag;
  c.host_addr = uint32_t(uintptr_t(buf));
  c.length = capacity;
  submit(c, &op);
}

void OffloadTransport::cancel(Operation& op) {
  if (op.done() || !op.is_recv) return;
  for (auto it = overflow_.begin(); it != overflow_.end(); ++it)
    if (it->op == &op) {  // never reached the NIC
      overflow_.erase(it);
      op.cancelled = true;
      op.state = Operation::State::Done;
      ++completions_;
      return;
    }
  mpiw_cmd c{};
  c.op = MPIW_OP_CANCEL;
  c.aux = op.handle;
  post(c);  // the receive completes, cancelled or received, through its own completion
}

uint32_t OffloadTransport::probe_command(uint8_t kind, int32_t source, int32_t tag, uint32_t context, Found& found) {
  Operation op;
  op.state = Operation::State::Pending;
  mpiw_cmd c{};
  c.op = kind;
  c.context = uint16_t(context);
  c.peer = source;
  c.tag = tag;
  submit(c, &op);
  while (!op.done()) progress(true);
  found = op.found;
  return op.truncated ? 1u : 0u;  // on_completion marks a found message this way for probes
}

bool OffloadTransport::iprobe(int32_t source, int32_t tag, uint32_t context, Found& found) {
  return probe_command(MPIW_OP_IPROBE, source, tag, context, found) != 0;
}

void OffloadTransport::probe(int32_t source, int32_t tag, uint32_t context, Found& found) {
  probe_command(MPIW_OP_PROBE, source, tag, context, found);
}

// ---- completions ---------------------------------------------------------------------------------

void OffloadTransport::on_completion(const mpiw_completion& c) {
  if (c.kind == MPIW_CQ_HELLO) {
    mailbox_ = c.request;
    return;
  }
  if (c.kind == MPIW_CQ_ERROR) fatal("the NIC refused a command", c.length);
  if (c.kind == MPIW_CQ_REDUCE) {
    reduction_.on_completion(c);
    ++completions_;
    return;
  }
  if (c.request >= by_id_.size() || !by_id_[c.request]) fatal("a completion for no operation", c.request);
  Operation& op = *by_id_[c.request];
  by_id_[c.request] = nullptr;
  free_ids_.push_back(c.request);
  --outstanding_;
  op.found = {int32_t(c.source), c.tag, c.length};
  op.cancelled = c.flags & MPIW_CQF_CANCELLED;
  op.truncated = c.kind == MPIW_CQ_PROBE ? (c.flags & MPIW_CQF_FOUND) != 0 : (c.flags & MPIW_CQF_TRUNCATED) != 0;
  op.state = Operation::State::Done;
  ++completions_;
}

bool OffloadTransport::reap() {
  const bool any = reap_completions();
  // Operations that waited for room at the NIC.
  while (!overflow_.empty() && outstanding_ < max_requests_) {
    Pending p = overflow_.front();
    overflow_.pop_front();
    issue(p.cmd, p.op);
  }
  return any;
}

bool OffloadTransport::reap_completions() {
  bool any = false;
  for (;;) {
    volatile mpiw_completion* e = &cq_[cq_head_ & (cq_entries_ - 1)];
    if (!e->kind) break;
    mpiw_completion c;
    memcpy(&c, const_cast<const mpiw_completion*>(e), sizeof c);
    e->kind = 0;  // the slot is free again once the NIC learns the new head
    ++cq_head_;
    on_completion(c);
    any = true;
  }
  if (any) set_reg(HIF_H_CQ_HEAD, cq_head_);
  return any;
}

// Sleep in the kernel until the NIC raises a completion (UIO read). The interrupt source is
// cleared first and the ring looked at again, so a completion that lands meanwhile is not missed.
void OffloadTransport::sleep_until_signalled() {
  if (spin_) return;
  set_reg(HIF_H_IRQ_STATUS, kCompletionSource);
  if (cq_[cq_head_ & (cq_entries_ - 1)].kind) return;
  uint32_t count;
  if (read(fd_, &count, sizeof count) != sizeof count) fatal("waiting on the NIC failed", 0);
}

void OffloadTransport::progress(bool wait) {
  const uint64_t before = completions_;
  reap();
  while (wait && completions_ == before) {
    sleep_until_signalled();
    reap();
  }
}

double OffloadTransport::wtime() const {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

void OffloadTransport::finalize() {
  while (outstanding_ || !overflow_.empty() || reduction_.busy()) progress(true);
  reduction_.report();
}

// ---- registration --------------------------------------------------------------------------------

namespace {

// `pimnic mpirun` gives every rank the NIC kind, its rank and the world size.
Transport* open_offload(const char** why) {
  const char* kind = getenv("PIMNIC_NIC");
  const char* rank = getenv("PMI_RANK");
  const char* size = getenv("PMI_SIZE");
  if (!kind || !rank || !size) {
    *why = "not started by pimnic mpirun (PIMNIC_NIC, PMI_RANK and PMI_SIZE are not set)";
    return nullptr;
  }
  // The firmware's mailbox says whether it speaks this library's protocol (open()).
  auto* t = new OffloadTransport(kind, atoi(rank), atoi(size));
  if (!t->open(why)) {
    delete t;
    return nullptr;
  }
  return t;
}

}  // namespace

PIMNIC_MPI_TRANSPORT("offload", open_offload);

}  // namespace pimnic::mpi
