// The posted receive queue and the unexpected message queue: the part of the NIC's work whose
// cost grows with the queues (seed pim-nic-mpi-matching, Fig. 5). Each NIC kind implements these
// functions its own way (the conventional NIC walks linked lists: firmware/nic-conv/matching_lists.cpp);
// the protocol engine only calls them. Both queues keep MPI order: a message matches the oldest
// posted receive that accepts it; a receive matches the oldest unexpected message it accepts.
#pragma once
#include <cstdint>

#include "request.h"

namespace nic {

struct Envelope {
  uint16_t context;
  uint16_t source;
  int32_t tag;
};

// The oldest posted receive that accepts a message with this envelope, removed from the queue;
// null if none.
Request* posted_take(const Envelope& e);
void posted_append(Request* r);
// Remove a posted receive (cancel); false if it is no longer posted.
bool posted_remove(Request* r);
// The posted receive the host knows as host_req, or null.
Request* posted_find(uint32_t host_req);

// The oldest unexpected message that a receive (or probe) with (context, source, tag) accepts,
// left in the queue; source and tag may be MPIW_ANY.
Request* unexpected_find(uint16_t context, int32_t source, int32_t tag);
void unexpected_append(Request* u);
void unexpected_remove(Request* u);

// The queues' lengths (statistics, tests).
unsigned posted_length();
unsigned unexpected_length();

// Does a receive or probe (context, source, tag) accept the envelope?
inline bool accepts(uint16_t context, int32_t source, int32_t tag, const Envelope& e) {
  return context == e.context && (source < 0 || uint32_t(source) == e.source) && (tag < 0 || tag == e.tag);
}

}  // namespace nic
