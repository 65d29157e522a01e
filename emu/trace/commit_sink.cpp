#include "trace/commit_sink.h"

#include <cstring>

#include "trace/commit_format.h"
#include "trace/reg_values.h"

namespace pimnic::trace {

// " r3=", " cr0=", " vrsave=", ...: the text before every named register's value, as one
// 8-byte move (all are at most 8 characters) and a length.
struct KeyPrefixes {
  uint64_t text[KEY_NAMED_END];
  uint8_t len[KEY_NAMED_END];
  KeyPrefixes() {
    for (unsigned k = 0; k < KEY_NAMED_END; ++k) {
      char buf[12], s[16] = {};
      unsigned n;
      const char* name = reg_key_name(RegKey(k), buf, &n);
      s[0] = ' ';
      std::memcpy(s + 1, name, n);
      s[n + 1] = '=';
      std::memcpy(&text[k], s, 8);
      len[k] = uint8_t(n + 2);
    }
  }
};

CommitSink::CommitSink(std::unique_ptr<OutputStream> out) : out_(std::move(out)) {
  static const KeyPrefixes prefixes;  // built on first use: reg_key_name's table is ready then
  keys_ = &prefixes;
  out_->write(commit_header(), std::strlen(commit_header()));
}

char* CommitSink::Counter::put(char* p, uint64_t v) {
  if (v == value + 1) [[likely]] {
    // Add one to the text: trailing 9s become 0s, a leading carry adds a digit.
    int i = int(len) - 1;
    while (i >= 0 && text[i] == '9') text[i--] = '0';
    if (i >= 0) {
      ++text[i];
    } else {
      std::memmove(text + 1, text, len);
      text[0] = '1';
      ++len;
    }
    value = v;
  } else if (v != value) {
    len = unsigned(put_dec(text, v) - text);
    value = v;
  }
  std::memcpy(p, text, 16);  // room reserved; len <= 20
  if (len > 16) std::memcpy(p + 16, text + 16, 4);
  return p + len;
}

void CommitSink::record(const TraceRecord& r, const InsnInfo& info, bool) {
  const std::string* text = r.fetched ? &r.insns->text(info) : nullptr;
  const size_t text_len = text ? text->size() : std::strlen(fetch_fault_text());
  const ExecRecord* e = r.exec;
  const unsigned nmem = e ? e->nmem : 0;
  const bool mem_overflow = e && e->mem_overflow;
  const unsigned nkeys = r.nkeys;
  if (r.context != context_) [[unlikely]] {
    context_ = r.context;
    char* q = put_dec(prefix_, r.node);
    *q++ = ':';
    q = put_dec(q, r.core);
    *q++ = ':';
    q = put_dec(q, r.thread);
    *q++ = ' ';
    prefix_len_ = unsigned(q - prefix_);
  }
  // As commit_line_max, with room for the whole-word moves below.
  char* p = out_->reserve(text_len + 128 + size_t(nkeys) * 80 + size_t(nmem) * 96 + kMarkTokenMax);
  std::memcpy(p, prefix_, 16);  // at most "65535:255:255 "
  p += prefix_len_;
  p = cycle_.put(p, r.cycle);
  *p++ = ' ';
  p = icount_.put(p, r.icount);
  *p++ = ' ';
  p = put_hex8(p, r.pc);
  *p++ = ' ';
  if (text) [[likely]] p = put_text(p, *text);
  else p = put_str(p, fetch_fault_text(), text_len);
  if (nkeys || nmem || mem_overflow || r.interrupted || (e && e->feb) || r.mark) {
    *p++ = ' ';
    *p++ = ';';
  }
  const Hart& h = *r.hart;
  for (unsigned i = 0; i < nkeys; ++i) {
    const RegKey k = r.keys[i];
    if (k < KEY_NAMED_END) [[likely]] {
      std::memcpy(p, &keys_->text[k], 8);
      p += keys_->len[k];
    } else {
      char buf[12];
      unsigned len;
      const char* nm = reg_key_name(k, buf, &len);
      *p++ = ' ';
      p = put_str(p, nm, len);
      *p++ = '=';
    }
    if (k < KEY_FPR0) [[likely]] {
      p = put_hex8(p, h.gpr[k]);
    } else {
      uint8_t bytes[32];
      const unsigned size = reg_bytes_slow(h, k, bytes);
      if (k >= KEY_CR0 && k < KEY_LR) p = put_hex(p, bytes[0], 1);
      else p = put_bytes_hex(p, bytes, size);
    }
  }
  for (unsigned i = 0; i < nmem; ++i) {
    const MemAccess& m = e->mem[i];
    *p++ = ' ';
    p = put_str(p, m.write ? "st" : "ld", 2);
    if (m.mmio) p = put_str(p, "io", 2);
    p = put_dec(p, m.size);
    *p++ = '@';
    p = put_hex8(p, m.addr);
    *p++ = '=';
    p = put_bytes_hex(p, m.data, m.size < sizeof m.data ? m.size : sizeof m.data);
  }
  if (e && e->feb) {  // a full/empty-bit change
    p = put_str(p, " feb@", 5);
    p = put_hex8(p, e->feb_addr);
    p = e->feb_full ? put_str(p, "=full", 5) : put_str(p, "=empty", 6);
  }
  if (mem_overflow) p = put_str(p, " mem+", 5);
  if (r.interrupted) {
    p = put_str(p, " int=", 5);
    const char* name = interrupt_short_name(r.interrupt);
    p = put_str(p, name, std::strlen(name));
  }
  if (r.mark) [[unlikely]] p = put_mark(p, *r.mark);
  *p++ = '\n';
  out_->advance(p);
}

}  // namespace pimnic::trace
