#include "trace/qemu_sink.h"

#include <cstdio>

#include "cpu/hart.h"

namespace pimnic::trace {

namespace {

// qemu's hflags for a user-mode 7400: the MSR bits it keeps there (VEC, PR, FP and the
// translation/endian bits, all clear in user mode).
uint32_t hflags(uint32_t msr) {
  return msr & (MSR_VEC | MSR_PR | MSR_FP | MSR_IR | MSR_DR | MSR_LE);
}

}  // namespace

QemuSink::QemuSink(std::unique_ptr<OutputStream> out, QemuSymbols symbols)
    : out_(std::move(out)), symbols_(std::move(symbols)) {}

QemuSink::Snapshot QemuSink::capture(const Hart& h) {
  Snapshot s;
  s.lr = h.lr;
  s.ctr = h.ctr;
  s.xer = h.xer;
  s.msr = h.msr;
  s.cr = h.cr;
  s.res = h.reserve_valid ? h.reserve_addr : ~0u;
  s.tb = h.timebase();
  for (unsigned i = 0; i < 32; ++i) s.gpr[i] = h.gpr[i];
  return s;
}

void QemuSink::start(const Hart& h) { before_[&h] = capture(h); }

void QemuSink::record(const TraceRecord& r, const InsnInfo&, bool accepted) {
  Snapshot& before = before_[r.hart];
  if (r.fetched) {
    const uint64_t key = uint64_t(hflags(before.msr)) << 32 | r.pc;
    if (translated_.insert(key).second) {
      code_pages_[r.pc & ~(kPageSize - 1)].push_back(key);
      if (accepted) print_in_asm(r.pc, r.word);
    }
    if (accepted) print_exec(r, before);
  }
  note_stores(r);
  before = capture(*r.hart);
}

// qemu-user write-protects pages holding translated code; a store to one invalidates every
// translation in it, so those instructions are translated (and logged) again.
void QemuSink::note_stores(const TraceRecord& r) {
  if (!r.exec || code_pages_.empty()) return;
  for (unsigned i = 0; i < r.exec->nmem; ++i) {
    const MemAccess& m = r.exec->mem[i];
    if (!m.write || m.mmio) continue;
    for (uint32_t page = m.addr & ~(kPageSize - 1); ; page += kPageSize) {
      auto it = code_pages_.find(page);
      if (it != code_pages_.end()) {
        for (uint64_t key : it->second) translated_.erase(key);
        code_pages_.erase(it);
      }
      if (page >= ((m.addr + m.size - 1) & ~(kPageSize - 1))) break;
    }
  }
}

void QemuSink::print_in_asm(uint32_t pc, uint32_t word) {
  // The symbol may be any length: written as it is, never through a fixed buffer.
  static const char kHead[] = "----------------\nIN: ";
  out_->write(kHead, sizeof kHead - 1);
  const std::string_view sym = symbols_.lookup(pc);
  out_->write(sym.data(), sym.size());
  out_->write("\n", 1);
  std::string mnemonic, ops;
  if (!capstone_.disassemble(word, pc, mnemonic, ops)) return out_->write("\n", 1);
  char head[32];
  int n = std::snprintf(head, sizeof head, "0x%08x:  %08x  ", pc, word);
  out_->write(head, size_t(n));
  if (mnemonic.size() < 8) mnemonic.resize(8, ' ');  // %-8s
  out_->put(mnemonic + " " + ops + "\n\n");
}

void QemuSink::print_exec(const TraceRecord& r, const Snapshot& s) {
  const std::string_view sym = symbols_.lookup(r.pc);
  char* p = out_->reserve(1400 + sym.size());
  // The host address of qemu's translated block has no counterpart; a fixed, pc-derived value.
  p += std::sprintf(p, "Trace %u: 0x7f00%08x [00000000/%08x/%08x/00000201] ", unsigned(r.thread), r.pc, r.pc,
                    hflags(s.msr));
  p = put_str(p, sym.data(), sym.size());
  *p++ = '\n';
  p += std::sprintf(p, "NIP %08x   LR %08x CTR %08x XER %08x CPU#%u\n", r.pc, s.lr, s.ctr, s.xer, unsigned(r.thread));
  const unsigned idx = (s.msr & MSR_PR) ? 0 : 1;
  p += std::sprintf(p, "MSR %08x HID0 %08x  HF %08x iidx %u didx %u\n", s.msr, r.hart->hid0, hflags(s.msr), idx, idx);
  p += std::sprintf(p, "TB %08u %08llu\n", unsigned(s.tb >> 32), (unsigned long long)s.tb);
  for (unsigned i = 0; i < 32; i += 4) {
    p = put_str(p, "GPR", 3);
    *p++ = char('0' + i / 10);
    *p++ = char('0' + i % 10);
    for (unsigned k = i; k < i + 4; ++k) {
      p = put_str(p, " 00000000", 9);
      p = put_hex(p, s.gpr[k], 8);
    }
    *p++ = '\n';
  }
  p = put_str(p, "CR ", 3);
  p = put_hex(p, s.cr, 8);
  p = put_str(p, "  [", 3);
  for (unsigned f = 0; f < 8; ++f) {
    unsigned v = (s.cr >> (28 - 4 * f)) & 0xF;
    *p++ = ' ';
    *p++ = (v & 8) ? 'L' : (v & 4) ? 'G' : (v & 2) ? 'E' : '-';
    *p++ = (v & 1) ? 'O' : ' ';
  }
  p = put_str(p, " ]             RES ", 19);
  p = put_hex(p, s.res, 8);
  *p++ = '\n';
  out_->advance(p);
}

}  // namespace pimnic::trace
