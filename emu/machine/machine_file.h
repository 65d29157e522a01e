// How a machine is described (docs/machine-files.md): a preset named after a seed, or a JSON
// machine file naming a base preset, parameter assignments (the names MachineConfig::declare and
// the timing configuration register; `pimnic run --list-params` lists them) and which image boots
// on which core. Every problem is reported as a std::invalid_argument with one line naming the file
// and the key ("m.json: params.net.link_latency_ns: must be a number").
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "machine/node_kinds.h"

namespace pimnic {
class ParamRegistry;

// pattern: n<nodes>.<core>; nodes "*", "3" or "2-5"; core "host", "nic", "pim0".."pim3" or "pim*".
struct ImageSpec {
  std::string pattern;
  std::string path;
};

struct MachineDescription {
  std::vector<std::pair<std::string, std::string>> settings;  // parameter assignments, applied in order
  std::vector<ImageSpec> images;                             // later entries win
  std::string source;                                        // "preset table1-conv" or the file path, for messages
  // Names among `settings` that apply only when the registry has them (parameters a preset sets
  // for a device that may not be built in, e.g. copy.channels); absent ones are skipped.
  std::vector<std::string> optional;
};

std::vector<std::string> machine_preset_names();
// One line per preset: its name and what it is.
std::string describe_presets();
// Throws std::invalid_argument listing the names.
MachineDescription machine_preset(const std::string& name);

// JSON machine file:
//   {"preset": "<name>", "params": {"net": {"link_latency_ns": 200}, "nic.core.clock_hz": 5e8},
//    "images": {"n*.host": "app.elf", "n*.nic": "fw.elf"}, "comment": "..."}
// Keys are checked against `params` and values against each parameter's type; relative image
// paths are resolved against the file's directory and must exist.
MachineDescription read_machine_file(const std::string& path, const ParamRegistry& params);
// Input limits: larger files and deeper nesting are refused with one line.
inline constexpr uint64_t kMaxMachineFileBytes = 1u << 20;
inline constexpr unsigned kMaxMachineFileDepth = 32;
// Parse the text of a machine file (`source` names it in messages; relative image paths are
// resolved against base_dir). read_machine_file reads the file and calls this.
MachineDescription parse_machine_text(const std::string& text, const std::string& source, const std::string& base_dir,
                                      const ParamRegistry& params);
// A preset name, else a file path (contains '/', ends in .json or exists as a file).
MachineDescription load_machine(const std::string& preset_or_file, const ParamRegistry& params);
// Sets each assignment in order; a ParamError's message is prefixed with d.source.
void apply_machine(ParamRegistry& params, const MachineDescription& d);

// "n*.host=app.elf" (from --image). Throws std::invalid_argument for a bad pattern or no path.
ImageSpec parse_image_option(const std::string& text);
// Throws std::invalid_argument (one line) unless the pattern is well formed.
void check_image_pattern(const std::string& pattern);
// A malformed pattern matches nothing.
bool image_pattern_matches(const std::string& pattern, uint32_t node, const CoreSlot& core);
// The image for one core: the last matching spec, where a pattern naming "nic" also matches the
// PIM cores (the NIC's image, which PIM cores share) and "pimK"/"pim*" match PIM cores only.
std::optional<std::string> image_for(const std::vector<ImageSpec>& specs, uint32_t node, const CoreSlot& core);
// Every image spec fits the machine: nodes in range, a core the nodes have (the host core unless
// host_core is false, the NIC hardware's cores), the file exists. Throws std::invalid_argument
// naming the pattern (and d.source).
void check_images(const MachineDescription& d, uint32_t nodes, NicHardware nic, uint32_t pim_cores = 2,
                  bool host_core = true);

}  // namespace pimnic
