/* _start: the image's entry point (linked first, at PIMNIC_IMAGE_BASE). `pimnic run` enters here in
 * supervisor mode with MSR=0: set up the stack and the units the compiler may use, copy .data if
 * it was linked to load elsewhere, clear .bss, then continue in C (start.c). */
#include "pimnic/cpu.h"

  .section .text.start, "ax", @progbits
  .globl _start
  .type _start, @function
_start:
  /* MSR[RI] first: from here an interrupt is recoverable (the exception entry clears RI while
   * SRR0/SRR1 are not saved, and pimnic stops a run that faults there instead of letting it
   * loop: an image built for another core faults early, in this code or the next). */
  mfmsr 3
  ori   3, 3, PIMNIC_MSR_RI
  mtmsr 3

  /* Stack at the top of RAM (linker script), with a null back chain so debuggers stop here. */
  lis   1, __stack_top@ha
  addi  1, 1, __stack_top@l
  li    0, 0
  stwu  0, -16(1)

  /* host: clang -O2 -mcpu=7400 uses FP and auto-vectorises, so FP and AltiVec must be on before
   * any C code runs. pim: the vector unit is used through SDK inline assembly. */
#if defined(PIMNIC_PROFILE_HOST) || defined(PIMNIC_PROFILE_PIM)
  mfmsr 3
#if defined(PIMNIC_PROFILE_HOST)
  ori   3, 3, PIMNIC_MSR_FP
#endif
  oris  3, 3, PIMNIC_MSR_VEC >> 16
  mtmsr 3
  isync
#endif

  /* EABI small-data base registers, in case code was compiled to use them. */
  lis   13, _SDA_BASE_@ha
  addi  13, 13, _SDA_BASE_@l
  lis   2, _SDA2_BASE_@ha
  addi  2, 2, _SDA2_BASE_@l

  /* Copy .data from its load address when that differs (a ROM-style link); words, as the linker
   * script aligns both ends to 4. */
  lis   3, __data_start@ha
  addi  3, 3, __data_start@l
  lis   4, __data_load_start@ha
  addi  4, 4, __data_load_start@l
  lis   5, __data_end@ha
  addi  5, 5, __data_end@l
  cmplw 3, 4
  beq   2f
1:
  cmplw 3, 5
  bge   2f
  lwz   0, 0(4)
  stw   0, 0(3)
  addi  3, 3, 4
  addi  4, 4, 4
  b     1b
2:
  /* Clear .bss (also 4-byte aligned at both ends). `pimnic run` already zero-fills it, but a
   * restarted image or another loader may not. */
  lis   3, __bss_start@ha
  addi  3, 3, __bss_start@l
  lis   5, __bss_end@ha
  addi  5, 5, __bss_end@l
  li    0, 0
3:
  cmplw 3, 5
  bge   4f
  stw   0, 0(3)
  addi  3, 3, 4
  b     3b
4:
  bl    __pimnic_start   /* never returns */
  b     .
  .size _start, . - _start
