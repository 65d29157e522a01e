#include "machine/machine_builder.h"

#include <stdexcept>

#include "linux/linux_options.h"
#include "linux/process.h"
#include "machine/multi_node_machine.h"
#include "timing/timing_config.h"

namespace pimnic {

namespace {
// The roles of a machine's cores; each role's core profile has the role's name.
const char* const kRoles[] = {"host", "nic", "pim"};
}  // namespace

MachineBuilder::MachineBuilder(const std::string& preset_or_file) {
  cfg_.declare(params_);
  description_ = load_machine(preset_or_file, params_);
}

void MachineBuilder::add_images(const std::vector<std::string>& options) {
  for (const std::string& i : options) description_.images.push_back(parse_image_option(i));
}

void MachineBuilder::configure(const std::vector<std::string>& user_sets, const std::string& model) {
  std::vector<std::string> sets = user_sets;
  if (!model.empty())
    for (const char* role : kRoles) sets.insert(sets.begin(), std::string(role) + ".core.model=" + model);
  auto apply_user = [&] {
    apply_machine(params_, description_);
    for (const std::string& s : sets) params_.set_assignment(s);
  };
  apply_user();
  const timing::TimingConfig* timing[] = {&cfg_.host.timing, &cfg_.nic_core.timing, &cfg_.pim.timing};
  for (int r = 0; r < 3; ++r) {
    const std::string role = kRoles[r];
    for (const auto& [k, v] : timing::preset_settings(timing::preset_for(timing[r]->preset, role)))
      params_.set(role + "." + k, v);
  }
  apply_user();
}

const MachineConfig& MachineBuilder::validate(bool linux_hosts) {
  cfg_.validate();
  check_images(description_, cfg_.nodes, cfg_.nic_hardware(), cfg_.pim_cores, cfg_.host_core);
  cfg_.linux_hosts = linux_hosts;
  return cfg_;
}

std::vector<MachineBuilder::Boot> MachineBuilder::boot_images(MultiNodeMachine& m) {
  std::vector<Boot> boots;
  const std::vector<ImageSpec>& specs = description_.images;
  for (size_t i = 0; i < m.cores().size(); ++i) {
    NodeCore& c = *m.cores()[i];
    std::optional<std::string> path = image_for(specs, c.node, c.slot);
    // PIM cores share the NIC's SRAM: the image boots on the first one.
    if (c.slot.is_pim() && c.slot.index != 0) {
      if (path != image_for(specs, c.node, CoreSlot::pim(0)))
        throw std::invalid_argument(c.name + ": the PIM cores of a NIC share its SRAM and boot one image (give it as n" +
                                    std::to_string(c.node) + ".nic)");
      continue;
    }
    if (!path) continue;
    auto& img = loaded_[*path];
    if (!img) img = std::make_unique<ElfImage>(read_elf(*path));
    const std::string profile = c.core->config().profile;
    if (!img->profile.empty() && img->profile != profile)
      throw std::invalid_argument(*path + " was built for the " + img->profile + " profile but " + c.name + " is a " +
                                  profile + " core");
    m.load(c, *img);
    boots.push_back({i, *path, img.get()});
  }
  return boots;
}

// MPICH's Hydra sets PMI_RANK and PMI_SIZE. Standard input goes to rank 0 only; every rank's
// clock is the machine's simulated time, and the environment is only what is given (runs are
// reproducible).
void start_ranks(MultiNodeMachine& m, const LinuxHostsOptions& o, uint32_t ranks) {
  const auto image = std::make_shared<const ElfImage>(linux_user::read_linux_executable(o.program));
  for (NodeCore* c : m.cores()) {
    if (!c->slot.is_host() || c->node >= ranks) continue;
    linux_user::LinuxOptions lo;
    lo.program = o.program;
    lo.image = image;
    lo.argv = {o.program};
    lo.argv.insert(lo.argv.end(), o.args.begin(), o.args.end());
    const std::string rank = std::to_string(c->node);
    lo.envp = {"PMI_RANK=" + rank, "PMI_SIZE=" + std::to_string(ranks), "PIMNIC_NIC=" + o.nic_kind,
               "PIMNIC_TRANSPORT=" + o.transport};
    lo.envp.insert(lo.envp.end(), o.env.begin(), o.env.end());
    lo.clock = linux_user::ClockMode::Simulated;
    lo.sleep_moves_core = true;
    lo.strace = o.strace;
    lo.canonical_host = o.canonical_host;
    lo.stdin_closed = c->node != 0;
    lo.pid = 1000 + c->node;  // (not pimnic's own: the same run gives the same traces)
    if (o.tag_output) lo.output_tag = "[" + rank + "] ";
    m.start_linux(*c, lo, "rank " + rank);
  }
}

}  // namespace pimnic
