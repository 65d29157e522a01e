// Run output conventions shared by `pimnic run` and `pimnic linux`: the guest console is on
// stdout; everything else goes to stderr or files. --out DIR collects stats.txt, stats.json,
// config.json and the trace files named with relative paths; --trace/--disasm-check attach
// traces; a progress line on stderr (simulated time, instructions, MIPS, ETA) appears only when
// stderr is a terminal and can be turned off with --no-progress.
#pragma once
#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cpu/hart.h"
#include "sim/params.h"
#include "sim/stats.h"
#include "sim/timeline.h"

namespace pimnic {
struct ElfImage;
class CoreTimeline;
class Core;
class SymbolTable;
namespace trace {
class Tracer;
class KanataWriter;
}
namespace timing {
class CoreModel;
}
}  // namespace pimnic

namespace pimnic::cli {

struct RunOutputOptions {
  std::string out_dir;
  bool no_progress = false;
  std::vector<std::string> traces;  // --trace KIND[,OPT...]:FILE
  bool disasm_check = false;
  std::string known_errors;         // --disasm-known-errors FILE
};

// Register --out, --trace, --disasm-check, --disasm-known-errors, --no-progress on cmd.
void add_run_output_options(CLI::App* cmd, RunOutputOptions& o);

// Every parameter's current value, typed, for config.json.
nlohmann::json params_json(const ParamRegistry& params);

// --stats FILE (gem5-style text) and --stats-json FILE; empty names are skipped. Throws
// std::invalid_argument (one line) for a file that cannot be written.
void write_stats_files(const std::string& text_path, const std::string& json_path, const StatRegistry& stats);
// Create (truncate) an output file named on the command line before a run, so that a name that
// cannot be written is refused at once; empty: nothing. Throws std::invalid_argument.
void check_writable(const std::string& path);

// A file named by --trace: relative names go into the --out directory when there is one.
std::string output_path(const RunOutputOptions& o, const std::string& file);

// The run loop hooks of a machine (SingleCoreMachine, LinuxProcess).
using SliceRunner = std::function<StopReason(Hart&, uint64_t budget)>;
using SliceObserver = std::function<void(const Hart&)>;

// The progress line: rewritten in place on stderr at most a few times a second.
class ProgressLine {
 public:
  ProgressLine(double clock_hz, uint64_t max_insts);
  void update(const Hart& h);
  void clear();  // erase it (before other output on stderr)

 private:
  double clock_hz_;
  uint64_t max_insts_;
  std::chrono::steady_clock::time_point start_, next_;
  bool shown_ = false;
};

class RunOutput {
 public:
  // Creates the --out directory. Throws std::invalid_argument with a one-line message.
  explicit RunOutput(const RunOutputOptions& o);
  ~RunOutput();

  // Set up traces and the progress line on a machine's run-loop hooks. symbols/image: the
  // executable's; linux_user: Linux-mode conventions in traces. model: the core's timing model
  // (null: functional); traced runs feed it the records they step, and `--trace kanata:FILE`
  // becomes its pipeline log. Throws std::invalid_argument for bad trace options.
  // core: the machine's core, for the perfetto timeline of its hardware threads (null: none).
  void attach(SliceRunner& runner, SliceObserver& observer, const ElfImage* image, bool linux_user,
              double clock_hz, uint64_t max_insts, timing::CoreModel* model = nullptr, Core* core = nullptr);
  // After the run: finish the traces, clear the progress line, write stats and config into the
  // --out directory. Throws std::invalid_argument when a file cannot be written.
  void finish(const StatRegistry& stats, const nlohmann::json& config);
  // Remove the progress line before writing a message on stderr.
  void clear_progress() {
    if (progress_) progress_->clear();
  }
  const std::string& dir() const { return opts_.out_dir; }

 private:
  RunOutputOptions opts_;
#if PIMNIC_WITH_TRACE
  std::unique_ptr<trace::Tracer> tracer_;
  std::unique_ptr<trace::KanataWriter> kanata_;
#endif
  std::unique_ptr<ProgressLine> progress_;
  std::unique_ptr<Timeline> timeline_;  // --trace perfetto:FILE
  int timeline_pid_ = 0;
  std::unique_ptr<CoreTimeline> core_timeline_;
  Tick timeline_end_ = 0;
};

}  // namespace pimnic::cli
