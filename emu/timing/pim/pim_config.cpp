#include "timing/pim/pim_config.h"

#include <stdexcept>

#include "sim/params.h"

namespace pimnic::timing {

void PimConfig::declare(ParamRegistry& p, const std::string& prefix) {
  p.declare(prefix + ".pipeline", pipeline, pipeline,
            "PIM model: interleaved (seed mpi-over-parcels-pim's PIM Lite: one thread per stage, a thread issues "
            "once every depth cycles) or single (seed pim-nic-mpi-matching's PIM: a thread may issue every cycle, "
            "stalls on taken branches and memory, other threads fill the stalls)",
            {"interleaved", "single"});
  p.declare(prefix + ".depth", depth, depth,
            "PIM model: pipeline stages; interleaved: a thread issues at most once every depth cycles; single: a "
            "taken branch holds its thread depth - 1 cycles");
  p.declare(prefix + ".int_units", int_units, int_units,
            "PIM model: integer units the threads share (ALU, multiply, divide; busy for the class's interval)");
  p.declare(prefix + ".mem_ports", mem_ports, mem_ports,
            "PIM model: memory ports the threads share (busy one cycle per access, or the class's interval)");
  p.declare(prefix + ".vec_units", vec_units, vec_units, "PIM model: vector units the threads share");
}

void PimConfig::check(const std::string& prefix) const {
  if (pipeline != "interleaved" && pipeline != "single")
    throw std::invalid_argument(prefix + ".pipeline must be interleaved or single");
  if (depth == 0 || depth > 64) throw std::invalid_argument(prefix + ".depth must be between 1 and 64");
  for (auto [name, v] : {std::pair{".int_units", int_units}, std::pair{".mem_ports", mem_ports}, std::pair{".vec_units", vec_units}})
    if (v == 0 || v > 32) throw std::invalid_argument(prefix + name + " must be between 1 and 32");
}

}  // namespace pimnic::timing
