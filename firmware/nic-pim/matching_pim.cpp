// The PIM NIC's matching queues and threads (seed pim-nic-mpi-matching, sections III-A and IV-C).
//
// Threads (docs/pim-nic.md):
//   - the main thread (core 0, thread 0) runs the engine: it reads every arriving header and, for
//     a new message, takes the posted queue's head lock and starts a walker, handing it the lock,
//     then goes on with the next header (it is the seed's header reader);
//   - a walker per message walks the posted queue hand over hand; it takes the oldest receive
//     that accepts the message or, at the fill entry (still locked), appends the message to the
//     unexpected queue. Walkers go to the other PIM cores first (core 0 keeps its issue slots for
//     the main thread), to core 0 only once the others have kMainCoreShare more walkers;
//   - the clean-up thread (the last core) sleeps on a full/empty word until sixteen holes have
//     appeared (or entries run short), then compacts both queues;
//   - the main thread posts receives: holding the posted queue's fill entry, it searches the
//     unexpected queue and takes a message or appends the receive, so a walker at the end and a
//     new receive never miss each other.
#include "matching_pim.h"

#include <pimnic/pim.h>
#include <pimnic/sysinfo.h>

#include "../mpi/nic/config.h"
#include "../mpi/nic/matching.h"
#include "interleaved_queue.h"

namespace nic {

using namespace pim;

namespace {

#ifndef PIMNIC_PIM_QUEUE_ENTRIES
#define PIMNIC_PIM_QUEUE_ENTRIES 112     // both queues: 1,472 items in 92 full entries, plus partial
#endif                                   // entries, the fill entries and reserve (see compact)
constexpr unsigned kEntries = PIMNIC_PIM_QUEUE_ENTRIES;
constexpr unsigned kLowEntries = 12;     // fewer free: the clean-up thread compacts tightly
constexpr uint32_t kHolesPerPass = 16;   // an entry's worth of holes: a clean-up pass
constexpr unsigned kWalkerStack = 320;   // bytes (a walk needs about 200)
constexpr unsigned kCleanerStack = 512;
constexpr unsigned kMainCoreShare = 4;   // a PIM pipeline is full with four ready threads
constexpr uint16_t kAny16 = 0xFFFF;      // a wildcard field in the posted queue's rows

Entry entries[kEntries];
EntryPool pool;
InterleavedQueue posted_q, unexpected_q;
volatile uint32_t cleanup_wanted;  // full/empty word: full when a clean-up pass is due
volatile uint32_t holes;           // holes since the last pass was asked for (full/empty word: its lock)

pim_thread walkers[kMatchJobs];
alignas(16) uint8_t walker_stacks[kMatchJobs][kWalkerStack] __attribute__((section(".noinit")));
uint8_t walker_core[kMatchJobs];
bool walking[kMatchJobs];   // started, its end not yet seen by match_done/match_wait
unsigned in_flight = 0;
unsigned walkers_on[4];     // per core: walking
unsigned cores = 1, main_core = 0;

pim_thread cleaner_thread;
alignas(16) uint8_t cleaner_stack[kCleanerStack] __attribute__((section(".noinit")));

MatchingStats stats;

uint16_t low16(int32_t v) { return uint16_t(uint32_t(v) & 0xFFFF); }

// A posted receive's rows: a wildcard field holds kAny16.
Fields posted_fields(const Request* r) {
  return {{r->context, r->peer < 0 ? kAny16 : low16(r->peer), r->tag < 0 ? kAny16 : low16(r->tag)}};
}
Fields unexpected_fields(const Request* u) { return {{u->context, u->source, low16(u->tag)}}; }

// A match or a cancel left a hole: every kHolesPerPass holes, a clean-up pass (one pass per hole
// walked the whole queue 1,000 times to cancel 1,000 receives).
void note_hole() {
  const uint32_t n = pim_readfe(&holes) + 1;
  pim_writeef(&holes, n < kHolesPerPass ? n : 0);
  if (n >= kHolesPerPass) pim_writef(&cleanup_wanted, 1);
}

// A message against the posted queue: its field, or the wildcard value (context has none).
struct MessageKey {
  alignas(32) uint16_t k[16];
  explicit MessageKey(const Envelope& e) : k{e.context, e.source, low16(e.tag), e.context, kAny16, kAny16} {}
};
// A receive or probe against the unexpected queue: a wildcard clears its field's mask.
struct ReceiveKey {
  alignas(32) uint16_t k[16];
  ReceiveKey(uint16_t context, int32_t source, int32_t tag)
      : k{context, low16(source), low16(tag), 0xFFFF, uint16_t(source < 0 ? 0 : 0xFFFF), uint16_t(tag < 0 ? 0 : 0xFFFF)} {}
};

// The walk of one message (the posted queue's head lock held: handed over by the starter).
void walk(MatchJob& j) {
  const MessageKey key(j.envelope);
  const Envelope& e = j.envelope;
  j.matched = posted_q.take_first<false>(
      key.k, [&e](Request* r) { return accepts(r->context, r->peer, r->tag, e); },
      [&j] { unexpected_q.append(j.unexpected, unexpected_fields(j.unexpected)); }, true);
  if (j.matched) note_hole();
}

void walker(void* job) { walk(*static_cast<MatchJob*>(job)); }

void cleaner(void*) {
  for (;;) {
    (void)pim_readfe(&cleanup_wanted);
    const bool tight = pool.free_count() < kLowEntries;
    stats.entries_freed += posted_q.compact(tight) + unexpected_q.compact(tight);
    ++stats.cleanup_passes;
    stats.tight_passes += tight;
  }
}

// The core for the next walker: the other cores first, core 0 once they are kMainCoreShare ahead.
unsigned walker_core_for_next() {
  unsigned best = main_core;
  unsigned best_load = walkers_on[main_core] + kMainCoreShare;
  for (unsigned c = 0; c < cores; ++c)
    if (c != main_core && walkers_on[c] < best_load) best = c, best_load = walkers_on[c];
  return best;
}

void ended(const MatchJob& j) {
  if (!walking[j.index]) return;
  walking[j.index] = false;
  --in_flight;
  --walkers_on[walker_core[j.index]];
}

}  // namespace

namespace pim {

void matching_init() {
  cores = pimnic_core_count();
  if (cores > 4) cores = 4;
  main_core = pimnic_core_index();
  pim_feempty(&cleanup_wanted);
  pim_writef(&holes, 0);
  pool.init(entries, kEntries, &cleanup_wanted, kLowEntries);
  posted_q.init(pool);
  unexpected_q.init(pool);
  pim_thread_start_on(cores - 1, &cleaner_thread, cleaner, nullptr, cleaner_stack, sizeof cleaner_stack);
}

const MatchingStats& matching_stats() { return stats; }

void each_posted(void (*fn)(Request*)) {
  posted_q.find_if([fn](Request* r) {
    fn(r);
    return false;
  });
}
void each_unexpected(void (*fn)(Request*)) {
  unexpected_q.find_if([fn](Request* r) {
    fn(r);
    return false;
  });
}

}  // namespace pim

// ---- matching.h ------------------------------------------------------------------------------

Request* post_receive(Request* r) {
  posted_q.reserve(1);
  Entry* fill = posted_q.lock_fill();  // walkers reaching the end wait: they see r, or r sees them
  const ReceiveKey key(r->context, r->peer, r->tag);
  Request* u = unexpected_q.take_first<true>(
      key.k, [r](Request* x) { return accepts(r->context, r->peer, r->tag, {x->context, x->source, x->tag}); }, [] {});
  if (u) {
    unlock(fill);
    note_hole();
    return u;
  }
  posted_q.append_locked(fill, r, posted_fields(r));
  return nullptr;
}

bool posted_remove(Request* r) {
  if (!posted_q.remove(r)) return false;
  note_hole();
  return true;
}

Request* posted_find(uint32_t host_req) {
  return posted_q.find_if([host_req](Request* r) { return r->host_req == host_req; });
}

Request* unexpected_find(uint16_t context, int32_t source, int32_t tag) {
  const ReceiveKey key(context, source, tag);
  return unexpected_q.find_first<true>(
      key.k, [&](Request* u) { return accepts(context, source, tag, {u->context, u->source, u->tag}); });
}

Request* posted_take(const Envelope& e) {
  const MessageKey key(e);
  Request* r = posted_q.take_first<false>(key.k, [&e](Request* x) { return accepts(x->context, x->peer, x->tag, e); }, [] {});
  if (r) note_hole();
  return r;
}

void unexpected_append(Request* u) {
  unexpected_q.reserve(1);
  unexpected_q.append(u, unexpected_fields(u));
}

bool match_in_background() { return true; }

void match_start(MatchJob& j) {
  unexpected_q.reserve(in_flight + 1);  // room for every walk in flight to end unexpected
  lock(posted_q.head());                // walks enter in arrival order: none overtakes another
  const unsigned c = walker_core_for_next();
  pim_thread& t = walkers[j.index];
  if (pim_thread_start_on(c, &t, walker, &j, walker_stacks[j.index], kWalkerStack) < 0) {
    ++stats.walked_inline;  // every context of that core is busy: walk here
    walk(j);
    return;
  }
  ++stats.walkers_started[c];
  walking[j.index] = true;
  walker_core[j.index] = uint8_t(c);
  ++in_flight;
  ++walkers_on[c];
}

bool match_done(const MatchJob& j) {
  if (!pim_fetest(&walkers[j.index].done)) return false;
  ended(j);
  return true;
}

void match_wait(MatchJob& j) {
  pim_thread_join(&walkers[j.index]);
  ended(j);
}

unsigned posted_length() { return posted_q.length(); }
unsigned unexpected_length() { return unexpected_q.length(); }

}  // namespace nic
