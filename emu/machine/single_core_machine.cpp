#include "machine/single_core_machine.h"

#include <csignal>
#include <cstdio>
#include <stdexcept>

#include "machine/core_sysinfo.h"
#include "pimnic/memmap.h"
#include "timing/model_factory.h"

namespace pimnic {

static uint32_t default_ram_size(const std::string& profile) {
  return profile == "host" ? PIMNIC_HOST_RAM_SIZE : profile == "nic" ? PIMNIC_NIC_SRAM_SIZE : PIMNIC_PIM_RAM_SIZE;
}

static uint32_t role_of(const std::string& profile) {
  return profile == "host" ? PIMNIC_ROLE_HOST : profile == "nic" ? PIMNIC_ROLE_NIC : PIMNIC_ROLE_PIM;
}

void SingleCoreConfig::declare(ParamRegistry& p) {
  p.declare("core.profile", profile, profile, "core profile: host (7400, FPU, AltiVec-128), nic (440-class), pim (AltiVec-256, PIM extension)",
            {"host", "nic", "pim"});
  p.declare("mem.ram_size", ram_size, ram_size, "bytes of RAM at address 0 (0: 64 MiB on host, 384 KiB on nic and pim)");
  p.declare("core.clock_hz", clock_hz, clock_hz, "core clock in Hz (0: 2 GHz on host, 500 MHz on nic and pim)");
  p.declare("core.tb_divider", tb_divider, tb_divider, "core cycles per time-base and decrementer tick");
  p.declare("core.harts", harts, harts, "hardware threads of the core (only thread 0 starts, at the image's entry)");
  copy.declare(p, "copy.");
}

SingleCoreMachine::SingleCoreMachine(const SingleCoreConfig& config, std::FILE* out) {
  const std::string& profile = config.profile;
  CoreConfig cfg = core_profile(profile);
  cfg.name = "core0";
  if (config.clock_hz > 0) cfg.clock_hz = config.clock_hz;
  if (config.tb_divider == 0) throw std::invalid_argument("core.tb_divider must be at least 1");
  cfg.tb_divider = config.tb_divider;
  if (config.harts == 0 || config.harts > 64) throw std::invalid_argument("core.harts must be between 1 and 64");
  cfg.harts = config.harts;
  uint32_t ram_size = config.ram_size ? config.ram_size : default_ram_size(profile);
  mem_.add_ram("ram", PIMNIC_RAM_BASE, ram_size);
  console_ = std::make_unique<ConsoleDevice>(mem_, out);
  exit_ = std::make_unique<ExitDevice>([this](int, const MmioAccess&) { exited_ = true; });
  sysinfo_ = std::make_unique<SysInfoDevice>(sysinfo_for(cfg, role_of(profile), ram_size));
  mem_.add_device(PIMNIC_CONSOLE_BASE, PIMNIC_DEVICE_SIZE, console_.get());
  mem_.add_device(PIMNIC_EXIT_BASE, PIMNIC_DEVICE_SIZE, exit_.get());
  mem_.add_device(PIMNIC_SYSINFO_BASE, PIMNIC_DEVICE_SIZE, sysinfo_.get());
  marks_ = std::make_unique<TraceMarkerDevice>(mem_);
  mem_.add_device(PIMNIC_TRACE_BASE, PIMNIC_DEVICE_SIZE, marks_.get());
  if (profile == "host" && config.copy.channels > 0) {
    copy_engine_ = std::make_unique<CopyEngine>(config.copy, mem_, events_, irq_);
    mem_.add_device(PIMNIC_COPY_ENGINE_BASE, PIMNIC_DEVICE_SIZE, copy_engine_.get());
  }
  core_ = std::make_unique<Core>(cfg, mem_);
  clock_ = ClockDomain("core0", cfg.clock_hz);
  core_->set_machine_queue(&events_);
  irq_.connect(&core_->hart(0));
  make_runner();
}

// The machine's only core: a deadlock of every PIM thread ends the run.
void SingleCoreMachine::make_runner() {
  runner_ = timing_ ? make_core_runner(*core_, *timing_, CoreDeadlock::Stops) : make_core_runner(*core_, CoreDeadlock::Stops);
  if (tracer_) runner_->trace_with(tracer_);
}

void SingleCoreMachine::set_timing(const timing::CoreTiming& t) {
  timing_ = &t;
  make_runner();
}

uint64_t SingleCoreMachine::instructions() const {
  uint64_t n = 0;
  for (size_t i = 0; i < core_->num_harts(); ++i) n += core_->hart(i).icount;
  return n;
}

void SingleCoreMachine::register_stats(StatRegistry& s) {
  Hart& h = hart();
  double hz = core_->config().clock_hz;
  CoreRunner* r = runner_.get();  // the core's cycle (a PIM core's threads share it)
  Core* c = core_.get();
  // Every hardware thread's instructions (a PIM core's threads share the core's cycle).
  auto insts = [c] {
    uint64_t n = 0;
    for (size_t i = 0; i < c->num_harts(); ++i) n += c->hart(i).icount;
    return double(n);
  };
  if (c->num_harts() == 1) s.counter("sim_insts", &h.icount, "instructions retired by all cores");
  else s.formula("sim_insts", insts, "instructions retired by all cores", true);
  s.formula("sim_cycles", [r] { return double(r->cycles()); }, "cycles of the fastest clock domain (core0) simulated", true);
  s.formula("sim_seconds", [r, hz] { return double(r->cycles()) / hz; }, "simulated seconds");
  s.formula("sim_ticks", [this, r] { return double(clock_.ticks(r->cycles())); }, "simulated picoseconds", true);
  s.formula("core0.cycles", [r] { return double(r->cycles()); }, "core cycles elapsed", true);
  if (c->num_harts() == 1) s.counter("core0.committed_insts", &h.icount, "instructions retired by core0");
  else s.formula("core0.committed_insts", insts, "instructions retired by core0 (all hardware threads)", true);
  s.formula("core0.ipc", [r, insts] { return r->cycles() ? insts() / double(r->cycles()) : 0.0; },
            "instructions per cycle of core0");
  s.formula("console.bytes", [this] { return double(console_->bytes_written()); }, "bytes written to the console", true);
  if (copy_engine_) copy_engine_->register_stats(s, "copy.");
}

void SingleCoreMachine::load(const ElfImage& img) {
  load_elf(img, mem_);
  hart().pc = img.entry;
}

void SingleCoreMachine::reset(const ElfImage& img) {
  for (const Region& r : mem_.regions())
    if (r.host) mem_.fill_bytes(r.base, 0, r.size);
  for (size_t i = 0; i < core_->num_harts(); ++i) {
    Hart& h = core_->hart(i);
    h.clear_reservation();
    h.arch() = ArchState{};
    h.pvr = core_->config().pvr;
    h.pir = core_->config().pir + uint32_t(i);
    h.dec_written = 0xFFFFFFFFu;
    h.icount = h.cycle_offset = 0;
    h.dec_pending = h.external_irq = h.double_fault = h.ri_used = h.unrecoverable = false;
    h.dec_seen_tb = 0;
    h.stop_reason = StopReason::None;
    h.exit_code = 0;
    h.last_interrupt = InterruptInfo{Interrupt::SystemReset, 0};
  }
  core_->reset_threads();
  make_runner();
  exited_ = false;
  load(img);
}

RunResult SingleCoreMachine::run(const RunLimits& limits) {
  Hart& h = hart();
  CoreRunner& runner = *runner_;
  RunResult res;
  auto progress = [&] {  // (hart 0's count is the limit's)
    return RunProgress{h.icount, instructions(), clock_.ticks(runner.cycles())};
  };
  const Tick bound = limits.max_time ? limits.max_time : kMaxTick;
  auto slice = [&](uint64_t budget) {
    // The core runs up to the next event (of the event queue), then the queue catches up with it.
    const StopReason why = runner.run_slice(events_, bound, budget);
    events_.run_until(clock_.ticks(runner.cycles()));
    if (after_slice) after_slice(h);
    Hart& stopped = core_->hart(core_->stopped_hart());
    if (exited_ || why == StopReason::Exit) {
      res.kind = RunResult::Kind::Exited;
      res.exit_code = stopped.exit_code;
      return true;
    }
    if (why == StopReason::Deadlock) {
      res.kind = RunResult::Kind::Fault;
      res.message = core_->deadlock_message();
      res.exit_code = kExitDeadlock;
      return true;
    }
    // A fault with no handler, or waiting for an interrupt with interrupts disabled: nothing
    // can ever wake this machine.
    if (why == StopReason::Fault || why == StopReason::Halt) {
      const FatalStop fatal = fatal_stop(why, why == StopReason::Fault ? stopped : h);
      res.kind = RunResult::Kind::Fault;
      res.message = fatal.message;
      res.exit_code = fatal.status;
      return true;
    }
    return false;
  };
  if (auto stop = run_slices(limits, progress, slice)) res = limit_result(*stop);
  runner.drain();
  res.instructions = h.icount;
  return res;
}

}  // namespace pimnic
