// The commit trace line, shared by the live `commit` trace and `pimnic trace-dump` (which must
// print byte-identical text from a binary trace):
//
//   0:0:0 12 12 00004010 <_start+0x10> 7c632214 add r3, r3, r4 ; r3=00000007 ca... 
//
// node:core:thread, cycle, instruction count, pc, <symbol+offset> (or -), word, disassembly, and
// after " ;" the effects: rN=/fN=/vN=/crN=/lr=/... registers written, ldN@ADDR=VALUE and
// stN@ADDR=VALUE memory accesses (ldioN/stioN for devices), int=KIND for an interrupt,
// mark="LABEL"[=VALUE] / begin="LABEL"[=VALUE] / end[=VALUE] for a trace marker the instruction
// made (sdk pimnic/trace.h). See docs/traces.md.
#pragma once
#include <cstddef>
#include <cstdint>

#include "cpu/exec_record.h"
#include "sim/trace_mark.h"
#include "trace/trace_record.h"

namespace pimnic::trace {

struct CommitLine {
  uint16_t node = 0;
  uint8_t core = 0, thread = 0;
  uint64_t cycle = 0, icount = 0;
  uint32_t pc = 0;
  const char* text = nullptr;  // "<sym+off> word disassembly"
  size_t text_len = 0;
  const RegValue* regs = nullptr;
  unsigned nregs = 0;
  const MemAccess* mem = nullptr;
  unsigned nmem = 0;
  bool mem_overflow = false;
  bool interrupted = false;
  Interrupt interrupt{};
  const TraceMark* mark = nullptr;  // a trace marker the instruction made
};

// Longest " mark=..." token (a label escaped at 4 bytes a byte, quotes, a value).
inline constexpr size_t kMarkTokenMax = 4 * 64 + 32;
// The marker token (with its leading space) at p; returns the end.
char* put_mark(char* p, const TraceMark& m);

// Upper bound of a formatted line's length.
inline size_t commit_line_max(const CommitLine& l) {
  return l.text_len + 64 + size_t(l.nregs) * 80 + size_t(l.nmem) * 96 + 64 + kMarkTokenMax;
}
// Write the line with its '\n' at p; returns the end.
char* format_commit_line(const CommitLine& l, char* p);
// The first line of a commit trace file (with '\n').
const char* commit_header();
// Static text of a record whose instruction could not be fetched.
const char* fetch_fault_text();

}  // namespace pimnic::trace
