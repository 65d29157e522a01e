// Building the Tracer from command-line options (--trace, --disasm-check), shared by
// `pimnic run` and `pimnic linux`.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "trace/trace_spec.h"
#include "trace/tracer.h"

namespace pimnic {
struct ElfImage;
}

namespace pimnic::trace {

struct TraceOptions {
  std::vector<std::string> specs;  // --trace KIND[,OPT...]:FILE
  bool disasm_check = false;
  std::string known_errors;        // --disasm-known-errors FILE ("" = the source tree's list)
  std::string out_dir;             // relative trace files go here when set
  bool any() const { return !specs.empty() || disasm_check; }
};

// The sink of one commit, qemu or binary trace spec, writing to `path`. image: the executable
// (symbols for the qemu format; may be null). Throws TraceError when the file cannot be created.
std::unique_ptr<TraceSink> make_sink(const TraceSpec& spec, const std::string& path, const ElfImage* image);
// A spec's file, relative names in out_dir (when set).
std::string trace_path(const std::string& file, const std::string& out_dir);

// The tracer for these options, or null when nothing is traced. image: the executable (symbols
// for the qemu format; may be null). Throws TraceError for bad specs or unwritable files.
std::unique_ptr<Tracer> make_tracer(const TraceOptions& opts, const TraceContext& ctx, const ElfImage* image);

}  // namespace pimnic::trace
