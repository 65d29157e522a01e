// Which records a trace keeps: by node/core/thread, program-counter ranges (or the extent of
// function symbols), a window of the per-thread instruction count, a window of cycles.
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "trace/trace_record.h"

namespace pimnic {
class SymbolTable;
}

namespace pimnic::trace {

struct TraceFilter {
  static constexpr uint64_t kNoLimit = ~0ull;
  int node = -1, core = -1, thread = -1;              // -1: any
  std::vector<std::pair<uint32_t, uint32_t>> pcs;     // [first, last] ranges; empty: every pc
  std::vector<std::string> symbols;                   // added to pcs by resolve()
  uint64_t insts_lo = 0, insts_hi = kNoLimit;         // inclusive, on TraceRecord::icount
  uint64_t cycles_lo = 0, cycles_hi = kNoLimit;       // inclusive, on TraceRecord::cycle

  // Parse one "key=value" option (core=N, thread=N, node=N, pc=LO-HI, sym=NAME, insts=A-B,
  // cycles=A-B; either end of a window may be left out). False if key is not a filter key;
  // throws TraceError for a bad value.
  bool parse_option(const std::string& key, const std::string& value);
  // Turn symbol names into pc ranges. Throws TraceError for an unknown or sizeless symbol.
  void resolve(const SymbolTable* symbols);

  bool accepts(const TraceRecord& r) const {
    if (r.icount < insts_lo || r.icount > insts_hi) return false;
    if (r.cycle < cycles_lo || r.cycle > cycles_hi) return false;
    if ((node >= 0 && r.node != node) || (core >= 0 && r.core != core) || (thread >= 0 && r.thread != thread))
      return false;
    if (pcs.empty()) return true;
    for (const auto& [first, last] : pcs)
      if (r.pc >= first && r.pc <= last) return true;
    return false;
  }
};

}  // namespace pimnic::trace
