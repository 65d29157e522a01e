// `pimnic run --machine PRESET|FILE --image PATTERN=ELF ...`: boot images on a multi-node machine.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "cli/run_output.h"
#include "gdb/server.h"

namespace pimnic::cli {

struct MachineRunOptions {
  std::string machine;               // preset name or machine file
  std::vector<std::string> images;   // "n*.host=app.elf"
  std::vector<std::string> sets;     // key=value
  std::string model;                 // --model: every core's timing model
  uint64_t max_insts = 0;            // over all cores
  bool list_params = false;
  std::string stats_file, stats_json;
  RunOutputOptions out;
  gdb::ServerOptions gdb;            // --gdb PORT: serve gdb on the machine (emu/gdb/multi_node_target.h)
};

void run_machine(const MachineRunOptions& o);

}  // namespace pimnic::cli
