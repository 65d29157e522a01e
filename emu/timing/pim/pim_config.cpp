#include "timing/pim/pim_config.h"

#include <stdexcept>

#include "sim/params.h"

namespace pimnic::timing {

void PimConfig::declare(ParamRegistry& p, const std::string& prefix) {
  p.declare(prefix + ".depth", depth, depth,
            "PIM model: stages of the interleaved pipeline; a thread issues at most once every depth cycles");
}

void PimConfig::check(const std::string& prefix) const {
  if (depth == 0 || depth > 64) throw std::invalid_argument(prefix + ".depth must be between 1 and 64");
}

}  // namespace pimnic::timing
