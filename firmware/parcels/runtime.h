// The parcel runtime (docs/parcels.md): remote spawn, migration of the calling thread, replies
// (continuations) and remote get/put/atomic add over the PIM parcel instructions
// (pimnic/pim_parcel.h). Every refusal a user can meet is a Status, checked before anything is
// sent, so no call waits on a parcel that never left. Thread-local state is the thread's stack and
// registers: both travel with pim_migrate.
#pragma once

#include <pimnic/pim_parcel.h>
#include <stdint.h>

namespace parcels {

enum class Status : int {
  ok = 0,
  bad_node = -1,           // destination not below the machine's node count
  payload_too_large = -2,  // payload above max_payload()
  no_context = -3,         // local spawn: every thread context busy
  not_a_handler = -4,      // migrate from a thread that did not start as a parcel handler
  refused = -5,            // the engine refused for another reason
};
const char* status_name(Status s);

using Handler = pim_parcel_handler;
struct Args {
  uint32_t w[7] = {};
};

uint32_t node_count();
uint32_t here();
uint32_t max_payload();  // payload bytes one parcel carries

// Run fn(args) on `node` after `len` bytes from `payload` land at `dest` there.
Status spawn_at(uint32_t node, Handler fn, const Args& args, const void* payload = nullptr, uint32_t len = 0,
                void* dest = nullptr);
// Continue the calling handler thread on `node` (its stack and registers with it).
Status migrate_to(uint32_t node);

// A reply slot: one word whose full/empty bit says whether the answer came. Lives in the waiting
// thread's node memory (global or its parcel stack, which does not move while it waits).
struct Reply {
  volatile uint32_t value __attribute__((aligned(4)));
  void arm();             // empty: an answer is awaited
  uint32_t wait();        // until full, then the answer
  bool ready();           // full already (never waits)
};
// Fill `reply` (on `node`) with `value`: the continuation of a remote step.
Status reply_to(uint32_t node, Reply* reply, uint32_t value);

// Remote memory on `node` (word addresses, same image everywhere). Each waits for its reply.
Status get(uint32_t node, const volatile uint32_t* addr, uint32_t* out);
Status put(uint32_t node, volatile uint32_t* addr, uint32_t value);
// Atomic under the word's full/empty bit on `node`; *old_out gets the value before the add.
Status atomic_add(uint32_t node, volatile uint32_t* addr, uint32_t delta, uint32_t* old_out = nullptr);

}  // namespace parcels
