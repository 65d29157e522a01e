// What a NIC knows about each other node: the numbering of messages both ways, the messages sent
// to it and not yet acknowledged (to resend after a NACK), where its transmission stands, and the
// flow control state of both directions.
#pragma once
#include <cstdint>

#include "request.h"

namespace nic {

struct Peer {
  // ---- towards the peer (we send) ----
  uint32_t next_seq = 0;        // number of the next message to it
  Request* unacked = nullptr;   // its messages not acknowledged yet, oldest first (Request::peer_next)
  Request* unacked_tail = nullptr;
  Request* to_stage = nullptr;  // the next message whose eager data is not being staged yet
  Request* to_send = nullptr;   // the next message whose packets are not handed to the port yet
  uint32_t limit_seq = 0;       // with limited: the message at which its credit ends
  Peer* work_next = nullptr;
  // ---- from the peer (we receive) ----
  uint32_t expected = 0;        // number of the next message we accept from it
  uint32_t ack_sent = 0;        // the last acknowledgement it got from us
  uint32_t credit_end = 0;      // with credited: the message at which it stops by itself
  Peer* blocked_next = nullptr;
  Request* receiving = nullptr; // the eager message whose later fragments are still to come
  uint32_t receiving_seq = 0;
  // ---- flags (both directions), packed ----
  bool stalled : 1 = false;     // it refused a message (NACK): send nothing until it says RESUME
  bool limited : 1 = false;     // its last RESUME gave a credit: stop (stalled) at message limit_seq
  bool in_work : 1 = false;     // in the engine's list of peers with something to send
  bool ack_wanted : 1 = false;  // it asked for an ACK (MPIW_PKTF_ACK_REQ)
  bool blocked : 1 = false;     // we refused message `expected`: drop its messages until it comes again
  bool resumed : 1 = false;     // ... and told it to resend (RESUME) since
  bool credited : 1 = false;    // the RESUME carried a credit: it stops by itself at credit_end
};

}  // namespace nic
