// A multi-node machine (`pimnic run --machine ... --gdb PORT`) as a debug target.
//
// Threads: every hardware thread of every core the run schedules (booted cores, and the other
// PIM cores of a booted PIM NIC), named n<node>.<host|nic>.c<core>t<thread>: the host core is
// n<N>.host.c0t0, a conventional NIC core n<N>.nic.c0t0, PIM core K of a PIM NIC n<N>.nic.cK.t<i>
// (all of its contexts; a free context is "not started", a core that exited "exited").
// Processes: one per address space, in the machine's core order: node N's host RAM, then node
// N's NIC SRAM (shared by its PIM cores). Each has the register layout of its cores.
//
// Run control keeps the machine's own schedule (machine/multi_node_machine.h): continuing runs
// the machine's turns (the core with the smallest time next, devices and the network in between),
// so DMA completes, packets arrive and parcels start threads while gdb waits; a single step
// executes one instruction of the hart (functionally) after the events due before every core's
// present, and the other continuing cores then catch up with its time. Deterministic: the same
// gdb session gives the same stops.
#pragma once
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "gdb/debug_target.h"
#include "gdb/server.h"
#include "machine/multi_node_machine.h"

namespace pimnic {
class StatRegistry;
}

namespace pimnic::gdb {

class MultiNodeTarget : public DebugTarget {
 public:
  // The machine's begin_run() must have succeeded. stats may be null.
  MultiNodeTarget(MultiNodeMachine& m, const StatRegistry* stats);
  ~MultiNodeTarget() override;

  StopEvent run(uint64_t budget) override;
  StopEvent classify(size_t i, StopReason why) override;
  bool reset(std::string& error) override;
  std::string stats() override;

  // How the run ended (after serve()), as MultiNodeMachine::run reports it.
  RunResult result();

 private:
  // Thread states (started, notes) from the machine.
  void refresh();
  // What a machine turn means to gdb (Kind::None: nothing to report).
  StopEvent event_of(const MultiNodeMachine::Turn& turn);
  size_t hart_of(uint32_t core, size_t thread) const { return first_hart_[core] + thread; }
  unsigned process_of_core(const NodeCore& c) const { return core_process_.at(&c); }

  MultiNodeMachine& m_;
  const StatRegistry* stats_;
  std::vector<size_t> first_hart_;   // per machine core: its hart 0 in harts_ (unscheduled: unused)
  std::vector<uint32_t> core_of_;    // per hart: machine core index
  std::unordered_map<const NodeCore*, unsigned> core_process_;
  MultiNodeMachine::DebugHooks hooks_;
  bool insn_limit_ = false;
};

// `pimnic run --machine ... --gdb`: serve gdb on the machine until the run ends.
RunResult debug_multi_node(MultiNodeMachine& m, const ServerOptions& options, uint64_t max_insts,
                           const StatRegistry* stats);

}  // namespace pimnic::gdb
