// The NIC kinds `pimnic mpirun --nic KIND` knows: each pairs a NIC firmware image with the machine
// it runs on (DESIGN.md section 7). The host library picks its transport from PIMNIC_NIC, which
// mpirun sets to the kind's name; nothing else in the emulator depends on the kind.
#pragma once
#include <string>
#include <vector>

namespace pimnic::cli {

struct NicKind {
  const char* name;        // --nic NAME, PIMNIC_NIC
  const char* firmware;    // image in the firmware directory (build/firmware)
  const char* machine;     // default machine preset
  const char* machine_nic; // machine.nic
  const char* what;
};

const std::vector<NicKind>& nic_kinds();
const NicKind* find_nic_kind(const std::string& name);
std::string nic_kind_names();  // "known: conv, pim"

}  // namespace pimnic::cli
