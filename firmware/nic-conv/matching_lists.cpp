// The conventional NIC's matching queues (seed pim-nic-mpi-matching, section IV-B): linked lists
// in NIC SRAM, walked one entry at a time by the PowerPC 440 core. A long posted receive queue
// costs a long walk per arriving message: that is the cost the seed's Fig. 5 measures.
#include "../mpi/nic/intrusive_list.h"
#include "../mpi/nic/matching.h"

namespace nic {

namespace {
using Queue = List<Request, &Request::q>;
Queue posted_recv_q;  // postedRecvQ
Queue unexpected_q;   // unexpectedQ
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

Request* unexpected_find(uint16_t context, int32_t source, int32_t tag) {
  for (Request* u = unexpected_q.front(); u; u = Queue::next(u))
    if (accepts(context, source, tag, {u->context, u->source, u->tag})) return u;
  return nullptr;
}

void unexpected_append(Request* u) { unexpected_q.push_back(u); }

Request* post_receive(Request* r) {
  if (Request* u = unexpected_find(r->context, r->peer, r->tag)) {
    unexpected_q.remove(u);
    return u;
  }
  posted_recv_q.push_back(r);
  return nullptr;
}

// One core, one thread: a message is matched as it arrives.
bool match_in_background() { return false; }
void match_start(MatchJob& j) {
  j.matched = posted_take(j.envelope);
  if (!j.matched) unexpected_append(j.unexpected);
}
bool match_done(const MatchJob&) { return true; }
void match_wait(MatchJob&) {}

unsigned posted_length() { return posted_recv_q.size(); }
unsigned unexpected_length() { return unexpected_q.size(); }

}  // namespace nic
