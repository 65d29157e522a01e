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
#include "linux/fd_table.h"
#include "linux/guest_file.h"
#include "linux/guest_memory.h"
#include "linux/guest_random.h"
#include "linux/initial_stack.h"
#include "linux/linux_options.h"
#include "loader/elf_image.h"
#include "mem/address_space.h"
#include "sim/stats.h"

namespace pimnic::linux_user {

// The MSR a user process runs with: problem state, FP and AltiVec available (Linux enables them
// lazily on first use; a program can't tell), FP exceptions disabled (Linux's default; the
// prctl PR_SET_FPEXC enables them).
inline constexpr uint32_t kUserMsr = MSR_VEC | MSR_PR | MSR_FP;

// How a run ended.
struct ProcessResult {
  enum class Kind { Exited, Signaled, InsnLimit, Error } kind = Kind::Exited;
  int status = 0;        // exit status for the simulator's process (128 + signal when Signaled)
  int signal = 0;
  std::string message;   // one line for stderr (signals, limits)
  uint64_t instructions = 0;
};

struct SignalAction {
  uint32_t handler = 0, flags = 0, restorer = 0;
  uint64_t mask = 0;
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
  // Run-loop hooks (empty: none), as SingleCoreMachine's: slice_runner executes each slice
  // instead of Hart::run (traces), after_slice sees the hart after each slice (progress line).
  std::function<StopReason(Hart&, uint64_t budget)> slice_runner;
  std::function<void(const Hart&)> after_slice;
  // This process's statistics (simulated quantities only).
  void register_stats(StatRegistry& stats);
  const ProcessResult& result() const { return result_; }  // how it ended, once stopping()

  // Set by a debugger (emu/gdb): a fault that would kill the process with sig is offered to it
  // first; when it returns true the hart stops at the faulting instruction instead (stop reason
  // Fault) and the process lives on.
  std::function<bool(Hart&, int sig, const std::string& message)> on_fatal_fault;

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
  // Deliver sig (the default action: pimnic does not run guest signal handlers).
  void raise_signal(int sig, const std::string& why = {});
  bool stopping() const { return stopping_; }

  // Signal state that rt_sigaction / rt_sigprocmask / sigaltstack keep.
  std::array<SignalAction, 65> sigactions{};
  uint64_t sigmask = 0;
  uint64_t sigpending = 0;
  uint32_t altstack[3] = {0, 2 /* SS_DISABLE */, 0};
  void deliver_pending();  // after the mask changed

  // Time: the sum of every sleep the guest asked for, added to all clocks.
  uint64_t sleep_ns = 0;
  // Nanoseconds since the start of the run by the simulated clock.
  uint64_t simulated_ns();

  // Reported once per number: "pimnic: unimplemented syscall N (name)".
  std::vector<bool> reported_unknown;

  // Environment
  Status interrupt(Hart& h, const InterruptInfo& info) override;
  // A process asleep in a system call waits for a device: only an interrupt wakes it (sleeps
  // for a time do not wait: they move the core's clock, linux_options.h).
  bool wakes_itself(const Hart&) const override { return false; }
  bool blocked() const { return blocked_nr_ != 0; }

 private:
  LinuxProcess(LinuxOptions opts, Core* core, AddressSpace* space);
  Status handle_interrupt(Hart& h, const InterruptInfo& info);
  void load_image();
  void setup_stack();
  Status fault(Hart& h, const InterruptInfo& info);
  Status syscall(Hart& h);
  // Run system call nr and put its result in r3/CR0, or, when it would block, put the hart in a
  // wait state until an interrupt retries it.
  Status complete_syscall(Hart& h, uint32_t nr, const uint32_t* args);
  bool fix_alignment(Hart& h, const InterruptInfo& info);
  void terminate_by_signal(int sig, const std::string& message);

  LinuxOptions opts_;
  std::shared_ptr<const ElfImage> image_;
  std::unique_ptr<AddressSpace> own_space_;  // standalone runs: the process's own core and memory
  std::unique_ptr<Core> own_core_;
  AddressSpace* as_;
  Core* core_;
  std::vector<std::pair<std::string, std::shared_ptr<GuestFile>>> device_files_;
  uint32_t blocked_nr_ = 0;  // the system call asleep in a wait state (0: none)
  uint32_t blocked_args_[6] = {};
  std::unique_ptr<GuestMemory> gm_;
  FdTable fds_;
  GuestRandom random_;
  StackImage stack_;
  std::string exe_realpath_;

  bool stopping_ = false;
  bool end_reported_ = false;
  ProcessResult result_;
};

// read_elf for Linux executables, refusing dynamically linked and PIE ones with a clear message.
ElfImage read_linux_executable(const std::string& path);

// Signal names and what Linux does by default.
const char* signal_name(int sig);
enum class SignalDefault { Terminate, Core, Ignore, Stop };
SignalDefault signal_default(int sig);

}  // namespace pimnic::linux_user
