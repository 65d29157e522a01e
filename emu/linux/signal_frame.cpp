#include "linux/signal_frame.h"

#include "cpu/fpu_bits.h"
#include "cpu/vreg_access.h"
#include "util/bits.h"

namespace pimnic::linux_user::frame {

namespace {

constexpr uint32_t kXerBits = XER_SO | XER_OV | XER_CA | XER_BC_MASK;  // what the 7400 keeps of XER

void put32(uint8_t* p, uint32_t off, uint32_t v) { store_be<uint32_t>(p + off, v); }
uint32_t get32(const uint8_t* p, uint32_t off) { return load_be<uint32_t>(p + off); }
void put_greg(uint8_t* mc, unsigned i, uint32_t v) { put32(mc, kMcGregs + 4 * i, v); }
uint32_t get_greg(const uint8_t* mc, unsigned i) { return get32(mc, kMcGregs + 4 * i); }

uint32_t align16(uint32_t a) { return a & ~15u; }

// The vector registers as the kernel's vr_state: 16 bytes each in memory order. A 256-bit core's
// registers do not fit the ABI; only their first 16 bytes are saved (Linux mode runs 128-bit cores).
void put_vr(uint8_t* mc, unsigned i, const VReg& v, unsigned vec_bytes) {
  uint8_t mem[32];
  vec::to_memory(mem, v, vec_bytes);
  std::memcpy(mc + kMcVregs + 16 * i, mem, 16);
}

void get_vr(const uint8_t* mc, unsigned i, VReg& v, unsigned vec_bytes) {
  uint8_t mem[32] = {};
  std::memcpy(mem, mc + kMcVregs + 16 * i, 16);
  vec::from_memory(v, mem, vec_bytes);
}

}  // namespace

void encode_mcontext(uint8_t* mc, const ArchState& s, uint32_t msr, const TrapContext& t, unsigned vec_bytes) {
  for (unsigned i = 0; i < 32; ++i) put_greg(mc, i, s.gpr[i]);
  put_greg(mc, PT_NIP, s.pc);
  put_greg(mc, PT_MSR, msr | MSR_VEC);  // MSR_VEC: mc_vregs holds the vector registers
  put_greg(mc, PT_ORIG_R3, t.orig_r3);
  put_greg(mc, PT_CTR, s.ctr);
  put_greg(mc, PT_LNK, s.lr);
  put_greg(mc, PT_XER, s.xer);
  put_greg(mc, PT_CCR, s.cr);
  put_greg(mc, PT_TRAP, t.trap);
  put_greg(mc, PT_DAR, t.dar);
  put_greg(mc, PT_DSISR, t.dsisr);
  put_greg(mc, PT_RESULT, t.result);
  for (unsigned i = 0; i < 32; ++i) store_be<uint64_t>(mc + kMcFregs + 8 * i, s.fpr[i]);
  store_be<uint64_t>(mc + kMcFregs + 8 * 32, s.fpscr);
  for (unsigned i = 0; i < 32; ++i) put_vr(mc, i, s.vr[i], vec_bytes);
  put32(mc, kMcVregs + 16 * 32, s.vrsave);
  put32(mc, kMcVregs + 16 * 32 + 12, s.vscr);
}

void decode_mcontext(const uint8_t* mc, ArchState& s, unsigned vec_bytes, bool keep_r2) {
  const uint32_t r2 = s.gpr[2];
  for (unsigned i = 0; i < 32; ++i) s.gpr[i] = get_greg(mc, i);
  if (keep_r2) s.gpr[2] = r2;
  s.pc = get_greg(mc, PT_NIP) & ~3u;
  s.ctr = get_greg(mc, PT_CTR);
  s.lr = get_greg(mc, PT_LNK);
  s.xer = get_greg(mc, PT_XER) & kXerBits;
  s.cr = get_greg(mc, PT_CCR);
  for (unsigned i = 0; i < 32; ++i) s.fpr[i] = load_be<uint64_t>(mc + kMcFregs + 8 * i);
  s.fpscr = fpu::with_summaries(uint32_t(load_be<uint64_t>(mc + kMcFregs + 8 * 32)));
  if (get_greg(mc, PT_MSR) & MSR_VEC) {
    for (unsigned i = 0; i < 32; ++i) get_vr(mc, i, s.vr[i], vec_bytes);
    s.vscr = get32(mc, kMcVregs + 16 * 32 + 12);
  } else {  // no vector state in the context: the kernel clears it
    s.vr = {};
    s.vscr = 0;
  }
  s.vrsave = get32(mc, kMcVregs + 16 * 32);
}

void encode_siginfo(uint8_t* out, const SigInfo& info) {
  std::memset(out, 0, kSiginfoSize);
  put32(out, 0, uint32_t(info.signo));
  put32(out, 4, uint32_t(info.err));
  put32(out, 8, uint32_t(info.code));
  for (unsigned i = 0; i < info.u.size(); ++i) put32(out, 12 + 4 * i, info.u[i]);
}

SigInfo decode_siginfo(const uint8_t* in) {
  SigInfo info;
  info.signo = int32_t(get32(in, 0));
  info.err = int32_t(get32(in, 4));
  info.code = int32_t(get32(in, 8));
  for (unsigned i = 0; i < info.u.size(); ++i) info.u[i] = get32(in, 12 + 4 * i);
  return info;
}

Frame build_sigframe(const FrameRequest& r) {
  const uint32_t base = align16(r.stack_top - kSigframeSize);
  Frame f;
  f.sp = base - kCallerFrame;
  f.addr = f.sp;
  f.bytes.assign(kCallerFrame + kSigcontextSize + kMcontextSize, 0);
  uint8_t* sc = f.bytes.data() + kCallerFrame;
  put32(sc, kScMaskHigh, uint32_t(r.old_mask >> 32));
  put32(sc, kScSignal, uint32_t(r.sig));
  put32(sc, kScHandler, r.handler);
  put32(sc, kScOldmask, uint32_t(r.old_mask));
  put32(sc, kScRegs, base + kSigcontextSize);
  encode_mcontext(sc + kSigcontextSize, *r.regs, r.msr, r.trap, r.vec_bytes);
  put32(f.bytes.data(), 0, r.regs->gpr[1]);  // back chain
  f.r4 = base;
  return f;
}

Frame build_rt_sigframe(const FrameRequest& r) {
  const uint32_t base = align16(r.stack_top - kRtSigframeSize);
  Frame f;
  f.sp = base - (kCallerFrame + 16);
  f.addr = f.sp;
  f.bytes.assign(kCallerFrame + 16 + kSiginfoSize + kUcontextSize, 0);
  uint8_t* info = f.bytes.data() + kCallerFrame + 16;
  uint8_t* uc = info + kSiginfoSize;
  const uint32_t uc_addr = base + kSiginfoSize;
  encode_siginfo(info, *r.info);
  put32(uc, kUcFlags, 0);
  put32(uc, kUcLink, 0);
  put32(uc, kUcStack, r.altstack.sp);
  put32(uc, kUcStack + 4, r.altstack.flags);
  put32(uc, kUcStack + 8, r.altstack.size);
  put32(uc, kUcRegs, uc_addr + kUcMcontext);
  put32(uc, kUcSigmask, uint32_t(r.old_mask));
  put32(uc, kUcSigmask + 4, uint32_t(r.old_mask >> 32));
  encode_mcontext(uc + kUcMcontext, *r.regs, r.msr, r.trap, r.vec_bytes);
  put32(f.bytes.data(), 0, r.regs->gpr[1]);
  f.r4 = base;
  f.r5 = uc_addr;
  f.r6 = base;
  return f;
}

}  // namespace pimnic::linux_user::frame
