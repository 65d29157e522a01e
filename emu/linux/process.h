// A Linux user-mode process on one host-profile core: the address space laid out as qemu-user
// does, the initial stack, and the Environment that turns sc into system calls and interrupts
// into signals. `pimnic linux` builds one and runs it.
#pragma once
#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "cpu/core.h"
#include "machine/core_runner.h"
#include "linux/fd_table.h"
#include "linux/guest_file.h"
#include "linux/guest_memory.h"
#include "linux/guest_random.h"
#include "linux/initial_stack.h"
#include "linux/linux_options.h"
#include "linux/process_timers.h"
#include "linux/signal_frame.h"
#include "linux/signal_state.h"
#include "loader/elf_image.h"
#include "mem/address_space.h"
#include "sim/stats.h"
#include "util/hex_string.h"

namespace pimnic::linux_user {

// The MSR a user process runs with: problem state, FP and AltiVec available (Linux enables them
// lazily on first use; a program can't tell), FP exceptions disabled (Linux's default; the
// prctl PR_SET_FPEXC enables them).
inline constexpr uint32_t kUserMsr = MSR_VEC | MSR_PR | MSR_FP;

// How a run ended.
struct ProcessResult {
  // Stopped: by --max-sim-time or a stop request (SIGINT/SIGTERM to pimnic, sim/run_control.h).
  enum class Kind { Exited, Signaled, InsnLimit, Error, Stopped } kind = Kind::Exited;
  int status = 0;        // exit status for the simulator's process (128 + signal when Signaled)
  int signal = 0;
  std::string message;   // one line for stderr (signals, limits)
  uint64_t instructions = 0;
};

// How the process entered the kernel, for the signals delivered on the way out: the saved
// interrupt context, and for a system call that its restart is still to be settled.
struct KernelEntry {
  frame::TrapContext trap;
  bool syscall = false;
  static KernelEntry system_call(uint32_t r3) { return {{0xc00, 0, 0, r3, 0}, true}; }
  static KernelEntry timer() { return {{0x900}, false}; }
};

class LinuxProcess : public Environment {
 public:
  // Load the program and lay out memory and the stack, on a host core of its own. Throws
  // LoadError for bad executables.
  explicit LinuxProcess(LinuxOptions opts);
  // The same on a machine's host core and its (empty) address space, which devices such as the
  // NIC's DMA engines also reach: guest addresses are the addresses they use.
  LinuxProcess(LinuxOptions opts, Core& core, AddressSpace& space);
  ~LinuxProcess() override;

  ProcessResult run();
  // The hart runs through a CoreRunner (machine/core_runner.h) for its timing (functional until
  // set; t must outlive the runs), as a machine's host process does. trace_with: the tracer
  // executes the hart's instructions (null: none); after_slice sees the hart after each slice
  // (progress line).
  void set_timing(const timing::CoreTiming& t);
  void trace_with(InstructionTracer* tracer);
  CoreRunner& runner() { return *runner_; }
  std::function<void(const Hart&)> after_slice;
  // This process's statistics (simulated quantities only).
  void register_stats(StatRegistry& stats);
  const ProcessResult& result() const { return result_; }  // how it ended, once stopping()

  // ---- for system call handlers -------------------------------------------------------------
  Hart& hart() { return core_->hart(0); }
  const Hart& hart() const { return core_->hart(0); }
  Core& core() { return *core_; }
  GuestMemory& memory() { return *gm_; }
  AddressSpace& space() { return *as_; }
  FdTable& fds() { return fds_; }
  GuestRandom& random() { return random_; }
  const LinuxOptions& options() const { return opts_; }
  const StackImage& stack() const { return stack_; }
  const ElfImage& image() const { return *image_; }
  // The guest's process id and its parent's (LinuxOptions::pid).
  int32_t pid() const;
  int32_t ppid() const;
  std::string exe_path() const { return exe_realpath_; }

  // Guest memory access for handlers (false when some byte is not backed → EFAULT).
  bool read(uint32_t addr, void* dst, uint32_t len) const { return as_->read_bytes(addr, dst, len); }
  bool write(uint32_t addr, const void* src, uint32_t len) { return as_->write_bytes(addr, src, len); }
  bool read_u32(uint32_t addr, uint32_t& v) const;
  bool write_u32(uint32_t addr, uint32_t v);
  bool write_u64(uint32_t addr, uint64_t v);
  // A NUL-terminated string of at most max bytes; false on a fault or when too long.
  bool read_string(uint32_t addr, std::string& out, uint32_t max = 4096) const;

  // Ending the process from a handler: the run loop stops after the current instruction.
  void exit_process(int status);
  // Called once when the process ends: its exit status (128 + signal when killed) and, when a
  // signal killed it, the one-line message. Set by machines that run processes on host cores.
  std::function<void(int status, const std::string& message)> on_end;
  // Device files the process may open (a machine's /dev/uio0): path -> the file every open shares.
  void add_device_file(std::string path, std::shared_ptr<GuestFile> file);
  std::shared_ptr<GuestFile> device_file(const std::string& path) const;
  bool stopping() const { return stopping_; }

  // ---- signals (signal_delivery.cpp) ----------------------------------------------------------
  SignalState signals;
  // Send a signal to the process (kill, raise, a timer...): queued (true), or dropped when it
  // is ignored or a real-time queue is full.
  bool send_signal(const SigInfo& info);
  void discard_pending(int sig);  // its pending instances (the disposition became "ignore")
  SigInfo take_signal(int sig);   // the next pending instance, to deliver or to hand to sigwait
  // A signal the process cannot refuse (a fault): unblocked, and reset to the default action
  // if it was blocked or ignored (the kernel's force_sig).
  void force_signal(const SigInfo& info);
  // Kill the process now, with a message (a wait nothing can end).
  void kill_process(const std::string& why);
  // The end of a system call or interrupt: deliver what is pending and unblocked (handler frames
  // or default actions), settling a system call's restart. Returns how the instruction ends:
  // Jump (go on at h.pc), or Stop (the process ended, or stopped for the debugger).
  Status return_to_user(Hart& h, KernelEntry entry);
  // A debugger traces the process: each signal stops it before delivery (reported_signal), and
  // resume_with_signal says what becomes of it.
  bool traced = false;
  uint64_t untraced_signals = 0;  // ... but not these, which it passes on (gdb's QPassSignals)
  int reported_signal() const { return reported_.active ? reported_.info.signo : 0; }
  const std::string& reported_message() const { return reported_.info.why; }
  // The debugger resumes: deliver sig instead of the reported signal (0: discard it; another
  // number: that signal, sent by the debugger). With nothing reported, sig is delivered now.
  void resume_with_signal(Hart& h, int sig);
  bool interrupted() const { return signals.deliverable() != 0; }
  // Does a debugger see sig before it is delivered? (Never SIGKILL.)
  bool stops_for(int sig) const { return traced && sig != G_SIGKILL && !(untraced_signals & sigbit(sig)); }
  // What restart_syscall resumes after ERESTART_RESTARTBLOCK (clock_nanosleep's deadline).
  struct RestartBlock {
    bool active = false;
    uint32_t clock = 0, rem = 0;
    bool wide = false;
    uint64_t deadline = 0;
  } restart;

  // ---- time (process_time.cpp) ---------------------------------------------------------------
  // Time: the sum of every wait, added to all clocks but the CPU-time ones.
  uint64_t sleep_ns = 0;
  // Nanoseconds since the start of the run by the simulated clock.
  uint64_t simulated_ns();
  // A guest clock (CLOCK_REALTIME, MONOTONIC, ...) now, in ns, or -EINVAL for an unknown one.
  int64_t clock_ns(uint32_t clock_id);
  uint64_t timer_clock(TimerBase base);  // CLOCK_MONOTONIC or the process's CPU time
  // Interval timers (setitimer, alarm) and POSIX timers; fire_due_timers sends the signals of
  // those that expired.
  ProcessTimers timers;
  void fire_due_timers();

  // ---- waiting in a system call (process_wait.cpp) ---------------------------------------------
  // A system call that cannot complete yet returns block(w) (kWouldBlock): the process waits,
  // and the call is made again, with the same arguments, whenever the wait may have ended: a
  // signal arrived (the handler then returns its restart code, ERESTARTSYS and the like), the
  // deadline passed, input arrived on the host descriptor, or the device raised the external
  // interrupt. On such a retry resumed_wait() is the wait the call declared (null on the first
  // call), so that it can keep its deadline. A wait the process ends itself passes at once: the
  // clocks move on to its next event (with sleep_moves_core the core's clock, so the machine runs
  // the other cores meanwhile), or the host descriptor is polled; one nothing can end kills the
  // process. A wait for a device leaves the hart in its wait state (MSR[POW,EE]) until the
  // external interrupt, or a timer's signal at the start of a slice, ends it.
  struct Wait {
    uint32_t clock = 1;          // the clock the deadline is on (CLOCK_MONOTONIC)
    uint64_t deadline = kNever;  // ns on that clock
    int host_fd = -1;            // input on this host descriptor ends it
    bool device = false;         // the external interrupt ends it
    uint64_t signals = 0;        // blocked signals that end it too (sigtimedwait's set)
  };
  int64_t block(const Wait& w);
  const Wait* resumed_wait() const { return resumed_ ? &wait_ : nullptr; }
  bool blocked() const { return blocked_nr_ != 0; }  // in a device wait
  // Pipes the process made (pipe, pipe2): only it can write them, as it starts no other process,
  // so a read of an empty one that no timer can interrupt never ends.
  void note_own_pipe(int host_fd);

  // Reported once per number: "pimnic: unimplemented syscall N (name)".
  std::vector<bool> reported_unknown;

  // Environment
  Status interrupt(Hart& h, const InterruptInfo& info) override;
  // Between two slices of the run loop (run() calls these; so do gdb and the machines that run
  // the process on a host core): before_slice delivers expired timers and pending signals at this
  // instruction boundary, or ends a device wait that a signal interrupts, and is false when the
  // hart must not run (the process ended, or a signal stopped it for the debugger); slice_budget
  // cuts a slice to the next timer expiry (one_cycle_per_insn: the functional model, where that
  // cycle is exact).
  bool before_slice(Hart& h) override;
  uint64_t slice_budget(uint64_t budget, bool one_cycle_per_insn) override;
  // Asleep in a device wait, the process wakes itself when a timer's signal can end the wait.
  bool wakes_itself(const Hart& h) const override;

 private:
  LinuxProcess(LinuxOptions opts, Core* core, AddressSpace* space);
  Status handle_interrupt(Hart& h, const InterruptInfo& info);
  void load_image();
  void setup_stack();
  Status fault(Hart& h, const InterruptInfo& info);
  Status syscall(Hart& h);
  // Run system call nr (resumed: again, after its wait) and put its result in r3/CR0. A wait
  // the process ends itself passes first; a device wait puts the hart in its wait state.
  Status complete_syscall(Hart& h, uint32_t nr, const uint32_t* args, bool resumed = false);
  int64_t run_handler(uint32_t nr, const uint32_t* args);
  // process_wait.cpp
  void pass_wait(uint32_t nr);     // move on to the next event that may end wait_
  bool wait_ended();               // a signal, the deadline: the call is to be made again
  void wait_for_host_input(uint64_t wake, uint64_t now);
  bool only_self_writes(int host_fd) const;
  Status wake(Hart& h);            // make the call of a device wait again
  uint64_t next_waking_expiry() const;
  void report_end();               // once the process has ended: flush files, on_end
  bool fix_alignment(Hart& h, const InterruptInfo& info);
  void terminate_by_signal(int sig, const std::string& message);
  // signal_delivery.cpp
  Status force_fault_signal(Hart& h, SigInfo info, const frame::TrapContext& trap);
  bool deliver_pending(Hart& h, KernelEntry& entry, bool& settled);
  void handle_signal(Hart& h, const SigInfo& info, KernelEntry& entry, bool& settled);
  bool setup_frame(Hart& h, const SigInfo& info, const SignalAction& act, const frame::TrapContext& trap);
  void settle_restart(Hart& h, KernelEntry& entry, const SignalAction* handler);
  void init_time_base();
  void advance_idle(uint64_t ns);
  uint64_t uptime_ns_ = 0;        // the machine's uptime when the program started (--uptime)
  uint64_t time_base_start_ = 0;  // time-base ticks at the start of the run
  // With --clock host and a timer armed, slices are this short (about 1 ms of host time).
  static constexpr uint64_t kHostTimerSlice = 1u << 16;

  LinuxOptions opts_;
  std::shared_ptr<const ElfImage> image_;
  std::unique_ptr<AddressSpace> own_space_;  // standalone runs: the process's own core and memory
  std::unique_ptr<Core> own_core_;
  std::unique_ptr<CoreRunner> runner_;  // of core_; functional until set_timing
  AddressSpace* as_;
  Core* core_;
  std::vector<std::pair<std::string, std::shared_ptr<GuestFile>>> device_files_;
  uint32_t blocked_nr_ = 0;  // the system call asleep in a device wait (0: none)
  uint32_t blocked_args_[6] = {};
  Wait wait_;                // what the waiting system call waits for
  std::vector<uint64_t> own_pipes_;  // their inodes (note_own_pipe)
  bool resumed_ = false;     // the running handler is a retry after its wait
  std::unique_ptr<GuestMemory> gm_;
  FdTable fds_;
  GuestRandom random_;
  StackImage stack_;
  std::string exe_realpath_;
  uint32_t sigtramp_ = 0;  // the page with the sigreturn and rt_sigreturn trampolines

  bool stopping_ = false;
  bool end_reported_ = false;
  ProcessResult result_;
  // A signal stopped for the debugger, with the entry it was to be delivered on.
  struct Reported {
    bool active = false;
    SigInfo info;
    KernelEntry entry;
    bool settled = true;
  } reported_;
};

// read_elf for Linux executables, refusing dynamically linked and PIE ones with a clear message.
ElfImage read_linux_executable(const std::string& path);

}  // namespace pimnic::linux_user
