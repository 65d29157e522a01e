// The PIM NIC's matching (matching.h) on two multithreaded PIM cores: interleaved queues with
// per-entry full/empty-bit locks (interleaved_queue.h), a walker thread per arriving message, and
// a clean-up thread (matching_pim.cpp).
#pragma once
#include <cstdint>

namespace nic {
struct Request;
}

namespace nic::pim {

// Before the engine starts, on the main thread (core 0, thread 0): the queues, and the clean-up
// thread on the last PIM core.
void matching_init();

// What the threads did (the firmware's statistics).
struct MatchingStats {
  uint32_t walkers_started[4];  // per PIM core
  uint32_t walked_inline;       // no free hardware thread: the main thread walked
  uint32_t cleanup_passes, tight_passes, entries_freed;
};
const MatchingStats& matching_stats();

// The queues' items, oldest first (tests; no walk may run meanwhile).
void each_posted(void (*fn)(Request*));
void each_unexpected(void (*fn)(Request*));

}  // namespace nic::pim
