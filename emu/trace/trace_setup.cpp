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

std::string trace_path(const std::string& file, const std::string& out_dir) {
  if (out_dir.empty() || file.empty() || file[0] == '/') return file;
  return out_dir + "/" + file;
}

std::unique_ptr<TraceSink> make_sink(const TraceSpec& spec, const std::string& path, const ElfImage* image) {
  auto out = std::make_unique<OutputStream>(path, spec.compression);
  if (spec.kind == "commit") return std::make_unique<CommitSink>(std::move(out));
  if (spec.kind == "binary") return std::make_unique<BinarySink>(std::move(out));
  return std::make_unique<QemuSink>(std::move(out), image ? QemuSymbols(*image) : QemuSymbols(), spec.fpu);
}

std::unique_ptr<Tracer> make_tracer(const TraceOptions& opts, const TraceContext& ctx, const ElfImage* image) {
  if (!opts.any()) return nullptr;
  auto tracer = std::make_unique<Tracer>(ctx);
  if (opts.specs.size() > 15) throw TraceError("--trace: at most 15 traces at a time");
  for (const std::string& text : opts.specs) {
    TraceSpec spec = parse_trace_spec(text);
    tracer->add(make_sink(spec, trace_path(spec.file, opts.out_dir), image), spec.filter);
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
