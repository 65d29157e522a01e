// The kinds a node's parts come in, as types: the NIC hardware every node has (machine.nic) and
// the slot a core sits in (what an image pattern names). Names are parsed here once; the rest of
// the machine compares these, not strings.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

namespace pimnic {

// conv: one 440-class NIC core; pim: PIM cores (pim.cores) sharing the SRAM; none: no NIC.
enum class NicHardware { Conv, Pim, None };
// machine.nic's names, in that order: "conv", "pim", "none".
const char* nic_hardware_name(NicHardware nic);
std::optional<NicHardware> nic_hardware_named(const std::string& name);

// A core's place in its node: the host core, the conventional NIC core, or PIM core `index`.
struct CoreSlot {
  enum class Kind { Host, Nic, Pim } kind = Kind::Host;
  uint32_t index = 0;  // Pim: which PIM core of the NIC

  static CoreSlot host() { return {Kind::Host, 0}; }
  static CoreSlot nic() { return {Kind::Nic, 0}; }
  static CoreSlot pim(uint32_t k) { return {Kind::Pim, k}; }
  // "host", "nic", "pim0", "pim1", ...; std::nullopt for anything else.
  static std::optional<CoreSlot> named(const std::string& name);
  std::string name() const;
  bool is_host() const { return kind == Kind::Host; }
  bool is_pim() const { return kind == Kind::Pim; }
  bool operator==(const CoreSlot& o) const { return kind == o.kind && index == o.index; }
};

}  // namespace pimnic
