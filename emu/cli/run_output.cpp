#include "cli/run_output.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>

#include "cli/commands.h"
#include "cli/machine_traces.h"
#include "cli/version.h"
#include "cpu/core.h"
#include "machine/core_runner.h"
#include "machine/core_timeline.h"
#include "machine/multi_node_machine.h"
#include "devices/trace_marker.h"
#include "loader/elf_image.h"

#include "timing/core_model.h"

#if PIMNIC_WITH_TRACE
#include "trace/kanata_writer.h"
#include "trace/model_feed.h"
#include "trace/trace_error.h"
#include "trace/trace_setup.h"
#include "trace/trace_spec.h"
#endif

namespace pimnic::cli {

void add_run_output_options(CLI::App* c, RunOutputOptions& o) {
  c->add_option("--out", o.out_dir,
                "Output directory: stats.txt, stats.json, config.json, and trace files given relative names");
  c->add_option("--stats", o.stats_file, "Write gem5-style statistics (name value # description) here");
  c->add_option("--stats-json", o.stats_json, "Write the statistics as JSON here");
  c->add_option("--trace", o.traces,
                "Trace KIND[,OPTION...]:FILE (repeatable). Kinds: commit, qemu, binary, kanata (pipeline, needs --model inorder|ooo), perfetto (Chrome/Perfetto JSON timeline of hardware threads, DMA, packets, interrupts; no options). Options: node=N, core=N or core=host|nic|pim0|pim1 (machines), thread=N, "
                "pc=LO-HI, sym=NAME, insts=A-B, cycles=A-B, zstd[=LEVEL], gzip[=LEVEL] (implied by a .zst or .gz name); %c in FILE: "
                "one file per core. See docs/traces.md")
      ->allow_extra_args(false);
  c->add_flag("--disasm-check", o.disasm_check,
              "Compare the disassembly of every newly executed instruction with Capstone; report disagreements");
  c->add_option("--disasm-known-errors", o.known_errors,
                "Capstone's known errors for --disasm-check (default: tests/disasm/capstone_known_errors.txt)");
  c->add_flag("--progress", o.progress,
              "Progress line on stderr (simulated time, instructions, MIPS, wall time) even when it is not a terminal");
  c->add_flag("--no-progress", o.no_progress, "No progress line on stderr (by default it appears on a terminal)");
}

RunLimits LimitOptions::limits() const {
  RunLimits l;
  l.max_insts = max_insts;
  if (!max_sim_time.empty()) l.max_time = parse_sim_time(max_sim_time);
  return l;
}

void add_limit_options(CLI::App* c, LimitOptions& o) {
  c->add_option("--max-insts", o.max_insts, "Stop (exit code 3) after this many instructions")->check(not_negative());
  c->add_option("--max-sim-time", o.max_sim_time,
                "Stop (exit code 4) when the simulated time reaches this, e.g. 10ms, 250us (units s, ms, us, ns, ps)");
}

nlohmann::json params_json(const ParamRegistry& params) {
  nlohmann::json j = nlohmann::json::object();
  for (const ParamRegistry::Info& i : params.list()) {
    if (i.type == "uint") j[i.name] = std::stoull(i.value);
    else if (i.type == "float") j[i.name] = std::stod(i.value);
    else if (i.type == "bool") j[i.name] = i.value == "true" || i.value == "1";
    else j[i.name] = i.value;
  }
  return j;
}

nlohmann::json image_json(const std::string& where, const std::string& path, const ElfImage& img) {
  struct stat st {};
  ::stat(path.c_str(), &st);
  char entry[16];
  std::snprintf(entry, sizeof entry, "0x%08x", img.entry);
  return {{"core", where}, {"path", path}, {"bytes", uint64_t(st.st_size)}, {"profile", img.profile}, {"entry", entry}};
}

// ---- progress line ---------------------------------------------------------------------------

namespace {
constexpr auto kTerminalPeriod = std::chrono::milliseconds(250);
constexpr auto kLogPeriod = std::chrono::seconds(2);
}  // namespace

ProgressLine::ProgressLine(bool terminal, uint64_t max_insts)
    : terminal_(terminal), max_insts_(max_insts), start_(std::chrono::steady_clock::now()),
      next_(start_ + (terminal ? std::chrono::steady_clock::duration(kTerminalPeriod) : kLogPeriod)) {}

std::string ProgressLine::text(Tick now, uint64_t insts, double wall) const {
  const double mips = wall > 0 ? double(insts) / wall / 1e6 : 0;
  char line[200];
  int n = std::snprintf(line, sizeof line, "pimnic: %s simulated, %.1f M instructions, %.1f MIPS, %.1f s wall",
                        format_sim_time(now).c_str(), double(insts) / 1e6, mips, wall);
  if (max_insts_ && mips > 0 && insts < max_insts_ && n > 0 && size_t(n) < sizeof line) {
    double eta = double(max_insts_ - insts) / (mips * 1e6);
    std::snprintf(line + n, sizeof line - size_t(n), ", ETA %.0f s", eta);
  }
  return line;
}

void ProgressLine::update(Tick now_ps, uint64_t insts) {
  last_now_ = now_ps;
  last_insts_ = insts;
  auto now = std::chrono::steady_clock::now();
  if (now < next_) return;
  next_ = now + (terminal_ ? std::chrono::steady_clock::duration(kTerminalPeriod) : kLogPeriod);
  const std::string line = text(now_ps, insts, std::chrono::duration<double>(now - start_).count());
  if (terminal_) std::fprintf(stderr, "\r%s\033[K", line.c_str());
  else std::fprintf(stderr, "%s\n", line.c_str());
  std::fflush(stderr);
  shown_ = terminal_;
}

void ProgressLine::finish() {
  clear();
  if (terminal_) return;
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  std::fprintf(stderr, "%s\n", text(last_now_, last_insts_, wall).c_str());
}

void ProgressLine::clear() {
  if (!shown_) return;
  std::fputs("\r\033[K", stderr);
  std::fflush(stderr);
  shown_ = false;
}

// ---- output directory and traces ------------------------------------------------------------

RunOutput::RunOutput(const RunOutputOptions& o) : opts_(o) {
  if (!opts_.out_dir.empty()) {
    if (::mkdir(opts_.out_dir.c_str(), 0777) != 0 && errno != EEXIST)
      throw std::invalid_argument("cannot create " + opts_.out_dir + ": " + std::strerror(errno));
    struct stat st;
    if (::stat(opts_.out_dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))
      throw std::invalid_argument("--out " + opts_.out_dir + ": not a directory");
  }
#if !PIMNIC_WITH_TRACE
  for (const std::string& t : opts_.traces)
    if (trace_kind(t) != "perfetto" || opts_.disasm_check)
      throw std::invalid_argument("this pimnic was built without instruction traces (PIMNIC_TRACE=OFF)");
#endif
  // Created (empty) now, so that a path that cannot be written is known before the run.
  auto create = [](std::ofstream& f, const std::string& path) {
    if (path.empty()) return;
    f.open(path);
    if (!f) throw std::invalid_argument("cannot write " + path + ": " + std::strerror(errno));
  };
  create(stats_text_, opts_.stats_file);
  create(stats_json_, opts_.stats_json);
}

RunOutput::~RunOutput() = default;

namespace {
void write_file(const std::string& path, const std::function<void(std::ostream&)>& body) {
  errno = 0;
  std::ofstream f(path);
  if (f) body(f);
  f.flush();
  if (!f) throw std::invalid_argument("cannot write " + path + (errno ? std::string(": ") + std::strerror(errno) : ""));
}

// JSON text of values that may hold any bytes the user gave (paths, the guest's argv and
// environment): bytes that are not UTF-8 become U+FFFD instead of an exception.
std::string json_text(const nlohmann::json& j) { return j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace); }
}  // namespace

void RunOutput::begin(nlohmann::json config) {
  config["pimnic_version"] = pimnic_version();
  config["command_line"] = command_line();
  if (!opts_.out_dir.empty())
    write_file(opts_.out_dir + "/config.json", [&](std::ostream& f) {
      f << json_text(config) << "\n";
    });
  install_stop_handlers();
}

Timeline* RunOutput::open_timeline() {
  for (const std::string& text : opts_.traces) {
    if (trace_kind(text) != "perfetto") continue;
    if (timeline_) throw std::invalid_argument("--trace perfetto: one timeline at a time");
    timeline_ = std::make_unique<Timeline>(perfetto_file(opts_, text));
  }
  return timeline_.get();
}

bool RunOutput::want_progress() const {
  return !opts_.no_progress && (opts_.progress || ::isatty(STDERR_FILENO));
}

void RunOutput::attach_machine(MultiNodeMachine& m, const std::vector<const ElfImage*>& image_of, uint64_t max_insts) {
  if (Timeline* timeline = open_timeline()) m.set_timeline(timeline);
  machine_traces_ = std::make_unique<MachineTraces>(opts_, m, image_of);
  if (want_progress()) progress_ = std::make_unique<ProgressLine>(::isatty(STDERR_FILENO), max_insts);
  // (no hook when there is nothing to do: the machine calls it after every slice)
  if (!machine_traces_->any() && !progress_) return;
  m.after_turn = [&m, p = progress_.get(), t = machine_traces_.get()] {
    t->after_turn();
    if (p) p->update(m.now(), m.instructions());
  };
}

void RunOutput::listen_marks(TraceMarkerDevice& device, const Core& core) {
  device.set_listener([this, &core](const MmioAccess& by, const TraceMark& m) {
    const Hart& h = core.hart(initiator_hart(by.initiator));
#if PIMNIC_WITH_TRACE
    if (tracer_) tracer_->note_mark(h, m);
    if (kanata_) kanata_->mark(h.cycles(), unsigned(h.index()), m);
#endif
    if (core_timeline_) core_timeline_->mark(h.index(), m, Tick(double(h.cycles()) * double(kTicksPerSecond) / clock_hz_));
  });
}

bool RunOutput::instruction_traces() const {
  for (const std::string& t : opts_.traces)
    if (trace_kind(t) != "perfetto") return true;
  return opts_.disasm_check;
}

std::string output_path(const RunOutputOptions& o, const std::string& file) {
  return !o.out_dir.empty() && !file.empty() && file[0] != '/' ? o.out_dir + "/" + file : file;
}

std::string trace_kind(const std::string& spec) { return spec.substr(0, spec.find_first_of(",:")); }

std::string perfetto_file(const RunOutputOptions& o, const std::string& spec) {
  const size_t colon = spec.find(':');
  if (colon == std::string::npos || colon + 1 == spec.size())
    throw std::invalid_argument("--trace " + spec + ": expected perfetto:FILE");
  if (spec.find(',') < colon)
    throw std::invalid_argument("--trace " + spec + ": a perfetto timeline takes no options (" +
                                spec.substr(spec.find(',') + 1, colon - spec.find(',') - 1) + "); give perfetto:FILE");
  return output_path(o, spec.substr(colon + 1));
}

namespace {
// The one core's traces, as its runner drives them (a trace that cannot be written: a one-line error).
struct OneCoreTracer final : InstructionTracer {
#if PIMNIC_WITH_TRACE
  explicit OneCoreTracer(trace::Tracer& t) : tracer(t) {}
  StopReason run(Hart& h, uint64_t budget, uint64_t until_cycle) override {
    try {
      return tracer.run(h, budget, 0, until_cycle);
    } catch (const trace::TraceError& e) {
      throw std::invalid_argument(e.what());
    }
  }
  void observe(Hart& h, const ExecRecord& rec) override {
    try {
      tracer.observe(h, rec, 0);
    } catch (const trace::TraceError& e) {
      throw std::invalid_argument(e.what());
    }
  }
  trace::Tracer& tracer;
#endif
};
}  // namespace

void RunOutput::attach(SliceObserver& observer, const ElfImage* image, bool linux_user, double clock_hz,
                       uint64_t max_insts, timing::CoreModel* model, Core* core, bool feed_model) {
  clock_hz_ = clock_hz;
  const bool timed = model && model->steps();
  // perfetto:FILE is the timeline of the core's hardware threads, sampled after each slice.
  std::vector<std::string> traces;
  for (const std::string& text : opts_.traces)
    if (trace_kind(text) != "perfetto") traces.push_back(text);
  if (open_timeline()) timeline_pid_ = timeline_->process("pimnic");
#if PIMNIC_WITH_TRACE
  trace::TraceOptions t;
  t.specs.clear();
  try {
    for (const std::string& text : traces) {
      trace::TraceSpec spec = trace::parse_trace_spec(text);
      if (spec.kind != "kanata") {
        t.specs.push_back(text);
        continue;
      }
      if (!timed) throw std::invalid_argument("--trace kanata needs a timing model (--model inorder)");
      if (kanata_) throw std::invalid_argument("--trace kanata: one pipeline log at a time");
      kanata_ = std::make_unique<trace::KanataWriter>(
          std::make_unique<trace::OutputStream>(output_path(opts_, spec.file), spec.compression));
      model->set_pipeline_log(kanata_.get());
    }
  } catch (const trace::TraceError& e) {
    throw std::invalid_argument(e.what());
  }
  t.disasm_check = opts_.disasm_check;
  t.known_errors = opts_.known_errors;
  t.out_dir = opts_.out_dir;
  trace::TraceContext ctx;
  ctx.symbols = image ? &image->symbols : nullptr;
  ctx.linux_user = linux_user;
  try {
    tracer_ = trace::make_tracer(t, ctx, image);
  } catch (const trace::TraceError& e) {
    throw std::invalid_argument(e.what());
  }
  if (tracer_ && timed && feed_model) tracer_->add(std::make_unique<trace::ModelFeed>(model), trace::TraceFilter{});
  // A trace that cannot be written (disk full) ends the run with a one-line error.
  if (tracer_) core_tracer_ = std::make_unique<OneCoreTracer>(*tracer_);
#else
  (void)feed_model;
  (void)image;
  (void)linux_user;
  (void)timed;
#endif

  if (want_progress()) {
    progress_ = std::make_unique<ProgressLine>(::isatty(STDERR_FILENO), max_insts);
    observer = [p = progress_.get(), clock_hz, core](const Hart& h) {
      uint64_t insts = h.icount;
      if (core && core->num_harts() > 1)
        for (size_t i = 1; i < core->num_harts(); ++i) insts += core->hart(i).icount;
      p->update(Tick(double(h.cycles()) * double(kTicksPerSecond) / clock_hz), insts);
    };
  }
  if (timeline_) {
    if (!core) throw std::invalid_argument("--trace perfetto: not available here");
    core_timeline_ = std::make_unique<CoreTimeline>(*timeline_, timeline_pid_, *core, core->name());
    core_timeline_->sample(0);  // the threads' states from the start
    auto sample = [this](const Hart& h) {
      timeline_end_ = std::max(timeline_end_, now_of(h));
      core_timeline_->sample(now_of(h));
    };
    core->after_turn = sample;  // threads of a PIM core, turn by turn
    observer = [sample, next = observer](const Hart& h) {
      if (next) next(h);
      sample(h);
    };
  }
}


void RunOutput::finish(const StatRegistry& stats) {
  if (progress_) progress_->finish();
  if (core_timeline_) core_timeline_->close(timeline_end_);
  if (timeline_) timeline_->finish();
  if (machine_traces_) machine_traces_->finish();
#if PIMNIC_WITH_TRACE
  try {
    if (tracer_) tracer_->finish();
    if (kanata_) kanata_->finish();
  } catch (const trace::TraceError& e) {
    throw std::invalid_argument(e.what());
  }
#endif
  auto check = [](std::ofstream& f, const std::string& path) {
    f.flush();
    if (!f) throw std::invalid_argument("cannot write " + path + " (disk full?)");
    f.close();
  };
  if (stats_text_.is_open()) {
    stats.write_text(stats_text_);
    check(stats_text_, opts_.stats_file);
  }
  if (stats_json_.is_open()) {
    stats_json_ << json_text(stats.to_json()) << "\n";
    check(stats_json_, opts_.stats_json);
  }
  if (opts_.out_dir.empty()) return;
  const std::string& d = opts_.out_dir;
  write_file(d + "/stats.txt", [&](std::ostream& f) { stats.write_text(f); });
  write_file(d + "/stats.json", [&](std::ostream& f) { f << json_text(stats.to_json()) << "\n"; });
}

void end_run(RunOutput& output, const StatRegistry& stats, const std::string& message, int status) {
  output.clear_progress();
  std::fflush(stdout);
  // A message of several lines (a deadlock report) is several notes, each line flattened.
  for (size_t at = 0; at < message.size();) {
    const size_t end = std::min(message.find('\n', at), message.size());
    note(message.substr(at, end - at));
    at = end + 1;
  }
  exit_status() = status;
  try {
    output.finish(stats);
  } catch (const std::invalid_argument& e) {
    fail(e.what());
  }
}

}  // namespace pimnic::cli
