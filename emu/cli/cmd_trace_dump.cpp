// `pimnic trace-dump FILE`: print a binary trace (--trace binary:FILE, plain or zstd) as the
// commit trace text, byte for byte what --trace commit would have written for the same run.
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>

#include "cli/commands.h"

#if PIMNIC_WITH_TRACE
#include "trace/binary_reader.h"
#include "trace/output_stream.h"
#include "trace/trace_error.h"
#endif

namespace pimnic::cli {

namespace {

struct TraceDumpOptions {
  std::string file;
  std::string output = "-";
};

void trace_dump_command(const TraceDumpOptions& o) {
#if PIMNIC_WITH_TRACE
  try {
    trace::BinaryTraceReader reader(o.file);
    trace::OutputStream out(o.output, {});
    out.write(trace::commit_header(), std::strlen(trace::commit_header()));
    trace::CommitLine line;
    while (reader.next(line)) {
      char* p = out.reserve(trace::commit_line_max(line));
      out.advance(trace::format_commit_line(line, p));
    }
    out.finish();
    if (!reader.complete())
      note(o.file + ": no end record (the traced run was cut short); " + std::to_string(reader.records()) +
           " instructions");
  } catch (const trace::TraceError& e) {
    fail(e.what());
  }
#else
  (void)o;
  fail("this pimnic was built without trace support (PIMNIC_TRACE=OFF)");
#endif
}

}  // namespace

void add_trace_dump_command(CLI::App& app) {
  auto o = std::make_shared<TraceDumpOptions>();
  CLI::App* c = app.add_subcommand("trace-dump", "Print a binary trace (--trace binary:FILE) as commit trace text");
  c->add_option("file", o->file, "Binary trace file (plain or zstd-compressed)")->required();
  c->add_option("-o,--output", o->output, "Write the text here instead of stdout");
  c->callback([o] { trace_dump_command(*o); });
}

}  // namespace pimnic::cli
