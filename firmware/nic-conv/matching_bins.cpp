// A binned posted receive queue for the conventional NIC (`pimnic mpirun --nic conv-binned`): the
// modern answer to long queues (hash tables of receives, as MPICH's and Open MPI's later matching
// engines and NICs with tag-matching hardware do), beyond seed pim-nic-mpi-matching. A receive
// that names its source and tag goes into the bin its (context, source, tag) hashes to; one with a
// wildcard goes into a separate list. Every receive gets the next posting number, so a message
// that finds candidates in both its bin and the wildcard list takes the older one: MPI order
// holds. A message then walks only its bin and the wildcards instead of every receive. The
// unexpected queue stays a list (unexpected_list.cpp).
#include "../nic-engine/intrusive_list.h"
#include "../mpi/nic/matching.h"
#include "unexpected_list.h"

namespace nic {

namespace {
using Queue = List<Request, &Request::q>;
constexpr unsigned kBins = 64;
Queue bins[kBins];
Queue wild;           // receives with MPI_ANY_SOURCE or MPI_ANY_TAG, in posting order
uint32_t posted_count = 0;  // posting numbers (Request::seq of a posted receive)

unsigned bin_of(uint16_t context, uint32_t source, int32_t tag) {
  uint32_t h = context * 0x9E3779B1u ^ source * 0x85EBCA77u ^ uint32_t(tag) * 0xC2B2AE3Du;
  return (h ^ h >> 15) % kBins;
}
bool is_wild(const Request* r) { return r->peer < 0 || r->tag < 0; }
Queue& queue_of(const Request* r) { return is_wild(r) ? wild : bins[bin_of(r->context, uint32_t(r->peer), r->tag)]; }

Request* first_accepting(Queue& q, const Envelope& e) {
  for (Request* r = q.front(); r; r = Queue::next(r))
    if (accepts(r->context, r->peer, r->tag, e)) return r;
  return nullptr;
}
}  // namespace

Request* posted_take(const Envelope& e) {
  Queue& bin = bins[bin_of(e.context, e.source, e.tag)];
  Request* exact = first_accepting(bin, e);
  Request* any = first_accepting(wild, e);
  // The older of the two: posting numbers are free-running, so compare their difference.
  Request* r = exact && (!any || int32_t(exact->seq - any->seq) < 0) ? exact : any;
  if (r) (r == exact ? bin : wild).remove(r);
  return r;
}

bool posted_remove(Request* r) {
  if (r->state != State::Posted) return false;
  queue_of(r).remove(r);
  return true;
}

Request* posted_find(uint32_t host_req) {
  for (Request* r = wild.front(); r; r = Queue::next(r))
    if (r->host_req == host_req) return r;
  for (Queue& bin : bins)
    for (Request* r = bin.front(); r; r = Queue::next(r))
      if (r->host_req == host_req) return r;
  return nullptr;
}

Request* post_receive(Request* r) {
  if (Request* u = unexpected_take(r->context, r->peer, r->tag)) return u;
  r->seq = posted_count++;
  queue_of(r).push_back(r);
  return nullptr;
}

unsigned posted_length() {
  unsigned n = wild.size();
  for (const Queue& bin : bins) n += bin.size();
  return n;
}

}  // namespace nic
