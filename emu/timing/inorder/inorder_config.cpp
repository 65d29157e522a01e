#include "timing/inorder/inorder_config.h"

#include <stdexcept>

#include "sim/params.h"

namespace pimnic::timing {

void InOrderConfig::declare(ParamRegistry& p, const std::string& prefix) {
  p.declare(prefix + ".mispredict_penalty", mispredict_penalty, mispredict_penalty,
            "cycles after a mispredicted branch resolves (end of execute) before the right path is fetched");
  p.declare(prefix + ".taken_bubble", taken_bubble, taken_bubble,
            "fetch cycles lost on a correctly predicted taken branch (its target is known at decode)");
  p.declare(prefix + ".serialize_penalty", serialize_penalty, serialize_penalty,
            "refetch cycles after a context-synchronizing instruction (isync, sc, rfi, mtmsr) or an interrupt");
  p.declare(prefix + ".memo", memo, memo,
            "replay a block's timing when it is entered in a state seen before (false: place every "
            "instruction by itself; the results are the same, only slower)");
}

void InOrderConfig::check(const std::string& prefix) const {
  for (auto [name, v] : {std::pair{".mispredict_penalty", mispredict_penalty}, std::pair{".taken_bubble", taken_bubble},
                         std::pair{".serialize_penalty", serialize_penalty}})
    if (v > 1000) throw std::invalid_argument(prefix + name + " must be between 0 and 1000");
}

}  // namespace pimnic::timing
