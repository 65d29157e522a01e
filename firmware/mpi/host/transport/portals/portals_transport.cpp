#include "transport/portals/portals_transport.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "transport/registry.h"

namespace pimnic::mpi {

namespace {

// The seed's three portals (section 3.1), and one to start up together.
constexpr ptl_pt_index_t kReceivePortal = 2, kReadPortal = 3, kAckPortal = 4, kStartPortal = 5;
// Match bits (seed Fig. 2): protocol 3 bits, context 13, source rank 16, tag 32.
constexpr ptl_match_bits_t kShort = 1, kLong = 2;
constexpr ptl_match_bits_t kProtocolBits = 7ull << 61, kSourceBits = 0xFFFFull << 32, kTagBits = 0xFFFFFFFFull;
constexpr uint32_t kEagerLimit = 8192;        // longer messages use the long protocol
constexpr uint32_t kBufferBytes = 1u << 20;   // each of the three short unexpected MDs (seed: 2 MB)
constexpr ptl_size_t kQueueEvents = 8192;

ptl_match_bits_t bits_of(ptl_match_bits_t protocol, uint32_t context, int32_t source, int32_t tag) {
  return protocol << 61 | ptl_match_bits_t(context & 0x1FFF) << 48 | ptl_match_bits_t(uint16_t(source)) << 32 |
         uint32_t(tag);
}
int32_t source_of(ptl_match_bits_t b) { return int32_t(b >> 32 & 0xFFFF); }
int32_t tag_of(ptl_match_bits_t b) { return int32_t(uint32_t(b)); }
const ptl_process_id_t kAnyone = {PTL_NID_ANY, PTL_PID_ANY};

}  // namespace

void PortalsTransport::fatal(const char* what, int rc) const {
  fprintf(stderr, "pimnic-mpi: rank %d: %s: %s\n", rank_, what, PtlErrorStr(rc));
  exit(1);
}

#define PTL_MUST(call)                  \
  do {                                  \
    const int rc_ = (call);             \
    if (rc_ != PTL_OK) fatal(#call, rc_); \
  } while (0)

// The NIC's MD and ME tables (1024 each) fill when a program starts many operations without
// waiting (2000 MPI_Isend in a row): they free up as operations in flight end, so make progress
// and try again.
#define PTL_ROOM(call)                                                         \
  do {                                                                         \
    int rc_;                                                                   \
    while ((rc_ = (call)) == PTL_NO_SPACE && outstanding_) progress(true);     \
    if (rc_ != PTL_OK) fatal(#call, rc_);                                      \
  } while (0)

bool PortalsTransport::open(const char** why) {
  if (PtlInit(nullptr) != PTL_OK || PtlNIInit(PTL_IFACE_DEFAULT, PTL_PID_ANY, nullptr, nullptr, &ni_) != PTL_OK) {
    *why = "no Portals NIC (run MPI programs with pimnic mpirun --nic portals)";
    return false;
  }
  PTL_MUST(PtlEQAlloc(ni_, kQueueEvents, PTL_EQ_HANDLER_NONE, &eq_));
  PTL_MUST(PtlEQAlloc(ni_, kQueueEvents, PTL_EQ_HANDLER_NONE, &ueq_));
  // The receive portal (seed Fig. 9): posted receives, the mark, three short unexpected buffers,
  // the long unexpected entry.
  PTL_MUST(PtlMEAttach(ni_, kReceivePortal, ptl_process_id_t{0xFFFFFFF0u, 0}, 0, 0, PTL_RETAIN, PTL_INS_AFTER, &mark_));
  for (int i = 0; i < 3; ++i) {
    buffers_[i].bytes = static_cast<uint8_t*>(aligned_alloc(64, kBufferBytes));
    attach_buffer(i);
  }
  PTL_MUST(PtlMEAttach(ni_, kReceivePortal, kAnyone, kLong << 61, ~kProtocolBits, PTL_RETAIN, PTL_INS_AFTER, &long_me_));
  ptl_md_t none = {nullptr, 0, PTL_MD_THRESH_INF, 0, PTL_MD_OP_PUT | PTL_MD_TRUNCATE, nullptr, ueq_};
  ptl_handle_md_t md;
  PTL_MUST(PtlMDAttach(long_me_, none, PTL_RETAIN, &md));  // takes nothing, acks with mlength 0
  ptl_md_t empty = {nullptr, 0, PTL_MD_THRESH_INF, 0, 0, nullptr, PTL_EQ_NONE};
  PTL_MUST(PtlMDBind(ni_, empty, PTL_RETAIN, &empty_md_));
  barrier_at_start();
  return true;
}

// A short unexpected buffer: at the end of the short ones (in front of the long entry once that
// exists); it unlinks itself once fewer than kEagerLimit bytes are left (the high-water mark).
void PortalsTransport::attach_buffer(int i) {
  Buffer& b = buffers_[i];
  if (long_me_ == PTL_INVALID_HANDLE)
    PTL_MUST(PtlMEAttach(ni_, kReceivePortal, kAnyone, kShort << 61, ~kProtocolBits, PTL_UNLINK, PTL_INS_AFTER, &b.me));
  else
    PTL_MUST(PtlMEInsert(long_me_, kAnyone, kShort << 61, ~kProtocolBits, PTL_UNLINK, PTL_INS_BEFORE, &b.me));
  ptl_md_t md = {b.bytes, kBufferBytes, PTL_MD_THRESH_INF, kEagerLimit,
                 PTL_MD_OP_PUT | PTL_MD_MAX_SIZE | PTL_MD_ACK_DISABLE, reinterpret_cast<void*>(uintptr_t(i + 1)), ueq_};
  ptl_handle_md_t h;
  PTL_MUST(PtlMDAttach(b.me, md, PTL_UNLINK, &h));
  b.held = 0;
  b.unlinked = false;
}

// Every rank's receive portal is ready before anyone sends (seed 3.1: "all of the processes in the
// job call a barrier"): a put that arrives before the entries exist would be dropped. Each rank
// tells rank 0 until acknowledged; rank 0, having heard from all, tells each to go.
void PortalsTransport::barrier_at_start() {
  if (size_ == 1) return;
  ptl_handle_eq_t eq;
  PTL_MUST(PtlEQAlloc(ni_, 4 * size_ + 64, PTL_EQ_HANDLER_NONE, &eq));
  ptl_handle_me_t me;
  PTL_MUST(PtlMEAttach(ni_, kStartPortal, kAnyone, 0, 0, PTL_RETAIN, PTL_INS_AFTER, &me));
  ptl_md_t take = {nullptr, 0, PTL_MD_THRESH_INF, 0, PTL_MD_OP_PUT | PTL_MD_TRUNCATE | PTL_MD_EVENT_START_DISABLE,
                   nullptr, eq};
  ptl_handle_md_t md, tell;
  PTL_MUST(PtlMDAttach(me, take, PTL_RETAIN, &md));
  ptl_md_t say = {nullptr, 0, PTL_MD_THRESH_INF, 0, PTL_MD_EVENT_START_DISABLE, nullptr, eq};
  PTL_MUST(PtlMDBind(ni_, say, PTL_RETAIN, &tell));
  ptl_event_t e;
  int which;
  if (rank_ == 0) {
    std::deque<bool> heard(size_, false);
    for (int n = 1; n < size_;) {
      PtlEQWait(eq, &e);
      if (e.type == PTL_EVENT_PUT_END && !heard[e.initiator.nid]) {
        heard[e.initiator.nid] = true;
        ++n;
      }
    }
    PTL_MUST(PtlMEUnlink(me));
    for (int r = 1; r < size_; ++r) PTL_MUST(PtlPut(tell, PTL_NO_ACK_REQ, ptl_process_id_t{uint32_t(r), 0}, kStartPortal, 0, 0, 0, 0));
    return;
  }
  bool acked = false;
  while (!acked) {
    PTL_MUST(PtlPut(tell, PTL_ACK_REQ, ptl_process_id_t{0, 0}, kStartPortal, 0, 0, 0, 0));
    while (!acked && PtlEQPoll(&eq, 1, 1, &e, &which) == PTL_OK) acked = e.type == PTL_EVENT_ACK;
  }
  do PtlEQWait(eq, &e);
  while (e.type != PTL_EVENT_PUT_END);
  PTL_MUST(PtlMEUnlink(me));
}

// ---- sending (seed 3.2, 3.3) ---------------------------------------------------------------------

void PortalsTransport::send(Operation& op, const void* buf, uint32_t bytes, int32_t dest, int32_t tag,
                            uint32_t context, SendMode mode) {
  op = Operation{};
  op.state = Operation::State::Pending;
  Req* r = new Req{Req::Send, &op};
  op.handle = uint32_t(uintptr_t(r));
  r->bytes = bytes;
  r->long_protocol = bytes > kEagerLimit;
  r->sync = mode == SendMode::Synchronous;
  const ptl_process_id_t to = {uint32_t(dest), 0};
  if (r->long_protocol) {  // eager, with the data offered on the read portal in case it is unexpected
    const ptl_match_bits_t read_bits = next_bits_++;
    PTL_ROOM(PtlMEAttach(ni_, kReadPortal, to, read_bits, 0, PTL_RETAIN, PTL_INS_AFTER, &r->me));
    ptl_md_t md = {const_cast<void*>(buf), bytes, 3, 0, PTL_MD_OP_GET | PTL_MD_MANAGE_REMOTE | PTL_MD_TRUNCATE, r, eq_};
    PTL_ROOM(PtlMDAttach(r->me, md, PTL_RETAIN, &r->md));
    PTL_MUST(PtlPut(r->md, PTL_ACK_REQ, to, kReceivePortal, 0, bits_of(kLong, context, rank_, tag), 0, read_bits));
  } else if (r->sync) {  // completed by the ack of a posted receive or the receiver's explicit ack put
    const ptl_match_bits_t ack_bits = next_bits_++;
    PTL_ROOM(PtlMEAttach(ni_, kAckPortal, to, ack_bits, 0, PTL_RETAIN, PTL_INS_AFTER, &r->me));
    ptl_md_t md = {const_cast<void*>(buf), bytes, 2, 0, PTL_MD_OP_PUT | PTL_MD_MANAGE_REMOTE | PTL_MD_TRUNCATE, r, eq_};
    PTL_ROOM(PtlMDAttach(r->me, md, PTL_RETAIN, &r->md));
    PTL_MUST(PtlPut(r->md, PTL_ACK_REQ, to, kReceivePortal, 0, bits_of(kShort, context, rank_, tag), 0, ack_bits));
  } else {
    ptl_md_t md = {const_cast<void*>(buf), bytes, 1, 0, 0, r, eq_};
    PTL_ROOM(PtlMDBind(ni_, md, PTL_RETAIN, &r->md));
    PTL_MUST(PtlPut(r->md, PTL_NO_ACK_REQ, to, kReceivePortal, 0, bits_of(kShort, context, rank_, tag), 0, 0));
  }
  ++outstanding_;
}

void PortalsTransport::settle(Req* r) {
  if (!r->sent) return;
  if ((r->long_protocol || r->sync) && !r->acked) return;
  if (r->zero_ack && !r->got) return;  // unexpected long: the receiver still has to get it
  if (r->me != PTL_INVALID_HANDLE) PTL_MUST(PtlMEUnlink(r->me));
  else PTL_MUST(PtlMDUnlink(r->md));
  complete(r);
}

void PortalsTransport::complete(Req* r) {
  r->op->state = Operation::State::Done;
  ++completions_;
  --outstanding_;
  delete r;
}

// ---- receiving (seed 3.4) ------------------------------------------------------------------------

std::deque<PortalsTransport::Unexpected>::iterator PortalsTransport::find(ptl_match_bits_t bits, ptl_match_bits_t ignore) {
  for (auto it = unexpected_.begin(); it != unexpected_.end(); ++it)
    if (!((it->bits ^ bits) & ~ignore)) return it;
  return unexpected_.end();
}

void PortalsTransport::recv(Operation& op, void* buf, uint32_t capacity, int32_t source, int32_t tag,
                            uint32_t context) {
  op = Operation{};
  op.state = Operation::State::Pending;
  op.is_recv = true;
  Req* r = new Req{Req::Recv, &op};
  op.handle = uint32_t(uintptr_t(r));
  r->capacity = capacity;
  r->buf = buf;
  const ptl_match_bits_t bits = bits_of(0, context, source == kAnySource ? 0 : source, tag == kAnyTag ? 0 : tag);
  const ptl_match_bits_t ignore =
      kProtocolBits | (source == kAnySource ? kSourceBits : 0) | (tag == kAnyTag ? kTagBits : 0);
  // An inactive MD in front of the mark, then: a message already here, or activate it if none
  // arrived meanwhile (PtlMDUpdate against the unexpected queue).
  PTL_ROOM(PtlMEInsert(mark_, kAnyone, bits, ignore, PTL_RETAIN, PTL_INS_BEFORE, &r->me));
  ptl_md_t md = {buf, capacity, 0, 0, PTL_MD_OP_PUT | PTL_MD_TRUNCATE, r, eq_};
  PTL_ROOM(PtlMDAttach(r->me, md, PTL_RETAIN, &r->md));
  for (;;) {
    auto it = find(bits, ignore);
    if (it == unexpected_.end() && drain_unexpected()) it = find(bits, ignore);
    if (it != unexpected_.end() && !it->arrived) {  // matched, its data still coming: wait for it
      ptl_event_t e;
      if (const int rc = PtlEQWait(ueq_, &e); rc != PTL_OK) fatal("the unexpected-message queue", rc);
      on_unexpected(e);
      continue;
    }
    if (it != unexpected_.end()) {
      const Unexpected u = *it;
      unexpected_.erase(it);
      PTL_MUST(PtlMEUnlink(r->me));
      r->me = r->md = PTL_INVALID_HANDLE;
      consume(r, u);
      return;
    }
    md.threshold = 1;
    const int rc = PtlMDUpdate(r->md, nullptr, &md, ueq_);
    if (rc == PTL_OK) break;
    if (rc != PTL_MD_NO_UPDATE) fatal("PtlMDUpdate", rc);
    md.threshold = 0;
    drain_unexpected();
  }
  ++outstanding_;
}

// Receive r takes unexpected message u.
void PortalsTransport::consume(Req* r, const Unexpected& u) {
  Operation& op = *r->op;
  op.found = {source_of(u.bits), tag_of(u.bits), u.rlength};
  op.truncated = u.rlength > r->capacity;
  const uint32_t n = u.rlength < r->capacity ? u.rlength : r->capacity;
  const ptl_process_id_t from = {uint32_t(source_of(u.bits)), 0};
  if (u.buffer >= 0) {  // short: copy it out of the unexpected buffer; a synchronous sender is told
    memcpy(r->buf, u.data, n);
    release(u.buffer);
    if (u.hdr_data) PTL_MUST(PtlPut(empty_md_, PTL_NO_ACK_REQ, from, kAckPortal, 0, u.hdr_data, 0, 0));
    op.state = Operation::State::Done;
    ++completions_;
    delete r;
    return;
  }
  // long: get it from the sender's read portal (seed Fig. 7)
  r->kind = Req::Fetch;
  ptl_md_t md = {r->buf, n, 1, 0, 0, r, eq_};
  PTL_ROOM(PtlMDBind(ni_, md, PTL_RETAIN, &r->md));
  PTL_MUST(PtlGet(r->md, from, kReadPortal, 0, u.hdr_data, 0));
  ++outstanding_;
}

void PortalsTransport::release(int buffer) {
  Buffer& b = buffers_[buffer];
  if (--b.held == 0 && b.unlinked) attach_buffer(buffer);  // emptied: back at the end of the list
}

bool PortalsTransport::drain_unexpected() {
  bool any = false;
  ptl_event_t e;
  for (;;) {
    const int rc = PtlEQGet(ueq_, &e);
    if (rc == PTL_EQ_EMPTY) return any;
    if (rc != PTL_OK) fatal("the unexpected-message queue", rc);
    on_unexpected(e);
    any = true;
  }
}

void PortalsTransport::on_unexpected(const ptl_event_t& e) {
  const int buffer = int(uintptr_t(e.md.user_ptr)) - 1;
  if (e.type == PTL_EVENT_UNLINK) {
    buffers_[buffer].unlinked = true;
    if (!buffers_[buffer].held) attach_buffer(buffer);
    return;
  }
  if (e.type == PTL_EVENT_PUT_END) {
    for (Unexpected& u : unexpected_)
      if (u.start_seq == e.link) u.arrived = true;
    return;
  }
  if (e.type != PTL_EVENT_PUT_START) return;
  Unexpected u{e.sequence, buffer < 0, e.match_bits, uint32_t(e.rlength), e.hdr_data, nullptr, buffer};
  if (buffer >= 0) {
    u.data = static_cast<const uint8_t*>(e.md.start) + e.offset;
    ++buffers_[buffer].held;
  }
  unexpected_.push_back(u);
}

void PortalsTransport::on_event(const ptl_event_t& e) {
  Req* r = static_cast<Req*>(e.md.user_ptr);
  if (!r) return;
  switch (e.type) {
    case PTL_EVENT_SEND_END:
      r->sent = true;
      settle(r);
      break;
    case PTL_EVENT_ACK:
      r->acked = true;
      if (r->long_protocol && e.mlength == 0 && r->bytes) r->zero_ack = true;  // it was unexpected
      settle(r);
      break;
    case PTL_EVENT_GET_END:
      r->got = true;
      settle(r);
      break;
    case PTL_EVENT_PUT_END:
      if (r->kind == Req::Recv) {  // a posted receive took it
        Operation& op = *r->op;
        op.found = {source_of(e.match_bits), tag_of(e.match_bits), uint32_t(e.rlength)};
        op.truncated = e.rlength > r->capacity;
        PTL_MUST(PtlMEUnlink(r->me));
        complete(r);
      } else {  // the receiver's explicit ack of a synchronous send
        r->acked = true;
        settle(r);
      }
      break;
    case PTL_EVENT_REPLY_END:
      PTL_MUST(PtlMDUnlink(r->md));
      complete(r);
      break;
    default:
      break;
  }
}

void PortalsTransport::cancel(Operation& op) {
  if (op.done() || !op.is_recv) return;
  Req* r = reinterpret_cast<Req*>(uintptr_t(op.handle));
  if (r->kind != Req::Recv) return;  // fetching a message already: it completes
  // Deactivate it and learn in the same step whether a message took it (threshold 0 then).
  ptl_md_t old, off = {r->buf, r->capacity, 0, 0, PTL_MD_OP_PUT | PTL_MD_TRUNCATE, r, eq_};
  PTL_MUST(PtlMDUpdate(r->md, &old, &off, PTL_EQ_NONE));
  if (old.threshold == 0) return;  // matched: its PUT_END completes it
  PTL_MUST(PtlMEUnlink(r->me));
  op.cancelled = true;
  complete(r);
}

bool PortalsTransport::iprobe(int32_t source, int32_t tag, uint32_t context, Found& found) {
  drain_unexpected();
  const ptl_match_bits_t bits = bits_of(0, context, source == kAnySource ? 0 : source, tag == kAnyTag ? 0 : tag);
  const ptl_match_bits_t ignore =
      kProtocolBits | (source == kAnySource ? kSourceBits : 0) | (tag == kAnyTag ? kTagBits : 0);
  auto it = find(bits, ignore);
  if (it == unexpected_.end()) return false;
  found = {source_of(it->bits), tag_of(it->bits), it->rlength};
  return true;
}

void PortalsTransport::probe(int32_t source, int32_t tag, uint32_t context, Found& found) {
  while (!iprobe(source, tag, context, found)) progress(true);
}

// Events of operations and unexpected arrivals; with wait, sleep until at least one.
void PortalsTransport::progress(bool wait) {
  ptl_event_t e;
  bool any = false;
  for (;;) {
    for (int rc; (rc = PtlEQGet(eq_, &e)) != PTL_EQ_EMPTY; any = true) {
      if (rc != PTL_OK) fatal("the operations' event queue", rc);
      on_event(e);
    }
    any |= drain_unexpected();
    if (!wait || any) return;
    ptl_handle_eq_t both[2] = {eq_, ueq_};
    int which;
    const int rc = PtlEQPoll(both, 2, PTL_TIME_FOREVER, &e, &which);
    if (rc != PTL_OK) fatal("waiting for events", rc);
    if (which == 0) on_event(e);
    else on_unexpected(e);
    any = true;
  }
}

double PortalsTransport::wtime() const {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

void PortalsTransport::finalize() {
  while (outstanding_) progress(true);
}

namespace {

Transport* open_portals(const char** why) {
  const char* kind = getenv("PIMNIC_NIC");
  const char* rank = getenv("PMI_RANK");
  const char* size = getenv("PMI_SIZE");
  if (!kind || !rank || !size) {
    *why = "not started by pimnic mpirun (PIMNIC_NIC, PMI_RANK and PMI_SIZE are not set)";
    return nullptr;
  }
  auto* t = new PortalsTransport(kind, atoi(rank), atoi(size));
  if (!t->open(why)) {
    delete t;
    return nullptr;
  }
  return t;
}

}  // namespace

PIMNIC_MPI_TRANSPORT("portals", open_portals);

}  // namespace pimnic::mpi
