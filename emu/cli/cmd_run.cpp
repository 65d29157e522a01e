// `pimnic run IMAGE.elf`: boot a firmware image.
#include <cstdio>

#include "cli/commands.h"
#include "loader/elf_image.h"
#include "machine/single_core_machine.h"

namespace pimnic::cli {

namespace {
struct RunOptions {
  std::string image;
  uint64_t max_insts = 0;
  std::string core;
  uint32_t ram_size = 0;
};

void run_command(const RunOptions& o) {
  try {
    ElfImage img = read_elf(o.image);
    std::string profile = !o.core.empty() ? o.core : !img.profile.empty() ? img.profile : "host";
    SingleCoreMachine m(profile, o.ram_size, stdout);
    m.load(img);
    RunResult r = m.run(o.max_insts);
    std::fflush(stdout);
    switch (r.kind) {
      case RunResult::Kind::Exited: exit_status() = r.exit_code; break;
      case RunResult::Kind::InsnLimit:
        std::fprintf(stderr, "pimnic: %s\n", r.message.c_str());
        exit_status() = 3;
        break;
      case RunResult::Kind::Fault:
        std::fprintf(stderr, "pimnic: %s\n", r.message.c_str());
        exit_status() = r.exit_code;
        break;
    }
  } catch (const LoadError& e) {
    fail(e.what());
  } catch (const std::invalid_argument& e) {
    fail(e.what());
  }
}
}  // namespace

void add_run_command(CLI::App& app) {
  auto o = std::make_shared<RunOptions>();
  CLI::App* c = app.add_subcommand("run", "Boot a firmware image (ELF) on a one-core machine");
  c->add_option("image", o->image, "ELF image built with the pimnic SDK")->required();
  c->add_option("--max-insts", o->max_insts, "Stop (exit code 3) after this many instructions");
  c->add_option("--core", o->core, "Core profile: host, nic or pim (default: from the image)")
      ->check(CLI::IsMember({"host", "nic", "pim"}));
  c->add_option("--ram-size", o->ram_size, "RAM size in bytes (default: the profile's)");
  c->callback([o] { run_command(*o); });
}

}  // namespace pimnic::cli
