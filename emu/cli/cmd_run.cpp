// `pimnic run IMAGE.elf`: boot a firmware image.
#include <cstdio>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/gdb_option.h"
#include "cli/machine_run.h"
#include "cli/nic_capacity.h"
#include "cli/run_output.h"
#include "gdb/machine_target.h"
#include "loader/elf_image.h"
#include "machine/machine_file.h"
#include "machine/single_core_machine.h"
#include "pimnic/memmap.h"
#include "timing/model_factory.h"
#include "timing/timing_config.h"

namespace pimnic::cli {

namespace {
struct RunOptions {
  std::string image;
  LimitOptions limits;
  std::string core;
  std::string model;
  uint32_t ram_size = 0;
  std::vector<std::string> sets;
  bool list_params = false;
  RunOutputOptions out;
  gdb::ServerOptions gdb;
  std::string machine;
  std::vector<std::string> images;
  std::vector<std::string> args;  // the image's argv[1..]
};

// The core profile the image runs on: its own (the .pimnic.profile section), which --core and
// --set core.profile may repeat but not contradict (the image's start-up and exception code
// would fault on the other core). An image without the section runs on --core (default host).
void check_profile(const ElfImage& img, const std::string& path, const std::string& core_profile) {
  if (img.profile.empty()) return;
  if (img.profile != "host" && img.profile != "nic" && img.profile != "pim")
    throw std::invalid_argument(path + ": unknown profile '" + img.profile + "' in its .pimnic.profile section");
  if (img.profile != core_profile)
    throw std::invalid_argument(path + " was built for the " + img.profile + " profile and cannot run on a " +
                                core_profile + " core (leave out --core, or rebuild it for " + core_profile + ")");
}

void run_command(const RunOptions& o) {
  if (!o.machine.empty() || !o.images.empty()) {
    if (!o.image.empty()) return fail("give the images with --image PATTERN=ELF when --machine is used (not " + o.image + ")");
    if (!o.core.empty() || o.ram_size) return fail("--core and --ram-size are one-core options; use --set with --machine");
    if (!o.args.empty()) return fail("image arguments (" + o.args[0] + ") need the one-core machine, not --machine");
    MachineRunOptions m;
    m.machine = o.machine.empty() ? "default" : o.machine;
    m.images = o.images;
    m.sets = o.sets;
    m.model = o.model;
    m.limits = o.limits;
    m.list_params = o.list_params;
    m.out = o.out;
    m.gdb = o.gdb;
    return run_machine(m);
  }
  try {
    SingleCoreConfig cfg;
    timing::TimingConfig tcfg;
    ParamRegistry params;
    cfg.declare(params);
    tcfg.declare(params);
    if (o.list_params) {  // the one-core parameters, then those of machines (the default preset's values)
      for (const std::string& s : o.sets) params.set_assignment(s);
      std::printf("# pimnic run IMAGE (one core)\n%s", params.describe().c_str());
      std::printf("\n# pimnic run --machine default (see --machine NAME --list-params for another machine)\n%s",
                  describe_machine_params("default", {}).c_str());
      return;
    }
    if (o.image.empty()) return fail("run needs an ELF image (see --help)");
    const RunLimits limits = o.limits.limits();
    if (limits.max_time && o.gdb.enabled()) return fail("--max-sim-time is not available with --gdb");
    ElfImage img = read_elf(o.image);
    check_profile(img, o.image, img.profile);
    // The MPI NIC firmware talks to a NIC's network port, DMA engines and host: alone it would fault.
    if (firmware_max_nodes(img))
      return fail(o.image + " is NIC firmware for MPI: it runs on a machine's NICs (pimnic mpirun --nic KIND, " +
                  "or pimnic run --machine PRESET --image 'n*.nic=" + o.image + "')");
    // The image says which profile it was built for; --core and --set may only repeat it.
    if (!img.profile.empty()) params.set("core.profile", img.profile);
    if (!o.core.empty()) params.set("core.profile", o.core);
    if (o.ram_size) params.set("mem.ram_size", std::to_string(o.ram_size));
    std::vector<std::string> sets = o.sets;
    if (!o.model.empty()) sets.insert(sets.begin(), "core.model=" + o.model);
    timing::apply_settings(params, sets, tcfg);  // the Table I preset under the user's settings
    check_profile(img, o.image, cfg.profile);
    RunOutput output(o.out);
    SingleCoreMachine m(cfg, stdout);
    std::vector<std::string> argv{o.image};
    argv.insert(argv.end(), o.args.begin(), o.args.end());
    if (!m.sysinfo().set_args(argv))
      return fail("image arguments longer than " + std::to_string(SYSINFO_ARGS_MAX) + " bytes");
    timing::CoreTiming timing = timing::make_core_timing(
        tcfg, m.clock(), "core0.", {m.core().has(isa::FEAT_PIM), unsigned(m.core().num_harts())});
    m.set_timing(timing);
    StatRegistry stats;
    m.register_stats(stats);
    timing.register_stats(stats, "core0.");
    m.load(img);
    output.attach(m.after_slice, &img, false, m.core().config().clock_hz, limits.max_insts, timing.model.get(),
                  &m.core(), m.runner().traced_steps_need_timing());
    m.trace_with(output.instruction_tracer());
    output.listen_marks(m.marks(), m.core());
    output.begin({{"command", "run"},
                  {"images", nlohmann::json::array({image_json("core0", o.image, img)})},
                  {"args", o.args},
                  {"max_insts", limits.max_insts},
                  {"max_sim_time_ps", limits.max_time},
                  {"params", params_json(params)}});
    RunResult r = o.gdb.enabled() ? gdb::debug_machine(m, img, o.gdb, limits.max_insts, &stats) : m.run(limits);
    end_run(output, stats, r.message, r.exit_code);
  } catch (const LoadError& e) {
    fail(e.what());
  } catch (const std::invalid_argument& e) {  // also ParamError
    fail(e.what());
  }
}
}  // namespace

static std::string preset_list() {
  std::string names;
  for (const std::string& n : machine_preset_names()) names += (names.empty() ? "" : ", ") + n;
  return names;
}

void add_run_command(CLI::App& app) {
  auto o = std::make_shared<RunOptions>();
  CLI::App* c = app.add_subcommand("run", "Boot a firmware image (ELF) on a one-core machine");
  c->add_option("image", o->image, "ELF image built with the pimnic SDK");
  c->add_option("args", o->args, "Arguments for the image (pimnic_args() in sdk/include/pimnic/args.h); put -- before the first that starts with -");
  c->add_option("--machine", o->machine, "Multi-node machine: a preset (" + preset_list() + ") or a JSON machine file (docs/machine-files.md)");
  c->add_option("--image", o->images, "With --machine: boot an image on cores, PATTERN=ELF, e.g. n*.host=app.elf n0.nic=fw.elf");
  add_limit_options(c, o->limits);
  c->add_option("--core", o->core, "Core profile: host, nic or pim (default: from the image)")
      ->check(CLI::IsMember({"host", "nic", "pim"}));
  c->add_option("--ram-size", o->ram_size, "RAM size in bytes (default: the profile's)")->check(not_negative());
  c->add_option("--model", o->model, "Timing model: functional, inorder or ooo (the parameter core.model)");
  c->add_option("--set", o->sets, "Set a parameter: key=value (repeatable; see --list-params)")
      ->allow_extra_args(false);  // one key=value each, so that `--set k=v -- ARGS` leaves ARGS to the image
  c->add_flag("--list-params", o->list_params, "Print every parameter with its default and meaning (with --machine: the machine's values)");
  add_run_output_options(c, o->out);
  add_gdb_options(c, o->gdb);
  c->callback([o] { run_command(*o); });
}

}  // namespace pimnic::cli
