#include "timing/pim/pim_stats.h"

#include "sim/stats.h"

namespace pimnic::timing {

void PimStats::register_stats(StatRegistry& s, const std::string& prefix) {
  const std::string p = prefix + "pim.";
  s.counter(p + "cycles", &cycles, "core cycles simulated by the PIM model");
  s.counter(p + "issued", &issued, "instructions issued and retired by all hardware threads");
  s.counter(p + "slots_used", &slots_used, "issue slots taken (issued + attempts that blocked on a full/empty bit)");
  s.counter(p + "idle_slots", &idle_slots, "cycles in which no thread could issue");
  s.formula(p + "slot_utilisation", [this] { return utilisation(); }, "pipeline slot utilisation: issued / cycles");
  s.counter(p + "feb_waits", &feb_waits, "attempts that found a full/empty bit in the wrong state (the thread blocks)");
  s.counter(p + "wakeups", &wakeups, "blocked threads woken because their full/empty bit changed");
  s.counter(p + "loads", &loads, "memory reads (a 256-bit lvx is one)");
  s.counter(p + "stores", &stores, "memory writes (a 256-bit stvx is one)");
  s.counter(p + "mmio", &mmio, "device register accesses");
  s.formula(p + "threads_alive_avg", [this] { return alive_avg(); }, "hardware threads alive (running or blocked), time average");
  s.counter(p + "threads_alive_max", &alive_max, "most hardware threads alive at once");
  s.counter(p + "cycles_active0", &active_cycles[0], "cycles with no thread active (each blocked, waiting for an interrupt or free)");
  s.counter(p + "cycles_active1", &active_cycles[1], "cycles with exactly one thread active (not blocked on a full/empty bit, not in a wait state)");
  s.counter(p + "cycles_active2plus", &active_cycles[2], "cycles with two or more threads active");
  s.formula(p + "single_thread_share", [this] {
    const double busy = double(active_cycles[1] + active_cycles[2]);
    return busy ? double(active_cycles[1]) / busy : 0.0;
  }, "of the cycles with a thread active, the share with only one (seed pim-nic-mpi-matching: 75% in the latency test)");
  for (size_t i = 0; i < thread.size(); ++i) {
    const std::string t = p + "t" + std::to_string(i) + ".";
    PimThreadStats& ts = thread[i];
    s.counter(t + "insts", &ts.insts, "instructions thread " + std::to_string(i) + " issued and retired");
    s.counter(t + "blocked_feb", &ts.blocked_feb, "cycles blocked on a full/empty bit");
    s.counter(t + "blocked_mem", &ts.blocked_mem, "cycles waiting for memory beyond the pipeline depth");
    s.counter(t + "blocked_fetch", &ts.blocked_fetch, "cycles waiting for an I-cache miss");
    s.counter(t + "blocked_branch", &ts.blocked_branch,
              "single pipeline: cycles a taken branch held the thread's next fetch (no branch predictor)");
    s.counter(t + "blocked_unit", &ts.blocked_unit, "cycles waiting for a unit another thread kept busy (a divide)");
    s.counter(t + "feb_waits", &ts.feb_waits, "times it blocked on a full/empty bit");
  }
}

}  // namespace pimnic::timing
