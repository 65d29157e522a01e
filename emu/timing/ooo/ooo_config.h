// Parameters of the out-of-order core model (sim-outorder's, in its terms): widths, RUU and LSQ
// sizes, functional-unit counts and redirect penalties. Operation latencies come from OpTiming
// ("core.op.*"), the caches from the memory hierarchy, the predictor from BpredConfig ("core.bpred.*").
#pragma once
#include <cstdint>
#include <string>


namespace pimnic {
class ParamRegistry;
}

namespace pimnic::timing {

struct OooConfig {
  uint32_t fetch_queue = 4;        // instructions between fetch and dispatch
  uint32_t fetch_width = 4;        // instructions fetched per cycle (one taken branch per cycle)
  uint32_t decode_width = 4;       // instructions decoded, renamed and put in the RUU per cycle
  uint32_t issue_width = 8;        // instructions sent to functional units per cycle
  uint32_t commit_width = 4;       // instructions retired per cycle
  uint32_t ruu_size = 64;          // register update unit: reorder buffer + reservation stations
  uint32_t lsq_size = 32;          // load/store queue entries
  uint32_t int_alu = 4;            // integer ALUs (also CR logic, branches, SPR moves)
  uint32_t int_mult = 1;           // integer multiply/divide units
  uint32_t mem_ports = 3;          // data-cache ports (loads, stores, cache ops)
  uint32_t fp_alu = 2;             // FP add/compare/convert units
  uint32_t fp_mult = 1;            // FP multiply/madd/divide units
  uint32_t vec_units = 2;          // vector units
  uint32_t mispredict_penalty = 3; // cycles from a mispredicted branch's writeback to refetch
  uint32_t misfetch_penalty = 1;   // extra fetch cycles when decode supplies a taken target (BTB miss)
  uint32_t serialize_penalty = 2;  // refetch cycles after a serializing instruction commits
  uint32_t forward_latency = 1;    // cycles for a store-to-load forward from the LSQ
  // "<prefix>.fetch_queue", ...
  void declare(ParamRegistry& params, const std::string& prefix);
  // Throws std::invalid_argument naming the parameter for impossible values.
  void check(const std::string& prefix) const;
};

}  // namespace pimnic::timing
