// The powerpc32 Linux signal frame, byte for byte as the kernel lays it out (arch/powerpc/kernel/
// signal_32.c, uapi asm/ucontext.h, asm/sigcontext.h, asm/elf.h), so that handlers can read and
// change the interrupted registers through the ucontext or sigcontext they are given, and
// sigreturn/rt_sigreturn/swapcontext read them back. Encoding and decoding only: the caller reads
// and writes guest memory (signal_delivery.cpp).
//
// From the interrupted stack pointer down:
//   SA_SIGINFO handlers: struct rt_sigframe { siginfo (128); ucontext (1184); abigap (224) },
//     then __SIGNAL_FRAMESIZE + 16 bytes for the handler's caller frame; r1 points there, r3 =
//     signal, r4 = &info, r5 = &uc, r6 = &frame; LR = the rt_sigreturn trampoline.
//   others: struct sigframe { sigcontext (32); mcontext (992); abigap (224) }, then
//     __SIGNAL_FRAMESIZE bytes; r3 = signal, r4 = &sigcontext; LR = the sigreturn trampoline.
// Each frame starts 16-byte aligned; the word at the new r1 is the old r1 (the back chain).
#pragma once
#include <cstdint>
#include <vector>

#include "cpu/arch_state.h"
#include "linux/signal_state.h"

namespace pimnic::linux_user::frame {

inline constexpr uint32_t kCallerFrame = 64;  // __SIGNAL_FRAMESIZE on ppc32
inline constexpr uint32_t kAbiGap = 56 * 4;   // below the interrupted r1, never written

// struct mcontext { elf_gregset_t mc_gregs (48 words); elf_fpregset_t mc_fregs (33 doubles, the
// last holding FPSCR in its low word); unsigned long mc_pad[2]; elf_vrregset_t mc_vregs (33
// quadwords, 16-aligned: v0-v31, then VRSAVE in word 0 and VSCR in word 3 of the last) }.
inline constexpr uint32_t kMcGregs = 0, kMcFregs = 192, kMcPad = 456, kMcVregs = 464, kMcontextSize = 992;
// mc_gregs indices (struct pt_regs on ppc32).
enum : unsigned {
  PT_NIP = 32, PT_MSR = 33, PT_ORIG_R3 = 34, PT_CTR = 35, PT_LNK = 36, PT_XER = 37, PT_CCR = 38,
  PT_MQ = 39, PT_TRAP = 40, PT_DAR = 41, PT_DSISR = 42, PT_RESULT = 43
};

// struct sigcontext { unsigned long _unused[4]; int signal; unsigned long handler, oldmask;
// struct pt_regs *regs; } — the upper half of the blocked mask goes in _unused[3].
inline constexpr uint32_t kScMaskHigh = 12, kScSignal = 16, kScHandler = 20, kScOldmask = 24, kScRegs = 28,
                          kSigcontextSize = 32;
inline constexpr uint32_t kSigframeSize = kSigcontextSize + kMcontextSize + kAbiGap;  // 1248

// struct ucontext { uc_flags; uc_link; stack_t uc_stack; int uc_pad[7]; struct mcontext *uc_regs;
// sigset_t uc_sigmask; int uc_maskext[30]; int uc_pad2[3]; struct mcontext uc_mcontext; }.
inline constexpr uint32_t kUcFlags = 0, kUcLink = 4, kUcStack = 8, kUcRegs = 48, kUcSigmask = 52,
                          kUcMcontext = 192, kUcontextSize = kUcMcontext + kMcontextSize;  // 1184
inline constexpr uint32_t kSiginfoSize = 128;
inline constexpr uint32_t kRtSigframeSize = kSiginfoSize + kUcontextSize + kAbiGap;  // 1536

// How the process entered the kernel, saved in mc_gregs beside the registers: the interrupt
// vector (0xc00 for a system call, 0x300 a data fault, 0x900 the timer...) with 0x10 once
// syscall restarting has been settled, DAR/DSISR of a fault, and a system call's first argument
// and result.
struct TrapContext {
  uint32_t trap = 0, dar = 0, dsisr = 0, orig_r3 = 0, result = 0;
};

// The registers and what goes beside them, as one mcontext (kMcontextSize bytes). msr is the
// value to record (the kernel adds MSR_VEC when the vector registers are saved).
void encode_mcontext(uint8_t* out, const ArchState& s, uint32_t msr, const TrapContext& t, unsigned vec_bytes);
// Back into the registers: everything but the MSR (which a process cannot set). keep_r2 as for
// swapcontext, where r2 (the thread pointer) survives; sigreturn restores it.
void decode_mcontext(const uint8_t* in, ArchState& s, unsigned vec_bytes, bool keep_r2);

void encode_siginfo(uint8_t* out, const SigInfo& info);
SigInfo decode_siginfo(const uint8_t* in);

// A frame to write at `addr`: its bytes (without the ABI gap, which stays untouched) and the
// registers the handler starts with.
struct Frame {
  uint32_t addr = 0;
  std::vector<uint8_t> bytes;
  uint32_t sp = 0, r4 = 0, r5 = 0, r6 = 0;
};

struct FrameRequest {
  const ArchState* regs = nullptr;  // the interrupted registers
  uint32_t msr = 0;
  TrapContext trap;
  unsigned vec_bytes = 16;
  int sig = 0;
  uint32_t handler = 0;
  uint64_t old_mask = 0;  // restored by sigreturn
  uint32_t stack_top = 0; // where the frame goes below: r1, or the top of the alternate stack
  AltStack altstack;      // saved in uc_stack, restored by rt_sigreturn
  const SigInfo* info = nullptr;
};
Frame build_sigframe(const FrameRequest& r);     // without SA_SIGINFO
Frame build_rt_sigframe(const FrameRequest& r);  // with SA_SIGINFO

}  // namespace pimnic::linux_user::frame
