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

// Table I (seed pim-nic-mpi-matching.txt) and DESIGN.md section 1. Latencies the table does not
// give are typical of the class of machine: a 2-cycle L1 and 12-cycle L2 on the host, the
// single-cycle cache of the 440 the paper mentions on the NIC.
Settings preset_settings(const std::string& preset) {
  if (preset == "none") return {};
  if (preset == "host")
    return {{"mem.l1i.size", "65536"}, {"mem.l1i.assoc", "2"}, {"mem.l1i.line", "64"}, {"mem.l1i.latency", "1"},
            {"mem.l1d.size", "65536"}, {"mem.l1d.assoc", "2"}, {"mem.l1d.line", "64"}, {"mem.l1d.latency", "2"},
            {"mem.l1d.mshrs", "8"},    {"mem.l2.size", "524288"}, {"mem.l2.assoc", "8"}, {"mem.l2.line", "64"},
            {"mem.l2.latency", "12"},  {"mem.backing", "dram"},  {"mem.dram.row_hit", "140"},
            {"mem.dram.row_miss", "160"}, {"mem.dram.policy", "open"}, {"mem.mmio_ns", "0"},
            // Table I, CPU column: fetch queue 4, issue 8, commit 4, RUU 64, 4 integer units, 3 memory ports.
            {"core.ooo.fetch_queue", "4"}, {"core.ooo.fetch_width", "4"}, {"core.ooo.decode_width", "4"},
            {"core.ooo.issue_width", "8"}, {"core.ooo.commit_width", "4"}, {"core.ooo.ruu_size", "64"},
            {"core.ooo.lsq_size", "32"},   {"core.ooo.int_alu", "4"},     {"core.ooo.mem_ports", "3"}};
  if (preset == "nic-conv")
    return {{"mem.l1i.size", "32768"}, {"mem.l1i.assoc", "64"}, {"mem.l1i.line", "32"}, {"mem.l1i.latency", "1"},
            {"mem.l1d.size", "32768"}, {"mem.l1d.assoc", "64"}, {"mem.l1d.line", "32"}, {"mem.l1d.latency", "1"},
            {"mem.l1d.mshrs", "4"},    {"mem.l2.size", "0"},      {"mem.backing", "dram"},
            {"mem.dram.row_hit", "30"}, {"mem.dram.row_miss", "32"}, {"mem.dram.policy", "open"},
            {"mem.mmio_ns", "20"},     {"core.bpred.kind", "bimodal"},
            // Table I, conventional NIC column: fetch queue 2, issue 4, commit 4, RUU 16, 2 integer
            // units, 1 memory port (decode width 2 like the fetch queue; LSQ half the RUU).
            {"core.ooo.fetch_queue", "2"}, {"core.ooo.fetch_width", "2"}, {"core.ooo.decode_width", "2"},
            {"core.ooo.issue_width", "4"}, {"core.ooo.commit_width", "4"}, {"core.ooo.ruu_size", "16"},
            {"core.ooo.lsq_size", "8"},    {"core.ooo.int_alu", "2"},     {"core.ooo.mem_ports", "1"}};
  if (preset == "pim")
    return {{"mem.l1i.size", "4096"},  {"mem.l1i.assoc", "8"},  {"mem.l1i.line", "32"}, {"mem.l1i.latency", "1"},
            {"mem.l1d.size", "0"},     {"mem.l2.size", "0"},     {"mem.backing", "dram"},
            {"mem.dram.row_hit", "4"}, {"mem.dram.row_miss", "11"}, {"mem.dram.policy", "open"},
            {"mem.dram.burst", "1"},   {"mem.mmio_ns", "20"},     {"core.bpred.kind", "nottaken"}};
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
