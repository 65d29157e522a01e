#include "unexpected_list.h"

#include "../nic-engine/intrusive_list.h"
#include "../mpi/nic/matching.h"

namespace nic {

namespace {
using Queue = List<Request, &Request::q>;
Queue unexpected_q;  // unexpectedQ
}  // namespace

Request* unexpected_find(uint16_t context, int32_t source, int32_t tag) {
  for (Request* u = unexpected_q.front(); u; u = Queue::next(u))
    if (accepts(context, source, tag, {u->context, u->source, u->tag})) return u;
  return nullptr;
}

Request* unexpected_take(uint16_t context, int32_t source, int32_t tag) {
  Request* u = unexpected_find(context, source, tag);
  if (u) unexpected_q.remove(u);
  return u;
}

void unexpected_append(Request* u) { unexpected_q.push_back(u); }
unsigned unexpected_length() { return unexpected_q.size(); }

// One core, one thread: a message is matched as it arrives.
bool match_in_background() { return false; }
void match_start(MatchJob& j) {
  j.matched = posted_take(j.envelope);
  if (!j.matched) unexpected_append(j.unexpected);
}
bool match_done(const MatchJob&) { return true; }
void match_wait(MatchJob&) {}

}  // namespace nic
