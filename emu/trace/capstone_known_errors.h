// Capstone 4.0.2's known PowerPC disassembly errors (tests/disasm/capstone_known_errors.txt), so
// that --disasm-check reports only real disagreements between pimnic's decoder and Capstone.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace pimnic::trace {

struct KnownError {
  uint32_t mask = 0, match = 0;
  std::string description;
};

class CapstoneKnownErrors {
 public:
  // Parse the file (format in docs/traces.md). Throws TraceError for an unreadable file or a
  // malformed line (naming the line).
  static CapstoneKnownErrors load(const std::string& path);
  static CapstoneKnownErrors parse(const std::string& text, const std::string& name);
  // The entry covering word, or null.
  const KnownError* find(uint32_t word) const;
  size_t size() const { return entries_.size(); }
  // Where pimnic looks when --disasm-known-errors is not given.
  static std::string default_path();

 private:
  std::vector<KnownError> entries_;
};

}  // namespace pimnic::trace
