#include "timing/model_factory.h"

#include <stdexcept>

#include "sim/stats.h"
#include "timing/functional_model.h"
#include "timing/inorder/inorder_model.h"
#include "timing/ooo/ooo_model.h"
#include "timing/pim/pim_model.h"

namespace pimnic::timing {

// Every model is held to every setting, used or not: one that a model refuses is refused
// whichever model runs (a machine file does not turn valid by switching to the functional model).
static void check_settings(const TimingConfig& cfg, const std::string& prefix) {
  cfg.ops.check("core.op");
  cfg.mem.check(prefix);
  cfg.inorder.check("core.inorder");
  cfg.ooo.check("core.ooo");
  cfg.pim.check("core.pim");
  cfg.bpred.check();
}

CoreTiming make_core_timing(const TimingConfig& cfg, const ClockDomain& clock, const std::string& prefix,
                            const CoreShape& shape) {
  check_settings(cfg, prefix);
  CoreTiming t;
  // The PIM core is single-issue and in order: its in-order model is the interleaved multithreaded
  // pipeline (timing/pim), which runs all of its threads.
  if (cfg.model == "pim" || (shape.pim && cfg.model == "inorder")) {
    if (!shape.pim) throw std::invalid_argument("core.model: pim is the PIM core's model (needs core.profile=pim)");
    t.mem = std::make_unique<MemHierarchy>(cfg.mem, clock, prefix, shape.shared_memory);
    t.model = std::make_unique<PimModel>(cfg.pim, cfg.ops, t.mem.get(), clock, shape.harts);
    t.kind = ModelKind::PimPipeline;
    return t;
  }
  // A model the core kind has no such pipeline for is refused, not run as something else.
  if (shape.pim && cfg.model == "ooo")
    throw std::invalid_argument(prefix.substr(0, prefix.size() - 1) +
                                ": core.model=ooo does not apply to a PIM core (use pim, which inorder also means, or functional)");
  if (cfg.model == "functional") {
    t.model = std::make_unique<FunctionalModel>();
    t.kind = ModelKind::Functional;
    return t;
  }
  if (cfg.model == "ooo") {
    t.mem = std::make_unique<MemHierarchy>(cfg.mem, clock, prefix, shape.shared_memory);
    t.model = std::make_unique<OooModel>(cfg.ooo, cfg.bpred, cfg.ops, t.mem.get(), clock);
    t.kind = ModelKind::OutOfOrder;
    return t;
  }
  if (cfg.model != "inorder") throw std::invalid_argument("core.model: unknown model '" + cfg.model + "'");
  t.mem = std::make_unique<MemHierarchy>(cfg.mem, clock, prefix, shape.shared_memory);
  t.model = std::make_unique<InOrderModel>(cfg.inorder, cfg.ops, cfg.bpred, *t.mem, clock);
  t.kind = ModelKind::InOrder;
  return t;
}

PimModel* CoreTiming::pim_model() const {
  return kind == ModelKind::PimPipeline ? static_cast<PimModel*>(model.get()) : nullptr;
}

void CoreTiming::register_stats(StatRegistry& s, const std::string& prefix) {
  model->register_stats(s, prefix);
  if (mem) mem->register_stats(s);
}

}  // namespace pimnic::timing
