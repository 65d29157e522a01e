// The PIM NIC's matching queues under load (tests/pim_nic: pim_nic.queue.*), on the PIM cores of a
// one-node table1-pim machine: the real matching (firmware/nic-pim/matching_pim.cpp: interleaved
// entries, walker threads on both cores, the clean-up thread) driven by random operations, each
// printed as it is issued and each outcome as it is known, for tests/pim_nic/check_queue.py to
// replay on a sequential reference model of MPI matching:
//
//   post R<i> <context> <source> <tag> posted|M<j>   a receive: appended, or took message j
//   arrive M<j> <context> <source> <tag>             a message's walk starts (up to 24 at once)
//   match M<j> R<i>|unexpected                       a walk's outcome (in start order)
//   cancel R<i> removed|gone                          (no walk in flight)
//   probe <context> <source> <tag> M<j>|none          (no walk in flight)
//   posted R<i>...  /  unexpected M<j>...             the queues at the end, oldest first
//
// Receives are posted while walks run (the interesting case: a walk reaching the end and a new
// receive must not miss each other); cancels and probes wait until none runs (their outcome would
// depend on timing, which MPI allows). It starts with a posted queue whose entries are 9/16 full
// (preload), so that entries run short and the clean-up thread must compact tightly. Fields are
// drawn from few values so that wildcards, collisions of the tags' low 16 bits (5 and 0x10005,
// 0xFFFF and a wildcard's 0xFFFF row value) and long runs of equal envelopes (order) are common.
#include <stdio.h>

#include <pimnic/pim.h>

#include "../mpi/nic/config.h"
#include "../mpi/nic/matching.h"
#include "../nic-pim/matching_pim.h"

namespace {

// At most this many in the queues at once: 800 items, 50 full entries, in a pool of 58 entries
// (CMakeLists.txt): the clean-up thread must compact tightly to keep up.
constexpr unsigned kReceives = 400, kMessages = 400;
constexpr unsigned kInFlight = 24;

nic::Request receives[kReceives], messages[kMessages];
bool receive_live[kReceives], message_live[kMessages];  // in a queue (as far as the log knows)
nic::MatchJob jobs[kInFlight];
unsigned job_head = 0, job_tail = 0;

uint32_t rng = 1;
uint32_t next_random() {
  rng = rng * 1664525u + 1013904223u;
  return rng >> 8;
}
uint32_t below(uint32_t n) { return next_random() % n; }

const int32_t kTags[] = {0, 1, 5, 0x10005, 0xFFFF, 7};
int32_t random_tag() { return kTags[below(6)]; }

nic::Request* free_one(nic::Request* pool, bool* live, unsigned n) {
  const unsigned start = below(n);
  for (unsigned k = 0; k < n; ++k) {
    const unsigned i = (start + k) % n;
    if (!live[i]) return &pool[i];
  }
  return nullptr;
}
unsigned rid(const nic::Request* r) { return unsigned(r - receives); }
unsigned mid(const nic::Request* m) { return unsigned(m - messages); }

void settle_one() {
  nic::MatchJob& j = jobs[job_head++ % kInFlight];
  nic::match_wait(j);
  if (j.matched) {
    receive_live[rid(j.matched)] = false;
    message_live[mid(j.unexpected)] = false;
    printf("match M%u R%u\n", mid(j.unexpected), rid(j.matched));
  } else {
    printf("match M%u unexpected\n", mid(j.unexpected));
  }
}
void settle_all() {
  while (job_head != job_tail) settle_one();
}

bool in_flight(const nic::Request* m) {
  for (unsigned k = job_head; k != job_tail; ++k)
    if (jobs[k % kInFlight].unexpected == m) return true;
  return false;
}

void post() {
  nic::Request* r = free_one(receives, receive_live, kReceives);
  if (!r) return;
  r->context = uint16_t(below(2));
  r->peer = below(4) == 0 ? -1 : int32_t(below(3));
  r->tag = below(4) == 0 ? -1 : random_tag();
  nic::Request* m = nic::post_receive(r);
  if (m) {
    // It took a message whose walk went unexpected but is not settled yet: that line first.
    while (in_flight(m)) settle_one();
    message_live[mid(m)] = false;
  } else {
    receive_live[rid(r)] = true;
  }
  printf("post R%u %u %d %d ", rid(r), unsigned(r->context), int(r->peer), int(r->tag));
  if (m) printf("M%u\n", mid(m));
  else printf("posted\n");
}

// A message; envelope: (context, source, tag), or a random one if null.
void arrive(const nic::Envelope* envelope = nullptr) {
  nic::Request* m = free_one(messages, message_live, kMessages);
  if (!m) return;
  if (job_tail - job_head == kInFlight) settle_one();
  m->kind = nic::Kind::Unexpected;
  m->context = envelope ? envelope->context : uint16_t(below(2));
  m->source = envelope ? envelope->source : uint16_t(below(3));
  m->tag = envelope ? envelope->tag : random_tag();
  message_live[mid(m)] = true;
  nic::MatchJob& j = jobs[job_tail++ % kInFlight];
  j.envelope = {m->context, m->source, m->tag};
  j.unexpected = m;
  j.matched = nullptr;
  printf("arrive M%u %u %u %d\n", mid(m), unsigned(m->context), unsigned(m->source), int(m->tag));
  nic::match_start(j);
}

void cancel() {
  settle_all();
  nic::Request* r = &receives[below(kReceives)];
  if (!receive_live[rid(r)]) return;
  const bool removed = nic::posted_remove(r);
  if (removed) receive_live[rid(r)] = false;
  printf("cancel R%u %s\n", rid(r), removed ? "removed" : "gone");
}

void probe() {
  settle_all();
  const uint16_t context = uint16_t(below(2));
  const int32_t source = below(4) == 0 ? -1 : int32_t(below(3));
  const int32_t tag = below(4) == 0 ? -1 : random_tag();
  nic::Request* m = nic::unexpected_find(context, source, tag);
  if (m) printf("probe %u %d %d M%u\n", unsigned(context), int(source), int(tag), mid(m));
  else printf("probe %u %d %d none\n", unsigned(context), int(source), int(tag));
}

void dump() {
  settle_all();
  printf("posted");
  nic::pim::each_posted([](nic::Request* r) { printf(" R%u", rid(r)); });
  printf("\nunexpected");
  nic::pim::each_unexpected([](nic::Request* m) { printf(" M%u", mid(m)); });
  printf("\n");
}

}  // namespace

// Receives no message matches (context 3), with 7 of every 16 cancelled: entries 9/16 full, which
// merging neighbours cannot shrink, so that the pool runs short and compaction must be tight.
void preload() {
  const unsigned n = 22 * 16;
  for (unsigned i = 0; i < n; ++i) {
    nic::Request* r = &receives[i];
    r->context = 3;
    r->peer = -1;
    r->tag = -1;
    receive_live[i] = true;
    (void)nic::post_receive(r);
    printf("post R%u 3 -1 -1 posted\n", i);
  }
  for (unsigned i = 0; i < n; ++i)
    if (i % 16 < 7) {
      const bool removed = nic::posted_remove(&receives[i]);
      if (removed) receive_live[i] = false;
      printf("cancel R%u %s\n", i, removed ? "removed" : "gone");
    }
}

int main() {
  nic::pim::matching_init();
  for (unsigned i = 0; i < kInFlight; ++i) jobs[i].index = i;
  preload();
  // Phases: receives first (a long posted queue), then a mix weighted towards messages, then a
  // drain by receives; bursts of messages keep many walks in flight at once.
  constexpr unsigned kOps = 12000;
  for (unsigned op = 0; op < kOps; ++op) {
    const unsigned phase = op * 3 / kOps;
    const unsigned x = below(100);
    if (phase == 0) {
      if (x < 55) post();
      else if (x < 95) arrive();
      else if (x < 98) cancel();
      else probe();
    } else if (phase == 1) {
      if (x < 40) post();
      else if (x < 92) {  // a burst from one sender with one tag: its walks must not overtake
        const nic::Envelope e{uint16_t(below(2)), uint16_t(below(3)), random_tag()};
        for (unsigned burst = below(16) + 1; burst--;) arrive(&e);
      } else if (x < 97) cancel();
      else probe();
    } else {
      if (x < 70) post();
      else if (x < 90) arrive();
      else if (x < 95) cancel();
      else probe();
    }
  }
  dump();
  const nic::pim::MatchingStats& s = nic::pim::matching_stats();
  printf("done: walkers on core 0 %u, core 1 %u, walked by the main thread %u, clean-up passes %u (%u tight), "
         "entries freed %u\n",
         unsigned(s.walkers_started[0]), unsigned(s.walkers_started[1]), unsigned(s.walked_inline),
         unsigned(s.cleanup_passes), unsigned(s.tight_passes), unsigned(s.entries_freed));
  return 0;
}
