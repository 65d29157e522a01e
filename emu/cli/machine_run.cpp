#include "cli/machine_run.h"

#include <cstdio>

#include "cli/commands.h"
#include "cli/mpi_deadlock_report.h"
#include "gdb/multi_node_target.h"
#include "loader/elf_image.h"
#include "machine/machine_builder.h"
#include "machine/multi_node_machine.h"
#include "sim/params.h"

namespace pimnic::cli {

std::string describe_machine_params(const std::string& machine, const std::vector<std::string>& sets) {
  MachineBuilder b(machine);
  b.configure(sets);
  return b.describe();
}

void run_machine(const MachineRunOptions& o) {
  try {
    if (o.list_params) {
      std::fputs(describe_machine_params(o.machine, o.sets).c_str(), stdout);
      return;
    }
    const RunLimits limits = o.limits.limits();
    if (limits.max_time && o.gdb.enabled()) return fail("--max-sim-time is not available with --gdb");
    MachineBuilder b(o.machine);
    b.add_images(o.images);
    b.configure(o.sets, o.model);
    const MachineConfig& cfg = b.validate(o.linux_hosts.has_value());

    RunOutput output(o.out);
    if (o.gdb.enabled() && output.instruction_traces())
      return fail("instruction traces and --gdb do not go together on a machine (gdb's `monitor trace on` shows a thread's instructions)");
    MultiNodeMachine m(cfg, stdout);
    if (o.linux_hosts) start_ranks(m, *o.linux_hosts, cfg.nodes);
    std::vector<const ElfImage*> image_of(m.cores().size(), nullptr);
    nlohmann::json images = nlohmann::json::array();
    for (const MachineBuilder::Boot& boot : b.boot_images(m)) {
      images.push_back(image_json(m.cores()[boot.core]->name, boot.path, *boot.image));
      image_of[boot.core] = boot.image;
    }
    StatRegistry stats;
    m.register_stats(stats);
    output.attach_machine(m, image_of, limits.max_insts);
    nlohmann::json config = {{"command", o.command}, {"machine", o.machine}, {"images", images},
                             {"max_insts", limits.max_insts}, {"max_sim_time_ps", limits.max_time},
                             {"params", params_json(b.params())}};
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
