// One node of a multi-node machine (DESIGN.md section 1): a host core with its RAM, timer, copy
// engine and host-interface page; a NIC with its SRAM, its core (conventional) or cores (PIM), two
// DMA engines, the NIC side of the host interface and a network port. Each core also sees the
// console, exit and sysinfo pages of the one-core machine. Which cores a node has is its
// configuration: no NIC (machine.nic=none), or no host core (machine.host_core=false: the NIC
// alone, without the host interface and DMA engines that would lead to a host).
#pragma once
#include <cstdio>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "cpu/core.h"
#include "devices/console.h"
#include "devices/copy_engine.h"
#include "devices/dma_engine.h"
#include "devices/exit_device.h"
#include "devices/host_interface.h"
#include "devices/irq_line.h"
#include "devices/net_port.h"
#include "devices/nic_window.h"
#include "devices/parcel_engine.h"
#include "devices/pim_spawn.h"
#include "devices/sysinfo.h"
#include "devices/timer.h"
#include "devices/trace_marker.h"
#include "machine/core_runner.h"
#include "machine/machine_config.h"
#include "machine/node_kinds.h"
#include "mem/address_space.h"
#include "sim/event_queue.h"
#include "timing/model_factory.h"

namespace pimnic {
class StatRegistry;
namespace net {
class Network;
}
namespace linux_user {
class LinuxProcess;
struct LinuxOptions;
}

// A core of the machine and what the scheduler knows about it.
struct NodeCore {
  std::string name;  // "n0.host", "n0.nic", "n0.pim1"
  CoreSlot slot;     // host, nic, pim1: what an image pattern names
  uint32_t node = 0;
  std::unique_ptr<Core> core;
  timing::CoreTiming timing;
  std::unique_ptr<CoreRunner> runner;  // how the machine runs it (core_runner.h)
  bool booted = false;   // an image was loaded for it
  bool done = false;     // exited (or the machine stopped it)
  Hart& hart0() { return core->hart(0); }
  uint64_t cycles() const { return runner->cycles(); }
  Tick now() const { return core->clock().ticks(cycles()); }
};

class Node {
 public:
  // on_exit: a core of this node ended (wrote the exit device, or its Linux process ended), with
  // its status and, for a process a signal killed, a one-line message.
  using ExitHook = std::function<void(NodeCore&, int status, const std::string& message)>;
  Node(uint32_t id, const MachineConfig& cfg, EventQueue& events, net::Network* network, std::FILE* console,
       ExitHook on_exit);
  ~Node();
  // Start a Linux program on the host core (MachineConfig::linux_hosts; the node has one): the NIC is its
  // /dev/uio0 (region 0 the SRAM window, region 1 the host-interface registers). `label` names the
  // process in messages ("rank 3"). Throws LoadError for a bad executable.
  void start_linux(const linux_user::LinuxOptions& opts, const std::string& label);
  linux_user::LinuxProcess* process() { return process_.get(); }
  uint32_t id() const { return id_; }
  std::vector<std::unique_ptr<NodeCore>>& cores() { return cores_; }
  AddressSpace& host_mem() { return host_mem_; }
  AddressSpace& sram() { return sram_; }
  // The address space a core executes in.
  AddressSpace& mem_of(const NodeCore& c) { return c.slot.is_host() ? host_mem_ : sram_; }
  void register_stats(StatRegistry& s);
  void set_transfer_hook(std::function<void(const std::string&, uint32_t, Tick, Tick)> hook);
  // Timeline hook: the host's ("host irq") or the NIC's ("nic irq") interrupt input changed level.
  void set_irq_hook(std::function<void(const std::string& line, bool level)> hook);
  // A core of this node wrote a trace marker (devices/trace_marker.h).
  void set_mark_hook(std::function<void(NodeCore&, const Hart&, const TraceMark&)> hook);

 private:
  struct CoreDevices {  // the pages every address space has
    std::unique_ptr<ConsoleDevice> console;
    std::unique_ptr<ExitDevice> exit;
    std::unique_ptr<SysInfoDevice> sysinfo;
    std::unique_ptr<TimerDevice> timer;
    std::unique_ptr<TraceMarkerDevice> marks;
    IrqLine irq;
  };
  NodeCore& add_core(CoreSlot slot, CoreConfig cc, const CoreRoleConfig& role, AddressSpace& mem,
                     timing::MemLevel* shared_memory = nullptr);
  void map_common(CoreDevices& d, AddressSpace& mem, EventQueue& events, std::FILE* console, const std::string& prefix);
  NodeCore* core_of(const MmioAccess& by);  // the core that made a device access

  uint32_t id_;
  AddressSpace host_mem_{"host"};
  AddressSpace sram_{"sram"};
  CoreDevices host_dev_, nic_dev_;
  std::unique_ptr<NicWindowDevice> window_;
  std::unique_ptr<HostInterface> hif_;
  std::unique_ptr<DmaEngine> dma_h2n_, dma_n2h_;
  std::unique_ptr<NetPort> port_;
  std::unique_ptr<ParcelEngine> parcels_;
  std::unique_ptr<PimSpawnDevice> pim_spawn_;  // PIM NICs: threads started across their cores
  std::unique_ptr<CopyEngine> copy_;
  std::unique_ptr<timing::MemLevel> pim_memory_;  // the memory the timed PIM cores share (contention)
  std::vector<std::unique_ptr<NodeCore>> cores_;
  ExitHook on_exit_;
  uint32_t sram_size_ = 0;
  std::unique_ptr<linux_user::LinuxProcess> process_;  // the host's Linux program, if any
};

}  // namespace pimnic
