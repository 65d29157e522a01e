#include "timing/timing_config.h"

#include <stdexcept>

#include "sim/params.h"

namespace pimnic::timing {

void TimingConfig::declare(ParamRegistry& p, const std::string& prefix) {
  p.declare(prefix + "core.model", model, model,
            "timing model: functional (1 cycle per instruction, fastest), inorder (single-issue pipeline; on a PIM core "
            "the PIM model), ooo (out of order), pim (the PIM core's multithreaded interleaved pipeline; PIM cores only)",
            {"functional", "inorder", "ooo", "pim"});
  p.declare(prefix + "timing.preset", preset, preset,
            "parameter preset from Table I: host, nic-conv, pim, auto (by core.profile) or none",
            {"auto", "host", "nic-conv", "pim", "none"});
  ops.declare(p, prefix + "core.op");
  mem.declare(p, prefix);
  inorder.declare(p, prefix + "core.inorder");
  ooo.declare(p, prefix + "core.ooo");
  pim.declare(p, prefix + "core.pim");
  bpred.declare(p, prefix + "core.bpred.");
}

// Each value with its source. "Table I" is the seed pim-nic-mpi-matching.txt's; "7400 UM" the
// MPC7400 RISC Microprocessor User's Manual (Motorola), section 1.2; "440 UM" the PPC440x5 CPU Core
// User's Manual (IBM, 2002), section 1.3; "440 DS" the PowerPC 440 Core datasheet (IBM, 1999).
// Values no source gives are marked "assumed" (docs/timing-calibration.md lists them).
Settings preset_settings(const std::string& preset) {
  if (preset == "none") return {};
  if (preset == "host")
    return {// Table I, CPU: L1 64K/2, L2 512K, memory 140-160 cycles (row hit/miss), 2 GHz.
            {"mem.l1i.size", "65536"}, {"mem.l1i.assoc", "2"}, {"mem.l1d.size", "65536"}, {"mem.l1d.assoc", "2"},
            {"mem.l2.size", "524288"}, {"mem.backing", "dram"}, {"mem.dram.row_hit", "140"}, {"mem.dram.row_miss", "160"},
            // Assumed (typical of the class): 64-byte lines, L1 1 (I) / 2 (D) and L2 12 cycles, L2 8-way,
            // an open-row policy, no device bus (the host's devices are its own).
            {"mem.l1i.line", "64"}, {"mem.l1i.latency", "1"}, {"mem.l1d.line", "64"}, {"mem.l1d.latency", "2"},
            {"mem.l2.assoc", "8"}, {"mem.l2.line", "64"}, {"mem.l2.latency", "12"}, {"mem.dram.policy", "open"},
            {"mem.mmio_ns", "0"},
            // 7400 UM: up to 8 outstanding L1 data misses (the 8-entry data reload table), which also
            // holds store misses, merging stores to the same line.
            {"mem.l1d.mshrs", "8"}, {"mem.store_buffer", "8"},
            // Table I, CPU: fetch queue 4, issue 8, commit 4, RUU 64, 4 integer units, 3 memory ports;
            // fetch and decode 4 like the fetch queue, LSQ half the RUU (assumed).
            {"core.ooo.fetch_queue", "4"}, {"core.ooo.fetch_width", "4"}, {"core.ooo.decode_width", "4"},
            {"core.ooo.issue_width", "8"}, {"core.ooo.commit_width", "4"}, {"core.ooo.ruu_size", "64"},
            {"core.ooo.lsq_size", "32"},   {"core.ooo.int_alu", "4"},     {"core.ooo.mem_ports", "3"}};
  if (preset == "nic-conv")
    return {// Table I, conventional NIC: L1 32K/64, no L2, memory 30-32 cycles, 500 MHz; the NIC bus's
            // 20 ns for every device access (the seed's NIC model).
            {"mem.l1i.size", "32768"}, {"mem.l1i.assoc", "64"}, {"mem.l1d.size", "32768"}, {"mem.l1d.assoc", "64"},
            {"mem.l2.size", "0"}, {"mem.backing", "dram"}, {"mem.dram.row_hit", "30"}, {"mem.dram.row_miss", "32"},
            {"mem.mmio_ns", "20"},
            // 440 UM: 32-byte cache lines; single-cycle cache access (the load-use of the 440's
            // pipeline is in core.op.Load); assumed: an open-row policy.
            {"mem.l1i.line", "32"}, {"mem.l1i.latency", "1"}, {"mem.l1d.line", "32"}, {"mem.l1d.latency", "1"},
            {"mem.dram.policy", "open"},
            // 440 DS: the data cache has three line fill buffers (misses to three lines in flight),
            // which also take cacheable store misses.
            {"mem.l1d.mshrs", "3"}, {"mem.store_buffer", "3"},
            // 440 DS: a branch history table of 2-bit counters.
            {"core.bpred.kind", "bimodal"},
            // 440 UM: 32x32 multiply 3 cycles latency, one per cycle; divide 33 cycles.
            {"core.op.IntMul.latency", "3"}, {"core.op.IntDiv.latency", "33"}, {"core.op.IntDiv.interval", "33"},
            // 440 UM: seven stages (IFTH, PDCD, DISS, RACC, EXE1/AGEN, EXE2/CRD, WB); branches resolve in
            // EXE1, so a misprediction loses the four stages behind it. The in-order model resolves at
            // the end of X, two cycles after fetch: 2 more make the 440's 4.
            {"core.inorder.mispredict_penalty", "2"},
            // Table I, conventional NIC: fetch queue 2, issue 4, commit 4, RUU 16, 2 integer units,
            // 1 memory port; decode 2 like the fetch queue, LSQ half the RUU (assumed).
            {"core.ooo.fetch_queue", "2"}, {"core.ooo.fetch_width", "2"}, {"core.ooo.decode_width", "2"},
            {"core.ooo.issue_width", "4"}, {"core.ooo.commit_width", "4"}, {"core.ooo.ruu_size", "16"},
            {"core.ooo.lsq_size", "8"},    {"core.ooo.int_alu", "2"},     {"core.ooo.mem_ports", "1"}};
  if (preset == "pim")
    return {// Table I, PIM: 4K/8 instruction cache only, 1 integer unit, 1 memory port, 500 MHz; the NIC
            // bus's 20 ns for device accesses.
            {"mem.l1i.size", "4096"}, {"mem.l1i.assoc", "8"}, {"mem.l1d.size", "0"}, {"mem.l2.size", "0"},
            {"core.pim.int_units", "1"}, {"core.pim.mem_ports", "1"}, {"mem.mmio_ns", "20"},
            // Seed mpi-over-parcels-pim.txt, Table 1: memory latency open page 4, closed page 11
            // cycles; the 256-bit path moves an access in one cycle (burst 1).
            {"mem.backing", "dram"}, {"mem.dram.row_hit", "4"}, {"mem.dram.row_miss", "11"}, {"mem.dram.policy", "open"},
            {"mem.dram.burst", "1"},
            // Assumed: 32-byte I-cache lines, 1-cycle hit; no branch predictor (the barrel fetches a
            // thread's next instruction after its branch has left the pipeline).
            {"mem.l1i.line", "32"}, {"mem.l1i.latency", "1"}, {"core.bpred.kind", "nottaken"}};
  throw std::invalid_argument("unknown preset '" + preset + "' (host, nic-conv, pim, auto, none)");
}

std::string preset_for(const std::string& preset, const std::string& profile) {
  if (preset != "auto") return preset;
  return profile == "nic" ? "nic-conv" : profile == "pim" ? "pim" : "host";
}

void apply_settings(ParamRegistry& params, const std::vector<std::string>& assignments, TimingConfig& cfg,
                    const std::string& profile_param) {
  for (const std::string& a : assignments) params.set_assignment(a);
  std::string profile;
  for (const ParamRegistry::Info& i : params.list())
    if (i.name == profile_param) profile = i.value;
  for (const auto& [k, v] : preset_settings(preset_for(cfg.preset, profile))) params.set(k, v);
  // Single-issue in-order cores of this class (7400, 440) predict with a table of 2-bit counters;
  // a TAGE would be out of place (and costs a third of the in-order model's time).
  if (cfg.model == "inorder" && cfg.preset != "none" && cfg.bpred.kind == "tage") params.set("core.bpred.kind", "bimodal");
  for (const std::string& a : assignments) params.set_assignment(a);
}

}  // namespace pimnic::timing
