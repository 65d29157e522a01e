#include "linux/process.h"

#include <fcntl.h>
#include <unistd.h>

#include <climits>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <utility>

#include "linux/canonical_host.h"
#include "linux/syscalls.h"
#include "linux/uio_device.h"
#include "sim/run_control.h"
#include "util/bits.h"

namespace pimnic::linux_user {

LinuxProcess::LinuxProcess(LinuxOptions opts) : LinuxProcess(std::move(opts), nullptr, nullptr) {}

LinuxProcess::LinuxProcess(LinuxOptions opts, Core& core, AddressSpace& space)
    : LinuxProcess(std::move(opts), &core, &space) {}

LinuxProcess::LinuxProcess(LinuxOptions opts, Core* core, AddressSpace* space)
    : reported_unknown(kMaxSyscall), opts_(std::move(opts)), random_(opts_.seed, opts_.host_random) {
  image_ = opts_.image ? opts_.image : std::make_shared<const ElfImage>(read_linux_executable(opts_.program));
  char resolved[PATH_MAX];
  exe_realpath_ = realpath(opts_.program.c_str(), resolved) ? resolved : opts_.program;
  if (opts_.canonical_host) {
    if (!opts_.argv.empty()) opts_.argv[0] = canonical_program_name(opts_.program);
    exe_realpath_ = canonical_program_path(opts_.program);
  }
  if (!space) space = (own_space_ = std::make_unique<AddressSpace>("linux")).get();
  if (!core) core = (own_core_ = std::make_unique<Core>(core_profile("host"), *space)).get();
  as_ = space;
  core_ = core;
  runner_ = make_core_runner(*core_);  // functional until set_timing
  gm_ = std::make_unique<GuestMemory>(*as_);
  if (opts_.stdin_closed) {
    const int null_fd = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (null_fd >= 0) fds_.put(0, null_fd);
  }
  if (!opts_.output_tag.empty()) {
    fds_.put_file(1, std::make_shared<TaggedOutput>(1, opts_.output_tag));
    fds_.put_file(2, std::make_shared<TaggedOutput>(2, opts_.output_tag));
  }
  load_image();
  setup_stack();
  init_time_base();
  Hart& h = hart();
  h.set_env(this);
  h.pc = image_->entry;
  h.gpr[1] = stack_.sp;
  h.msr = kUserMsr;
}

LinuxProcess::~LinuxProcess() = default;

int32_t LinuxProcess::pid() const { return opts_.pid ? int32_t(opts_.pid) : ::getpid(); }
int32_t LinuxProcess::ppid() const { return opts_.pid ? 1 : ::getppid(); }

// ---- guest memory helpers --------------------------------------------------------------------

bool LinuxProcess::read_u32(uint32_t addr, uint32_t& v) const {
  uint8_t b[4];
  if (!read(addr, b, 4)) return false;
  v = load_be<uint32_t>(b);
  return true;
}

bool LinuxProcess::write_u32(uint32_t addr, uint32_t v) {
  uint8_t b[4];
  store_be<uint32_t>(b, v);
  return write(addr, b, 4);
}

bool LinuxProcess::write_u64(uint32_t addr, uint64_t v) {
  uint8_t b[8];
  store_be<uint64_t>(b, v);
  return write(addr, b, 8);
}

bool LinuxProcess::read_string(uint32_t addr, std::string& out, uint32_t max) const {
  out.clear();
  for (uint32_t i = 0; i < max; ++i) {
    char c;
    if (!read(addr + i, &c, 1)) return false;
    if (!c) return true;
    out.push_back(c);
  }
  return false;
}

// ---- running ---------------------------------------------------------------------------------

void LinuxProcess::set_timing(const timing::CoreTiming& t) { runner_ = make_core_runner(*core_, t); }

void LinuxProcess::trace_with(InstructionTracer* tracer) { runner_->trace_with(tracer); }

ProcessResult LinuxProcess::run() {
  Hart& h = hart();
  EventQueue events;  // (a process alone: no device schedules anything)
  auto progress = [&] { return RunProgress{h.icount, h.icount, simulated_ns() * 1000}; };
  auto slice = [&](uint64_t budget) {
    if (opts_.max_sim_ps) {  // a slice ends at the limit (one instruction per cycle at most)
      const double cycles_left = double(opts_.max_sim_ps - simulated_ns() * 1000) * core_->config().clock_hz / 1e12;
      budget = std::min<uint64_t>(budget, std::max<uint64_t>(1, uint64_t(cycles_left)));
    }
    // The runner gives the process its turn first (before_slice, slice_budget: Environment).
    const StopReason why = runner_->run_slice(events, kMaxTick, budget);
    if (after_slice) after_slice(h);
    if (stopping_ || why == StopReason::Exit) return true;  // (Exit: the runner did not let it run again)
    if (why == StopReason::Fault) {  // stopped without going through interrupt(): should not happen
      result_.kind = ProcessResult::Kind::Error;
      result_.status = 128 + 4;
      result_.message = "the core stopped unexpectedly at " + hex32(h.pc);
      return true;
    }
    return false;
  };
  if (!stopping_) {
    if (auto stop = run_slices({opts_.max_insts, opts_.max_sim_ps}, progress, slice)) {
      result_.kind = stop->kind == LimitStop::Kind::InsnLimit ? ProcessResult::Kind::InsnLimit : ProcessResult::Kind::Stopped;
      result_.status = stop->status;
      result_.message = stop->message;
    }
  }
  result_.instructions = h.icount;
  return result_;
}

void LinuxProcess::register_stats(StatRegistry& s) {
  Hart& h = hart();
  const double hz = core_->config().clock_hz;
  s.counter("sim_insts", &h.icount, "instructions retired by all cores");
  s.formula("sim_cycles", [&h] { return double(h.cycles()); }, "cycles of core0 simulated", true);
  s.formula("sim_seconds", [&h, hz] { return double(h.cycles()) / hz; }, "simulated seconds");
  s.formula("core0.cycles", [&h] { return double(h.cycles()); }, "core cycles elapsed", true);
  s.counter("core0.committed_insts", &h.icount, "instructions retired by core0");
  s.formula("core0.ipc", [&h] { return h.cycles() ? double(h.icount) / double(h.cycles()) : 0.0; },
            "instructions per cycle of core0");
}

void LinuxProcess::exit_process(int status) {
  stopping_ = true;
  result_.kind = ProcessResult::Kind::Exited;
  result_.status = status & 0xff;
  hart().request_stop(StopReason::Exit);
}

uint64_t LinuxProcess::simulated_ns() {
  const Hart& h = core_->hart(0);
  return uint64_t(double(h.cycles()) * 1e9 / core_->config().clock_hz);
}

// ---- interrupts: system calls and signals ----------------------------------------------------

Status LinuxProcess::interrupt(Hart& h, const InterruptInfo& info) {
  const Status s = handle_interrupt(h, info);
  report_end();
  return s;
}

void LinuxProcess::report_end() {
  if (!stopping_ || end_reported_) return;
  end_reported_ = true;
  for (GuestFile* f : fds_.files()) f->flush();
  if (on_end) on_end(result_.status, result_.kind == ProcessResult::Kind::Signaled ? result_.message : std::string());
}

void LinuxProcess::add_device_file(std::string path, std::shared_ptr<GuestFile> file) {
  device_files_.emplace_back(std::move(path), std::move(file));
}

std::shared_ptr<GuestFile> LinuxProcess::device_file(const std::string& path) const {
  for (const auto& [p, f] : device_files_)
    if (p == path) return f;
  return nullptr;
}

Status LinuxProcess::handle_interrupt(Hart& h, const InterruptInfo& info) {
  switch (info.kind) {
    case Interrupt::SystemCall:
      h.pc = info.srr0;
      return syscall(h);
    case Interrupt::FpUnavailable:
    case Interrupt::VecUnavailable:
      // Linux hands out the FPU and vector unit on first use: enable and retry.
      h.msr |= info.kind == Interrupt::FpUnavailable ? MSR_FP : MSR_VEC;
      h.pc = info.srr0;
      return Status::Jump;
    case Interrupt::External:
    case Interrupt::Decrementer:
      h.pc = info.srr0;  // asynchronous interrupts reach a user process only as the end of a wait
      return blocked_nr_ ? wake(h) : Status::Jump;
    default:
      return fault(h, info);
  }
}

Status LinuxProcess::syscall(Hart& h) {
  const uint32_t args[6] = {h.gpr[3], h.gpr[4], h.gpr[5], h.gpr[6], h.gpr[7], h.gpr[8]};
  return complete_syscall(h, h.gpr[0], args);
}

int64_t LinuxProcess::run_handler(uint32_t nr, const uint32_t* args) {
  if (SyscallFn fn = find_syscall(nr)) return fn(*this, args);
  if (nr < kMaxSyscall ? !reported_unknown[nr] : true) {
    if (nr < kMaxSyscall) reported_unknown[nr] = true;
    std::fprintf(stderr, "pimnic: unimplemented syscall %u (%s)\n", nr, syscall_name(nr));
  }
  return -38;  // ENOSYS
}

Status LinuxProcess::complete_syscall(Hart& h, uint32_t nr, const uint32_t* args, bool resumed) {
  resumed_ = resumed;
  int64_t r = run_handler(nr, args);
  while (r == kWouldBlock && !wait_.device) {  // a wait the process ends itself: it passes now
    if (opts_.strace && !resumed_)
      std::fprintf(stderr, "%spimnic strace: %s(0x%x, ...) waits\n", opts_.output_tag.c_str(), syscall_name(nr), args[0]);
    pass_wait(nr);
    resumed_ = true;
    r = run_handler(nr, args);
  }
  resumed_ = false;
  if (r == kWouldBlock) {
    // Asleep in the kernel until the device interrupts: a wait state (no instruction retires, no
    // host time is spent) that the external interrupt, or a timer's signal, ends by making the
    // call again (wake). pc is already past the sc.
    if (opts_.strace && !resumed)
      std::fprintf(stderr, "%spimnic strace: %s(0x%x, ...) sleeps\n", opts_.output_tag.c_str(), syscall_name(nr), args[0]);
    blocked_nr_ = nr;
    std::copy(args, args + 6, blocked_args_);
    h.msr |= MSR_POW | MSR_EE;
    h.request_stop(StopReason::SliceEnd);  // the run loop must not go on past the sc
    return Status::Jump;
  }
  if (opts_.strace)
    std::fprintf(stderr, "%spimnic strace: %s(0x%x, 0x%x, 0x%x, 0x%x, 0x%x, 0x%x) = %s\n", opts_.output_tag.c_str(),
                 syscall_name(nr), args[0],
                 args[1], args[2], args[3], args[4], args[5],
                 r == kNoResult ? "(registers restored)" : std::to_string(r).c_str());
  if (stopping_) {
    h.stop_reason = StopReason::Exit;
    return Status::Stop;
  }
  if (r == kNoResult) return return_to_user(h, {{0xc00}, false});  // sigreturn set every register
  if (is_error_result(r)) {
    h.gpr[3] = uint32_t(-r);
    h.cr |= kCr0So;
  } else {
    h.gpr[3] = uint32_t(r);
    h.cr &= ~kCr0So;
  }
  KernelEntry entry = KernelEntry::system_call(args[0]);
  entry.trap.result = uint32_t(r);
  return return_to_user(h, entry);
}

}  // namespace pimnic::linux_user
