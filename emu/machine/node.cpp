#include "machine/node.h"

#include "linux/process.h"
#include "linux/uio_device.h"
#include "machine/core_sysinfo.h"
#include "net/network.h"
#include "pimnic/memmap.h"
#include "sim/stats.h"

namespace pimnic {

namespace {
Tick ns(double v) { return ns_to_ticks(v); }
}  // namespace

Node::Node(uint32_t id, const MachineConfig& cfg, EventQueue& events, net::Network* network, std::FILE* console,
           ExitHook on_exit)
    : id_(id), on_exit_(std::move(on_exit)), sram_size_(cfg.sram_size) {
  const std::string n = "n" + std::to_string(id);
  // ---- host: bare metal sees RAM and devices at fixed addresses; a Linux program maps the NIC
  // itself (start_linux) ----
  const bool host = cfg.host_core;
  const bool bare = host && !cfg.linux_hosts;
  if (bare) {
    host_mem_.add_ram("ram", PIMNIC_RAM_BASE, cfg.host_ram);
    map_common(host_dev_, host_mem_, events, console, n + ".host: ");
  }
  if (host) {
    NodeCore& core = add_core(CoreSlot::host(), core_profile("host"), cfg.host, host_mem_);
    core.core->set_machine_queue(&events);
    if (bare) {
      SysInfo hi = sysinfo_for(core.core->config(), PIMNIC_ROLE_HOST, cfg.host_ram);
      hi.node_id = id;
      hi.node_count = cfg.nodes;
      host_dev_.sysinfo = std::make_unique<SysInfoDevice>(hi);
      host_mem_.add_device(PIMNIC_SYSINFO_BASE, PIMNIC_DEVICE_SIZE, host_dev_.sysinfo.get());
    }
    host_dev_.irq.connect(&core.hart0());
  }
  if (cfg.copy.channels && bare) {
    copy_ = std::make_unique<CopyEngine>(cfg.copy, host_mem_, events, host_dev_.irq);
    host_mem_.add_device(PIMNIC_COPY_ENGINE_BASE, PIMNIC_DEVICE_SIZE, copy_.get());
  }
  const NicHardware nic = cfg.nic_hardware();
  if (nic == NicHardware::None) return;

  // ---- NIC ----
  sram_.add_ram("sram", PIMNIC_RAM_BASE, cfg.sram_size);
  map_common(nic_dev_, sram_, events, console, n + ".nic: ");
  std::vector<NodeCore*> nic_cores;
  if (nic == NicHardware::Conv) {
    nic_cores.push_back(&add_core(CoreSlot::nic(), core_profile("nic"), cfg.nic_core, sram_));
  } else {
    // Timed PIM cores share one memory: their accesses contend for its banks and bus.
    if (cfg.pim.timing.model != "functional") {
      pim_memory_ = timing::make_backing_memory(cfg.pim.timing.mem, ClockDomain(n + ".pim", cfg.pim.clock_hz), n + ".pim.");
    }
    for (uint32_t i = 0; i < cfg.pim_cores; ++i)
      nic_cores.push_back(&add_core(CoreSlot::pim(i), core_profile("pim"), cfg.pim, sram_, pim_memory_.get()));
  }
  for (size_t i = 0; i < nic_cores.size(); ++i) {
    const CoreConfig& cc = nic_cores[i]->core->config();
    nic_cores[i]->core->set_machine_queue(&events);
    SysInfo si = sysinfo_for(cc, nic == NicHardware::Conv ? PIMNIC_ROLE_NIC : PIMNIC_ROLE_PIM, cfg.sram_size);
    si.node_id = id;
    si.node_count = cfg.nodes;
    si.core_index = uint32_t(i);
    si.core_count = uint32_t(nic_cores.size());
    if (i == 0) nic_dev_.sysinfo = std::make_unique<SysInfoDevice>(si);
    else nic_dev_.sysinfo->add_core(cc.pir, si);
  }
  sram_.add_device(PIMNIC_SYSINFO_BASE, PIMNIC_DEVICE_SIZE, nic_dev_.sysinfo.get());
  // Device interrupts go to the first NIC core.
  nic_dev_.irq.connect(&nic_cores[0]->hart0());
  if (nic == NicHardware::Pim) {
    std::vector<ThreadContexts*> pim;
    for (NodeCore* c : nic_cores) pim.push_back(c->core.get());
    pim_spawn_ = std::make_unique<PimSpawnDevice>(std::move(pim), sram_);
    sram_.add_device(PIMNIC_PIM_SPAWN_BASE, PIMNIC_DEVICE_SIZE, pim_spawn_.get());
  }

  if (host) {  // the way between host and NIC: the SRAM window, the host interface, DMA engines
    window_ = std::make_unique<NicWindowDevice>(events, sram_, cfg.sram_size, ns(cfg.hif.pio_ns));
    hif_ = std::make_unique<HostInterface>(events, host_mem_, host_dev_.irq, nic_dev_.irq, ns(cfg.hif.pio_ns),
                                           ns(cfg.hif.completion_ns));
    if (bare) {
      host_mem_.add_device(PIMNIC_NIC_WINDOW_BASE, cfg.sram_size, window_.get());
      host_mem_.add_device(PIMNIC_HIF_HOST_BASE, PIMNIC_DEVICE_SIZE, &hif_->host_side());
    }
    sram_.add_device(PIMNIC_HIF_NIC_BASE, PIMNIC_DEVICE_SIZE, &hif_->nic_side());
    DmaTiming dt{ns(cfg.nic_bus_ns), ns(cfg.dma.setup_ns), cfg.dma.bandwidth};
    dma_h2n_ = std::make_unique<DmaEngine>(n + ".dma_h2n", DmaEngine::Direction::HostToNic, events, host_mem_, sram_,
                                           nic_dev_.irq, dt);
    dma_n2h_ = std::make_unique<DmaEngine>(n + ".dma_n2h", DmaEngine::Direction::NicToHost, events, host_mem_, sram_,
                                           nic_dev_.irq, dt);
    sram_.add_device(PIMNIC_DMA_H2N_BASE, PIMNIC_DEVICE_SIZE, dma_h2n_.get());
    sram_.add_device(PIMNIC_DMA_N2H_BASE, PIMNIC_DEVICE_SIZE, dma_n2h_.get());
  }
  if (network) {
    port_ = std::make_unique<NetPort>(id, events, sram_, nic_dev_.irq, *network, ns(cfg.nic_bus_ns),
                                      cfg.port.rx_fifo_packets, cfg.port.lossless);
    sram_.add_device(PIMNIC_NET_BASE, PIMNIC_DEVICE_SIZE, port_.get());
    if (nic == NicHardware::Pim) {
      std::vector<ThreadContexts*> pim;
      for (NodeCore* c : nic_cores) pim.push_back(c->core.get());
      parcels_ = std::make_unique<ParcelEngine>(id, events, *network, pim, sram_, ns(cfg.nic_bus_ns));
    }
    network->attach(id, [this](net::Packet&& p) {
      if (p.channel == net::Packet::kParcel && parcels_) parcels_->deliver(std::move(p));
      else if (p.channel == net::Packet::kPort) port_->deliver(std::move(p));
    });
  }
}

Node::~Node() = default;

void Node::start_linux(const linux_user::LinuxOptions& opts, const std::string& label) {
  NodeCore& host = *cores_.front();
  process_ = std::make_unique<linux_user::LinuxProcess>(opts, *host.core, host_mem_);
  if (hif_) {
    const uint32_t window = (sram_size_ + kPageSize - 1) & ~(kPageSize - 1);
    process_->add_device_file("/dev/uio0", std::make_shared<linux_user::UioDevice>(std::vector<linux_user::UioDevice::Region>{
                                               {window_.get(), window}, {&hif_->host_side(), PIMNIC_DEVICE_SIZE}}));
  }
  process_->on_end = [this, &host, label](int status, const std::string& message) {
    on_exit_(host, status, message.empty() ? message : label + " (" + host.name + "): " + message);
  };
  host.booted = true;
}

void Node::map_common(CoreDevices& d, AddressSpace& mem, EventQueue& events, std::FILE* console,
                      const std::string& prefix) {
  d.console = std::make_unique<ConsoleDevice>(mem, console);
  d.console->set_line_prefix(prefix);
  d.exit = std::make_unique<ExitDevice>([this](int code, const MmioAccess& by) {
    if (NodeCore* c = core_of(by)) on_exit_(*c, code, "");
  });
  d.timer = std::make_unique<TimerDevice>(events, d.irq);
  d.marks = std::make_unique<TraceMarkerDevice>(mem);
  mem.add_device(PIMNIC_CONSOLE_BASE, PIMNIC_DEVICE_SIZE, d.console.get());
  mem.add_device(PIMNIC_EXIT_BASE, PIMNIC_DEVICE_SIZE, d.exit.get());
  mem.add_device(PIMNIC_TIMER_BASE, PIMNIC_DEVICE_SIZE, d.timer.get());
  mem.add_device(PIMNIC_TRACE_BASE, PIMNIC_DEVICE_SIZE, d.marks.get());
}

NodeCore& Node::add_core(CoreSlot slot, CoreConfig cc, const CoreRoleConfig& role, AddressSpace& mem,
                         timing::MemLevel* shared_memory) {
  auto c = std::make_unique<NodeCore>();
  c->name = "n" + std::to_string(id_) + "." + slot.name();
  c->slot = slot;
  c->node = id_;
  cc.name = c->name;
  cc.clock_hz = role.clock_hz;
  cc.tb_divider = role.tb_divider;
  cc.harts = role.harts;
  cc.pir = uint32_t(cores_.size());
  c->core = std::make_unique<Core>(cc, mem);
  c->timing = timing::make_core_timing(role.timing, c->core->clock(), c->name + ".",
                                       {c->core->has(isa::FEAT_PIM), role.harts, shared_memory});
  c->runner = make_core_runner(*c->core, c->timing);
  cores_.push_back(std::move(c));
  return *cores_.back();
}

// add_core numbers the cores in order (CoreConfig::pir), which the initiator id carries.
NodeCore* Node::core_of(const MmioAccess& by) {
  const uint32_t i = initiator_core(by.initiator);
  return by.from && i < cores_.size() ? cores_[i].get() : nullptr;
}

void Node::register_stats(StatRegistry& s) {
  const std::string n = "n" + std::to_string(id_) + ".";
  if (host_dev_.console)
    s.formula(n + "host.console.bytes", [this] { return double(host_dev_.console->bytes_written()); },
              "bytes the host core wrote to the console", true);
  if (copy_) copy_->register_stats(s, n + "copy.");
  if (pim_memory_) pim_memory_->register_stats(s);
  if (hif_) {
    hif_->register_stats(s, n + "hif.");
    s.formula(n + "hif.pio_bytes", [this] { return double(window_->bytes_written()); },
              "bytes the host stored into the NIC SRAM window", true);
    dma_h2n_->register_stats(s, n + "dma_h2n.");
    dma_n2h_->register_stats(s, n + "dma_n2h.");
  }
  if (port_) port_->register_stats(s, n + "port.");
  if (parcels_) parcels_->register_stats(s, n + "parcels.");
  if (pim_spawn_) {
    s.formula(n + "pim_spawn.started", [this] { return double(pim_spawn_->started()); },
              "threads started on a PIM core through PIM_SPAWN_REQUEST", true);
    s.formula(n + "pim_spawn.refused", [this] { return double(pim_spawn_->refused()); },
              "PIM_SPAWN_REQUEST stores that started nothing (no free context, no such core)", true);
  }
}

void Node::set_transfer_hook(std::function<void(const std::string&, uint32_t, Tick, Tick)> hook) {
  if (dma_h2n_) dma_h2n_->on_transfer = hook;
  if (dma_n2h_) dma_n2h_->on_transfer = hook;
}

void Node::set_mark_hook(std::function<void(NodeCore&, const Hart&, const TraceMark&)> hook) {
  auto listener = [this, hook](const MmioAccess& by, const TraceMark& m) {
    if (NodeCore* c = core_of(by)) hook(*c, c->core->hart(initiator_hart(by.initiator)), m);
  };
  if (host_dev_.marks) host_dev_.marks->set_listener(listener);  // (none under a Linux program)
  if (nic_dev_.marks) nic_dev_.marks->set_listener(listener);
}

void Node::set_irq_hook(std::function<void(const std::string&, bool)> hook) {
  host_dev_.irq.on_change = [hook](bool level) { hook("host irq", level); };
  nic_dev_.irq.on_change = [hook](bool level) { hook("nic irq", level); };
}

}  // namespace pimnic
