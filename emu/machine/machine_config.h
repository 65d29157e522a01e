// Everything that shapes a multi-node machine (DESIGN.md section 1), declared as self-describing
// parameters so that presets, machine files and `--set key=value` all set the same names:
//   machine.*  nodes and which NIC they have
//   host.*     the host core (clock, RAM, timing: host.core.model, host.mem.l1d.size, ...)
//   nic.*      the conventional NIC core and the NIC's SRAM and bus
//   pim.*      the PIM cores of a PIM NIC
//   dma.* hif.* net.* timer.* copy.*   devices and network
#pragma once
#include <cstdint>
#include <string>

#include "devices/copy_engine.h"
#include "machine/node_kinds.h"
#include "timing/timing_config.h"

namespace pimnic {
class ParamRegistry;

struct CoreRoleConfig {
  double clock_hz = 0;
  uint32_t tb_divider = 8;
  uint32_t harts = 1;
  timing::TimingConfig timing;
};

struct DmaConfig {
  double bandwidth = 4e9;    // bytes per second across the host interface
  double setup_ns = 100;     // per descriptor: fetch over the NIC bus and start
};

struct HostInterfaceConfig {
  double pio_ns = 250;       // a host store to the NIC (window, doorbell) becomes visible this much later
  double completion_ns = 250;  // a completion entry the NIC posts lands in host memory this much later
};

struct NetPortConfig {
  uint32_t rx_fifo_packets = 1024;  // arrivals held while the firmware has no receive buffer
  bool lossless = true;             // beyond the FIFO, packets wait in the fabric (link-level flow control)
};

struct MachineConfig {
  uint32_t nodes = 2;
  // Each node has a host core (false: the node is its NIC alone, e.g. a machine of PIM cores).
  bool host_core = true;
  std::string nic = "conv";  // machine.nic: conv | pim | none (nic_hardware())
  CoreRoleConfig host, nic_core, pim;
  uint32_t host_ram = 0x04000000;
  uint32_t sram_size = 0x00060000;
  double nic_bus_ns = 20;
  uint32_t pim_cores = 2;
  DmaConfig dma;
  HostInterfaceConfig hif;
  NetPortConfig port;
  // Network (emu/net): link latency and bandwidth, switch latency, per-packet overhead.
  double link_latency_ns = 200;
  double link_bandwidth = 3e9;
  double switch_latency_ns = 0;
  uint32_t packet_overhead = 0;
  uint32_t max_payload = 4096;
  CopyEngineConfig copy;  // copy.*: the host's copy engine (copy.channels=0: none)
  // Cores run in slices of at most this much simulated time ahead of the slowest core (0: the
  // smallest latency between two cores through a device or link, which keeps causality exact).
  double quantum_ns = 0;
  // Host cores run Linux programs (`pimnic mpirun`): their address spaces start empty (the
  // process lays itself out) and the NIC reaches them through /dev/uio0 instead of fixed
  // addresses. Not a parameter: the command decides.
  bool linux_hosts = false;
  void declare(ParamRegistry& params);
  // Throws std::invalid_argument naming the parameter for values that cannot be built.
  void validate() const;
  // machine.nic as its type. Throws std::invalid_argument for a name that is none of them.
  NicHardware nic_hardware() const;
};

}  // namespace pimnic
