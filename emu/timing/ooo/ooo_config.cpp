#include "timing/ooo/ooo_config.h"

#include <stdexcept>

#include "sim/params.h"

namespace pimnic::timing {

void OooConfig::declare(ParamRegistry& p, const std::string& pre) {
  auto d = [&](const char* name, uint32_t& v, const char* desc) { p.declare(pre + "." + name, v, v, desc); };
  d("fetch_queue", fetch_queue, "instructions the fetch queue holds between fetch and dispatch");
  d("fetch_width", fetch_width, "instructions fetched per cycle (fetch stops at a taken branch)");
  d("decode_width", decode_width, "instructions decoded, renamed and dispatched into the RUU per cycle");
  d("issue_width", issue_width, "instructions issued to functional units per cycle, oldest first");
  d("commit_width", commit_width, "instructions committed (retired) per cycle, in program order");
  d("ruu_size", ruu_size, "register update unit entries (reorder buffer and reservation stations)");
  d("lsq_size", lsq_size, "load/store queue entries (stores forward their data to younger loads)");
  d("int_alu", int_alu, "integer ALUs (integer, CR logic, branch, SPR and system operations)");
  d("int_mult", int_mult, "integer multiply/divide units");
  d("mem_ports", mem_ports, "data-cache ports for loads, stores and cache operations");
  d("fp_alu", fp_alu, "floating-point add/compare/convert units");
  d("fp_mult", fp_mult, "floating-point multiply, multiply-add, divide and square-root units");
  d("vec_units", vec_units, "vector (AltiVec) units");
  d("mispredict_penalty", mispredict_penalty, "cycles from a mispredicted branch's writeback until fetch restarts on the right path");
  d("misfetch_penalty", misfetch_penalty, "extra fetch cycles when a taken direct branch misses in the BTB and decode supplies its target");
  d("serialize_penalty", serialize_penalty, "refetch cycles after a serializing instruction (sync, isync, mtmsr, rfi, sc, MMIO, interrupt) commits");
  d("forward_latency", forward_latency, "cycles for a load to receive a store's data from the LSQ");
}

void OooConfig::check(const std::string& pre) const {
  auto range = [&](const char* name, uint32_t v, uint32_t lo, uint32_t hi) {
    if (v < lo || v > hi)
      throw std::invalid_argument(pre + "." + name + " must be between " + std::to_string(lo) + " and " + std::to_string(hi));
  };
  range("fetch_queue", fetch_queue, 1, 256);
  range("fetch_width", fetch_width, 1, 32);
  range("decode_width", decode_width, 1, 32);
  range("issue_width", issue_width, 1, 32);
  range("commit_width", commit_width, 1, 32);
  range("ruu_size", ruu_size, 2, 4096);
  range("lsq_size", lsq_size, 1, 4096);
  range("int_alu", int_alu, 1, 32);
  range("int_mult", int_mult, 1, 32);
  range("mem_ports", mem_ports, 1, 32);
  range("fp_alu", fp_alu, 1, 32);
  range("fp_mult", fp_mult, 1, 32);
  range("vec_units", vec_units, 1, 32);
  range("mispredict_penalty", mispredict_penalty, 0, 1000);
  range("misfetch_penalty", misfetch_penalty, 0, 1000);
  range("serialize_penalty", serialize_penalty, 0, 1000);
  range("forward_latency", forward_latency, 0, 1000);
}

}  // namespace pimnic::timing
