#include "cli/nic_kinds.h"

namespace pimnic::cli {

const std::vector<NicKind>& nic_kinds() {
  static const std::vector<NicKind> kinds = {
      {"conv", "nic-conv.elf", "table1-conv", "conv", "offload",
       "seed pim-nic-mpi-matching: matching and progress on the PowerPC 440-class NIC core"},
      {"conv-binned", "nic-conv-binned.elf", "table1-conv", "conv", "offload",
       "the conventional NIC with a binned posted queue: receives hashed by envelope, wildcards apart, MPI order kept"},
      {"pim", "nic-pim.elf", "table1-pim", "pim", "offload",
       "seed pim-nic-mpi-matching: the same MPI on two multithreaded PIM cores (interleaved queues, walker threads)"},
      // Portals 3.3 (docs/portals.md): translation on the NIC; Portals programs (portals3.h)
      {"portals", "nic-portals.elf", "portals-myrinet", "conv", "portals",
       "seed mpi-on-portals3: Portals 3.3 address translation on the NIC (the Myrinet MCP), events into host memory; MPI over it by the seed's protocols (docs/portals.md)"},
  };
  return kinds;
}

const NicKind* find_nic_kind(const std::string& name) {
  for (const NicKind& k : nic_kinds())
    if (name == k.name) return &k;
  return nullptr;
}

std::string nic_kind_names() {
  std::string s = "known:";
  for (const NicKind& k : nic_kinds()) s += std::string(s.back() == ':' ? " " : ", ") + k.name;
  return s;
}

}  // namespace pimnic::cli
