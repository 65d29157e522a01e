// Instruction traces of a machine (`pimnic run --machine ... --trace KIND[,OPTION...]:FILE`,
// docs/traces.md "Machines"): every kind (commit, qemu, binary, kanata) for the cores its
// node=, core= (a number in the node, host first, or a slot name: host, nic, pim0, pim1) and
// thread= options pick, or all of them; into one file, each record naming its node, core and
// thread, merged in simulated-time order, or one file per core when FILE has %c (the core's name,
// n0.nic). Each traced core gets its own trace::Tracer (its image's symbols, its sym= windows)
// feeding the shared files; trace markers go to the records of the instructions that made them.
#pragma once
#include <memory>
#include <vector>

#include "cli/run_output.h"

namespace pimnic {
class MultiNodeMachine;
struct ElfImage;
}  // namespace pimnic

namespace pimnic::cli {

class MachineTraces {
 public:
  // image_of: per core of the machine (MultiNodeMachine::cores() order), the image it runs
  // (null: none). The machine keeps pointers into this object: it must outlive the run. Throws std::invalid_argument for a bad spec, a spec that matches no core, or a
  // file that cannot be created.
  MachineTraces(const RunOutputOptions& o, MultiNodeMachine& m, const std::vector<const ElfImage*>& image_of);
  ~MachineTraces();
  // Whether any instruction trace is on.
  bool any() const;
  // After each turn of the machine: what is complete goes to the files.
  void after_turn();
  // End of the run: flush and close. Throws std::invalid_argument on a write error.
  void finish();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace pimnic::cli
