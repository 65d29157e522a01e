#include "machine/slice.h"

#include <algorithm>

namespace pimnic {

uint64_t begin_slice(Core& core, EventQueue& events, uint64_t now_cycle, Tick bound) {
  const Tick next = std::min(bound, events.next_time());
  const uint64_t until = std::max(core.clock().cycle_at_or_after(next), now_cycle + 1);
  for (size_t i = 0; i < core.num_harts(); ++i) core.hart(i).horizon_cycle = until;
  // A device that schedules an earlier event during the slice stops the core after the current
  // instruction (a hart that is not running forgets the request when it next runs).
  events.set_horizon(next, [&core](Tick) {
    for (size_t i = 0; i < core.num_harts(); ++i) core.hart(i).request_stop(StopReason::SliceEnd);
  });
  return until;
}

void end_slice(Core& core, EventQueue& events) {
  events.set_horizon(kMaxTick);
  for (size_t i = 0; i < core.num_harts(); ++i) core.hart(i).horizon_cycle = ~0ull;
}

}  // namespace pimnic
