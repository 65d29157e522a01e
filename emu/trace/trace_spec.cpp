#include "trace/trace_spec.h"

#include <cstdlib>

#include "trace/trace_error.h"

namespace pimnic::trace {

namespace {

bool ends_with(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

constexpr int kDefaultZstdLevel = 3;
constexpr int kDefaultGzipLevel = 6;  // gzip's own default

}  // namespace

const char* trace_kinds() { return "commit, qemu, binary, kanata, perfetto"; }

TraceSpec parse_trace_spec(const std::string& text) {
  size_t colon = text.find(':');
  if (colon == std::string::npos || colon + 1 == text.size())
    throw TraceError("--trace " + text + ": expected KIND[,OPTION...]:FILE (kinds: " + trace_kinds() + ")");
  TraceSpec spec;
  spec.file = text.substr(colon + 1);
  std::string head = text.substr(0, colon);
  size_t comma = head.find(',');
  spec.kind = head.substr(0, comma);
  if (spec.kind != "commit" && spec.kind != "qemu" && spec.kind != "binary" && spec.kind != "kanata")
    throw TraceError("--trace: unknown kind '" + spec.kind + "' (kinds: " + trace_kinds() + ")");
  while (comma != std::string::npos) {
    size_t next = head.find(',', comma + 1);
    std::string opt = head.substr(comma + 1, next == std::string::npos ? std::string::npos : next - comma - 1);
    comma = next;
    size_t eq = opt.find('=');
    std::string key = opt.substr(0, eq), value = eq == std::string::npos ? "" : opt.substr(eq + 1);
    if (key == "zstd") {
      int level = value.empty() ? kDefaultZstdLevel : std::atoi(value.c_str());
      if (level < -7 || level > 19 || level == 0) throw TraceError("--trace: zstd level must be 1..19 or -7..-1");
      spec.compression.zstd_level = level;
    } else if (key == "gzip") {
      int level = value.empty() ? kDefaultGzipLevel : std::atoi(value.c_str());
      if (level < 1 || level > 9) throw TraceError("--trace: gzip level must be 1..9");
      spec.compression.gzip_level = level;
    } else if (key == "zstd-threads") {
      spec.compression.zstd_workers = std::atoi(value.c_str());
      if (spec.compression.zstd_workers < 0 || spec.compression.zstd_workers > 64)
        throw TraceError("--trace: zstd-threads must be 0..64");
    } else if (key == "fpu" && value.empty()) {
      if (spec.kind != "qemu") throw TraceError("--trace: option 'fpu' is for the qemu kind");
      spec.fpu = true;
    } else if (eq == std::string::npos && !key.empty() && key != "sym") {
      throw TraceError("--trace: option '" + key + "' needs a value (e.g. " + key + "=...)");
    } else if (!spec.filter.parse_option(key, value)) {
      throw TraceError("--trace: unknown option '" + key +
                       "' (node, core, thread, pc, sym, insts, cycles, zstd, zstd-threads, gzip, fpu)");
    }
  }
  Compression& c = spec.compression;
  if ((c.zstd_level || c.zstd_workers) && c.gzip_level) throw TraceError("--trace: zstd or gzip, not both");
  if (!c.gzip_level && !c.zstd_level && ends_with(spec.file, ".gz")) c.gzip_level = kDefaultGzipLevel;
  if (!c.gzip_level && !c.zstd_level && ends_with(spec.file, ".zst")) c.zstd_level = kDefaultZstdLevel;
  if (c.zstd_workers && !c.zstd_level) c.zstd_level = kDefaultZstdLevel;
  return spec;
}

}  // namespace pimnic::trace
