// `--trace binary:FILE`: compact records for long runs (binary_format.h, docs/traces.md);
// `pimnic trace-dump FILE` turns them back into the commit text.
//
// The exec record writer is inline here: the Tracer calls record_direct() straight from its
// stepping loop (no TraceRecord per instruction, no virtual call) when this is its only sink and
// has no filter.
#pragma once
#include <cstring>
#include <memory>
#include <unordered_map>

#include "cpu/hart.h"
#include "trace/binary_format.h"
#include "trace/output_stream.h"
#include "trace/reg_values.h"
#include "trace/trace_sink.h"

namespace pimnic::trace {

namespace binary_detail {

template <typename T> inline char* put_le(char* p, T v) {
  std::memcpy(p, &v, sizeof v);  // hosts are little-endian (x86-64, arm64)
  return p + sizeof v;
}

inline char* put_uleb(char* p, uint64_t v) {
  while (v >= 0x80) {
    *p++ = char(v | 0x80);
    v >>= 7;
  }
  *p++ = char(v);
  return p;
}

inline char* put_sleb(char* p, int64_t v) {
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

inline char* put_be32(char* p, uint32_t v) {
  v = __builtin_bswap32(v);
  std::memcpy(p, &v, 4);
  return p + 4;
}

// A register's key and big-endian value at p (room for 2 + 32 bytes, and 8 for a GPR's store).
[[gnu::always_inline]] inline char* put_reg(char* p, const Hart& h, RegKey k) {
  if (k < KEY_FPR0) [[likely]] {  // a GPR: key byte and four value bytes in one store
    const uint64_t v = uint64_t(__builtin_bswap32(h.gpr[k])) << 8 | k;
    std::memcpy(p, &v, 8);  // room reserved; only 5 bytes count
    return p + 5;
  }
  // The other registers compiled code writes often, as reg_bytes_slow gives them.
  if (k >= KEY_CR0 && k < KEY_LR) {  // a CR field: one byte
    const uint16_t v = uint16_t(k | h.cr_field(k - KEY_CR0) << 8);
    std::memcpy(p, &v, 2);
    return p + 2;
  }
  if (k == KEY_LR || k == KEY_CTR || k == KEY_XER) {
    *p = char(k);
    return put_be32(p + 1, k == KEY_LR ? h.lr : k == KEY_CTR ? h.ctr : h.xer);
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

}  // namespace binary_detail

class BinarySink final : public TraceSink {
 public:
  explicit BinarySink(std::unique_ptr<OutputStream> out);
  void record(const TraceRecord& r, const InsnInfo& info, bool accepted) override;
  void finish() override;
  OutputStream* stream() override { return out_.get(); }
  void lane_prefix(uint32_t lane, std::string& out) override;  // the lane's context record

  // What record() writes for an instruction that was fetched and took no interrupt (the
  // registers it wrote are info's): where holds the slice's node/core/thread, context, hart and
  // insns (its per-instruction fields are not used); e the step's record; h.icount and
  // h.cycles() the counts after it.
  [[gnu::always_inline]] void record_direct(const TraceRecord& where, const ExecRecord& e, const InsnInfo& info) {
    if (where.context != current_) [[unlikely]] switch_to(where);
    if (!(info.described & describe_bit)) [[unlikely]] define(*where.insns, e.pc, e.word, info);
    const Hart& h = *where.hart;
    write_exec(e.pc, h.icount, h.cycles(), info.dst, info.ndst, &h, e, false, Interrupt{}, true);
  }

 private:
  struct ThreadState {
    bool started = false;
    uint32_t pc = 0;
    uint64_t icount = 0;
    int64_t cycle_delta = 0;
    unsigned vec_bytes = 0;
  };
  ThreadState& switch_to(const TraceRecord& r);
  void write_mark(const TraceMark& m);
  void define(InsnInfoCache& insns, uint32_t pc, uint32_t word, const InsnInfo& info);
  [[gnu::always_inline]] inline void write_exec(uint32_t pc, uint64_t icount, uint64_t cycle, const RegKey* keys,
                                                unsigned nkeys, const Hart* hart, const ExecRecord& e,
                                                bool interrupted, Interrupt interrupt, bool fetched);

  std::unique_ptr<OutputStream> out_;
  std::unordered_map<uint32_t, ThreadState> threads_;
  uint32_t current_ = ~0u;
  ThreadState* cur_ = nullptr;
  uint64_t count_ = 0;
};

// One exec record (binary_format.h) for the current thread.
inline void BinarySink::write_exec(uint32_t pc, uint64_t icount, uint64_t cycle, const RegKey* keys, unsigned nkeys,
                                   const Hart* hart, const ExecRecord& e, bool interrupted, Interrupt interrupt,
                                   bool fetched) {
  using namespace binary_detail;
  ThreadState& t = *cur_;
  const int64_t delta = int64_t(cycle - icount);
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
    const Hart& h = *hart;
    for (unsigned i = 0; i < nkeys; ++i) p = put_reg(p, h, keys[i]);
  }
  if (nmem || e.mem_overflow || e.feb) [[unlikely]] {
    flags |= binfmt::EXEC_MEM;
    *p++ = char((nmem + e.feb) | (e.mem_overflow ? 0x80 : 0));
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
    if (e.feb) {
      const uint16_t kind = binfmt::MEM_FEB | (e.feb_full ? binfmt::MEM_FEB_FULL : 0);
      std::memcpy(p, &kind, 2);
      std::memcpy(p + 2, &e.feb_addr, 4);
      p += 6;
    }
  }
  if (interrupted) [[unlikely]] {
    flags |= binfmt::EXEC_INT;
    p = put_le<uint16_t>(p, uint16_t(interrupt));
  }
  if (!fetched) [[unlikely]] flags |= binfmt::EXEC_NOFETCH;
  *head = char(flags);
  out_->advance(p);
  ++count_;
}

}  // namespace pimnic::trace
