#include "cli/run_output.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>

#include "cli/commands.h"
#include "cpu/core.h"
#include "machine/core_timeline.h"
#include "loader/elf_image.h"

#include "timing/core_model.h"

#if PIMNIC_WITH_TRACE
#include "trace/kanata_writer.h"
#include "trace/trace_error.h"
#include "trace/trace_setup.h"
#include "trace/trace_spec.h"
#endif

namespace pimnic::cli {

void add_run_output_options(CLI::App* c, RunOutputOptions& o) {
  c->add_option("--out", o.out_dir,
                "Output directory: stats.txt, stats.json, config.json, and trace files given relative names");
  c->add_option("--trace", o.traces,
                "Trace KIND[,OPTION...]:FILE (repeatable). Kinds: commit, qemu, binary, kanata (pipeline, needs --model inorder|ooo), perfetto (Chrome/Perfetto JSON timeline of hardware threads, DMA, packets, interrupts; no options). Options: core=N, thread=N, "
                "pc=LO-HI, sym=NAME, insts=A-B, cycles=A-B, zstd[=LEVEL], gzip[=LEVEL] (implied by a .zst or .gz name). See docs/traces.md")
      ->allow_extra_args(false);
  c->add_flag("--disasm-check", o.disasm_check,
              "Compare the disassembly of every newly executed instruction with Capstone; report disagreements");
  c->add_option("--disasm-known-errors", o.known_errors,
                "Capstone's known errors for --disasm-check (default: tests/disasm/capstone_known_errors.txt)");
  c->add_flag("--no-progress", o.no_progress, "No progress line on stderr (it only appears on a terminal anyway)");
}

namespace {
void write_file(const std::string& path, const std::function<void(std::ostream&)>& body) {
  std::ofstream f(path);
  if (f) body(f);
  if (!f) throw std::invalid_argument("cannot write " + path + ": " + std::strerror(errno));
}

// JSON text of values that may hold any bytes the user gave (paths, the guest's argv and
// environment): bytes that are not UTF-8 become U+FFFD instead of an exception.
std::string json_text(const nlohmann::json& j) { return j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace); }
}  // namespace

void check_writable(const std::string& path) {
  if (!path.empty()) write_file(path, [](std::ostream&) {});
}

void write_stats_files(const std::string& text_path, const std::string& json_path, const StatRegistry& stats) {
  if (!text_path.empty()) write_file(text_path, [&](std::ostream& f) { stats.write_text(f); });
  if (!json_path.empty()) write_file(json_path, [&](std::ostream& f) { f << json_text(stats.to_json()) << "\n"; });
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

// ---- progress line ---------------------------------------------------------------------------

namespace {
constexpr auto kProgressPeriod = std::chrono::milliseconds(250);

std::string human_time(double s) {
  char b[32];
  if (s >= 1) std::snprintf(b, sizeof b, "%.3f s", s);
  else if (s >= 1e-3) std::snprintf(b, sizeof b, "%.3f ms", s * 1e3);
  else std::snprintf(b, sizeof b, "%.3f us", s * 1e6);
  return b;
}
}  // namespace

ProgressLine::ProgressLine(double clock_hz, uint64_t max_insts)
    : clock_hz_(clock_hz), max_insts_(max_insts), start_(std::chrono::steady_clock::now()),
      next_(start_ + kProgressPeriod) {}

void ProgressLine::update(const Hart& h) {
  auto now = std::chrono::steady_clock::now();
  if (now < next_) return;
  next_ = now + kProgressPeriod;
  const double wall = std::chrono::duration<double>(now - start_).count();
  const double mips = wall > 0 ? double(h.icount) / wall / 1e6 : 0;
  char line[160];
  int n = std::snprintf(line, sizeof line, "\rpimnic: %s simulated, %.1f M instructions, %.1f MIPS",
                        human_time(double(h.cycles()) / clock_hz_).c_str(), double(h.icount) / 1e6, mips);
  if (max_insts_ && mips > 0 && h.icount < max_insts_ && n > 0 && size_t(n) < sizeof line) {
    double eta = double(max_insts_ - h.icount) / (mips * 1e6);
    std::snprintf(line + n, sizeof line - size_t(n), ", ETA %.0f s", eta);
  }
  std::fprintf(stderr, "%s\033[K", line);
  std::fflush(stderr);
  shown_ = true;
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
  if (!opts_.traces.empty() || opts_.disasm_check)
    throw std::invalid_argument("this pimnic was built without trace support (PIMNIC_TRACE=OFF)");
#endif
}

RunOutput::~RunOutput() = default;

#if PIMNIC_WITH_TRACE
namespace {
// Feeds a timing model the records a traced run steps, so traces and timing see the same run.
class ModelFeed final : public trace::TraceSink {
 public:
  explicit ModelFeed(timing::CoreModel* m) : m_(m) {}
  void record(const trace::TraceRecord& r, const trace::InsnInfo&, bool) override {
    if (r.exec && r.hart) m_->account(*const_cast<Hart*>(r.hart), *r.exec);
  }
  bool wants_rejected() const override { return true; }

 private:
  timing::CoreModel* m_;
};
}  // namespace
#endif

std::string output_path(const RunOutputOptions& o, const std::string& file) {
  return !o.out_dir.empty() && !file.empty() && file[0] != '/' ? o.out_dir + "/" + file : file;
}

void RunOutput::attach(SliceRunner& runner, SliceObserver& observer, const ElfImage* image, bool linux_user,
                       double clock_hz, uint64_t max_insts, timing::CoreModel* model, Core* core) {
  const bool timed = model && model->steps();
  // perfetto:FILE is the timeline of the core's hardware threads, sampled after each slice.
  std::vector<std::string> traces;
  for (const std::string& text : opts_.traces) {
    if (text.rfind("perfetto:", 0) != 0) {
      traces.push_back(text);
      continue;
    }
    if (timeline_) throw std::invalid_argument("--trace perfetto: one timeline at a time");
    timeline_ = std::make_unique<Timeline>(output_path(opts_, text.substr(9)));
    timeline_pid_ = timeline_->process("pimnic");
  }
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
  if (tracer_ && timed) tracer_->add(std::make_unique<ModelFeed>(model), trace::TraceFilter{});
  // A trace that cannot be written (disk full) ends the run with a one-line error.
  if (tracer_)
    runner = [t = tracer_.get()](Hart& h, uint64_t budget) {
      try {
        return t->run(h, budget);
      } catch (const trace::TraceError& e) {
        throw std::invalid_argument(e.what());
      }
    };
#else
  (void)runner;
  (void)image;
  (void)linux_user;
  (void)timed;
#endif

  if (!opts_.no_progress && ::isatty(STDERR_FILENO)) {
    progress_ = std::make_unique<ProgressLine>(clock_hz, max_insts);
    observer = [p = progress_.get()](const Hart& h) { p->update(h); };
  }
  if (timeline_) {
    if (!core) throw std::invalid_argument("--trace perfetto: not available here");
    core_timeline_ = std::make_unique<CoreTimeline>(*timeline_, timeline_pid_, *core, core->name());
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

void RunOutput::finish(const StatRegistry& stats, const nlohmann::json& config) {
  if (progress_) progress_->clear();
  if (core_timeline_) core_timeline_->close(timeline_end_);
  if (timeline_) timeline_->finish();
#if PIMNIC_WITH_TRACE
  try {
    if (tracer_) tracer_->finish();
    if (kanata_) kanata_->finish();
  } catch (const trace::TraceError& e) {
    throw std::invalid_argument(e.what());
  }
#endif
  if (opts_.out_dir.empty()) return;
  const std::string& d = opts_.out_dir;
  write_file(d + "/stats.txt", [&](std::ostream& f) { stats.write_text(f); });
  write_file(d + "/stats.json", [&](std::ostream& f) { f << json_text(stats.to_json()) << "\n"; });
  write_file(d + "/config.json", [&](std::ostream& f) { f << json_text(config) << "\n"; });
}

}  // namespace pimnic::cli
