#include "trace/capstone_known_errors.h"

#include <cstdlib>
#include <sstream>

#include "trace/trace_error.h"
#include "util/read_file.h"

#ifndef PIMNIC_SOURCE_DIR
#define PIMNIC_SOURCE_DIR "."
#endif

namespace pimnic::trace {

namespace {
constexpr uint64_t kMaxKnownErrorsBytes = 1u << 20;
}

std::string CapstoneKnownErrors::default_path() {
  return std::string(PIMNIC_SOURCE_DIR) + "/tests/disasm/capstone_known_errors.txt";
}

CapstoneKnownErrors CapstoneKnownErrors::load(const std::string& path) {
  try {
    return parse(read_file_bounded<std::string>(path, kMaxKnownErrorsBytes, "the known-errors file"), path);
  } catch (const FileError& e) {
    throw TraceError(e.what());
  }
}

// One entry per line: MASK MATCH DESCRIPTION (hex words; '#' starts a comment line).
CapstoneKnownErrors CapstoneKnownErrors::parse(const std::string& text, const std::string& name) {
  CapstoneKnownErrors k;
  std::istringstream in(text);
  std::string line;
  for (unsigned lineno = 1; std::getline(in, line); ++lineno) {
    size_t start = line.find_first_not_of(" \t");
    if (start == std::string::npos || line[start] == '#') continue;
    std::istringstream fields(line.substr(start));
    std::string mask, match;
    fields >> mask >> match;
    char* e1 = nullptr;
    char* e2 = nullptr;
    KnownError err;
    err.mask = uint32_t(std::strtoul(mask.c_str(), &e1, 16));
    err.match = uint32_t(std::strtoul(match.c_str(), &e2, 16));
    if (mask.empty() || match.empty() || *e1 || *e2 || (err.match & ~err.mask))
      throw TraceError(name + ":" + std::to_string(lineno) + ": expected MASK MATCH DESCRIPTION (hex words, match within mask)");
    std::getline(fields >> std::ws, err.description);
    k.entries_.push_back(std::move(err));
  }
  return k;
}

const KnownError* CapstoneKnownErrors::find(uint32_t word) const {
  for (const KnownError& e : entries_)
    if ((word & e.mask) == e.match) return &e;
  return nullptr;
}

}  // namespace pimnic::trace
