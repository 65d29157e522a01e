// `pimnic mpirun -n N [--nic KIND] [options] PROG [ARGS...]`: run an MPI program built with
// pimnic-mpicc on N nodes, one rank per node's host core, with the NIC firmware of the chosen kind
// booted on every NIC (docs/mpi.md). Everything after PROG goes to the program.
#include <unistd.h>

#include <climits>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "cli/gdb_option.h"
#include "cli/nic_capacity.h"
#include "cli/machine_run.h"
#include "cli/nic_kinds.h"
#include "cli/program_usage.h"
#include "loader/elf_image.h"
#include "linux/process.h"

namespace pimnic::cli {

namespace {

struct MpirunOptions {
  int ranks = 0;
  std::string nic = "conv";
  std::string machine;
  std::string nic_firmware;
  std::string model;
  std::vector<std::string> sets, env;
  LimitOptions limits;  // --max-insts counts all cores' instructions
  bool tag_output = false, strace = false, list_nics = false, real_host = false;
  RunOutputOptions out;
  gdb::ServerOptions gdb;
};

// The directory of the running pimnic binary (build/bin): the firmware images are next to it.
std::string binary_dir() {
  char buf[PATH_MAX];
  const ssize_t n = ::readlink("/proc/self/exe", buf, sizeof buf - 1);
  if (n <= 0) return ".";
  std::string path(buf, size_t(n));
  return path.substr(0, path.rfind('/'));
}

// -x NAME=VALUE as given; -x NAME takes NAME's value from pimnic's own environment, as Open
// MPI's mpirun does. Empty string: every entry is good; else the one-line complaint.
std::string rank_environment(const std::vector<std::string>& given, std::vector<std::string>& env) {
  for (const std::string& e : given) {
    const size_t eq = e.find('=');
    const std::string name = e.substr(0, eq);
    if (name.empty()) return "mpirun: -x " + e + ": expected NAME=VALUE or NAME";
    if (eq != std::string::npos) {
      env.push_back(e);
    } else if (const char* value = std::getenv(name.c_str())) {
      env.push_back(name + "=" + value);
    } else {
      return "mpirun: -x " + name + ": not set in this environment (give NAME=VALUE)";
    }
  }
  return {};
}

// The machine parameters mpirun sets itself from its options.
std::string owned_setting(const std::vector<std::string>& sets) {
  for (const std::string& s : sets) {
    const std::string key = s.substr(0, s.find('='));
    if (key == "machine.nodes") return "mpirun: machine.nodes is the number of ranks: give -n, not --set";
    if (key == "machine.nic") return "mpirun: machine.nic comes from the NIC kind: give --nic, not --set";
  }
  return {};
}

void mpirun_command(CLI::App& cmd, const MpirunOptions& o) {
  if (o.list_nics) {
    for (const NicKind& k : nic_kinds()) std::printf("%-12s %s\n", k.name, k.what);
    return;
  }
  std::vector<std::string> rest = cmd.remaining();
  if (rest.empty()) return fail("mpirun: missing PROG (usage: pimnic mpirun -n N [options] PROG [ARGS...])");
  if (rest[0].size() > 1 && rest[0][0] == '-') return fail("mpirun: unknown option " + rest[0] + " (see --help)");
  if (cmd.get_option("-n")->count() == 0) return fail("mpirun: give the number of ranks: pimnic mpirun -n N PROG");
  if (o.ranks < 1) return fail("mpirun: -n must be at least 1 (got " + std::to_string(o.ranks) + ")");
  std::vector<std::string> env;
  if (std::string bad = rank_environment(o.env, env); !bad.empty()) return fail(bad);
  if (std::string bad = owned_setting(o.sets); !bad.empty()) return fail(bad);
  const NicKind* kind = find_nic_kind(o.nic);
  if (!kind) return fail("mpirun: unknown NIC kind '" + o.nic + "' (" + nic_kind_names() + ")");
  const std::string firmware =
      !o.nic_firmware.empty() ? o.nic_firmware : binary_dir() + "/../firmware/" + kind->firmware;
  if (::access(firmware.c_str(), R_OK) != 0)
    return fail("mpirun: the " + o.nic + " NIC firmware " + firmware + " is missing (build it with make firmware)");
  try {
    // A firmware image (built with the SDK) is a static executable too, but not a Linux program.
    if (!linux_user::read_linux_executable(rest[0]).profile.empty())
      return fail("mpirun: " + rest[0] + " is a pimnic firmware image, not a program for the host (build MPI programs with pimnic-mpicc)");
    if (std::string bad = check_rank_capacity(firmware, o.nic, o.ranks); !bad.empty()) return fail(bad);
  } catch (const LoadError& e) {
    return fail(std::string("mpirun: ") + e.what());
  }
  MachineRunOptions m;
  m.command = "mpirun";
  m.machine = o.machine.empty() ? kind->machine : o.machine;
  m.images = {"n*.nic=" + firmware};
  m.sets = {"machine.nic=" + std::string(kind->machine_nic), "machine.nodes=" + std::to_string(o.ranks)};
  m.sets.insert(m.sets.end(), o.sets.begin(), o.sets.end());
  m.model = o.model;
  m.limits = o.limits;
  m.out = o.out;
  m.gdb = o.gdb;
  LinuxHostsOptions& l = m.linux_hosts.emplace();
  l.program = rest[0];
  l.args.assign(rest.begin() + 1, rest.end());
  l.env = env;
  l.nic_kind = kind->name;
  l.transport = kind->transport;
  l.tag_output = o.tag_output;
  l.strace = o.strace;
  l.canonical_host = !o.real_host;
  run_machine(m);
}

}  // namespace

void add_mpirun_command(CLI::App& app) {
  auto o = std::make_shared<MpirunOptions>();
  CLI::App* c = app.add_subcommand("mpirun", "Run an MPI program (built with pimnic-mpicc) on N nodes, one rank per node");
  c->prefix_command();  // PROG and everything after it belong to the program
  set_program_usage(c, "PROG [ARGS...]");
  c->footer("PROG [ARGS...]: a static powerpc-linux MPI program (pimnic-mpicc) and its arguments; options go\n"
            "before PROG. Exit status: the ranks' (the first non-zero one), 2 bad input, 3 and 4 the limits,\n"
            "5 deadlock. See docs/mpi.md.\n");
  c->add_option("-n,--np", o->ranks, "Number of ranks (nodes), required");
  c->add_option("--nic", o->nic, "NIC kind: the NIC firmware and host transport (--list-nics)")->capture_default_str();
  c->add_flag("--list-nics", o->list_nics, "List the NIC kinds");
  c->add_option("--machine", o->machine, "Machine preset or JSON machine file (default: the NIC kind's Table I preset)");
  c->add_option("--nic-firmware", o->nic_firmware, "Boot this NIC firmware image instead of the kind's own");
  c->add_option("--model", o->model, "Timing model of every core: functional, inorder or ooo");
  c->add_option("--set", o->sets, "Set a machine parameter: key=value (repeatable; see pimnic run --machine default --list-params)")
      ->allow_extra_args(false);
  c->add_option("-x,--env", o->env, "Add NAME=VALUE to every rank's environment; NAME alone: its value here (repeatable)")->allow_extra_args(false);
  add_limit_options(c, o->limits);
  c->add_flag("--tag-output", o->tag_output, "Prefix every line a rank prints with [rank]");
  c->add_flag("--strace", o->strace, "Log every rank's system calls on stderr");
  c->add_flag("--real-host", o->real_host,
              "Ranks see the host as it is (stdout's kind, the program's path, the working directory), not the canonical one");
  add_run_output_options(c, o->out);
  add_gdb_options(c, o->gdb);
  c->callback([c, o] { mpirun_command(*c, *o); });
}

}  // namespace pimnic::cli
