// `pimnic experiment list|run|report ...`: the seed figures (docs/experiments.md). The registry,
// the runner of points and the plots are Python (scripts/experiments/); this hands the command
// line over to it with the paths of this pimnic and its firmware images, so that every point runs
// the same build.
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "cli/commands.h"

namespace pimnic::cli {

namespace {

namespace fs = std::filesystem;

// The directory of the runner: $PIMNIC_EXPERIMENTS_DIR, else scripts/experiments of the source tree.
fs::path runner_dir() {
  if (const char* d = std::getenv("PIMNIC_EXPERIMENTS_DIR"); d && *d) return d;
  return fs::path(PIMNIC_SOURCE_DIR) / "scripts" / "experiments";
}

// $PIMNIC_PYTHON, else Debian's python3 (where setup.sh installs matplotlib), else python3 on PATH.
std::string python_path() {
  if (const char* p = std::getenv("PIMNIC_PYTHON"); p && *p) return p;
  return fs::exists("/usr/bin/python3") ? "/usr/bin/python3" : "python3";
}

void experiment_command(CLI::App& cmd) {
  std::error_code ec;
  const fs::path self = fs::read_symlink("/proc/self/exe", ec);
  if (ec) return fail("experiment: cannot find this executable: " + ec.message());
  const fs::path runner = runner_dir() / "runner.py";
  if (!fs::exists(runner)) return fail("experiment: no runner at " + runner.string() + " (set PIMNIC_EXPERIMENTS_DIR)");
  const std::string python = python_path();
  std::vector<std::string> args{python, runner.string(), "--pimnic", self.string(), "--firmware",
                                (self.parent_path().parent_path() / "firmware").string()};
  for (const std::string& a : cmd.remaining()) args.push_back(a);
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  std::fflush(stdout);
  execvp(python.c_str(), argv.data());
  fail("experiment: cannot start " + python + ": " + std::strerror(errno));
}

}  // namespace

void add_experiment_command(CLI::App& app) {
  CLI::App* c = app.add_subcommand("experiment", "Regenerate a seed figure: list, run NAME, report (docs/experiments.md)");
  c->prefix_command();       // everything after `experiment` goes to the runner, --help too
  c->set_help_flag();
  c->callback([c] { experiment_command(*c); });
}

}  // namespace pimnic::cli
