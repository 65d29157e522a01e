// pimnic command line: subcommands run, linux, disasm, trace-dump, experiment.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <new>

#include "cli/commands.h"
#include "util/one_line.h"

int main(int argc, char** argv) {
  CLI::App app{"pimnic: cycle-approximate PowerPC + AltiVec-256 emulator for NIC offload research"};
  app.require_subcommand(1);
  pimnic::cli::add_run_command(app);
  pimnic::cli::add_linux_command(app);
  pimnic::cli::add_mpirun_command(app);
  pimnic::cli::add_disasm_command(app);
  pimnic::cli::add_trace_dump_command(app);
  pimnic::cli::add_experiment_command(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
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
