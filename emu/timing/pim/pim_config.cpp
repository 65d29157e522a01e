#include "timing/pim/pim_config.h"

#include <stdexcept>

#include "sim/params.h"

namespace pimnic::timing {

void PimConfig::declare(ParamRegistry& p, const std::string& prefix) {
  p.declare(prefix + ".depth", depth, depth,
            "PIM model: stages of the interleaved pipeline; a thread issues at most once every depth cycles");
  p.declare(prefix + ".int_units", int_units, int_units,
            "PIM model: integer units the threads share (ALU, multiply, divide; busy for the class's interval)");
  p.declare(prefix + ".mem_ports", mem_ports, mem_ports,
            "PIM model: memory ports the threads share (busy one cycle per access, or the class's interval)");
  p.declare(prefix + ".vec_units", vec_units, vec_units, "PIM model: vector units the threads share");
}

void PimConfig::check(const std::string& prefix) const {
  if (depth == 0 || depth > 64) throw std::invalid_argument(prefix + ".depth must be between 1 and 64");
  for (auto [name, v] : {std::pair{".int_units", int_units}, std::pair{".mem_ports", mem_ports}, std::pair{".vec_units", vec_units}})
    if (v == 0 || v > 32) throw std::invalid_argument(prefix + name + " must be between 1 and 32");
}

}  // namespace pimnic::timing
