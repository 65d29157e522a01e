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

namespace {

// A register's key and big-endian value at p.
[[gnu::always_inline]] inline char* put_reg(char* p, const Hart& h, RegKey k) {
  if (k < KEY_FPR0) [[likely]] {  // a GPR: key byte and four value bytes in one store
    const uint64_t v = uint64_t(__builtin_bswap32(h.gpr[k])) << 8 | k;
    std::memcpy(p, &v, 8);  // room reserved; only 5 bytes count
    return p + 5;
  }
  if (k < 0x80) {
    *p++ = char(k);
  } else {
    const unsigned spr = k - KEY_SPR0;
    *p++ = char(0x80 | (spr >> 8));
    *p++ = char(spr & 0xFF);
  }
  return p + reg_bytes_slow(h, k, reinterpret_cast<uint8_t*>(p));
}

}  // namespace

void BinarySink::record(const TraceRecord& r, const InsnInfo& info, bool) {
  if (r.context != current_) [[unlikely]] switch_to(r);
  ThreadState& t = *cur_;
  if (!(info.described & describe_bit)) [[unlikely]] {
    if (r.fetched) define(r, info);
  }
  static const ExecRecord kNoExec{};
  const ExecRecord& e = r.exec ? *r.exec : kNoExec;
  const uint32_t pc = r.pc;
  const uint64_t icount = r.icount;
  const int64_t delta = int64_t(r.cycle - icount);
  const unsigned nkeys = r.nkeys;
  const unsigned nmem = e.nmem;

  // Room for the fixed part (flags 1, pc 4, icount 10, cycle 10, counts 2, interrupt 2) and for
  // every register (key 2, value 32) and access (6 + 32) written with whole-word moves.
  char* p = out_->reserve(40 + size_t(nkeys) * 40 + size_t(nmem) * 40);
  char* const head = p++;  // the flags, known at the end
  unsigned flags = 0;
  // The first record of a thread carries everything (t.started is false only then).
  if (pc != t.pc + 4 || icount != t.icount + 1 || delta != t.cycle_delta || !t.started) [[unlikely]] {
    const bool s = t.started;
    if (!s || pc != t.pc + 4) {
      flags |= binfmt::EXEC_PC;
      p = put_le<uint32_t>(p, pc);
    }
    if (!s || icount != t.icount + 1) {
      flags |= binfmt::EXEC_ICOUNT;
      p = put_uleb(p, icount);
    }
    if (!s || delta != t.cycle_delta) {
      flags |= binfmt::EXEC_CYCLE;
      p = put_sleb(p, delta);
    }
    t.started = true;
    t.cycle_delta = delta;
  }
  t.pc = pc;
  t.icount = icount;
  if (nkeys) {
    flags |= binfmt::EXEC_REGS;
    *p++ = char(nkeys);
    const RegKey* keys = r.keys;
    const Hart& h = *r.hart;
    for (unsigned i = 0; i < nkeys; ++i) p = put_reg(p, h, keys[i]);
  }
  if (nmem || e.mem_overflow) [[unlikely]] {
    flags |= binfmt::EXEC_MEM;
    *p++ = char(nmem | (e.mem_overflow ? 0x80 : 0));
    for (unsigned i = 0; i < nmem; ++i) {
      const MemAccess& m = e.mem[i];
      const uint32_t kind = uint32_t((m.write ? binfmt::MEM_STORE : 0) | (m.mmio ? binfmt::MEM_DEVICE : 0)) |
                            uint32_t(m.size) << 8;
      std::memcpy(p, &kind, 2);
      std::memcpy(p + 2, &m.addr, 4);
      const unsigned n = m.size < sizeof m.data ? m.size : sizeof m.data;
      if (n <= 8) [[likely]] {
        std::memcpy(p + 6, m.data, 8);  // whole word; only n bytes count
      } else {
        std::memcpy(p + 6, m.data, sizeof m.data);
      }
      p += 6 + n;
    }
  }
  if (r.interrupted) [[unlikely]] {
    flags |= binfmt::EXEC_INT;
    p = put_le<uint16_t>(p, uint16_t(r.interrupt));
  }
  if (!r.fetched) [[unlikely]] flags |= binfmt::EXEC_NOFETCH;
  *head = char(flags);
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
