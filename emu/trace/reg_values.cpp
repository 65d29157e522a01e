#include "trace/reg_values.h"

#include <cstdio>

#include "cpu/core.h"
#include "cpu/spr_registers.h"
#include "util/bits.h"

namespace pimnic::trace {

namespace {

uint32_t spr_value(const Hart& h, uint32_t num) {
  const SprDef* d = find_spr(num, h.core().config().features);
  return d ? pimnic::spr_value(h, *d) : 0;
}

unsigned put32(uint8_t* out, uint32_t v) {
  store_be<uint32_t>(out, v);
  return 4;
}

}  // namespace

unsigned reg_bytes_slow(const Hart& h, RegKey k, uint8_t* out) {
  if (k < KEY_FPR0) return put32(out, h.gpr[k - KEY_GPR0]);
  if (k < KEY_VR0) {
    store_be<uint64_t>(out, h.fpr[k - KEY_FPR0]);
    return 8;
  }
  if (k < KEY_CR0) {
    // VReg keeps bytes reversed: host byte i is big-endian byte (n - 1 - i).
    const VReg& v = h.vr[k - KEY_VR0];
    const unsigned n = h.vec_bytes() ? h.vec_bytes() : 16;
    for (unsigned i = 0; i < n; ++i) out[i] = v.b[n - 1 - i];
    return n;
  }
  if (k < KEY_LR) {
    out[0] = uint8_t(h.cr_field(k - KEY_CR0));
    return 1;
  }
  switch (k) {
    case KEY_LR: return put32(out, h.lr);
    case KEY_CTR: return put32(out, h.ctr);
    case KEY_XER: return put32(out, h.xer);
    case KEY_FPSCR: return put32(out, h.fpscr);
    case KEY_VSCR: return put32(out, h.vscr);
    case KEY_MSR: return put32(out, h.msr);
    case KEY_SRR0: return put32(out, h.srr0);
    case KEY_SRR1: return put32(out, h.srr1);
    case KEY_DAR: return put32(out, h.dar);
    case KEY_DSISR: return put32(out, h.dsisr);
    case KEY_VRSAVE: return put32(out, h.vrsave);
    default: return put32(out, k >= KEY_SPR0 ? spr_value(h, k - KEY_SPR0) : 0);
  }
}

namespace {
// Names of every key below KEY_NAMED_END, built once (the commit formatter's inner loop).
struct KeyNames {
  char text[KEY_NAMED_END][8];
  uint8_t len[KEY_NAMED_END];
  KeyNames() {
    static const char* const named[] = {"lr", "ctr", "xer", "fpscr", "vscr", "msr", "srr0", "srr1",
                                        "dar", "dsisr", "vrsave"};
    for (unsigned k = 0; k < KEY_NAMED_END; ++k) {
      int n;
      if (k < KEY_FPR0) n = std::snprintf(text[k], 8, "r%u", k - KEY_GPR0);
      else if (k < KEY_VR0) n = std::snprintf(text[k], 8, "f%u", k - KEY_FPR0);
      else if (k < KEY_CR0) n = std::snprintf(text[k], 8, "v%u", k - KEY_VR0);
      else if (k < KEY_LR) n = std::snprintf(text[k], 8, "cr%u", k - KEY_CR0);
      else n = std::snprintf(text[k], 8, "%s", named[k - KEY_LR]);
      len[k] = uint8_t(n);
    }
  }
};
const KeyNames kKeyNames;
}  // namespace

const char* reg_key_name(RegKey k, char (&buf)[12], unsigned* len) {
  if (k < KEY_NAMED_END) {
    if (len) *len = kKeyNames.len[k];
    return kKeyNames.text[k];
  }
  // Keys between the named ones and KEY_SPR0 are no register; a trace reader rejects them.
  int n = k >= KEY_SPR0 ? std::snprintf(buf, sizeof buf, "spr%u", unsigned(k - KEY_SPR0) & 0x7fff)
                        : std::snprintf(buf, sizeof buf, "key%u", unsigned(k));
  if (len) *len = unsigned(n);
  return buf;
}

const char* interrupt_short_name(Interrupt k) {
  switch (k) {
    case Interrupt::SystemReset: return "reset";
    case Interrupt::MachineCheck: return "mcheck";
    case Interrupt::Storage: return "dsi";
    case Interrupt::InstructionStorage: return "isi";
    case Interrupt::External: return "external";
    case Interrupt::Alignment: return "alignment";
    case Interrupt::Program: return "program";
    case Interrupt::FpUnavailable: return "fp-unavailable";
    case Interrupt::Decrementer: return "decrementer";
    case Interrupt::SystemCall: return "syscall";
    case Interrupt::Trace: return "trace";
    case Interrupt::VecUnavailable: return "vec-unavailable";
  }
  return "unknown";
}

}  // namespace pimnic::trace
