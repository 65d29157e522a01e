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
  // How threads share the pipeline (docs/timing.md, "The PIM model"), one setting per seed:
  //  - "interleaved": seed mpi-over-parcels-pim.txt's PIM Lite, "4 stage pipelined, with each stage
  //    supporting a separate thread" (Table 1: "Pipeline Depth ... 4 (interwoven)"): a barrel, one
  //    thread per stage, so a thread issues at most once every `depth` cycles.
  //  - "single": seed pim-nic-mpi-matching.txt's NIC PIM, "essentially a single pipeline without
  //    branch prediction or the ability to hide memory latency" (Sec. VI): one thread may issue
  //    every cycle; a taken branch stalls its thread until it is resolved (depth - 1 cycles: the
  //    next fetch follows X), a memory access until it completes; other threads fill those stalls.
  std::string pipeline = "interleaved";
  // Stages of the pipeline (seed mpi-over-parcels-pim.txt, Table 1: depth 4, "interwoven").
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
