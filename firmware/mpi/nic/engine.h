// The NIC's MPI engine (seed pim-nic-mpi-matching, section IV-B): it owns matching and progress.
// The host posts sends, receives and probes; the engine matches arriving messages against the
// posted receive queue and new receives against the unexpected queue, runs the eager protocol
// below the eager limit and the rendezvous protocol above it, moves data with the two DMA engines,
// fragments to the network's payload size, and writes completions into host memory. It progresses
// every message by itself (a rendezvous completes without the host calling MPI).
//
// The seed's five queues: postedRecvQ and unexpectedQ are the matching queues (matching.h);
// activeRecvQ (matched receives whose data is arriving or being copied), unexpectedActiveQ
// (unexpected messages a receive took, being copied to the host) and sendQ (sends in progress) are
// lists here. Flow control: every message between two nodes is numbered; a receiver short of room
// for an unexpected message refuses it (NACK) and the sender resends from there once told (RESUME),
// keeping its eager data until acknowledged: nothing is lost and order holds (docs/mpi-protocol.md).
//
// Files: engine.cpp (set-up, the main loop's poll, DMA completions, idling), engine_host.cpp
// (commands), engine_send.cpp (sending), engine_receive.cpp (packets).
#pragma once
#include <cstdint>

#include <pimnic/mpi_wire.h>

#include "../../nic-engine/intrusive_list.h"
#include "../../nic-engine/port.h"
#include "config.h"
#include "dma_job.h"
#include "eager_pool.h"
#include "host_link.h"
#include "matching.h"
#include "peer.h"
#include "reduction.h"
#include "request.h"

namespace nic {

class Engine {
 public:
  // buffers: what init() needs of kNoinitBytes (receive, staging and eager buffers, contents
  // irrelevant: the caller puts them in .noinit).
  // reduction: the NIC reduction's descriptor slots, or null for an image without them.
  void init(uint8_t* buffers, ReductionSlots* reduction = nullptr);
  static constexpr uint32_t kNoinitBytes =
      (kRxRing + kRxSpare) * (kMaxFragment + 32) + kStaging * kMaxFragment + kEagerChunks * kEagerChunk;
  // One pass of the main loop over every source of work; true if anything happened.
  bool poll();
  // Nothing to do: acknowledge every device's interrupt, look once more, then sleep until one of
  // them signals (doorbell, packet, DMA completion, packet sent).
  void idle();

 private:
  using Queue = List<Request, &Request::q>;

  // ---- requests (engine.cpp) ----
  Request* new_request(Request*& free_list);
  void free_request(Request* r);
  void release(Request* r);  // finished: free now, or once its held-back completion is pushed
  void complete(Request* r, uint8_t kind);  // its completion to the host
  uint32_t index_of(const Request* r) const { return uint32_t(r - requests_); }
  Request* request_at(uint32_t index) { return index < kHostRequests ? &requests_[index] : nullptr; }

  // ---- host commands (engine_host.cpp) ----
  bool poll_host();
  void on_command(const mpiw_cmd& c);
  void post_recv(Request* r);
  void probe(Request* r);
  void cancel(uint32_t host_req);
  void take_unexpected(Request* r, Request* u);  // receive r takes unexpected message u
  void copy_unexpected(Request* r, Request* u);  // u's eager data (all here) to r's buffer
  void answer_probes(Request* u);                // a new unexpected message: waiting probes see it
  void recv_progress(Request* r);                // complete r once its data is all in host memory

  // ---- sending (engine_send.cpp) ----
  void start_send(Request* r);
  void want_work(Peer& p);
  bool progress_sends();
  void advance(Peer& p);
  bool stage(Request* r);
  bool transmit(Request* r);
  bool stream(Request* r);  // rendezvous DATA: read fragments from the host while staging is free
  bool send_staging();      // staged fragments to the port; sent ones free their buffer
  bool waiting_for_port() const;
  void send_progress(Request* r);  // complete/free a send when its parts are done
  mpiw_packet header(uint8_t type, Peer& to);
  void control(uint32_t node, uint8_t type, uint32_t seq);  // ACK, NACK, RESUME, CTS...
  void on_ack(Peer& p, uint32_t ack);
  void on_nack(Peer& p, uint32_t seq);
  void on_hold(const mpiw_packet& h);  // an eager message of ours accepted without its data
  void on_resume(Peer& p, uint32_t seq, uint32_t credit);
  void on_cts(const mpiw_packet& h);
  Peer& peer(uint32_t node) { return peers_[node]; }
  uint32_t node_of(const Peer& p) const { return uint32_t(&p - peers_); }

  // ---- receiving (engine_receive.cpp) ----
  bool poll_rx();
  void on_packet(struct pimnic_net_rxdesc* d);
  // A new message (EAGER at offset 0, or RTS): matched now, or in the background (matching.h).
  void on_message(Peer& p, const mpiw_packet& h, uint32_t payload, uint32_t n);
  bool match_behind(Peer& p, const mpiw_packet& h, uint32_t payload, uint32_t n);
  Request* reserve_unexpected(const mpiw_packet& h, uint32_t src, bool may_hold);
  void accept(Peer& p, const mpiw_packet& h, bool held);  // the next message from p is in
  void take_message(Request* r, Peer& p, const mpiw_packet& h, uint32_t payload, uint32_t n, uint32_t buffer);
  void place_unexpected(Request* u, Peer& p, uint32_t payload, uint32_t n);
  bool settle(bool wait);  // the oldest background match's outcome, in arrival order
  void settle_all();
  void on_fragment(Peer& p, const mpiw_packet& h, uint32_t payload, uint32_t n);
  void on_data(const mpiw_packet& h, uint32_t payload, uint32_t n);
  void deliver(Request* r, uint32_t offset, uint32_t payload, uint32_t n, uint32_t buffer);  // to r's host buffer
  void refuse(Peer& p, uint32_t seq);
  void room_freed();  // a receive was posted or unexpected room freed: refused senders may resend
  void resume_blocked();
  void maybe_ack(Peer& p);
  void free_unexpected(Request* u);
  uint32_t hold_buffer();  // keep the current packet's buffer for a DMA (waits for a spare)
  void room_in(MpiDmaQueue& q);  // wait until q can take a descriptor

  // ---- DMA completions (engine.cpp) ----
  bool poll_dma();
  void on_dma(const DmaJob& job, uint32_t status);

  Port port_;
  MpiDmaQueue h2n_, n2h_;
  HostLink host_;
  EagerPool eager_;
  ReductionEngine reduce_;  // NIC-based reduction (reduction.h)
  uint32_t node_ = 0, nodes_ = 0, eager_limit_ = kDefaultEagerLimit;

  Request requests_[kHostRequests];     // host operations; their index names them to other NICs
  Request unexpected_pool_[kUnexpected];
  Request* free_requests_ = nullptr;
  Request* free_unexpected_ = nullptr;
  unsigned unexpected_used_ = 0;

  Queue active_recv_q_;        // activeRecvQ
  Queue unexpected_active_q_;  // unexpectedActiveQ
  Queue send_q_;               // sendQ: rendezvous sends whose DATA is still being read from the host
  Queue probes_;               // blocking probes waiting for a message

  struct Arrival {            // a message whose match runs in the background, in arrival order
    MatchJob job;
    mpiw_packet h;             // its first packet's header
    uint32_t src, payload, n;  // ... its sender and payload
    uint32_t buffer;           // ... the packet's buffer, kept until settled (0: no payload)
  };
  Arrival arrivals_[kMatchJobs];
  uint32_t arrivals_head_ = 0, arrivals_tail_ = 0;  // free-running

  Peer peers_[kMaxPeers];
  Peer* work_ = nullptr;       // peers with messages to stage or send, in the order they got work
  Peer* work_tail_ = nullptr;
  Peer* blocked_ = nullptr;    // peers whose message we refused

  struct Staging {             // a rendezvous fragment on its way from the host to the port
    uint8_t* bytes;            // kMaxFragment bytes
    uint32_t payload;          // what goes out: bytes, or a held eager message's data in the eager buffer
    enum : uint8_t { Free, Reading, Ready, Sending } state;
    bool last;                 // the message's last fragment
    Request* owner;
    uint32_t offset, length;
    uint32_t ticket;           // the port's ticket once handed over
  };
  Staging staging_[kStaging];
  unsigned staging_busy_ = 0;  // slots not Free
};

}  // namespace nic
