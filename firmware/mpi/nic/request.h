// One operation the NIC keeps state for: a host's send, receive or probe (from the host request
// pool; their index is what other NICs name in CTS and DATA packets), or an unexpected message (from
// the unexpected pool). Every queue of the seed is a list of these.
#pragma once
#include <cstdint>

#include "../../nic-engine/intrusive_list.h"

namespace nic {

enum class Kind : uint8_t { Free, Send, Recv, Probe, Unexpected };

enum class State : uint8_t {
  // sends
  Queued,      // waiting for its turn to its destination (sendQ)
  Staging,     // eager data being read from the host into the eager buffer
  Staged,      // eager data in the eager buffer, waiting to be transmitted in order
  RtsSent,     // rendezvous: waiting for the receiver's CTS
  Streaming,   // rendezvous: DATA packets being sent
  Sent,        // every packet sent; waiting for the acknowledgement (eager) or the last DATA to leave
  // receives
  Posted,      // in postedRecvQ
  Receiving,   // matched; data arriving or being copied to the host (activeRecvQ)
  // unexpected messages
  Matching,    // its match runs in the background and is not settled yet (unexpectedQ, or free
               // again if a posted receive took the message)
  Arriving,    // eager data still arriving (unexpectedQ)
  Complete,    // all data here, or a rendezvous request (unexpectedQ)
  Copying,     // matched by a receive, its data going to the host (unexpectedActiveQ)
};

inline constexpr uint8_t kRendezvous = 0x1;   // send/unexpected: the rendezvous protocol
inline constexpr uint8_t kSync = 0x2;         // send: synchronous (always rendezvous)
inline constexpr uint8_t kHostDone = 0x4;     // send: the host has its completion
inline constexpr uint8_t kAcked = 0x8;        // send: the receiver accepted the message
inline constexpr uint8_t kAllArrived = 0x10;  // receive: every byte of the message has arrived
inline constexpr uint8_t kBlocking = 0x20;    // probe: waits for a message (MPI_Probe)
inline constexpr uint8_t kFreeAfterCq = 0x40; // finished, but its completion is held back: free it once pushed
inline constexpr uint8_t kCqHeld = 0x80;      // its completion waits for room in the host's ring

struct Request {
  Link<Request> q;          // its place in one of the seed's queues, or, once finished, in the
                            // completions held back for room in the host's ring
  Request* peer_next;       // sends: the destination's FIFO of unacknowledged messages
  Kind kind;
  State state;
  uint8_t flags;
  uint8_t cq_flags;         // MPIW_CQF_* of its completion
  uint8_t cq_kind;          // MPIW_CQ_* of its completion, while held back
  uint16_t context;
  uint16_t source;          // receives: the matched sender; unexpected: the sender
  uint16_t dma_pending;     // DMA descriptors in flight that refer to it (at most both rings)
  int32_t peer;             // send: destination; receive/probe: source or MPIW_ANY
  int32_t tag;              // receive: tag or MPIW_ANY; matched/unexpected: the message's tag
  uint32_t host_req;        // the host's request id
  uint32_t host_addr;
  uint32_t length;          // send: message; receive: capacity; unexpected: message
  uint32_t msg_length;      // receive: the matched message's length
  uint32_t arrived;         // bytes received (receive, unexpected) or staged/streamed (send)
  uint32_t seq;             // send, unexpected: the message's number between the two nodes; posted
                            // receive in a binned queue (nic-conv-binned): its posting number
  uint32_t remote;          // send: the receiver's request (CTS); unexpected: the sender's request (RTS)
  uint32_t data;            // eager buffer address (send until acknowledged; unexpected eager data)
  uint16_t data_chunks;
  uint16_t packets_out;     // send: DATA fragments handed to the port and not yet gone
  Request* partner;         // an unexpected message <-> the receive that matched it while arriving
};
static_assert(sizeof(Request) == 72, "1,472 of them fill most of the SRAM: keep it packed");

}  // namespace nic
