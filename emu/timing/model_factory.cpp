#include "timing/model_factory.h"

#include <stdexcept>

#include "sim/stats.h"
#include "timing/functional_model.h"
#include "timing/inorder/inorder_model.h"
#include "timing/ooo/ooo_model.h"

namespace pimnic::timing {

CoreTiming make_core_timing(const TimingConfig& cfg, const ClockDomain& clock, const std::string& prefix) {
  CoreTiming t;
  if (cfg.model == "functional") {
    t.model = std::make_unique<FunctionalModel>();
    return t;
  }
  if (cfg.model == "ooo") {
    t.mem = std::make_unique<MemHierarchy>(cfg.mem, clock, prefix);
    t.model = std::make_unique<OooModel>(cfg.ooo, cfg.bpred, cfg.ops, t.mem.get(), clock);
    return t;
  }
  if (cfg.model != "inorder") throw std::invalid_argument("core.model: unknown model '" + cfg.model + "'");
  t.mem = std::make_unique<MemHierarchy>(cfg.mem, clock, prefix);
  t.model = std::make_unique<InOrderModel>(cfg.inorder, cfg.ops, cfg.bpred, *t.mem, clock);
  return t;
}

void CoreTiming::register_stats(StatRegistry& s, const std::string& prefix) {
  model->register_stats(s, prefix);
  if (mem) mem->register_stats(s);
}

}  // namespace pimnic::timing
