#include "trace/disasm_check.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>

#include "cpu/core.h"
#include "isa/disasm.h"

namespace pimnic::trace {

namespace {

std::string trim(const std::string& s) {
  size_t a = s.find_first_not_of(" \t"), b = s.find_last_not_of(" \t");
  return a == std::string::npos ? std::string() : s.substr(a, b - a + 1);
}

// One operand: "r3" -> "3", "cr7" -> "7", "0x10" / "16" / "-0x10" -> decimal, else unchanged.
std::string normalize_operand(std::string op) {
  op = trim(op);
  size_t digits = 0;
  if (op.size() > 1 && op[0] == 'r') digits = 1;
  else if (op.size() > 1 && (op[0] == 'f' || op[0] == 'v')) digits = 1;
  else if (op.size() > 2 && op[0] == 'c' && op[1] == 'r') digits = 2;
  if (digits && std::isdigit(static_cast<unsigned char>(op[digits])) &&
      op.find_first_not_of("0123456789", digits) == std::string::npos)
    return op.substr(digits);
  const char* s = op.c_str();
  char* end = nullptr;
  bool neg = *s == '-';
  long long v = std::strtoll(neg ? s + 1 : s, &end, 0);
  if (!op.empty() && end && *end == '\0' && end != s) return std::to_string(neg ? -v : v);
  return op;
}

}  // namespace

std::string normalize_disasm(const std::string& text_in) {
  std::string text;
  // Drop "<symbol+off>" annotations.
  for (size_t i = 0; i < text_in.size(); ++i) {
    if (text_in[i] == '<') {
      size_t close = text_in.find('>', i);
      if (close != std::string::npos) {
        i = close;
        continue;
      }
    }
    text += text_in[i];
  }
  text = trim(text);
  size_t sp = text.find_first_of(" \t");
  std::string out = text.substr(0, sp);
  if (sp == std::string::npos) return out;
  std::string ops = text.substr(sp + 1);
  // d(rA) -> d,rA
  for (char& c : ops)
    if (c == '(') c = ',';
  ops.erase(std::remove(ops.begin(), ops.end(), ')'), ops.end());
  const char* sep = " ";
  size_t pos = 0;
  while (pos <= ops.size()) {
    size_t comma = ops.find(',', pos);
    std::string op = ops.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
    if (!trim(op).empty()) {
      out += sep;
      out += normalize_operand(op);
      sep = ",";
    }
    if (comma == std::string::npos) break;
    pos = comma + 1;
  }
  return out;
}

DisasmCheckSink::DisasmCheckSink(CapstoneKnownErrors known, std::FILE* report)
    : known_(std::move(known)), report_(report) {}

void DisasmCheckSink::record(const TraceRecord& r, const InsnInfo&, bool accepted) {
  if (!accepted || !r.fetched) return;
  // pc-relative branches print targets, so their text depends on pc as well as on the word.
  const uint32_t op = r.word >> 26;
  const bool relative = (op == 16 || op == 18) && !(r.word & 2);
  const uint64_t key = uint64_t(relative ? r.pc : 0) << 32 | r.word;
  if (!seen_.insert(key).second) return;
  ++checked_;
  if (reported_.count(r.word)) return;
  const isa::Decoder& dec = r.hart->core().decoder();
  const bool ours_valid = dec.decode(r.word) != nullptr;
  std::string ours = isa::disassemble(dec, r.word, r.pc);
  std::string theirs = capstone_.text(r.word, r.pc);
  if (!ours_valid && theirs.empty()) return;  // both reject it
  std::string a = ours_valid ? normalize_disasm(ours) : "<invalid>";
  std::string b = theirs.empty() ? "<invalid>" : normalize_disasm(theirs);
  if (a == b) return;
  reported_.insert(r.word);
  if (known_.find(r.word)) {
    ++known_hits_;
    return;
  }
  ++disagreements_;
  std::fprintf(report_, "pimnic: disasm-check: %08x at 0x%08x: pimnic \"%s\", capstone \"%s\"\n", r.word, r.pc,
               ours.c_str(), theirs.empty() ? "<invalid>" : theirs.c_str());
}

void DisasmCheckSink::finish() {
  std::fprintf(report_,
               "pimnic: disasm-check: %llu instructions checked against Capstone, %llu disagreements"
               " (%llu more are known Capstone errors)\n",
               (unsigned long long)checked_, (unsigned long long)disagreements_, (unsigned long long)known_hits_);
}

}  // namespace pimnic::trace
