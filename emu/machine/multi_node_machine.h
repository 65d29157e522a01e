// A machine of N nodes on a network (`pimnic run --machine`): builds the nodes from a
// MachineConfig, boots images on their cores and runs them on one event queue.
//
// Scheduling (deterministic): the core with the smallest simulated time runs next (ties: the lower
// core number), for a slice that ends at the queue's next event or `quantum` after its start,
// whichever comes first; a device it touches that schedules an earlier event stops it there. With
// the quantum no larger than the smallest latency between two cores (the default), nothing a core
// does can reach another core in that core's past.
#pragma once
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "loader/elf_image.h"
#include "machine/machine_config.h"
#include "machine/core_timeline.h"
#include "machine/node.h"
#include "machine/single_core_machine.h"
#include "sim/event_queue.h"
#include "sim/stats.h"

namespace pimnic {
namespace net {
class Network;
}

class MultiNodeMachine {
 public:
  MultiNodeMachine(const MachineConfig& cfg, std::FILE* console);
  ~MultiNodeMachine();
  // Every core, in a fixed order: node by node, host first.
  const std::vector<NodeCore*>& cores() const { return cores_; }
  NodeCore* find_core(const std::string& name) const;
  // Load an image for a core (PIM cores share their NIC's SRAM: load it for pim0; the other PIM
  // cores stay without a running thread). Throws LoadError.
  void load(NodeCore& core, const ElfImage& img);
  RunResult run(uint64_t max_insts);
  void register_stats(StatRegistry& s);
  EventQueue& events() { return events_; }
  net::Network* network() { return network_.get(); }
  Tick quantum() const { return quantum_; }
  Tick now() const;  // the simulated time reached (the furthest core)
  // Record the run on a timeline (`--trace perfetto:FILE`): every core's hardware threads, DMA
  // transfers, interrupt lines (stamped at the event queue's time) and packets on links. Call
  // after loading the images and before run(); run() closes the open spans.
  void set_timeline(Timeline* timeline);

 private:
  void on_exit(NodeCore& c, int code);
  StopReason run_slice(NodeCore& c, Tick until, uint64_t budget);

  MachineConfig cfg_;
  EventQueue events_;
  std::unique_ptr<net::Network> network_;
  std::vector<std::unique_ptr<Node>> nodes_;
  std::vector<NodeCore*> cores_;
  Tick quantum_ = 0;
  Timeline* timeline_ = nullptr;
  std::vector<std::unique_ptr<CoreTimeline>> core_timelines_;  // by core number
  // The first core to exit with a non-zero code, and the code.
  NodeCore* failed_ = nullptr;
  int failed_code_ = 0;
};

}  // namespace pimnic
