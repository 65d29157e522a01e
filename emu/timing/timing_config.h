// Everything that configures a core's timing: which model, the per-class operation timing, the
// memory hierarchy, the in-order pipeline and the branch predictor. Declared as parameters
// ("core.model", "core.op.*", "mem.*", "core.inorder.*", "core.ooo.*", "core.bpred.*"); presets from Table I of
// the seed pim-nic-mpi-matching.txt set groups of them at once.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "timing/bpred/bpred_config.h"
#include "timing/inorder/inorder_config.h"
#include "timing/mem/hierarchy.h"
#include "timing/ooo/ooo_config.h"
#include "timing/op_timing.h"
#include "timing/pim/pim_config.h"

namespace pimnic {
class ParamRegistry;
}

namespace pimnic::timing {

struct TimingConfig {
  std::string model = "functional";  // functional | inorder | ooo | pim (PIM cores: inorder means pim)
  std::string preset = "auto";       // auto | host | nic-conv | pim | none
  OpTiming ops;
  HierarchyConfig mem;
  InOrderConfig inorder;
  OooConfig ooo;
  PimConfig pim;
  BpredConfig bpred;
  // Names as below, each after prefix (a machine's "host.", "nic.", "pim.").
  void declare(ParamRegistry& params, const std::string& prefix = "");
};

using Settings = std::vector<std::pair<std::string, std::string>>;
// The parameter settings of a preset. Throws std::invalid_argument for an unknown name.
Settings preset_settings(const std::string& preset);
// "auto" resolved for a core profile: host -> host, nic -> nic-conv, pim -> pim.
std::string preset_for(const std::string& preset, const std::string& profile);

// Apply `--set` assignments with the preset underneath: the user's settings are applied once to
// learn core.profile and timing.preset, then the preset, then the user's settings again so that
// they win. Throws ParamError / std::invalid_argument with one-line messages.
void apply_settings(ParamRegistry& params, const std::vector<std::string>& assignments, TimingConfig& cfg,
                    const std::string& profile_param = "core.profile");

}  // namespace pimnic::timing
