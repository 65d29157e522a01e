// What both of the conventional NIC's matching variants share (matching_lists.cpp, matching_bins.cpp):
// the unexpected queue as a list, and matching each message at once as it arrives (one core, one
// thread: no background jobs).
#pragma once
#include <cstdint>

#include "../mpi/nic/request.h"

namespace nic {

// The oldest unexpected message that (context, source, tag) accepts, taken out of the queue; null
// if none.
Request* unexpected_take(uint16_t context, int32_t source, int32_t tag);

}  // namespace nic
