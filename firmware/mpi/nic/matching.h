// The posted receive queue and the unexpected message queue: the part of the NIC's work whose
// cost grows with the queues (seed pim-nic-mpi-matching, Fig. 5). Each NIC kind implements these
// functions its own way (the conventional NIC walks linked lists: firmware/nic-conv/matching_lists.cpp;
// the PIM NIC walks interleaved 16-item entries with threads: firmware/nic-pim/); the protocol
// engine only calls them. Both queues keep MPI order: a message matches the oldest posted receive
// that accepts it; a receive matches the oldest unexpected message it accepts; a message and a
// receive that accept each other never miss each other, whichever comes first.
#pragma once
#include <cstdint>

#include "request.h"

namespace nic {

struct Envelope {
  uint16_t context;
  uint16_t source;
  int32_t tag;
};

// ---- a new receive (the engine's main thread) -------------------------------------------------
// The oldest unexpected message r accepts, taken out of the unexpected queue; or, if there is
// none, r appended to the posted queue and null. One step as far as arriving messages are
// concerned: a message being matched meanwhile either is in the unexpected queue already or will
// see r.
Request* post_receive(Request* r);
// Remove a posted receive (cancel); false if it is no longer posted (a message took it).
bool posted_remove(Request* r);
// The posted receive the host knows as host_req, or null.
Request* posted_find(uint32_t host_req);
// The oldest unexpected message that a probe (context, source, tag) accepts, left in the queue;
// source and tag may be MPIW_ANY.
Request* unexpected_find(uint16_t context, int32_t source, int32_t tag);

// ---- an arriving message, matched at once (the engine's main thread) --------------------------
// The oldest posted receive that accepts e, taken out of the queue; null if none.
Request* posted_take(const Envelope& e);
// An unexpected message, after posted_take found no receive for it.
void unexpected_append(Request* u);

// ---- an arriving message, matched in the background -------------------------------------------
// Kinds whose matching runs beside the engine (threads) start a job per arriving message and the
// engine collects the results in arrival order; meanwhile it reads the next headers. A job either
// takes the oldest posted receive that accepts `envelope` (matched) or, if none does, appends
// `unexpected` (prepared by the engine: its envelope and state set) to the unexpected queue (matched
// null) — one step, as posted_take followed by unexpected_append, in the order the jobs started.
struct MatchJob {
  Envelope envelope;
  Request* unexpected;
  Request* matched;       // the result, valid once match_done
  uint32_t index;         // the job's slot (0 .. kMatchJobs-1), fixed: kinds keep per-slot state by it
};
// Does this kind match in the background? If not, the engine uses posted_take/unexpected_append.
bool match_in_background();
void match_start(MatchJob& j);
bool match_done(const MatchJob& j);
void match_wait(MatchJob& j);  // until match_done

// The queues' lengths (statistics, tests).
unsigned posted_length();
unsigned unexpected_length();

// Does a receive or probe (context, source, tag) accept the envelope?
inline bool accepts(uint16_t context, int32_t source, int32_t tag, const Envelope& e) {
  return context == e.context && (source < 0 || uint32_t(source) == e.source) && (tag < 0 || tag == e.tag);
}

}  // namespace nic
