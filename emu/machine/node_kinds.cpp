#include "machine/node_kinds.h"

#include <charconv>

namespace pimnic {

const char* nic_hardware_name(NicHardware nic) {
  switch (nic) {
    case NicHardware::Conv: return "conv";
    case NicHardware::Pim: return "pim";
    case NicHardware::None: return "none";
  }
  return "?";
}

std::optional<NicHardware> nic_hardware_named(const std::string& name) {
  for (NicHardware n : {NicHardware::Conv, NicHardware::Pim, NicHardware::None})
    if (name == nic_hardware_name(n)) return n;
  return std::nullopt;
}

std::optional<CoreSlot> CoreSlot::named(const std::string& name) {
  if (name == "host") return host();
  if (name == "nic") return nic();
  if (name.size() <= 3 || name.compare(0, 3, "pim") != 0) return std::nullopt;
  uint32_t k = 0;
  const char* first = name.data() + 3;
  const char* last = name.data() + name.size();
  const auto [end, ec] = std::from_chars(first, last, k);
  if (ec != std::errc() || end != last) return std::nullopt;
  return pim(k);
}

std::string CoreSlot::name() const {
  switch (kind) {
    case Kind::Host: return "host";
    case Kind::Nic: return "nic";
    case Kind::Pim: return "pim" + std::to_string(index);
  }
  return "?";
}

}  // namespace pimnic
