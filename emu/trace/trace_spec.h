// One --trace argument: KIND[,OPTION...]:FILE, e.g. "commit:run.trace",
// "binary,zstd:run.ptrace.zst", "commit,sym=main,insts=1000-2000:main.trace". Options are the
// filter keys (trace_filter.h), zstd[=LEVEL] and gzip[=LEVEL] (compress the file; implied by a
// .zst or .gz name).
#pragma once
#include <string>

#include "trace/output_stream.h"
#include "trace/trace_filter.h"

namespace pimnic::trace {

struct TraceSpec {
  std::string kind;  // commit | qemu | binary | kanata (the pipeline log, written by a timing model)
  std::string file;
  TraceFilter filter;
  Compression compression;
  bool fpu = false;  // qemu: also the FPRs and FPSCR, as qemu's -d fpu
};

// Throws TraceError with a one-line message for a malformed spec or an unknown kind/option.
TraceSpec parse_trace_spec(const std::string& text);
// The kinds --trace accepts, for help text: "commit, qemu, binary".
const char* trace_kinds();

}  // namespace pimnic::trace
