// Run output conventions shared by `pimnic run` and `pimnic linux`: the guest console is on
// stdout; everything else goes to stderr or files. --out DIR collects stats.txt, stats.json,
// config.json and the trace files named with relative paths; --stats/--stats-json write where
// they are told; --trace/--disasm-check attach traces; a progress line on stderr (simulated time,
// instructions, MIPS, wall time) appears when stderr is a terminal or with --progress.
//
// Every output is checked before the run starts (a file that cannot be created is exit status
// 2), config.json is written then, and the rest when the run ends, however it ends (a guest exit,
// a limit, SIGINT/SIGTERM).
#pragma once
#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdint>
#include <fstream>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cpu/hart.h"
#include "sim/params.h"
#include "sim/run_control.h"
#include "sim/stats.h"
#include "sim/timeline.h"

namespace pimnic {
struct ElfImage;
class CoreTimeline;
class MultiNodeMachine;
class InstructionTracer;
class TraceMarkerDevice;
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

class MachineTraces;

struct RunOutputOptions {
  std::string out_dir;
  std::string stats_file, stats_json;  // --stats, --stats-json
  bool progress = false, no_progress = false;
  std::vector<std::string> traces;  // --trace KIND[,OPT...]:FILE
  bool disasm_check = false;
  std::string known_errors;         // --disasm-known-errors FILE
};

// Register --out, --stats, --stats-json, --trace, --disasm-check, --disasm-known-errors,
// --progress and --no-progress on cmd.
void add_run_output_options(CLI::App* cmd, RunOutputOptions& o);

// --max-insts N and --max-sim-time TIME.
struct LimitOptions {
  uint64_t max_insts = 0;
  std::string max_sim_time;
  // Throws std::invalid_argument for a bad time.
  RunLimits limits() const;
};
void add_limit_options(CLI::App* cmd, LimitOptions& o);

// Every parameter's current value, typed, for config.json.
nlohmann::json params_json(const ParamRegistry& params);

// An image in config.json: where it boots, its path, size, profile and entry point.
nlohmann::json image_json(const std::string& where, const std::string& path, const ElfImage& img);

// A file named by --trace: relative names go into the --out directory when there is one.
std::string output_path(const RunOutputOptions& o, const std::string& file);
// The KIND of a --trace KIND[,OPTION...]:FILE argument.
std::string trace_kind(const std::string& spec);
// The FILE of a `--trace perfetto:FILE` (a timeline takes no options). Throws std::invalid_argument.
std::string perfetto_file(const RunOutputOptions& o, const std::string& spec);

// The run loop hooks of a machine (SingleCoreMachine, LinuxProcess).
using SliceObserver = std::function<void(const Hart&)>;

// The progress line: on a terminal, rewritten in place at most a few times a second; otherwise
// (--progress into a file or pipe) a line every few seconds.
class ProgressLine {
 public:
  ProgressLine(bool terminal, uint64_t max_insts);
  void update(Tick now, uint64_t insts);
  void clear();  // erase it (before other output on stderr)
  // End of the run: into a file or pipe, a last line with the figures of the last update.
  void finish();

 private:
  std::string text(Tick now, uint64_t insts, double wall) const;
  bool terminal_;
  Tick last_now_ = 0;
  uint64_t last_insts_ = 0;
  uint64_t max_insts_;
  std::chrono::steady_clock::time_point start_, next_;
  bool shown_ = false;
};

class RunOutput {
 public:
  // Creates the --out directory and the --stats/--stats-json files (empty until the end), so
  // that a path that cannot be written stops the run before it starts. Throws
  // std::invalid_argument with a one-line message.
  explicit RunOutput(const RunOutputOptions& o);
  ~RunOutput();

  // The run is about to start: writes config.json into the --out directory (adding pimnic's
  // version and command line) and lets SIGINT/SIGTERM stop the run at its next slice boundary.
  void begin(nlohmann::json config);

  // Set up traces and the progress line of a one-core run (`pimnic run IMAGE`, `pimnic linux`):
  // the instruction traces are instruction_tracer(), for the core's runner (machine/core_runner.h),
  // and observer (after each slice) the progress line. image: the executable; linux_user:
  // Linux-mode conventions in traces. model: the core's timing model (null: functional);
  // `--trace kanata:FILE` becomes its pipeline log, and with feed_model (the runner's
  // traced_steps_need_timing()) traced steps feed it their records. core: the machine's core, for
  // the perfetto timeline of its hardware threads and the instruction count of all of them (null:
  // none; the hart's count). Throws std::invalid_argument for bad trace options.
  void attach(SliceObserver& observer, const ElfImage* image, bool linux_user, double clock_hz,
              uint64_t max_insts, timing::CoreModel* model, Core* core, bool feed_model);
  InstructionTracer* instruction_tracer() { return core_tracer_.get(); }  // null: no instruction trace
  // The `--trace perfetto:FILE` timeline, created now (null without one); finish() closes it.
  Timeline* open_timeline();
  // Trace markers of a one-core run (after attach): to the instruction traces, the Kanata log
  // and the timeline.
  void listen_marks(TraceMarkerDevice& device, const Core& core);
  // A machine: its timeline (--trace perfetto), instruction traces of its cores (machine_traces.h)
  // and the progress line, on its after_turn hook. image_of: per core, its image (or null).
  // Throws std::invalid_argument for bad trace options.
  void attach_machine(MultiNodeMachine& m, const std::vector<const ElfImage*>& image_of, uint64_t max_insts);
  // Whether an instruction trace (not a timeline) is on.
  bool instruction_traces() const;
  // After the run: finish the traces, clear the progress line, write the statistics (--stats,
  // --stats-json, --out). Throws std::invalid_argument when a file cannot be written.
  void finish(const StatRegistry& stats);
  // Remove the progress line before writing a message on stderr.
  void clear_progress() {
    if (progress_) progress_->clear();
  }
  const std::string& dir() const { return opts_.out_dir; }

 private:
  bool want_progress() const;

  RunOutputOptions opts_;
  std::ofstream stats_text_, stats_json_;
#if PIMNIC_WITH_TRACE
  std::unique_ptr<trace::Tracer> tracer_;
  std::unique_ptr<trace::KanataWriter> kanata_;
#endif
  std::unique_ptr<ProgressLine> progress_;
  std::unique_ptr<Timeline> timeline_;  // --trace perfetto:FILE
  int timeline_pid_ = 0;
  std::unique_ptr<CoreTimeline> core_timeline_;
  Tick timeline_end_ = 0;
  std::unique_ptr<MachineTraces> machine_traces_;
  double clock_hz_ = 1e9;  // the one core's (attach)
  std::unique_ptr<InstructionTracer> core_tracer_;  // attach
};

// The end of every run command: the run's message (if any; one note per line) on stderr and its
// exit status, then output.finish(stats); a file that cannot be written then is one more line and
// exit status 2.
void end_run(RunOutput& output, const StatRegistry& stats, const std::string& message, int status);

}  // namespace pimnic::cli
