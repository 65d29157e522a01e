/* Stack frame built by the exception entry (vectors.S), as byte offsets from r1. A normal ABI
 * frame header (back chain, LR save word) comes first so that the C dispatcher can be called
 * with r1 pointing at it; struct pimnic_exception_frame follows at r1 + 8. exceptions.c checks
 * these offsets against the struct with static assertions. */
#ifndef PIMNIC_EXCEPTION_FRAME_H
#define PIMNIC_EXCEPTION_FRAME_H

#define EXC_FRAME_SIZE    640   /* multiple of 16 */
#define EXC_STRUCT        8
#define EXC_GPR(n)        (EXC_STRUCT + 4 * (n))
#define EXC_CR            (EXC_STRUCT + 128)
#define EXC_LR            (EXC_STRUCT + 132)
#define EXC_CTR           (EXC_STRUCT + 136)
#define EXC_XER           (EXC_STRUCT + 140)
#define EXC_SRR0          (EXC_STRUCT + 144)
#define EXC_SRR1          (EXC_STRUCT + 148)
#define EXC_DAR           (EXC_STRUCT + 152)
#define EXC_DSISR         (EXC_STRUCT + 156)
#define EXC_VECTOR        (EXC_STRUCT + 160)
#define EXC_FPSCR         (EXC_STRUCT + 168)
#define EXC_FPR(n)        (EXC_STRUCT + 176 + 8 * (n))
#define EXC_VSCR          (EXC_STRUCT + 296)   /* r1 + 304: 16-byte aligned for stvx */
#define EXC_VR(n)         (EXC_STRUCT + 312 + 16 * (n))

/* Dedicated stack for interrupt handling, so that a fault caused by a bad r1 can still be
 * reported. Nested interrupts continue below the current frame on the same stack. */
#define EXC_STACK_SIZE    8192

#endif
