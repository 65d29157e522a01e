// `pimnic linux [options] PROG [ARGS...]`: run a static powerpc-linux executable in Linux user
// mode (emu/linux/, docs/linux-mode.md). Options come before PROG; everything after PROG goes to
// the guest.
#include <unistd.h>

#include <cstdio>
#include <memory>
#include <optional>

#include "cli/commands.h"
#include "cli/run_output.h"
#include "cli/gdb_option.h"
#include "gdb/linux_target.h"
#include "linux/process.h"
#include "sim/params.h"
#include "timing/model_factory.h"
#include "timing/timing_config.h"

extern char** environ;

namespace pimnic::cli {

namespace {

struct LinuxCliOptions {
  linux_user::LinuxOptions run;
  LimitOptions limits;
  std::vector<linux_user::EnvEdit> env_edits;
  bool clear_env = false;
  std::string argv0;
  std::string host_files;  // "", "ro" or "rw"
  std::string clock = "host";
  std::optional<double> uptime;  // seconds; none: the default
  std::string model;
  std::vector<std::string> sets;  // timing parameters (core.model, mem.*, core.op.*, ...)
  bool list_params = false;
  RunOutputOptions out;
  gdb::ServerOptions gdb;
};

// config.json of a Linux-mode run: what shaped it.
nlohmann::json linux_config(const linux_user::LinuxOptions& r) {
  return {{"command", "linux"}, {"program", r.program}, {"argv", r.argv}, {"envp", r.envp},
          {"stack_size", r.stack_size}, {"seed", r.seed}, {"host_random", r.host_random},
          {"host_files", r.host_files}, {"host_files_write", r.host_files_write},
          {"clock", r.clock == linux_user::ClockMode::Simulated ? "sim" : "host"}, {"sim_epoch", r.sim_epoch},
          {"uptime_ns", r.uptime_ns == linux_user::kDefaultUptime ? nlohmann::json() : nlohmann::json(r.uptime_ns)},
          {"platform", r.platform}, {"hwcap", r.hwcap}, {"hwcap2", r.hwcap2}, {"max_insts", r.max_insts}, {"max_sim_time_ps", r.max_sim_ps},
          {"core.profile", "host"}};
}

void linux_command(CLI::App& cmd, LinuxCliOptions& o) {
  timing::TimingConfig tcfg;
  ParamRegistry params;
  tcfg.declare(params);
  if (o.list_params) {
    std::fputs(params.describe().c_str(), stdout);
    return;
  }
  std::vector<std::string> rest = cmd.remaining();
  if (rest.empty()) return fail("linux: missing PROG (usage: pimnic linux [options] PROG [ARGS...])");
  if (rest[0].size() > 1 && rest[0][0] == '-') return fail("linux: unknown option " + rest[0] + " (see --help)");
  linux_user::LinuxOptions& r = o.run;
  r.program = rest[0];
  r.argv = rest;
  if (!o.argv0.empty()) r.argv[0] = o.argv0;
  r.envp = linux_user::build_guest_environment(environ, o.clear_env, o.env_edits);
  r.host_files = o.host_files == "ro" || o.host_files == "rw";
  r.host_files_write = o.host_files == "rw";
  r.clock = o.clock == "sim" ? linux_user::ClockMode::Simulated : linux_user::ClockMode::Host;
  if (o.uptime) {
    if (!(*o.uptime >= 0 && *o.uptime <= 3.15e9))
      return fail("linux: --uptime must be between 0 and 3.15e9 seconds (100 years)");
    r.uptime_ns = uint64_t(*o.uptime * 1e9 + 0.5);
  }
  if (r.stack_size < 65536 || r.stack_size > 0x20000000u || (r.stack_size & 0xFFF))
    return fail("linux: --stack-size must be a multiple of 4096 between 64 KiB and 512 MiB");
  try {
    const RunLimits limits = o.limits.limits();
    if (limits.max_time && o.gdb.enabled()) return fail("--max-sim-time is not available with --gdb");
    r.max_insts = limits.max_insts;
    r.max_sim_ps = limits.max_time;
    std::vector<std::string> sets = o.sets;
    if (!o.model.empty()) sets.insert(sets.begin(), "core.model=" + o.model);
    timing::apply_settings(params, sets, tcfg);  // Linux mode runs a host core: the host preset
    linux_user::LinuxProcess proc(r);
    ClockDomain clock("core0", proc.core().config().clock_hz);
    timing::CoreTiming timing = timing::make_core_timing(tcfg, clock, "core0.");
    StatRegistry stats;
    proc.register_stats(stats);
    timing.register_stats(stats, "core0.");
    RunOutput output(o.out);
    timing::CoreModel* model = timing.model.get();
    proc.set_timing(timing);
    output.attach(proc.after_slice, &proc.image(), true, proc.core().config().clock_hz, r.max_insts, model, nullptr,
                  proc.runner().traced_steps_need_timing());
    proc.trace_with(output.instruction_tracer());
    nlohmann::json config = linux_config(r);
    config["params"] = params_json(params);
    output.begin(config);
    linux_user::ProcessResult res = o.gdb.enabled() ? gdb::debug_process(proc, o.gdb) : proc.run();
    model->drain(proc.core().hart(0));
    end_run(output, stats, res.message, res.status);
  } catch (const LoadError& e) {
    fail(e.what());
  } catch (const std::length_error& e) {
    fail(std::string("linux: ") + e.what());
  } catch (const std::invalid_argument& e) {
    fail(e.what());
  }
}

}  // namespace

void add_linux_command(CLI::App& app) {
  auto o = std::make_shared<LinuxCliOptions>();
  CLI::App* c = app.add_subcommand(
      "linux", "Run a static 32-bit powerpc-linux executable in Linux user mode (like qemu-ppc-static)");
  c->prefix_command();  // PROG and everything after it belong to the guest
  c->footer("PROG [ARGS...]: the executable and the guest's arguments; pimnic's options go before PROG.\n"
            "See docs/linux-mode.md for the process image, system calls and exit statuses.");
  add_limit_options(c, o->limits);
  c->add_option("--model", o->model, "Timing model: functional, inorder or ooo (the parameter core.model)");
  c->add_option("--set", o->sets, "Set a timing parameter: key=value (repeatable; see --list-params)");
  c->add_flag("--list-params", o->list_params, "Print every timing parameter with its default and meaning");
  c->add_option_function<std::string>(
       "-E,--env", [o](const std::string& v) { o->env_edits.push_back({true, v}); },
       "Set NAME=VALUE in the guest environment (repeatable, applied in order)")
      ->trigger_on_parse()
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  c->add_option_function<std::string>(
       "-U,--unset-env", [o](const std::string& v) { o->env_edits.push_back({false, v}); },
       "Remove NAME from the guest environment (repeatable)")
      ->trigger_on_parse()
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  c->add_flag("--clear-env", o->clear_env, "Start from an empty environment instead of the host's");
  c->add_option("-0,--argv0", o->argv0, "argv[0] for the guest (default: PROG as given)");
  c->add_option("-s,--stack-size", o->run.stack_size, "Guest stack size in bytes (default 8 MiB, as qemu)")->check(not_negative());
  c->add_option("--seed", o->run.seed,
                "Seed of the guest's random bytes (AT_RANDOM, getrandom); same bytes as qemu -seed N (default 0)")
      ->check(not_negative());
  c->add_flag("--host-random", o->run.host_random, "Take AT_RANDOM and getrandom bytes from the host");
  c->add_option("--host-files", o->host_files,
                "Let the guest open host files: ro (read-only) or rw (default: no host file access)")
      ->check(CLI::IsMember({"ro", "rw"}));
  c->add_option("--clock", o->clock,
                "host: the host's clocks (as qemu); sim: deterministic, from the instruction count")
      ->check(CLI::IsMember({"host", "sim"}));
  c->add_option("--sim-epoch", o->run.sim_epoch, "CLOCK_REALTIME seconds at start with --clock sim")->check(not_negative());
  c->add_option("--uptime", o->uptime,
                "Seconds the machine has been up at start: the time base starts at this times its frequency, "
                "and with --clock sim CLOCK_MONOTONIC at this (default 86400)");
  c->add_option("--platform", o->run.platform, "Add AT_PLATFORM with this string (qemu gives none; Linux: ppc7400)");
  c->add_option("--hwcap", o->run.hwcap, "AT_HWCAP value (default 0x18000000, qemu's 7400 value)")->check(not_negative());
  c->add_option("--hwcap2", o->run.hwcap2, "AT_HWCAP2 value (default 0)")->check(not_negative());
  c->add_flag("--strace", o->run.strace, "Log every system call on stderr");
  add_run_output_options(c, o->out);
  add_gdb_options(c, o->gdb);
  c->callback([c, o] { linux_command(*c, *o); });
}

}  // namespace pimnic::cli
