/* Exception vectors and the common entry. Each vector stub (at 0x100..0x1F00 and 0xF20) saves r3
 * in SPRG1, loads its own vector offset into r3 and branches to the common entry, which builds a
 * pimnic_exception_frame (see exception_frame.h), calls __pimnic_exception_dispatch (C), restores
 * everything from the frame (which a handler may have changed) and returns with rfi. MSR[RI] is
 * clear (the interrupt cleared it) until the frame holds SRR0/SRR1 and again from the restore on:
 * pimnic stops a run that faults there (an image built for another core) instead of looping. */
#include "pimnic/cpu.h"
#include "exception_frame.h"

#define SPRG1 273
#define SPRG2 274
#define SPRG3 275

/* 3 instructions: fits the 0x20 bytes between 0xF00 and 0xF20. */
.macro VECTOR off
  .org \off - 0x100
  mtspr SPRG1, 3
  li    3, \off
  b     __pimnic_exception_entry
.endm

  .section .vectors, "ax", @progbits
  .globl __pimnic_vectors
__pimnic_vectors:           /* linked at PIMNIC_VECTORS_BASE (0x100) */
  VECTOR 0x100
  VECTOR 0x200
  VECTOR 0x300
  VECTOR 0x400
  VECTOR 0x500
  VECTOR 0x600
  VECTOR 0x700
  VECTOR 0x800
  VECTOR 0x900
  VECTOR 0xA00
  VECTOR 0xB00
  VECTOR 0xC00
  VECTOR 0xD00
  VECTOR 0xE00
  VECTOR 0xF00
  VECTOR 0xF20
  VECTOR 0x1000
  VECTOR 0x1100
  VECTOR 0x1200
  VECTOR 0x1300
  VECTOR 0x1400
  VECTOR 0x1500
  VECTOR 0x1600
  VECTOR 0x1700
  VECTOR 0x1800
  VECTOR 0x1900
  VECTOR 0x1A00
  VECTOR 0x1B00
  VECTOR 0x1C00
  VECTOR 0x1D00
  VECTOR 0x1E00
  VECTOR 0x1F00

/* Unwind information (DWARF CFI in .debug_frame, where clang puts the C code's), so that a
 * debugger's backtrace from inside a handler goes on into the interrupted code: the caller's pc
 * is SRR0 as saved in the frame, its r1 the saved r1 (the CFA), and its other registers are in
 * the frame. The return address lives in a column of its own (100: MQ, which these cores lack)
 * because LR is a register of the interrupted code like any other. Register numbers are the
 * DWARF ones gdb uses for .debug_frame: GPRs 0-31, CR 64, XER 101, LR 108, CTR 109. */
#define CFI_RA 100
/* DW_CFA_expression REG: saved at r1 + OFF (DW_OP_breg1, two-byte SLEB128: OFF < 8192). */
.macro CFI_AT reg, off
  .cfi_escape 0x10, \reg, 0x03, 0x71, ((\off) & 0x7f) | 0x80, (\off) >> 7
.endm

  .cfi_sections .debug_frame
  .section .text.__pimnic_exception_entry, "ax", @progbits
  .globl __pimnic_exception_entry
  .type __pimnic_exception_entry, @function
__pimnic_exception_entry:
  .cfi_startproc
  .cfi_signal_frame
  .cfi_return_column CFI_RA
  .cfi_undefined CFI_RA      /* until the frame holds SRR0: no caller to show */
  mtspr SPRG2, 1
  mtspr SPRG3, 4
  /* Stay on the exception stack if already there (nested), else start at its top. */
  lis   4, __pimnic_exc_stack_top@ha
  addi  4, 4, __pimnic_exc_stack_top@l
  cmplw 1, 4
  bge   1f
  addi  4, 4, -EXC_STACK_SIZE
  cmplw 1, 4
  addi  4, 4, EXC_STACK_SIZE
  blt   1f
  rlwinm 4, 1, 0, 0, 27
1:
  addi  4, 4, -EXC_FRAME_SIZE
  stw   3, EXC_VECTOR(4)
  mfspr 3, SPRG2
  stw   3, 0(4)             /* back chain: the interrupted stack */
  stw   3, EXC_GPR(1)(4)
  mr    1, 4
  mfspr 3, SPRG1
  stw   3, EXC_GPR(3)(1)
  mfspr 3, SPRG3
  stw   3, EXC_GPR(4)(1)
  stw   0, EXC_GPR(0)(1)
  stw   2, EXC_GPR(2)(1)
  .irp  n, 5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
  stw   \n, EXC_GPR(\n)(1)
  .endr
  mfcr  3
  stw   3, EXC_CR(1)
  mflr  3
  stw   3, EXC_LR(1)
  mfctr 3
  stw   3, EXC_CTR(1)
  mfxer 3
  stw   3, EXC_XER(1)
  mfspr 3, PIMNIC_SPR_SRR0
  stw   3, EXC_SRR0(1)
  mfspr 3, PIMNIC_SPR_SRR1
  stw   3, EXC_SRR1(1)
  mfspr 3, PIMNIC_SPR_DAR
  stw   3, EXC_DAR(1)
  mfspr 3, PIMNIC_SPR_DSISR
  stw   3, EXC_DSISR(1)
  li    3, 0
  stw   3, 4(1)
#ifdef PIMNIC_PROFILE_HOST
  /* Handler code is compiled for FP and AltiVec like everything else: turn both on, and keep
   * the interrupted code's volatile FP/vector registers safe from it. */
  mfmsr 3
  ori   3, 3, PIMNIC_MSR_FP
  oris  3, 3, PIMNIC_MSR_VEC >> 16
  mtmsr 3
  isync
  .irp  n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13
  stfd  \n, EXC_FPR(\n)(1)
  .endr
  mffs  0
  stfd  0, EXC_FPSCR(1)
  .irp  n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19
  li    3, EXC_VR(\n)
  stvx  \n, 1, 3
  .endr
  mfvscr 0
  li    3, EXC_VSCR
  stvx  0, 1, 3
#endif
  /* The frame is complete: the interrupted code's registers are in it. */
  .cfi_escape 0x0f, 0x04, 0x71, (EXC_GPR(1) & 0x7f) | 0x80, EXC_GPR(1) >> 7, 0x06  /* CFA = *(r1 + EXC_GPR(1)) */
  CFI_AT CFI_RA, EXC_SRR0
  CFI_AT 0, EXC_GPR(0)
  .irp  n, 2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
  CFI_AT \n, EXC_GPR(\n)
  .endr
  CFI_AT 64, EXC_CR
  CFI_AT 101, EXC_XER
  CFI_AT 108, EXC_LR
  CFI_AT 109, EXC_CTR
  /* SRR0/SRR1 are in the frame: an interrupt inside the handler is recoverable (MSR[RI]). */
  mfmsr 3
  ori   3, 3, PIMNIC_MSR_RI
  mtmsr 3
  addi  3, 1, EXC_STRUCT
  bl    __pimnic_exception_dispatch
  .cfi_undefined CFI_RA      /* the registers are being restored */
  /* Not any more from here to rfi, which restores SRR0/SRR1 from the frame. */
  mfmsr 3
  rlwinm 3, 3, 0, 31, 29
  mtmsr 3
#ifdef PIMNIC_PROFILE_HOST
  li    3, EXC_VSCR
  lvx   0, 1, 3
  mtvscr 0
  .irp  n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19
  li    3, EXC_VR(\n)
  lvx   \n, 1, 3
  .endr
  lfd   0, EXC_FPSCR(1)
  mtfsf 0xff, 0
  .irp  n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13
  lfd   \n, EXC_FPR(\n)(1)
  .endr
#endif
  lwz   3, EXC_SRR0(1)
  mtspr PIMNIC_SPR_SRR0, 3
  lwz   3, EXC_SRR1(1)
  mtspr PIMNIC_SPR_SRR1, 3
  lwz   3, EXC_CR(1)
  mtcr  3
  lwz   3, EXC_LR(1)
  mtlr  3
  lwz   3, EXC_CTR(1)
  mtctr 3
  lwz   3, EXC_XER(1)
  mtxer 3
  lwz   0, EXC_GPR(0)(1)
  lwz   2, EXC_GPR(2)(1)
  .irp  n, 4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
  lwz   \n, EXC_GPR(\n)(1)
  .endr
  lwz   3, EXC_GPR(3)(1)
  lwz   1, EXC_GPR(1)(1)
  rfi
  .cfi_endproc
  .size __pimnic_exception_entry, . - __pimnic_exception_entry

  /* The exception stack. */
  .section .bss.__pimnic_exc_stack, "aw", @nobits
  .balign 16
  .globl __pimnic_exc_stack_bottom
__pimnic_exc_stack_bottom:
  .space EXC_STACK_SIZE
  .globl __pimnic_exc_stack_top
__pimnic_exc_stack_top:
