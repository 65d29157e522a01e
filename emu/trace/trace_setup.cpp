#include "trace/trace_setup.h"

#include <cstdio>

#include "loader/elf_image.h"
#include "trace/binary_sink.h"
#include "trace/commit_sink.h"
#include "trace/disasm_check.h"
#include "trace/qemu_sink.h"
#include "trace/trace_error.h"
#include "trace/trace_spec.h"

namespace pimnic::trace {

namespace {

std::string place(const std::string& file, const std::string& out_dir) {
  if (out_dir.empty() || file.empty() || file[0] == '/') return file;
  return out_dir + "/" + file;
}

}  // namespace

std::unique_ptr<Tracer> make_tracer(const TraceOptions& opts, const TraceContext& ctx, const ElfImage* image) {
  if (!opts.any()) return nullptr;
  auto tracer = std::make_unique<Tracer>(ctx);
  if (opts.specs.size() > 15) throw TraceError("--trace: at most 15 traces at a time");
  for (const std::string& text : opts.specs) {
    TraceSpec spec = parse_trace_spec(text);
    auto out = std::make_unique<OutputStream>(place(spec.file, opts.out_dir), spec.compression);
    std::unique_ptr<TraceSink> sink;
    if (spec.kind == "commit") sink = std::make_unique<CommitSink>(std::move(out));
    else if (spec.kind == "binary") sink = std::make_unique<BinarySink>(std::move(out));
    else sink = std::make_unique<QemuSink>(std::move(out), image ? QemuSymbols(*image) : QemuSymbols(), spec.fpu);
    tracer->add(std::move(sink), spec.filter);
  }
  if (opts.disasm_check) {
    std::string path = opts.known_errors.empty() ? CapstoneKnownErrors::default_path() : opts.known_errors;
    CapstoneKnownErrors known;
    try {
      known = CapstoneKnownErrors::load(path);
    } catch (const TraceError& e) {
      if (!opts.known_errors.empty()) throw;
      std::fprintf(stderr, "pimnic: disasm-check: %s; every disagreement will be reported\n", e.what());
    }
    tracer->add(std::make_unique<DisasmCheckSink>(std::move(known), stderr), TraceFilter{});
  }
  return tracer;
}

}  // namespace pimnic::trace
