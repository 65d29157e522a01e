// `--disasm-check`: every instruction the run executes for the first time is disassembled by
// pimnic's decoder and by Capstone 4.0.2; after normalising the syntax (register prefixes, hex vs
// decimal, symbol annotations) the two must agree. Each disagreement is reported once on stderr,
// except for words covered by the list of Capstone's known errors.
#pragma once
#include <cstdio>
#include <string>
#include <unordered_set>
#include <vector>

#include "trace/capstone_known_errors.h"
#include "trace/capstone_ppc.h"
#include "trace/trace_sink.h"

namespace pimnic::trace {

// Disassembly text in a common form: "mnemonic op,op,..." with registers as bare numbers,
// numbers in decimal, "<symbol>" annotations removed, d(rA) as "d,A".
std::string normalize_disasm(const std::string& text);

class DisasmCheckSink : public TraceSink {
 public:
  // report: where disagreements go (stderr); known: Capstone's known errors.
  DisasmCheckSink(CapstoneKnownErrors known, std::FILE* report);
  void record(const TraceRecord& r, const InsnInfo& info, bool accepted) override;
  void finish() override;

  uint64_t checked() const { return checked_; }
  uint64_t disagreements() const { return disagreements_; }

 private:
  CapstoneKnownErrors known_;
  std::FILE* report_;
  CapstonePpc capstone_{false};
  std::unordered_set<uint64_t> seen_;      // (pc, word) pairs checked
  std::unordered_set<uint32_t> reported_;  // words reported (or known)
  uint64_t checked_ = 0, disagreements_ = 0, known_hits_ = 0;
};

}  // namespace pimnic::trace
