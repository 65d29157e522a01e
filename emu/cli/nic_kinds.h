// The NIC kinds `pimnic mpirun --nic KIND` knows: each pairs a NIC firmware image with the machine
// it runs on (DESIGN.md section 7) and names the host library's transport that speaks to it.
// mpirun sets PIMNIC_NIC (the kind) and PIMNIC_TRANSPORT in every rank's environment; the library
// picks its transport by the latter only, so a new kind is one row here. Nothing else in the
// emulator depends on the kind.
#pragma once
#include <string>
#include <vector>

namespace pimnic::cli {

struct NicKind {
  const char* name;        // --nic NAME, PIMNIC_NIC
  const char* firmware;    // image in the firmware directory (build/firmware)
  const char* machine;     // default machine preset
  const char* machine_nic; // machine.nic
  const char* transport;   // PIMNIC_TRANSPORT: the host library's transport (firmware/mpi/host/transport/transport.h)
  const char* what;
};

const std::vector<NicKind>& nic_kinds();
const NicKind* find_nic_kind(const std::string& name);
std::string nic_kind_names();  // "known: conv, pim"

}  // namespace pimnic::cli
