#include "cli/nic_capacity.h"

#include "loader/elf_image.h"
#include "util/bits.h"

namespace pimnic::cli {

std::optional<uint32_t> firmware_max_nodes(const ElfImage& img) {
  const std::optional<uint32_t> at = img.symbols.address_of("pimnic_nic_max_nodes");
  if (!at) return std::nullopt;
  for (const ElfSegment& s : img.segments)
    if (*at >= s.vaddr && uint64_t(*at) + 4 <= uint64_t(s.vaddr) + s.filesz &&
        uint64_t(s.offset) + (*at - s.vaddr) + 4 <= img.bytes.size())
      return load_be<uint32_t>(&img.bytes[s.offset + (*at - s.vaddr)]);
  return std::nullopt;
}

std::string check_rank_capacity(const std::string& firmware_path, const std::string& nic_kind, int ranks) {
  const std::optional<uint32_t> most = firmware_max_nodes(read_elf(firmware_path));
  if (!most || uint64_t(ranks) <= *most) return {};
  return "mpirun: -n " + std::to_string(ranks) + ": the " + nic_kind + " NIC serves at most " + std::to_string(*most) +
         " nodes (its firmware's per-node tables fill the NIC's SRAM; docs/mpi-protocol.md, Capacities)";
}

}  // namespace pimnic::cli
