#include "cli/machine_run.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <memory>

#include "cli/commands.h"
#include "cli/mpi_deadlock_report.h"
#include "gdb/multi_node_target.h"
#include "linux/linux_options.h"
#include "linux/process.h"
#include "loader/elf_image.h"
#include "machine/machine_config.h"
#include "machine/machine_file.h"
#include "machine/multi_node_machine.h"
#include "sim/params.h"
#include "sim/timeline.h"
#include "timing/timing_config.h"

namespace pimnic::cli {

namespace {
const char* const kRoles[] = {"host", "nic", "pim"};

// Machine description, then each role's Table I timing preset underneath, then the description
// and the user's settings again so that they win (as timing::apply_settings does for one core).
void apply_all(ParamRegistry& params, const MachineDescription& d, const std::vector<std::string>& sets,
               MachineConfig& cfg) {
  auto apply_user = [&] {
    apply_machine(params, d);
    for (const std::string& s : sets) params.set_assignment(s);
  };
  apply_user();
  const timing::TimingConfig* timing[] = {&cfg.host.timing, &cfg.nic_core.timing, &cfg.pim.timing};
  for (int r = 0; r < 3; ++r) {
    const std::string role = kRoles[r];
    const std::string profile = role;  // the core profile of the role has the role's name
    for (const auto& [k, v] : timing::preset_settings(timing::preset_for(timing[r]->preset, profile)))
      params.set(role + "." + k, v);
  }
  apply_user();
}
}  // namespace

// One rank per node, as a process manager starts MPI ranks (MPICH's Hydra sets PMI_RANK and
// PMI_SIZE): rank r on node r's host. Standard input goes to rank 0 only; every rank's clock is the
// machine's simulated time, and the environment is only what is given (runs are reproducible).
void start_ranks(MultiNodeMachine& m, const LinuxHostsOptions& o, uint32_t ranks) {
  const auto image = std::make_shared<const ElfImage>(linux_user::read_linux_executable(o.program));
  for (NodeCore* c : m.cores()) {
    if (c->slot != "host" || c->node >= ranks) continue;
    linux_user::LinuxOptions lo;
    lo.program = o.program;
    lo.image = image;
    lo.argv = {o.program};
    lo.argv.insert(lo.argv.end(), o.args.begin(), o.args.end());
    const std::string rank = std::to_string(c->node);
    lo.envp = {"PMI_RANK=" + rank, "PMI_SIZE=" + std::to_string(ranks), "PIMNIC_NIC=" + o.nic_kind,
               "PIMNIC_TRANSPORT=" + o.transport};
    lo.envp.insert(lo.envp.end(), o.env.begin(), o.env.end());
    lo.clock = linux_user::ClockMode::Simulated;
    lo.sleep_moves_core = true;
    lo.strace = o.strace;
    lo.canonical_host = o.canonical_host;
    lo.stdin_closed = c->node != 0;
    lo.pid = 1000 + c->node;  // (not pimnic's own: the same run gives the same traces)
    if (o.tag_output) lo.output_tag = "[" + rank + "] ";
    m.start_linux(*c, lo, "rank " + rank);
  }
}

std::string describe_machine_params(const std::string& machine, const std::vector<std::string>& sets) {
  MachineConfig cfg;
  ParamRegistry params;
  cfg.declare(params);
  MachineDescription d = load_machine(machine, params);
  apply_all(params, d, sets, cfg);
  return params.describe();
}

void run_machine(const MachineRunOptions& o) {
  try {
    if (o.list_params) {
      std::fputs(describe_machine_params(o.machine, o.sets).c_str(), stdout);
      return;
    }
    MachineConfig cfg;
    ParamRegistry params;
    cfg.declare(params);
    const RunLimits limits = o.limits.limits();
    if (limits.max_time && o.gdb.enabled()) return fail("--max-sim-time is not available with --gdb");
    MachineDescription d = load_machine(o.machine, params);
    for (const std::string& i : o.images) d.images.push_back(parse_image_option(i));
    std::vector<std::string> sets = o.sets;
    if (!o.model.empty())
      for (const char* role : kRoles) sets.insert(sets.begin(), std::string(role) + ".core.model=" + o.model);
    apply_all(params, d, sets, cfg);
    cfg.validate();
    check_images(d, cfg.nodes, cfg.nic, cfg.pim_cores);
    cfg.linux_hosts = o.linux_hosts.has_value();

    RunOutput output(o.out);
    if (o.gdb.enabled() && output.instruction_traces())
      return fail("instruction traces and --gdb do not go together on a machine (gdb's `monitor trace on` shows a thread's instructions)");
    MultiNodeMachine m(cfg, stdout);
    if (o.linux_hosts) start_ranks(m, *o.linux_hosts, cfg.nodes);
    std::vector<const ElfImage*> image_of(m.cores().size(), nullptr);
    std::map<std::string, std::unique_ptr<ElfImage>> loaded;  // each file read once
    nlohmann::json images = nlohmann::json::array();
    for (NodeCore* c : m.cores()) {
      std::optional<std::string> path = image_for(d.images, c->node, c->slot);
      // PIM cores share the NIC's SRAM: the image boots on the first one.
      if (c->slot.rfind("pim", 0) == 0 && c->slot != "pim0") {
        if (path != image_for(d.images, c->node, "pim0"))
          return fail(c->name + ": the PIM cores of a NIC share its SRAM and boot one image (give it as n" +
                      std::to_string(c->node) + ".nic)");
        continue;
      }
      if (!path) continue;
      auto& img = loaded[*path];
      if (!img) img = std::make_unique<ElfImage>(read_elf(*path));
      const std::string profile = c->core->config().profile;
      if (!img->profile.empty() && img->profile != profile)
        return fail(*path + " was built for the " + img->profile + " profile but " + c->name + " is a " + profile + " core");
      m.load(*c, *img);
      images.push_back(image_json(c->name, *path, *img));
      image_of[size_t(std::find(m.cores().begin(), m.cores().end(), c) - m.cores().begin())] = img.get();
    }
    StatRegistry stats;
    m.register_stats(stats);
    output.attach_machine(m, image_of, limits.max_insts);
    nlohmann::json config = {{"command", o.command}, {"machine", o.machine}, {"images", images},
                             {"max_insts", limits.max_insts}, {"max_sim_time_ps", limits.max_time},
                             {"params", params_json(params)}};
    if (o.linux_hosts) {
      config["program"] = o.linux_hosts->program;
      config["args"] = o.linux_hosts->args;
      config["nic"] = o.linux_hosts->nic_kind;
    }
    output.begin(config);
    RunResult r = o.gdb.enabled() ? gdb::debug_multi_node(m, o.gdb, limits.max_insts, &stats) : m.run(limits);
    if (o.linux_hosts && r.exit_code == kExitDeadlock) r.message = mpi_deadlock_report(m, r.message);
    end_run(output, stats, r.message, r.kind == RunResult::Kind::InsnLimit ? kExitInsnLimit : r.exit_code);
  } catch (const LoadError& e) {
    fail(e.what());
  } catch (const std::invalid_argument& e) {  // also ParamError
    fail(e.what());
  }
}

}  // namespace pimnic::cli
