// The smallest machine: one core of a given profile, its RAM, and the console, exit and sysinfo
// devices from the shared memory map. `pimnic run IMAGE.elf` boots images on it.
#pragma once
#include <cstdio>
#include <functional>
#include <memory>
#include <string>

#include "cpu/core.h"
#include "devices/console.h"
#include "devices/copy_engine.h"
#include "devices/exit_device.h"
#include "devices/irq_line.h"
#include "devices/sysinfo.h"
#include "devices/trace_marker.h"
#include "loader/elf_image.h"
#include "machine/core_runner.h"
#include "machine/run_result.h"
#include "machine/slice.h"
#include "mem/address_space.h"
#include "sim/clock.h"
#include "sim/event_queue.h"
#include "sim/params.h"
#include "sim/run_control.h"
#include "sim/stats.h"

namespace pimnic {


// Everything that shapes the machine, settable by name (--set) before it is built.
struct SingleCoreConfig {
  std::string profile = "host";
  uint32_t ram_size = 0;  // 0: the profile's default
  double clock_hz = 0;    // 0: the profile's default
  uint32_t tb_divider = 8;
  uint32_t harts = 1;     // hardware threads of the core; only hart 0 starts (at the entry)
  CopyEngineConfig copy{};  // copy.*: the host's copy engine (host profile, copy.channels > 0)
  void declare(ParamRegistry& params);
};

class SingleCoreMachine {
 public:
  SingleCoreMachine(const SingleCoreConfig& cfg, std::FILE* console_out);
  // ram_size 0 means the profile's default (host 64 MiB, nic/pim 384 KiB).
  SingleCoreMachine(const std::string& profile, uint32_t ram_size, std::FILE* console_out)
      : SingleCoreMachine(SingleCoreConfig{profile, ram_size}, console_out) {}
  // Register this machine's statistics (deterministic: simulated quantities only).
  void register_stats(StatRegistry& stats);

  // Load the image and point the hart at its entry. Throws LoadError.
  void load(const ElfImage& img);
  // Run until the guest exits, faults without a handler, or a limit or stop request ends it
  // (between slices: at an instruction boundary).
  RunResult run(const RunLimits& limits);
  RunResult run(uint64_t max_insts) { return run(RunLimits{max_insts}); }
  // Run-loop hooks: the tracer executes or observes the core's instructions (null: none);
  // after_slice sees hart 0 after each slice (progress line).
  void trace_with(InstructionTracer* tracer) { runner_->trace_with(tracer_ = tracer); }
  std::function<void(const Hart&)> after_slice;

  // The core's timing (untimed until set): the core runs through the CoreRunner for it
  // (machine/core_runner.h), as a machine's cores do; t must outlive the machine's runs.
  void set_timing(const timing::CoreTiming& t);
  CoreRunner& runner() { return *runner_; }
  // Devices schedule here; the core runs slices up to the next event (sim/event_queue.h).
  EventQueue& events() { return events_; }
  const ClockDomain& clock() const { return clock_; }

  // The host's copy engine at PIMNIC_COPY_ENGINE_BASE (null on nic/pim or with copy.channels=0).
  CopyEngine* copy_engine() { return copy_engine_.get(); }
  TraceMarkerDevice& marks() { return *marks_; }
  Core& core() { return *core_; }
  SysInfoDevice& sysinfo() { return *sysinfo_; }
  Hart& hart() { return core_->hart(0); }
  AddressSpace& mem() { return mem_; }
  bool exited() const { return exited_; }  // the guest wrote the exit device
  uint64_t instructions() const;            // retired by every hardware thread
  Tick now() { return clock_.ticks(runner_->cycles()); }
  // Back to the state after construction and load(img): RAM cleared, harts reset (for gdb).
  void reset(const ElfImage& img);

 private:
  AddressSpace mem_{"mem"};
  std::unique_ptr<ConsoleDevice> console_;
  std::unique_ptr<ExitDevice> exit_;
  std::unique_ptr<SysInfoDevice> sysinfo_;
  std::unique_ptr<TraceMarkerDevice> marks_;
  std::unique_ptr<Core> core_;
  bool exited_ = false;
  EventQueue events_;
  ClockDomain clock_;
  IrqLine irq_;  // hart 0's external interrupt input
  std::unique_ptr<CopyEngine> copy_engine_;  // after events_: destroyed before the queue
  const timing::CoreTiming* timing_ = nullptr;  // null: functional
  std::unique_ptr<CoreRunner> runner_;
  InstructionTracer* tracer_ = nullptr;
  void make_runner();
};

}  // namespace pimnic
