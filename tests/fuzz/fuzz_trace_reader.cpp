// libFuzzer target: the binary-trace reader behind `pimnic trace-dump`. An input is a trace file
// (plain, or zstd/gzip as told by its first bytes): every record is read and formatted as a
// commit line, as trace-dump does. TraceError is the expected answer to bad input.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <vector>

#include "trace/binary_reader.h"
#include "trace/commit_format.h"
#include "trace/trace_error.h"

using namespace pimnic;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::FILE* f = fmemopen(const_cast<uint8_t*>(data), size, "rb");
  if (!f) return 0;
  try {
    trace::BinaryTraceReader reader(f, "fuzz.bin");
    trace::CommitLine line;
    std::vector<char> out;
    for (unsigned n = 0; n < 100000 && reader.next(line); ++n) {
      out.resize(trace::commit_line_max(line));
      trace::format_commit_line(line, out.data());
    }
  } catch (const trace::TraceError&) {
  }
  return 0;
}
