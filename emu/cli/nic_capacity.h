// How many nodes a NIC firmware image can serve: its own count (the symbol pimnic_nic_max_nodes,
// firmware/mpi/nic/engine.cpp), so that `pimnic mpirun -n N` beyond it is refused before the
// machine is built, in one line naming the NIC kind's limit, instead of after minutes of start-up.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

namespace pimnic {
struct ElfImage;
}

namespace pimnic::cli {

// The image's pimnic_nic_max_nodes, or nothing when it does not say (another firmware).
std::optional<uint32_t> firmware_max_nodes(const ElfImage& firmware);

// Empty when `ranks` fit, else the one-line refusal for mpirun.
std::string check_rank_capacity(const std::string& firmware_path, const std::string& nic_kind, int ranks);

}  // namespace pimnic::cli
