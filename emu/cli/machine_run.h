// `pimnic run --machine PRESET|FILE --image PATTERN=ELF ...`: boot images on a multi-node machine.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "cli/run_output.h"
#include "gdb/server.h"
#include "machine/machine_builder.h"

namespace pimnic::cli {

struct MachineRunOptions {
  std::string machine;               // preset name or machine file
  std::vector<std::string> images;   // "n*.host=app.elf"
  std::vector<std::string> sets;     // key=value
  std::string model;                 // --model: every core's timing model
  LimitOptions limits;               // --max-insts counts all cores' instructions
  bool list_params = false;
  RunOutputOptions out;
  gdb::ServerOptions gdb;            // --gdb PORT: serve gdb on the machine (emu/gdb/multi_node_target.h)
  std::string command = "run";       // for config.json
  std::optional<LinuxHostsOptions> linux_hosts;  // `pimnic mpirun` (machine/machine_builder.h)
};

void run_machine(const MachineRunOptions& o);
// `--list-params` of a machine: every parameter with the value the machine (preset or file) and
// the --set options give it. Throws std::invalid_argument (ParamError, LoadError) for bad ones.
std::string describe_machine_params(const std::string& machine, const std::vector<std::string>& sets);

}  // namespace pimnic::cli
