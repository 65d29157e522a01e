// Building a core's timing from its configuration: the memory hierarchy (for timed models) and
// the model that core.model names.
#pragma once
#include <memory>
#include <string>

#include "sim/clock.h"
#include "timing/core_model.h"
#include "timing/mem/hierarchy.h"
#include "timing/timing_config.h"

namespace pimnic::timing {

struct CoreTiming {
  std::unique_ptr<MemHierarchy> mem;  // null for the functional model
  std::unique_ptr<CoreModel> model;
  // Model, predictor and cache statistics under "<prefix>" (e.g. "core0.").
  void register_stats(StatRegistry& s, const std::string& prefix);
};

// Throws std::invalid_argument with a one-line message for an unknown or unavailable model or an
// impossible configuration.
CoreTiming make_core_timing(const TimingConfig& cfg, const ClockDomain& clock, const std::string& prefix);

}  // namespace pimnic::timing
