// Machine presets: the machines of the seed papers (/work/shared/seeds, DESIGN.md section 1),
// each setting citing where its figure comes from. A preset sets only what its source gives;
// everything else keeps the parameter's default (see `pimnic run --list-params`). Core timing
// (caches, widths, memory latency in cycles) comes from the per-role timing presets of
// emu/timing/timing_config.cpp (Table I columns host, nic-conv, pim), chosen here by name.
#include <algorithm>
#include <stdexcept>

#include "machine/machine_file.h"
#include "machine/node_kinds.h"

namespace pimnic {

namespace {

struct Preset {
  const char* name;
  const char* what;
  std::vector<std::pair<std::string, std::string>> settings;
  std::vector<std::string> optional;
};

// Seed pim-nic-mpi-matching.txt, Section V and Table I ("Processor simulation parameters").
std::vector<std::pair<std::string, std::string>> table1(NicHardware nic) {
  std::vector<std::pair<std::string, std::string>> s = {
      {"machine.nodes", "2"},             // the latency/bandwidth benchmark (Fig. 4) runs between two nodes
      {"machine.nic", nic_hardware_name(nic)},  // Fig. 1(a) conventional NIC or 1(b) two PIMs
      {"host.core.model", "ooo"},         // SimpleScalar-style out-of-order main processor (Sec. V)
      {"host.timing.preset", "host"},     // Table I, CPU column: FQ 4, issue 8, commit 4, RUU 64, 4 int, 3 mem ports, L1 64K/2, L2 512K, 140-160 cyc
      {"host.core.clock_hz", "2e9"},      // Table I: clock 2 GHz
      {"nic.core.model", "ooo"},          // Table I models the PowerPC 440 as a small out-of-order core
      {"nic.timing.preset", "nic-conv"},  // Table I, Conv. NIC column: FQ 2, issue 4, commit 4, RUU 16, 2 int, 1 mem port, L1 32K/64, 30-32 cyc
      {"nic.core.clock_hz", "500e6"},     // Table I: clock 500 MHz
      {"nic.sram_size", "393216"},        // Sec. III: 384K of SRAM on the NIC
      {"nic.bus_ns", "20"},               // Sec. V: the NIC bus "was simulated with a 20 ns delay"
      {"net.link_latency_ns", "200"},     // Table I: network wire latency 200 ns
      {"net.link_bandwidth", "3e9"},      // Table I: network wire bandwidth 3 GB/s
  };
  if (nic == NicHardware::Pim) {
    s.insert(s.end(), {
        {"pim.cores", "2"},                 // Sec. III, Fig. 1(b): "it is possible to include two PIMs"
        {"pim.core.model", "inorder"},      // Table I, PIM column: fetch 1, issue 1, commit 1 (single-issue pipeline)
        {"pim.timing.preset", "pim"},       // Table I, PIM column: 4K/8 I-cache only, 1 int unit, 1 mem port
        // Sec. VI: "the PIM is essentially a single pipeline without branch prediction or the ability to
        // hide memory latency": a thread may issue every cycle, stalls on taken branches and on memory,
        // and other threads fill the stalls (the parcel machine keeps seed mpi-over-parcels-pim's
        // "4 stage pipelined, with each stage supporting a separate thread": interleaved).
        {"pim.core.pim.pipeline", "single"},
        {"pim.core.clock_hz", "500e6"},     // "a PIM based on similar technology" (Sec. I) at the NIC's 500 MHz (DESIGN.md 1)
    });
  }
  return s;
}

// Seed nic-based-reduction.txt, Section IV (evaluation cluster) and Section II (Myrinet/GM).
std::vector<std::pair<std::string, std::string>> myrinet16() {
  return {
      {"machine.nodes", "16"},             // "a cluster of 16 quad-SMP ... nodes", "16 ports of a 32 port switch"
      {"machine.nic", "conv"},             // one programmable NIC processor (LANai 9.1) per node
      {"host.core.model", "ooo"},          // 700 MHz Pentium-III: out-of-order host (host preset below)
      {"host.timing.preset", "host"},
      {"host.core.clock_hz", "700e6"},     // "700MHz Pentium-III nodes"
      {"nic.core.model", "inorder"},       // the LANai is a simple single-issue RISC core
      {"nic.timing.preset", "nic-conv"},
      {"nic.core.clock_hz", "133e6"},      // "133MHz LANai 9.1 processors"; no FPU (Sec. III.D: SoftFloat):
                                           // the nic core profile has none
      {"nic.sram_size", "2MiB"},           // "PCI64B cards with 2MB of memory"
      {"dma.bandwidth", "528e6"},          // "66MHz/64bit PCI": 66 MHz x 8 bytes = 528 MB/s
      {"net.link_bandwidth", "250e6"},     // "Myrinet is a high-performance full-duplex 2Gbps network": 250 MB/s each way
      // The seed gives no wire latency: net.link_latency_ns keeps its default (200 ns, Table I).
  };
}

// Seed mpi-on-portals3.txt, Section 5 (performance), Myrinet node; NIC figures the seed leaves
// out come from the same LANai 9 generation in seed nic-based-reduction.txt.
std::vector<std::pair<std::string, std::string>> portals_myrinet() {
  return {
      {"machine.nodes", "2"},              // ping-pong half round-trip latency and bandwidth (Figs. 10, 11)
      {"machine.nic", "conv"},             // "Myrinet LANai 9 NIC" running the Portals MCP
      {"host.core.model", "ooo"},          // 617 MHz Alpha EV67: out-of-order host
      {"host.timing.preset", "host"},
      {"host.core.clock_hz", "617e6"},     // "617 MHz Alpha EV67 processor"
      {"host.mem.ram_size", "256MiB"},     // "with 256 MB of main memory"
      {"nic.core.model", "inorder"},       // the LANai: simple single-issue RISC, no FPU (nic profile)
      {"nic.timing.preset", "nic-conv"},
      {"nic.core.clock_hz", "133e6"},      // LANai 9(.1) at 133 MHz (seed nic-based-reduction.txt, Sec. IV)
      {"nic.sram_size", "2MiB"},           // LANai 9 PCI64B card, 2 MB (seed nic-based-reduction.txt, Sec. IV)
      {"net.link_bandwidth", "250e6"},     // Myrinet "gigabit-per-second speeds" (Sec. 1); Myrinet2000 2 Gb/s
                                           // (seed nic-based-reduction.txt, Sec. II): 250 MB/s each way
      // No wire latency in the seed: net.link_latency_ns keeps its default (200 ns, Table I).
  };
}

// Seed ioat-async-copy-engine.txt, Section 4 (experimental testbed).
std::vector<std::pair<std::string, std::string>> copy_host() {
  return {
      {"machine.nodes", "1"},              // copies within one node (single process and IPC)
      {"machine.nic", "none"},             // the NIC plays no part in the copy benchmarks
      {"host.core.model", "ooo"},
      {"host.timing.preset", "host"},
      {"host.core.clock_hz", "3.46e9"},    // "dual dual-core Intel 3.46 GHz processors"
      {"host.mem.l2.size", "2MiB"},        // "2 MB L2 cache"
      // The seed's 3.46 GHz dual-core Xeon with 2 MB L2 per core on an X7DB8+ (Intel 5000P) is the
      // Xeon 5070 ("Dempsey", NetBurst; the 5100 series tops out at 3.0 GHz with a shared 4 MB L2).
      // Its L2 stream prefetcher (IA-32 Intel Architecture Optimization Reference Manual, 248966-013,
      // April 2006, "Hardware Prefetching of Data"): 8 streams in 8 different 4 KiB regions, started
      // by two close misses, 256 bytes ahead; the trigger distance is assumed 256 bytes.
      {"host.mem.l2.prefetch_streams", "8"},
      {"host.mem.l2.prefetch_ahead", "256"},
      // The 5000P MCH gives each processor its own 1066 MT/s, 64-bit bus (8.5 GB/s; Intel 5000 Series
      // Chipsets Server Board Family Datasheet, D38960, section 2.1.1), behind it four FB-DIMM
      // DDR2-667 channels, 21 GB/s read (ibid. 2.3): the bus is the narrower, so a 64-byte line holds
      // it 7.5 ns, 26 cycles of the 3.46 GHz core.
      {"host.mem.dram.burst", "26"},
      {"copy.channels", "4"},              // Figs. 4-6: "ADCE using four channels" (only if the copy engine is built in)
  };
}

// Seed mpi-over-parcels-pim.txt, Section 2 and Table 1: an all-PIM machine, nothing but PIM memory
// units with their logic units, running the application on the PIM cores (no host core).
std::vector<std::pair<std::string, std::string>> all_pim_lite() {
  return {
      {"machine.nodes", "2"},              // the microbenchmark sends "in each direction" between two processes (Sec. 4.1)
      {"machine.nic", "pim"},              // "there is nothing but PIM chips" (Sec. 2)
      {"machine.host_core", "false"},      // "individual MU/LU are running conventional node level applications" (Sec. 2)
      {"pim.cores", "1"},                  // one logic unit per memory unit (Fig. 1: "each MU has an attached logic unit")
      {"pim.core.model", "inorder"},
      {"pim.timing.preset", "pim"},        // Table 1, PIM column: memory latency open page 4, closed page 11 cycles, no L2
      {"pim.core.pim.pipeline", "interleaved"},  // "a second generation PIM Lite - 4 stage pipelined, with each
      {"pim.core.pim.depth", "4"},               //  stage supporting a separate thread" (Sec. 2); Table 1: 1 pipeline, depth 4 (interwoven)
      // The seed gives no clock ("several GHz" by 2007) and no network: both keep their defaults.
  };
}

const std::vector<Preset>& presets() {
  static const std::vector<Preset> all = {
      {"table1-conv", "Table I two-node machine, conventional NIC (2 GHz OoO host, 500 MHz OoO PowerPC 440 NIC, "
                      "20 ns bus, 200 ns / 3 GB/s links; seed pim-nic-mpi-matching)",
       table1(NicHardware::Conv), {}},
      {"table1-pim", "Table I two-node machine, PIM NIC (two 500 MHz single-issue PIM cores instead of the 440; "
                     "seed pim-nic-mpi-matching)",
       table1(NicHardware::Pim), {}},
      {"myrinet16", "16-node Myrinet-like cluster of the reduction paper (700 MHz hosts, 133 MHz LANai NIC without FPU, "
                    "2 MB NIC memory, 528 MB/s PCI, 2 Gb/s links; seed nic-based-reduction)",
       myrinet16(), {}},
      {"portals-myrinet", "Portals paper's Myrinet node pair (617 MHz Alpha host, 256 MB, 133 MHz LANai 9 NIC, "
                          "2 Gb/s links; seed mpi-on-portals3)",
       portals_myrinet(), {}},
      {"copy-host", "one I/OAT host without a NIC, 4 copy-engine channels (3.46 GHz, 2 MB L2; seed ioat-async-copy-engine)",
       copy_host(), {"copy.channels"}},
      {"all-pim-lite", "two all-PIM nodes: one 4-stage interwoven PIM Lite core per memory unit, no host "
                       "(open/closed row 4/11 cycles; seed mpi-over-parcels-pim)",
       all_pim_lite(), {}},
      {"nic-pim", "the same as table1-pim (issue 7's name for the two-PIM NIC of Table I)", table1(NicHardware::Pim), {}},
      {"default", "the same as table1-conv", table1(NicHardware::Conv), {}},
  };
  return all;
}

}  // namespace

std::vector<std::string> machine_preset_names() {
  std::vector<std::string> names;
  for (const Preset& p : presets()) names.push_back(p.name);
  return names;
}

std::string describe_presets() {
  std::string out;
  for (const Preset& p : presets()) {
    std::string name = p.name;
    name.resize(std::max<size_t>(name.size(), 16), ' ');
    out += name + p.what + "\n";
  }
  return out;
}

MachineDescription machine_preset(const std::string& name) {
  for (const Preset& p : presets())
    if (name == p.name) return {p.settings, {}, "preset " + name, p.optional};
  std::string all;
  for (const Preset& p : presets()) all += (all.empty() ? "" : ", ") + std::string(p.name);
  throw std::invalid_argument("unknown machine preset '" + name + "' (presets: " + all + "; or a .json machine file)");
}

}  // namespace pimnic
