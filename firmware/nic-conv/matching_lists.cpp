// The conventional NIC's posted receive queue (seed pim-nic-mpi-matching, section IV-B): a linked
// list in NIC SRAM, walked one entry at a time by the PowerPC 440 core. A long posted receive queue
// costs a long walk per arriving message: that is the cost the seed's Fig. 5 measures. The
// unexpected queue: unexpected_list.cpp.
#include "../nic-engine/intrusive_list.h"
#include "../mpi/nic/matching.h"
#include "unexpected_list.h"

namespace nic {

namespace {
using Queue = List<Request, &Request::q>;
Queue posted_recv_q;  // postedRecvQ
}  // namespace

Request* posted_take(const Envelope& e) {
  for (Request* r = posted_recv_q.front(); r; r = Queue::next(r))
    if (accepts(r->context, r->peer, r->tag, e)) {
      posted_recv_q.remove(r);
      return r;
    }
  return nullptr;
}

bool posted_remove(Request* r) {
  if (r->state != State::Posted) return false;
  posted_recv_q.remove(r);
  return true;
}

Request* posted_find(uint32_t host_req) {
  for (Request* r = posted_recv_q.front(); r; r = Queue::next(r))
    if (r->host_req == host_req) return r;
  return nullptr;
}

Request* post_receive(Request* r) {
  if (Request* u = unexpected_take(r->context, r->peer, r->tag)) return u;
  posted_recv_q.push_back(r);
  return nullptr;
}

unsigned posted_length() { return posted_recv_q.size(); }

}  // namespace nic
