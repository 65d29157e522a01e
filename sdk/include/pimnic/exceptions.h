/* Interrupts ("exceptions") in firmware. The SDK places a stub at every vector (0x100..0x1F00 and
 * 0xF20) that saves the interrupted state in a pimnic_exception_frame on a dedicated exception stack
 * and calls the handler installed for that vector. Without a handler, the SDK reports the interrupt
 * (vector, SRR0, SRR1, DAR) on the console and exits with 128 + the POSIX signal a Linux process
 * would get (SIGILL, SIGTRAP, SIGFPE, SIGBUS, SIGSEGV), like `pimnic run` does for a bare image.
 *
 * The entry code uses SPRG1..SPRG3 as scratch; SPRG0 is left to firmware. On the host profile the
 * volatile FP and vector registers (f0-f13, FPSCR, v0-v19, VSCR) are saved too, and handlers run
 * with MSR[FP] and MSR[VEC] on; on nic/pim handlers run with no FP/vector unit enabled. */
#ifndef PIMNIC_EXCEPTIONS_H
#define PIMNIC_EXCEPTIONS_H
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Vector offsets (classic 32-bit PowerPC, MSR[IP]=0). */
#define PIMNIC_VEC_SYSTEM_RESET   0x100
#define PIMNIC_VEC_MACHINE_CHECK  0x200
#define PIMNIC_VEC_DSI            0x300 /* storage: DAR holds the address, DSISR the reason */
#define PIMNIC_VEC_ISI            0x400
#define PIMNIC_VEC_EXTERNAL       0x500
#define PIMNIC_VEC_ALIGNMENT      0x600
#define PIMNIC_VEC_PROGRAM        0x700 /* SRR1 bits below say why */
#define PIMNIC_VEC_FP_UNAVAILABLE 0x800
#define PIMNIC_VEC_DECREMENTER    0x900
#define PIMNIC_VEC_SYSCALL        0xC00 /* SRR0 is the instruction after sc */
#define PIMNIC_VEC_TRACE          0xD00
#define PIMNIC_VEC_VEC_UNAVAILABLE 0xF20

/* SRR1 reason bits for program interrupts. */
#define PIMNIC_SRR1_PROGRAM_FP      0x00100000u
#define PIMNIC_SRR1_PROGRAM_ILLEGAL 0x00080000u
#define PIMNIC_SRR1_PROGRAM_PRIV    0x00040000u
#define PIMNIC_SRR1_PROGRAM_TRAP    0x00020000u

/* The interrupted state. A handler may change any field (e.g. srr0 += 4 to skip the faulting
 * instruction, or gpr[3] to return a value from sc); the entry code restores it all on return. */
typedef struct pimnic_exception_frame {
  uint32_t gpr[32];
  uint32_t cr, lr, ctr, xer;
  uint32_t srr0, srr1; /* where to resume, and the MSR to resume with */
  uint32_t dar, dsisr;
  uint32_t vector;     /* 0x100 .. 0x1F00, or 0xF20 */
  uint32_t reserved;
  uint64_t fpscr;      /* host profile only: FPSCR in the low word, f0-f13 as raw bits */
  uint64_t fpr[14];
  uint32_t pad[2];
  uint32_t vscr[4];    /* host profile only: VSCR (last word), v0-v19 as big-endian words */
  uint32_t vr[20][4];
} pimnic_exception_frame;

/* Return nonzero when handled: execution resumes at frame->srr0 with the frame's registers.
 * Return 0 to fall back to the default report-and-exit. */
typedef int (*pimnic_exception_handler)(pimnic_exception_frame* frame);

/* Installs handler for a vector (NULL restores the default) and returns the previous one.
 * Unknown vectors are ignored (returns NULL). */
pimnic_exception_handler pimnic_set_exception_handler(uint32_t vector, pimnic_exception_handler handler);

/* Name of a vector ("program", "storage (DSI)", ...), and the 128+signal exit code the default
 * handler uses for this frame. */
const char* pimnic_exception_name(uint32_t vector);
int pimnic_exception_exit_code(const pimnic_exception_frame* frame);

#ifdef __cplusplus
}
#endif
#endif
