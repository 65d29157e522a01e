#include "trace/binary_sink.h"

#include "cpu/hart.h"
#include "trace/binary_format.h"
#include "trace/reg_values.h"

namespace pimnic::trace {

namespace {

template <typename T> char* put_le(char* p, T v) {
  std::memcpy(p, &v, sizeof v);  // hosts are little-endian (x86-64, arm64)
  return p + sizeof v;
}

char* put_uleb(char* p, uint64_t v) {
  while (v >= 0x80) {
    *p++ = char(v | 0x80);
    v >>= 7;
  }
  *p++ = char(v);
  return p;
}

char* put_sleb(char* p, int64_t v) {
  for (;;) {
    uint8_t b = v & 0x7F;
    v >>= 7;
    if ((v == 0 && !(b & 0x40)) || (v == -1 && (b & 0x40))) {
      *p++ = char(b);
      return p;
    }
    *p++ = char(b | 0x80);
  }
}

}  // namespace

BinarySink::BinarySink(std::unique_ptr<OutputStream> out) : out_(std::move(out)) {
  char header[16];
  std::memcpy(header, binfmt::kMagic, 8);
  put_le<uint32_t>(header + 8, binfmt::kVersion);
  put_le<uint32_t>(header + 12, 0);
  out_->write(header, sizeof header);
}

BinarySink::ThreadState& BinarySink::switch_to(const TraceRecord& r) {
  const uint32_t key = r.context;
  if (key == current_) [[likely]] return *cur_;
  current_ = key;
  cur_ = &threads_[key];
  cur_->vec_bytes = r.hart ? r.hart->vec_bytes() : 0;
  char* p = out_->reserve(8);
  *p++ = char(binfmt::CONTEXT);
  p = put_le<uint16_t>(p, r.node);
  *p++ = char(r.core);
  *p++ = char(r.thread);
  *p++ = char(cur_->vec_bytes);
  out_->advance(p);
  return *cur_;
}

// The text of (pc, word) goes out before its first record, and again whenever the thread's
// cache slot was refilled (a new word at pc, or another pc in the slot).
void BinarySink::define(const TraceRecord& r, const InsnInfo& info) {
  if (info.described & describe_bit) [[likely]] return;
  info.described |= describe_bit;
  const std::string& text = r.insns->text(info);
  const size_t len = std::min<size_t>(text.size(), 0xFFFF);
  char* p = out_->reserve(11 + len);
  *p++ = char(binfmt::DEF);
  p = put_le<uint32_t>(p, r.pc);
  p = put_le<uint32_t>(p, r.word);
  p = put_le<uint16_t>(p, uint16_t(len));
  p = put_str(p, text.data(), len);
  out_->advance(p);
}

void BinarySink::record(const TraceRecord& r, const InsnInfo& info, bool) {
  ThreadState& t = switch_to(r);
  if (r.fetched) define(r, info);
  uint8_t flags = 0;
  if (!t.started || r.pc != t.pc + 4) flags |= binfmt::EXEC_PC;
  if (!t.started || r.icount != t.icount + 1) flags |= binfmt::EXEC_ICOUNT;
  const int64_t delta = int64_t(r.cycle - r.icount);
  if (!t.started || delta != t.cycle_delta) flags |= binfmt::EXEC_CYCLE;
  if (r.nkeys) flags |= binfmt::EXEC_REGS;
  const unsigned nmem = r.exec ? r.exec->nmem : 0;
  if (nmem || (r.exec && r.exec->mem_overflow)) flags |= binfmt::EXEC_MEM;
  if (r.interrupted) flags |= binfmt::EXEC_INT;
  if (!r.fetched) flags |= binfmt::EXEC_NOFETCH;
  t.started = true;
  t.pc = r.pc;
  t.icount = r.icount;
  t.cycle_delta = delta;

  char* p = out_->reserve(32 + size_t(r.nkeys) * 35 + size_t(nmem) * 40);
  *p++ = char(flags);
  if (flags & binfmt::EXEC_PC) p = put_le<uint32_t>(p, r.pc);
  if (flags & binfmt::EXEC_ICOUNT) p = put_uleb(p, r.icount);
  if (flags & binfmt::EXEC_CYCLE) p = put_sleb(p, delta);
  if (flags & binfmt::EXEC_REGS) {
    *p++ = char(r.nkeys);
    for (unsigned i = 0; i < r.nkeys; ++i) {
      const RegKey k = r.keys[i];
      if (k < 0x80) {
        *p++ = char(k);
      } else {
        const unsigned spr = k - KEY_SPR0;
        *p++ = char(0x80 | (spr >> 8));
        *p++ = char(spr & 0xFF);
      }
      p += reg_bytes(*r.hart, k, reinterpret_cast<uint8_t*>(p));
    }
  }
  if (flags & binfmt::EXEC_MEM) {
    *p++ = char(nmem | (r.exec->mem_overflow ? 0x80 : 0));
    for (unsigned i = 0; i < nmem; ++i) {
      const MemAccess& m = r.exec->mem[i];
      *p++ = char((m.write ? binfmt::MEM_STORE : 0) | (m.mmio ? binfmt::MEM_DEVICE : 0));
      *p++ = char(m.size);
      p = put_le<uint32_t>(p, m.addr);
      p = put_str(p, reinterpret_cast<const char*>(m.data), m.size < sizeof m.data ? m.size : sizeof m.data);
    }
  }
  if (flags & binfmt::EXEC_INT) p = put_le<uint16_t>(p, uint16_t(r.interrupt));
  out_->advance(p);
  ++count_;
}

void BinarySink::finish() {
  char* p = out_->reserve(9);
  *p++ = char(binfmt::END);
  p = put_le<uint64_t>(p, count_);
  out_->advance(p);
  out_->finish();
}

}  // namespace pimnic::trace
