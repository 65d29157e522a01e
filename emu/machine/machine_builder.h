// Building a multi-node machine from its description, the part `pimnic run --machine`,
// `pimnic mpirun` and the tests share:
//   - settings in layers: the machine preset or file, each role's Table I timing preset under it,
//     then the description and the user's --set assignments again so that they win;
//   - which image boots on which core (image patterns, each file read once, PIM cores sharing
//     their NIC's image);
//   - the MPI ranks a process manager starts on the host cores (`pimnic mpirun`).
#pragma once
#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "loader/elf_image.h"
#include "machine/machine_config.h"
#include "machine/machine_file.h"
#include "sim/params.h"

namespace pimnic {
class MultiNodeMachine;

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

class MachineBuilder {
 public:
  // Declares every machine parameter and reads the preset or machine file. Throws
  // std::invalid_argument (LoadError, ParamError) with one line.
  explicit MachineBuilder(const std::string& preset_or_file);
  // More images, from --image PATTERN=FILE options (later ones win).
  void add_images(const std::vector<std::string>& options);
  // The settings in layers (above); `model` (--model; empty: none) sets every role's timing
  // model under the user's settings. Throws ParamError for a bad assignment.
  void configure(const std::vector<std::string>& sets, const std::string& model = "");
  // Every parameter with its value (--list-params), after configure().
  std::string describe() const { return params_.describe(); }
  // The configuration can be built and every image pattern fits it (std::invalid_argument
  // otherwise); linux_hosts: the host cores run Linux programs (start_ranks).
  const MachineConfig& validate(bool linux_hosts = false);

  // An image a core boots: the core's index in MultiNodeMachine::cores(), the file, its contents.
  struct Boot {
    size_t core = 0;
    std::string path;
    const ElfImage* image = nullptr;
  };
  // Load the images into m's cores (the PIM cores of a NIC boot one image, on pim0). Throws
  // LoadError for an unreadable image and std::invalid_argument for one the core cannot run.
  std::vector<Boot> boot_images(MultiNodeMachine& m);

  const MachineConfig& config() const { return cfg_; }
  const ParamRegistry& params() const { return params_; }

 private:
  MachineConfig cfg_;
  ParamRegistry params_;
  MachineDescription description_;
  std::map<std::string, std::unique_ptr<ElfImage>> loaded_;  // each file read once
};

// One rank per node, as a process manager starts MPI ranks: rank r on node r's host core, for
// the first `ranks` nodes. Throws LoadError for a bad executable.
void start_ranks(MultiNodeMachine& m, const LinuxHostsOptions& o, uint32_t ranks);

}  // namespace pimnic
