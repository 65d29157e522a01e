// `pimnic run --machine PRESET|FILE --image PATTERN=ELF ...`: boot images on a multi-node machine.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "cli/run_output.h"
#include "gdb/server.h"

namespace pimnic::cli {

// `pimnic mpirun`: every host core of the machine (one per rank) runs the same static
// powerpc-linux program, with the environment a process manager gives an MPI rank.
struct LinuxHostsOptions {
  std::string program;
  std::vector<std::string> args;     // after the program name
  std::vector<std::string> env;      // NAME=VALUE, for every rank
  std::string nic_kind;              // PIMNIC_NIC
  std::string transport;             // PIMNIC_TRANSPORT
  bool tag_output = false;           // prefix each line of rank r's output with "[r] "
  bool strace = false;
  bool canonical_host = true;        // the same host for every rank wherever the run starts
};

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
  std::optional<LinuxHostsOptions> linux_hosts;
};

void run_machine(const MachineRunOptions& o);
// `--list-params` of a machine: every parameter with the value the machine (preset or file) and
// the --set options give it. Throws std::invalid_argument (ParamError, LoadError) for bad ones.
std::string describe_machine_params(const std::string& machine, const std::vector<std::string>& sets);

}  // namespace pimnic::cli
