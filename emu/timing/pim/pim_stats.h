// Statistics of the PIM core timing model, registered under "<prefix>pim.": per hardware thread
// (issued instructions, cycles blocked by reason), and for the core (slot utilisation, threads
// alive over time, memory operations).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace pimnic {
class StatRegistry;
}

namespace pimnic::timing {

struct PimThreadStats {
  uint64_t insts = 0;          // instructions issued and retired
  uint64_t blocked_feb = 0;    // cycles blocked on a full/empty bit (no issue slot)
  uint64_t blocked_mem = 0;    // cycles waiting for memory beyond the pipeline (no issue slot)
  uint64_t blocked_fetch = 0;  // cycles waiting for an I-cache miss
  uint64_t blocked_branch = 0; // single pipeline: cycles a taken branch kept the next fetch back
  uint64_t blocked_unit = 0;   // cycles waiting for a unit another thread keeps busy (a divide)
  uint64_t feb_waits = 0;      // times it found a full/empty bit in the wrong state
};

struct PimStats {
  uint64_t cycles = 0;        // core cycles the model simulated
  uint64_t issued = 0;        // instructions issued and retired (all threads)
  uint64_t slots_used = 0;    // issue slots taken: issued + attempts that blocked on a bit
  uint64_t idle_slots = 0;    // cycles no thread could issue
  uint64_t feb_waits = 0;     // attempts that found a full/empty bit in the wrong state
  uint64_t wakeups = 0;       // blocked threads woken
  uint64_t loads = 0, stores = 0, mmio = 0;
  uint64_t alive_cycles = 0;  // sum over cycles of the threads alive (running or blocked)
  uint64_t alive_max = 0;
  uint64_t active_cycles[3] = {};  // cycles with 0, 1, 2 or more threads active (ready, issuing or
                                   // waiting for memory: neither blocked on a bit nor in a wait state)
  std::vector<PimThreadStats> thread;

  double utilisation() const { return cycles ? double(issued) / double(cycles) : 0.0; }
  double alive_avg() const { return cycles ? double(alive_cycles) / double(cycles) : 0.0; }
  // "<prefix>pim.*", per thread "<prefix>pim.t<i>.*".
  void register_stats(StatRegistry& s, const std::string& prefix);
};

}  // namespace pimnic::timing
