// What the PIM model remembers about one hardware thread context between its instructions: when
// it may issue next, which I-cache line it fetches from, since when it is blocked, and its own
// interrupt-check schedule (HartStepper). Architectural state stays in the Hart.
#pragma once
#include <cstdint>

#include "cpu/hart_stepper.h"

namespace pimnic::timing {

struct PimContext {
  bool live = false;           // the model has seen this context running or blocked
  bool blocked = false;        // counted as blocked on a full/empty bit since blocked_since
  uint64_t ready = 0;          // first cycle it may issue (pipeline turn, memory, I-cache)
  uint64_t blocked_since = 0;
  uint32_t fetch_line = ~0u;   // the I-cache line its next instruction comes from, once fetched
  HartStepper stepper;
};

}  // namespace pimnic::timing
