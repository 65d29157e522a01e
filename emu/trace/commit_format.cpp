#include "trace/commit_format.h"

#include <algorithm>
#include <cstring>

#include "trace/output_stream.h"

namespace pimnic::trace {

const char* commit_header() {
  return "# pimnic commit trace 1: node:core:thread cycle icount pc <symbol+offset> word disassembly"
         " [; reg=value... ldN@addr=value stN@addr=value int=kind mark=\"label\"]\n";
}

const char* fetch_fault_text() { return "- -------- (instruction fetch failed)"; }

namespace {

char* put_cstr(char* p, const char* s) { return put_str(p, s, std::strlen(s)); }

}  // namespace

char* put_mark(char* p, const TraceMark& m) {
  *p++ = ' ';
  p = put_cstr(p, trace_mark_kind(m.kind));
  if (m.kind != TraceMark::Kind::End) {
    p = put_str(p, "=\"", 2);
    const size_t n = std::min<size_t>(m.label.size(), 64);
    for (size_t i = 0; i < n; ++i) {  // one token: quotes and backslashes escaped, no spaces or controls
      const unsigned char c = static_cast<unsigned char>(m.label[i]);
      if (c == '"' || c == '\\') {
        *p++ = '\\';
        *p++ = char(c);
      } else if (c <= ' ' || c >= 0x7F) {
        p = put_str(p, "\\x", 2);
        p = put_hex(p, c, 2);
      } else {
        *p++ = char(c);
      }
    }
    *p++ = '"';
  }
  if (m.has_value) {
    *p++ = '=';
    p = put_hex(p, m.value, 8);
  }
  return p;
}

char* format_commit_line(const CommitLine& l, char* p) {
  p = put_dec(p, l.node);
  *p++ = ':';
  p = put_dec(p, l.core);
  *p++ = ':';
  p = put_dec(p, l.thread);
  *p++ = ' ';
  p = put_dec(p, l.cycle);
  *p++ = ' ';
  p = put_dec(p, l.icount);
  *p++ = ' ';
  p = put_hex(p, l.pc, 8);
  *p++ = ' ';
  p = put_str(p, l.text, l.text_len);
  if (l.nregs || l.nmem || l.mem_overflow || l.interrupted || l.mark) {
    *p++ = ' ';
    *p++ = ';';
  }
  char name[12];
  for (unsigned i = 0; i < l.nregs; ++i) {
    const RegValue& r = l.regs[i];
    *p++ = ' ';
    unsigned len;
    const char* nm = reg_key_name(r.key, name, &len);
    p = put_str(p, nm, len);
    *p++ = '=';
    if (r.key >= KEY_CR0 && r.key < KEY_LR) p = put_hex(p, r.bytes[0], 1);
    else p = put_bytes_hex(p, r.bytes, r.size);
  }
  for (unsigned i = 0; i < l.nmem; ++i) {
    const MemAccess& m = l.mem[i];
    if (m.feb) {  // a full/empty-bit change
      p = put_str(p, " feb@", 5);
      p = put_hex(p, m.addr, 8);
      p = m.data[0] ? put_str(p, "=full", 5) : put_str(p, "=empty", 6);
      continue;
    }
    *p++ = ' ';
    p = put_str(p, m.write ? "st" : "ld", 2);
    if (m.mmio) p = put_str(p, "io", 2);
    p = put_dec(p, m.size);
    *p++ = '@';
    p = put_hex(p, m.addr, 8);
    *p++ = '=';
    p = put_bytes_hex(p, m.data, m.size < sizeof m.data ? m.size : sizeof m.data);
  }
  if (l.mem_overflow) p = put_str(p, " mem+", 5);
  if (l.interrupted) {
    p = put_str(p, " int=", 5);
    p = put_cstr(p, interrupt_short_name(l.interrupt));
  }
  if (l.mark) p = put_mark(p, *l.mark);
  *p++ = '\n';
  return p;
}

}  // namespace pimnic::trace
