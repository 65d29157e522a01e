#include "machine/machine_config.h"

#include <algorithm>
#include <stdexcept>

#include "pimnic/memmap.h"
#include "sim/clock.h"
#include "sim/params.h"

namespace pimnic {

namespace {
void declare_role(ParamRegistry& p, CoreRoleConfig& c, const std::string& role, const std::string& what, double hz,
                  uint32_t harts) {
  p.declare(role + ".core.clock_hz", c.clock_hz, hz, "clock of the " + what + " in Hz");
  p.declare(role + ".core.tb_divider", c.tb_divider, 8, what + " cycles per time-base and decrementer tick");
  p.declare(role + ".core.harts", c.harts, harts, "hardware threads of each " + what);
  c.timing.declare(p, role + ".");
}

void positive(double v, const char* name) {
  if (!(v > 0)) throw std::invalid_argument(std::string(name) + " must be greater than 0");
}
}  // namespace

void MachineConfig::declare(ParamRegistry& p) {
  p.declare("machine.nodes", nodes, nodes, "nodes in the machine (each a host core plus a NIC)");
  p.declare("machine.nic", nic, nic, "the NIC of every node: conv (one 440-class core), pim (two PIM cores) or none",
            {nic_hardware_name(NicHardware::Conv), nic_hardware_name(NicHardware::Pim), nic_hardware_name(NicHardware::None)});
  p.declare("machine.host_core", host_core, host_core,
            "each node has a host core (false: a node is its NIC alone, e.g. all-PIM nodes with machine.nic=pim)");
  p.declare("machine.quantum_ns", quantum_ns, quantum_ns,
            "ns a core may run ahead of the slowest core (0: the smallest device or link latency, exact causality)");
  declare_role(p, host, "host", "host core", 2e9, 1);
  p.declare("host.mem.ram_size", host_ram, host_ram, "bytes of host RAM at address 0");
  declare_role(p, nic_core, "nic", "conventional NIC core", 500e6, 1);
  p.declare("nic.sram_size", sram_size, sram_size, "bytes of NIC SRAM (at address 0 of the NIC cores)");
  p.declare("nic.bus_ns", nic_bus_ns, nic_bus_ns, "ns for a NIC core to reach a device on the NIC bus");
  declare_role(p, pim, "pim", "PIM core", 500e6, 32);
  p.declare("pim.cores", pim_cores, pim_cores, "PIM cores on a PIM NIC (they share the NIC SRAM)");
  p.declare("dma.bandwidth", dma.bandwidth, dma.bandwidth, "bytes per second a DMA engine moves across the host interface");
  p.declare("dma.setup_ns", dma.setup_ns, dma.setup_ns, "ns a DMA engine takes per descriptor before data moves");
  p.declare("hif.pio_ns", hif.pio_ns, hif.pio_ns, "ns until a host store to the NIC (SRAM window, doorbell) arrives");
  p.declare("hif.completion_ns", hif.completion_ns, hif.completion_ns,
            "ns until a completion entry the NIC posts lands in host memory");
  p.declare("net.port.rx_fifo_packets", port.rx_fifo_packets, port.rx_fifo_packets,
            "arrived packets a network port holds while the firmware has no free receive buffer");
  p.declare("net.port.lossless", port.lossless, port.lossless,
            "beyond the FIFO, arrivals wait in the switch as with link-level flow control (InfiniBand, HPC fabrics); "
            "false: they are dropped and counted (Ethernet)");
  p.declare("net.link_latency_ns", link_latency_ns, link_latency_ns, "wire latency of every link in ns (fixed at construction)");
  p.declare("net.link_bandwidth", link_bandwidth, link_bandwidth, "bandwidth of every link in bytes per second");
  p.declare("net.switch_latency_ns", switch_latency_ns, switch_latency_ns, "ns a packet spends crossing the switch");
  p.declare("net.packet_overhead", packet_overhead, packet_overhead, "bytes on the wire per packet beyond header and payload");
  p.declare("net.max_payload", max_payload, max_payload, "largest payload of one packet in bytes");
  copy.declare(p, "copy.");
}

NicHardware MachineConfig::nic_hardware() const {
  if (auto n = nic_hardware_named(nic)) return *n;
  throw std::invalid_argument("machine.nic: expected one of conv, pim, none, got '" + nic + "'");
}

void MachineConfig::validate() const {
  if (nodes < 1 || nodes > 65536) throw std::invalid_argument("machine.nodes must be between 1 and 65536");
  if (!host_core && nic_hardware() == NicHardware::None)
    throw std::invalid_argument("machine.host_core=false needs a NIC with cores (machine.nic conv or pim)");
  check_ns_setting(quantum_ns, "machine.quantum_ns");
  positive(host.clock_hz, "host.core.clock_hz");
  positive(nic_core.clock_hz, "nic.core.clock_hz");
  positive(pim.clock_hz, "pim.core.clock_hz");
  if (host.tb_divider == 0) throw std::invalid_argument("host.core.tb_divider must be at least 1");
  if (nic_core.tb_divider == 0) throw std::invalid_argument("nic.core.tb_divider must be at least 1");
  if (pim.tb_divider == 0) throw std::invalid_argument("pim.core.tb_divider must be at least 1");
  if (host.harts != 1) throw std::invalid_argument("host.core.harts must be 1");
  if (nic_core.harts != 1) throw std::invalid_argument("nic.core.harts must be 1");
  if (pim.harts < 1 || pim.harts > 64) throw std::invalid_argument("pim.core.harts must be between 1 and 64");
  if (pim_cores < 1 || pim_cores > 4) throw std::invalid_argument("pim.cores must be between 1 and 4");
  if (host_ram < 0x10000 || host_ram > 0xC0000000u) throw std::invalid_argument("host.mem.ram_size must be between 64 KiB and 3 GiB");
  if (sram_size < 0x8000 || sram_size > 0x10000000u) throw std::invalid_argument("nic.sram_size must be between 32 KiB and 256 MiB");
  check_ns_setting(nic_bus_ns, "nic.bus_ns");
  positive(dma.bandwidth, "dma.bandwidth");
  check_ns_setting(dma.setup_ns, "dma.setup_ns");
  check_ns_setting(hif.pio_ns, "hif.pio_ns", true);
  check_ns_setting(hif.completion_ns, "hif.completion_ns", true);
  check_ns_setting(link_latency_ns, "net.link_latency_ns", true);
  positive(link_bandwidth, "net.link_bandwidth");
  check_ns_setting(switch_latency_ns, "net.switch_latency_ns");
  if (max_payload == 0 || max_payload > (1u << 24)) throw std::invalid_argument("net.max_payload must be between 1 and 16 MiB");
  if (port.rx_fifo_packets == 0) throw std::invalid_argument("net.port.rx_fifo_packets must be at least 1");
  if (copy.channels) copy.validate();
}

}  // namespace pimnic
