// pimnic command line: subcommands run, linux, disasm, trace-dump, experiment.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <new>

#include "cli/commands.h"
#include "cli/version.h"
#include "util/one_line.h"

namespace {
// "run, linux, disasm, trace-dump"
std::string subcommand_names(CLI::App& app) {
  std::string names;
  for (const CLI::App* c : app.get_subcommands([](CLI::App*) { return true; }))
    names += (names.empty() ? "" : ", ") + c->get_name();
  return names;
}
}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"pimnic: cycle-approximate PowerPC + AltiVec-256 emulator for NIC offload research"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string("pimnic ") + pimnic::cli::pimnic_version());
  pimnic::cli::add_run_command(app);
  pimnic::cli::add_linux_command(app);
  pimnic::cli::add_mpirun_command(app);
  pimnic::cli::add_disasm_command(app);
  pimnic::cli::add_trace_dump_command(app);
  pimnic::cli::add_experiment_command(app);
  pimnic::cli::command_line().assign(argv, argv + argc);
  // CLI11 would only say that a subcommand is required.
  if (argc > 1 && argv[1][0] != '-') {
    try {
      app.get_subcommand(argv[1]);
    } catch (const CLI::OptionNotFound&) {
      std::fprintf(stderr, "pimnic: unknown subcommand '%s' (subcommands: %s; see --help)\n", argv[1],
                   subcommand_names(app).c_str());
      return 2;
    }
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::fprintf(stderr, "pimnic: %s (see --help)\n", pimnic::one_line(e.what()).c_str());
    return 2;
  } catch (const std::bad_alloc&) {  // (a line, not an abort, when a size set too large got past the checks)
    std::fprintf(stderr, "pimnic: out of host memory\n");
    return 2;
  }
  return pimnic::cli::exit_status();
}
