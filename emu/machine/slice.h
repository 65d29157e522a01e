// A run slice of a core, bounded by the event queue: every run loop and CoreRunner brackets the
// core's execution with begin_slice and end_slice, so that a device the core touches stops it in
// time (sim/event_queue.h).
#pragma once
#include <cstdint>

#include "cpu/core.h"
#include "sim/clock.h"
#include "sim/event_queue.h"

namespace pimnic {

// Bound a core's run slice by the event queue's next event (and by `bound`): sets the harts'
// horizon and the queue's horizon listener; returns the cycle the slice may run to. end_slice
// undoes both.
uint64_t begin_slice(Core& core, EventQueue& events, uint64_t now_cycle, Tick bound = kMaxTick);
void end_slice(Core& core, EventQueue& events);

}  // namespace pimnic
