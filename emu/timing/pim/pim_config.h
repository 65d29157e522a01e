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
  void declare(ParamRegistry& params, const std::string& prefix);  // prefix + ".depth"
  void check(const std::string& prefix) const;
};

}  // namespace pimnic::timing
