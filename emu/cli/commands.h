// Subcommand registration. Each subcommand lives in its own file and records the process exit
// status in exit_status() when it runs.
#pragma once
#include <CLI/CLI.hpp>
#include <string>

namespace pimnic::cli {

void add_run_command(CLI::App& app);
void add_linux_command(CLI::App& app);
void add_disasm_command(CLI::App& app);
void add_trace_dump_command(CLI::App& app);
void add_experiment_command(CLI::App& app);
void add_mpirun_command(CLI::App& app);

int& exit_status();
// Print "pimnic: message" on stderr as one line (control bytes escaped).
void note(const std::string& message);
// note() it and set exit status 2 (bad input).
void fail(const std::string& message);
// A check for options read into a uint64_t: CLI11 2.1 takes "-5" there as 2^64 - 5 (a
// --max-insts of -5 meant no limit); narrower unsigned types already refuse it.
const CLI::Validator& not_negative();

}  // namespace pimnic::cli
