#include "trace/trace_filter.h"

#include <cerrno>
#include <cstdlib>
#include <tuple>

#include "loader/elf_image.h"
#include "trace/trace_error.h"

namespace pimnic::trace {

namespace {

uint64_t parse_number(const std::string& key, const std::string& s) {
  if (s.empty()) throw TraceError("trace option " + key + ": missing number");
  char* end = nullptr;
  errno = 0;
  unsigned long long v = std::strtoull(s.c_str(), &end, 0);  // decimal or 0x...
  if (*end || errno || s[0] == '-') throw TraceError("trace option " + key + ": bad number '" + s + "'");
  return v;
}

// "A-B", "A-", "-B" or "A" (just A).
std::pair<uint64_t, uint64_t> parse_window(const std::string& key, const std::string& v, uint64_t open_hi) {
  size_t dash = v.find('-');
  if (dash == std::string::npos) {
    uint64_t a = parse_number(key, v);
    return {a, a};
  }
  std::string a = v.substr(0, dash), b = v.substr(dash + 1);
  uint64_t lo = a.empty() ? 0 : parse_number(key, a);
  uint64_t hi = b.empty() ? open_hi : parse_number(key, b);
  if (hi < lo) throw TraceError("trace option " + key + ": empty window " + v);
  return {lo, hi};
}

}  // namespace

bool TraceFilter::parse_option(const std::string& key, const std::string& value) {
  if (key == "node" || key == "core" || key == "thread") {
    uint64_t n = parse_number(key, value);
    if (n > 0xFFFF) throw TraceError("trace option " + key + ": out of range");
    (key == "node" ? node : key == "core" ? core : thread) = int(n);
  } else if (key == "pc") {
    // LO-HI, half-open like an address range in a linker map.
    size_t dash = value.find('-');
    if (dash == std::string::npos || dash == 0 || dash + 1 == value.size())
      throw TraceError("trace option pc: expected LO-HI (e.g. pc=0x4000-0x4100)");
    uint64_t lo = parse_number(key, value.substr(0, dash)), hi = parse_number(key, value.substr(dash + 1));
    if (hi <= lo || hi > 0x100000000ull) throw TraceError("trace option pc: empty or too large range " + value);
    pcs.emplace_back(uint32_t(lo), uint32_t(hi - 1));
  } else if (key == "sym") {
    if (value.empty()) throw TraceError("trace option sym: missing symbol name");
    symbols.push_back(value);
  } else if (key == "insts") {
    std::tie(insts_lo, insts_hi) = parse_window(key, value, kNoLimit);
  } else if (key == "cycles") {
    std::tie(cycles_lo, cycles_hi) = parse_window(key, value, kNoLimit);
  } else {
    return false;
  }
  return true;
}

void TraceFilter::resolve(const SymbolTable* table) {
  for (const std::string& name : symbols) {
    auto addr = table ? table->address_of(name) : std::nullopt;
    if (!addr) throw TraceError("trace option sym: no symbol '" + name + "' in the executable");
    const ElfSymbol* s = table->at(*addr);
    if (!s || !s->size) throw TraceError("trace option sym: symbol '" + name + "' has no size (use pc=LO-HI)");
    pcs.emplace_back(s->addr, s->addr + (s->size - 1));
  }
  symbols.clear();
}

}  // namespace pimnic::trace
