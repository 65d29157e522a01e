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

class PimModel;

// The kind of model make_core_timing built, which says how a machine runs the core
// (machine/core_runner.h): the PIM pipeline runs all of a core's threads; the others step one hart.
enum class ModelKind { Functional, InOrder, OutOfOrder, PimPipeline };

struct CoreTiming {
  ModelKind kind = ModelKind::Functional;
  std::unique_ptr<MemHierarchy> mem;  // null for the functional model
  std::unique_ptr<CoreModel> model;
  // The model as the PIM pipeline (kind PimPipeline), else null.
  PimModel* pim_model() const;
  // Model, predictor and cache statistics under "<prefix>" (e.g. "core0.").
  void register_stats(StatRegistry& s, const std::string& prefix);
};

// What the factory needs to know about the core: a PIM core (FEAT_PIM) gets the PIM model for
// core.model=inorder or pim; harts sizes its per-thread statistics; shared_memory, if set, is the
// backing memory level the core shares with others (make_backing_memory), instead of its own.
struct CoreShape {
  bool pim = false;
  unsigned harts = 1;
  MemLevel* shared_memory = nullptr;
};

// Throws std::invalid_argument with a one-line message for an unknown model, one that does not
// apply to the core (ooo on a PIM core, pim on another) or an impossible configuration.
CoreTiming make_core_timing(const TimingConfig& cfg, const ClockDomain& clock, const std::string& prefix,
                            const CoreShape& shape = {});

}  // namespace pimnic::timing
