// What the gdb stub debugs: a machine seen as a list of hardware threads (named like
// n0.host.c0t0 or n0.nic.c1t3), each with its core and its address space ("process"), plus
// run/step control and breakpoint/watchpoint sets. The stub knows nothing else about machines;
// each kind of machine (the one-core machine of `pimnic run`, a Linux process, the multi-node
// machines) derives from DebugTarget and fills in the hart list and the few machine-specific hooks.
//
// All-stop: the harts run one after another in bounded slices on the caller's thread, so when one
// stops, simulated time stops for all of them.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "cpu/hart.h"
#include "gdb/registers.h"
#include "gdb/watchpoints.h"

namespace pimnic {
class AddressSpace;
class DecodeCache;
}  // namespace pimnic

namespace pimnic::gdb {

struct TargetHart {
  std::string name;       // n<node>.<host|nic>.c<core>t<thread>
  Hart* hart = nullptr;
  unsigned core = 0;      // machine-wide core number (gdb's "core")
  unsigned process = 0;   // index in processes(); gdb's process id is process + 1
  bool started = true;    // threads not started yet never run (and cannot be stepped)
  std::string note;       // shown beside the name when set ("free", "exited", ...)
  // What gdb shows beside the name: note, else "not started" for threads that have not started.
  std::string extra() const { return !note.empty() ? note : started ? "" : "not started"; }
};

// One address space and the cores that execute in it (all of one kind: one register layout).
struct TargetProcess {
  AddressSpace* mem = nullptr;
  std::vector<DecodeCache*> dcaches;
  RegisterLayout layout;
  std::map<std::string, std::string> description;  // target.xml and its includes
  WatchSet watches;
  std::map<uint32_t, uint8_t> breakpoints;  // address -> kSoftware | kHardware
  // gdb debugs this process (the stub's business: the first process on connecting, others after
  // gdb's `attach PID`). Threads of other processes are not listed; they run whenever the machine
  // runs.
  bool attached = true;
};

enum class Action : uint8_t { None, Continue, Step };

struct StopEvent {
  enum class Kind {
    None,        // the run budget ran out: nothing to report
    Breakpoint,  // stopped before the instruction at a breakpoint
    Watchpoint,  // stopped before an access to a watched range
    Step,        // a single step completed
    Interrupt,   // Ctrl-C or a new client
    Signal,      // a fault the guest does not handle, a halted core: the machine stays
    Exited,      // the guest exited (exit_code)
    Terminated,  // the guest was killed by a signal
  };
  Kind kind = Kind::None;
  size_t hart = 0;
  int signal = 0;         // GDB signal number (Signal, Terminated; 5 for traps, 2 for Interrupt)
  int exit_code = 0;      // Exited
  int status = 0;         // exit status `pimnic` reports if this ends the run without a debugger
  bool hardware = false;  // Breakpoint: a Z1 breakpoint
  uint32_t data_addr = 0; // Watchpoint
  WatchType watch = WatchType::Write;
  std::string message;    // for gdb's console (and stderr when no debugger is attached)
  bool ends_machine() const { return kind == Kind::Exited || kind == Kind::Terminated; }
};

// How the run ended, for the command's exit status.
struct Outcome {
  bool ended = false;
  int status = 0;
  std::string message;
};

class DebugTarget {
 public:
  static constexpr uint8_t kSoftware = 1, kHardware = 2;
  virtual ~DebugTarget();

  std::vector<TargetHart>& harts() { return harts_; }
  std::vector<TargetProcess>& processes() { return processes_; }
  TargetProcess& process_of(size_t hart) { return processes_[harts_[hart].process]; }

  // ---- machine-specific hooks ----------------------------------------------------------------
  // Run hart i for at most n instructions (Hart::run unless the machine needs more).
  virtual StopReason run_hart(size_t i, uint64_t n) { return harts_[i].hart->run(n); }
  // A stop the generic layer does not handle (Exit, Halt, Fault, InsnLimit): what it means.
  virtual StopEvent classify(size_t i, StopReason why) = 0;
  // gdb resumes hart i, with a signal (C/S packets) or none (0: c/s, which discards a signal
  // the hart stopped for).
  virtual void deliver_signal(size_t /*i*/, int /*gdb_signal*/) {}
  // Back to the state right after loading. False (with a reason) if the machine cannot.
  virtual bool reset(std::string& error) = 0;
  virtual std::string stats() { return {}; }
  // gdb's QPassSignals: signals (GDB numbers) the target may deliver without stopping first.
  virtual void set_pass_signals(const std::vector<int>& /*gdb_signals*/) {}
  // A debugger is attached (fatal faults stop instead of ending the run) or not.
  virtual void set_attached(bool attached) { attached_ = attached; }
  bool attached() const { return attached_; }

  // ---- breakpoints and watchpoints --------------------------------------------------------------
  bool insert_breakpoint(unsigned process, uint32_t addr, uint8_t kind);
  bool remove_breakpoint(unsigned process, uint32_t addr, uint8_t kind);
  bool insert_watchpoint(unsigned process, uint32_t addr, uint32_t len, WatchType t);
  bool remove_watchpoint(unsigned process, uint32_t addr, uint32_t len, WatchType t);
  void clear_breakpoints_and_watchpoints();
  void clear_breakpoints_and_watchpoints(unsigned process);

  // ---- running ---------------------------------------------------------------------------------
  // What each hart does until the next stop (one entry per hart), and signals to deliver (GDB
  // numbers, 0 for none). A hart that stopped at a breakpoint or watchpoint executes that
  // instruction once before the breakpoint or watchpoint can stop it again.
  void resume(const std::vector<Action>& actions, const std::vector<int>& signals);
  void resume_all();
  bool resumed() const;
  // Run the resumed harts for about `budget` instructions in total. Returns the first stop (then
  // nothing is resumed any more) or Kind::None. The default takes the harts in turn; machines
  // whose cores must run in their own order (multi-node machines) replace it, using the
  // protected helpers below.
  virtual StopEvent run(uint64_t budget);
  // After the machine ended, the event that ended it.
  const StopEvent& final_event() const { return final_; }
  const Outcome& outcome() const { return outcome_; }
  // The run ends without the guest's help (gdb's kill).
  void end(int status, const std::string& message);
  // Stop everything now (Ctrl-C, a new client): the event to report for hart i.
  StopEvent stop_now(size_t i, int gdb_signal);

  bool step_irqs = false;  // single steps take interrupts (monitor step-irqs on)
  bool trace = false;      // print each instruction on stderr (monitor trace on)

 protected:
  // Adaptors call this once harts_ and processes_ are filled (and after a reset).
  void finish_setup();
  std::vector<TargetHart> harts_;
  std::vector<TargetProcess> processes_;
  Outcome outcome_;

  // For run() replacements. One instruction of hart i (Hart::step; interrupts masked if asked;
  // past_watchpoint: a watchpoint hit by this instruction was reported already): Kind::Step, or
  // the stop it ran into.
  StopEvent step_hart(size_t i, bool mask_interrupts, bool past_watchpoint);
  // A hart stopped (Hart::run, a core's slice): the event, Kind::None for SliceEnd.
  StopEvent after_stop(size_t i, StopReason why);
  // The stop that ends a run() call: nothing stays resumed; remembers breakpoint stops (resuming
  // executes that instruction first) and the end of the machine.
  StopEvent finish(StopEvent ev);
  // Hart i stopped at a breakpoint or watchpoint that was reported and has not moved since.
  bool at_reported_stop(size_t i) const { return resume_over_[i] == harts_[i].hart->pc + 1; }
  void forget_reported_stop(size_t i) { resume_over_[i] = 0; }
  const std::vector<Action>& actions() const { return actions_; }

 private:
  StopEvent run_hart_for(size_t i, uint64_t n);
  void attach_watchers(TargetProcess& p);

  std::vector<Action> actions_;
  std::vector<uint32_t> resume_over_;  // pc + 1 of a reported breakpoint/watchpoint stop, or 0
  size_t next_ = 0;                     // the hart whose turn comes first when continuing
  StopEvent final_;
  bool attached_ = false;
};

// Linux signal numbers (what guests and `pimnic` exit statuses use) to GDB's and back.
int gdb_signal_from_host(int sig);
int host_signal_from_gdb(int sig);

}  // namespace pimnic::gdb
