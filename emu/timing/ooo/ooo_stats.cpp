// Statistics of the out-of-order model: throughput, queue occupancies (Little's law over the
// entry-cycles each instruction spent), where fetch and dispatch lost cycles, unit use, and the
// branch predictor's figures.
#include "sim/stats.h"
#include "timing/mem/hierarchy.h"
#include "timing/ooo/ooo_model.h"

namespace pimnic::timing {

void OooModel::register_stats(StatRegistry& s, const std::string& prefix) {
  const std::string p = prefix + "ooo.";
  const Stats* st = &stats;
  auto per_cycle = [st](const uint64_t* v) {
    return [st, v] { return st->cycles ? double(*v) / double(st->cycles) : 0.0; };
  };
  s.counter(p + "insts", &stats.insts, "instructions timed by the out-of-order model");
  s.counter(p + "cycles", &stats.cycles, "cycles from the first fetch to the last commit");
  s.formula(p + "ipc", per_cycle(&stats.insts), "instructions committed per cycle");
  s.formula(p + "ruu_occupancy", per_cycle(&stats.ruu_occupancy), "average RUU entries in use");
  s.formula(p + "lsq_occupancy", per_cycle(&stats.lsq_occupancy), "average LSQ entries in use");
  s.formula(p + "ifq_occupancy", per_cycle(&stats.ifq_occupancy), "average fetch-queue entries in use");
  s.counter(p + "loads", &stats.loads, "instructions that load");
  s.counter(p + "stores", &stats.stores, "instructions that store");
  s.counter(p + "forwarded_loads", &stats.forwarded, "loads that took their data from an older store in the LSQ");
  s.counter(p + "partial_forward_waits", &stats.partial_forward, "loads that waited for a partly overlapping store to commit");
  s.counter(p + "serializing", &stats.serializing, "instructions that drained the pipeline (sync, isync, mtmsr, rfi, sc, MMIO, interrupts)");
  s.counter(p + "interrupts", &stats.interrupts, "interrupts taken (pipeline flushes)");
  s.counter(p + "stall.mispredict", &stats.stall_mispredict, "fetch cycles lost waiting for mispredicted branches to resolve");
  s.counter(p + "stall.misfetch", &stats.stall_misfetch, "fetch cycles lost to taken branches missing in the BTB");
  s.counter(p + "stall.serialize", &stats.stall_serialize_fetch, "fetch cycles lost refetching after serializing instructions");
  s.counter(p + "stall.icache", &fetch_.icache_stall, "fetch cycles lost to instruction-cache misses");
  s.counter(p + "stall.ruu_full", &stats.stall_ruu_full, "dispatch cycles lost to a full RUU");
  s.counter(p + "stall.lsq_full", &stats.stall_lsq_full, "dispatch cycles lost to a full LSQ");
  s.counter(p + "stall.drain", &stats.stall_drain, "dispatch cycles serializing instructions waited for older ones to commit");
  s.counter(p + "stall.decode_width", &stats.stall_width, "instructions pushed to the next cycle by the decode width");
  for (size_t i = 0; i < size_t(Pool::Count); ++i)
    s.counter(p + "fu." + pool_name(Pool(i)), &pools_.ops[i], "operations issued to this functional-unit pool");
  fetch_.bp.register_stats(s, p + "bpred.");
  if (mem_) mem_->stores().register_stats(s, prefix + "store_buffer.");
}

}  // namespace pimnic::timing
