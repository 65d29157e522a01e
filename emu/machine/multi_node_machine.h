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
#include <functional>
#include <memory>
#include <queue>
#include <string>
#include <vector>

#include "loader/elf_image.h"
#include "machine/machine_config.h"
#include "machine/core_timeline.h"
#include "machine/idle_watch.h"
#include "machine/node.h"
#include "machine/run_result.h"
#include "sim/event_queue.h"
#include "sim/run_control.h"
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
  // Start a static powerpc-linux program on a host core (MachineConfig::linux_hosts); `label`
  // names it in messages ("rank 3"). Throws LoadError.
  void start_linux(NodeCore& host, const linux_user::LinuxOptions& opts, const std::string& label);
  // The Linux program a core runs (start_linux), or null.
  linux_user::LinuxProcess* process_of(const NodeCore& c) const;
  // Run until the hosts exit (or every core, without hosts), a core faults, or a limit or stop
  // request (sim/run_control.h) ends it between turns.
  RunResult run(const RunLimits& limits);
  RunResult run(uint64_t max_insts) { return run(RunLimits{max_insts}); }
  // Called after every turn of run() (the progress line, merging traces).
  std::function<void()> after_turn;
  // Trace markers the cores make (sdk pimnic/trace.h) go to every listener (the timeline,
  // instruction traces, Kanata logs).
  using MarkListener = std::function<void(NodeCore&, const Hart&, const TraceMark&)>;
  void add_mark_listener(MarkListener l) { mark_listeners_.push_back(std::move(l)); }
  // The time before which no core will retire another instruction: every scheduled core that
  // has not exited and is awake is at or past it, and no sleeper can wake before the next
  // event (traces merged in time order write up to it).
  Tick safe_time() const;
  uint64_t instructions() const { return insts_; }  // retired by all cores so far in this run
  void register_stats(StatRegistry& s);
  EventQueue& events() { return events_; }
  net::Network* network() { return network_.get(); }
  Tick quantum() const { return quantum_; }
  Tick now() const;  // the simulated time reached (the furthest core)
  // Record the run on a timeline (`--trace perfetto:FILE`): every core's hardware threads, DMA
  // transfers, interrupt lines (stamped at the event queue's time) and packets on links. Call
  // after loading the images and before run(); run() closes the open spans.
  void set_timeline(Timeline* timeline);

  // ---- running turn by turn (run() is begin_run, turns until one ends the run, end_run; the gdb
  // stub drives the same turns itself: emu/gdb/multi_node_target) ----------------------------------
  struct Turn {
    enum class Kind {
      Ran,      // a core ran a slice (or exited without ending the run)
      Idle,     // no allowed core is behind `horizon`: nothing ran
      Stopped,  // a debugger's stop: Breakpoint, Watchpoint or DebugRequest (why)
      Ended,    // the run ended (or, for Fault/Halt/deadlock, cannot go on): result()
    };
    Kind kind = Kind::Idle;
    uint32_t core = 0;  // the core that ran (index in cores())
    StopReason why = StopReason::None;
    uint64_t retired = 0;
  };
  // Which cores take part (booted ones, and the other PIM cores of a booted PIM NIC, whose
  // contexts start free). False, with result() saying why, when no core has an image.
  bool begin_run(uint64_t max_insts);
  // One turn: events due before the earliest allowed core run, then that core runs a slice of at
  // most `budget` instructions, bounded as run() bounds it and by `horizon`. allowed: per core
  // (null: all). A core that faults or halts stays scheduled (a debugger may inspect and resume it).
  Turn run_turn(uint64_t budget, Tick horizon = kMaxTick, const std::vector<bool>* allowed = nullptr);
  // The run's result so far (after an Ended turn: how it ended).
  const RunResult& result() const { return result_; }
  // Timing models drain, the timeline closes; returns result() with the instruction count.
  RunResult end_run();
  // Booted, or a PIM core of a NIC that booted an image (its contexts start free).
  bool takes_part(const NodeCore& c) const;
  // Cores begin_run scheduled (the others never run).
  bool scheduled(uint32_t core) const { return core < scheduled_.size() && scheduled_[core]; }
  bool asleep(uint32_t core) const { return core < asleep_.size() && asleep_[core]; }
  // Run the events due before every scheduled core's present (what the next turn would run first).
  void run_due_events();
  // The address space a core executes in.
  AddressSpace& mem_of(const NodeCore& c) { return nodes_[c.node]->mem_of(c); }
  // Execute `fn` (a debugger's single step of one of core's harts) after the events due before
  // every core's present, inside a slice bound as a turn bounds it (a wait state idles up to the
  // next event at most); a PIM core's cycle follows. Ended when the step ended the run (an exit).
  Turn debug_step(uint32_t core, const std::function<void()>& fn);
  // A debugger's breakpoints. Timing models execute with Hart::step, which the decode cache's
  // breakpoint entries do not stop; so while any_breakpoint(core) holds, a timed core runs its
  // slices one instruction at a time and stops (StopReason::Breakpoint, Core::stopped_hart()) when
  // a thread reaches an address for which breakpoint(core, pc) holds. Null: no debugger.
  struct DebugHooks {
    std::function<bool(const NodeCore&)> any_breakpoint;
    std::function<bool(const NodeCore&, uint32_t pc)> breakpoint;
  };
  void set_debug_hooks(DebugHooks* hooks) { debug_ = hooks; }

 private:
  void on_exit(NodeCore& c, int code, const std::string& message);
  void end_turn(Turn& turn, RunResult::Kind kind, int code, std::string message);  // the run ends: result() says how
  std::string failed_message() const;
  std::string deadlock_message() const;
  StopReason run_slice(NodeCore& c, Tick until, uint64_t budget);
  bool finished() const;
  uint64_t total_insts() const;

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
  std::string failed_text_;  // its one-line message, when it has one (a Linux process killed by a signal)
  // The run (begin_run .. end_run).
  using Entry = std::pair<Tick, uint32_t>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> ready_;
  std::vector<bool> scheduled_;
  // Cores asleep until their external interrupt rises (CoreRunner::asleep): out of ready_ until
  // then, so that a thousand idle cores cost nothing.
  std::vector<uint8_t> asleep_;
  size_t asleep_count_ = 0;
  struct IrqWaker {
    MultiNodeMachine* machine;
    uint32_t core;
  };
  std::vector<IrqWaker> wakers_;
  void wake(uint32_t core);
  size_t scheduled_count_ = 0;
  bool any_host_ = false;
  uint64_t max_insts_ = 0;
  uint64_t insts_ = 0;
  // Slices that retired nothing with no event pending: the cores that had one since the last
  // progress (idle_mark_[i] == idle_round_), how many.
  void progress() {
    ++idle_round_;
    idle_cores_ = 0;
  }
  std::vector<uint64_t> idle_mark_;
  uint64_t idle_round_ = 1;
  size_t idle_cores_ = 0;
  IdleWatch idle_;  // every core polls or waits with nothing pending
  RunResult result_;
  DebugHooks* debug_ = nullptr;
  std::vector<MarkListener> mark_listeners_;
};

}  // namespace pimnic
