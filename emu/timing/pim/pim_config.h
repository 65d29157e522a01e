// Configuration of the PIM core timing model (pim_model.h): parameters "core.pim.*". The memory
// (DRAM open/closed row, or SRAM) and the I-cache come from the memory hierarchy ("mem.*"), the
// per-class operation latencies from "core.op.*".
#pragma once
#include <cstdint>
#include <string>

namespace pimnic {
class ParamRegistry;
}

namespace pimnic::timing {

struct PimConfig {
  // Stages of the interleaved pipeline. One thread occupies one stage, so a thread issues at most
  // once every `depth` cycles (seed mpi-over-parcels-pim.txt, Table 1: depth 4, "interwoven").
  uint32_t depth = 4;
  // Functional units the core's threads share (Table I of pim-nic-mpi-matching.txt, PIM column:
  // 1 integer unit, 1 memory port; one 256-bit vector unit). See pim_units.h.
  uint32_t int_units = 1;
  uint32_t mem_ports = 1;
  uint32_t vec_units = 1;
  void declare(ParamRegistry& params, const std::string& prefix);  // prefix + ".depth", ...
  void check(const std::string& prefix) const;
};

}  // namespace pimnic::timing
