/* Shared by the calibration microbenchmarks (tests/timing/calibration): bare-metal images in
 * assembly, so that every instruction of a timed loop is known. Each program times its kernels
 * with the time base (run with core.tb_divider=1, so a tick is a core cycle) and prints one line
 * per measurement: "name cycles" (hex). calibrate.py takes differences of two kernels that differ
 * only in the operations of interest, so the loop and call overhead cancels. */
#include <pimnic/memmap.h>

/* The profile the image boots on (`pimnic run` reads this section; --core overrides it). */
#define PROFILE(name) .pushsection .pimnic.profile, "", @progbits; .asciz name; .popsection

/* A 32-bit constant into a register. */
.macro LI32 reg, value
        lis     \reg, (\value)@ha
        addi    \reg, \reg, (\value)@l
.endm

/* A timed loop: `name_reps` runs `body` (a macro) `reps` times per iteration, r3 iterations. The
 * loop starts on a 64-byte boundary (fetch groups and I-cache lines line up in every copy). */
.macro KERNEL name, reps, body
        .p2align 6
\name\()_\reps:
        mtctr   %r3
        b       1f
        .p2align 6
1:      .rept \reps
        \body
        .endr
        bdnz    1b
        blr
.endm

/* Print "label cycles": the time-base ticks from r14 to r15 (see report). */
.macro PRINT_CYCLES label
        subf    %r4, %r14, %r15
        .pushsection .rodata
9:      .asciz  "\label"
        .popsection
        LI32    %r3, 9b
        bl      report
.endm

/* Run `kernel` (r3 = iters) twice with the same harness code, timing the second pass (the first
 * warms the I-cache, the predictor and the data the kernel keeps using; kernels that stream keep
 * their pointer in a register, so the second pass takes fresh lines), then print "label cycles".
 * A sync before each time-base read: stores have drained. Clobbers r3, r4, r14-r16, CTR, LR and what the kernel clobbers (kernels leave r14-r16 alone). */
.macro MEASURE label, kernel, iters
        li      %r16, 2
8:      sync
        mftb    %r14
        LI32    %r3, \iters
        bl      \kernel
        sync
        mftb    %r15
        addic.  %r16, %r16, -1
        bne     8b
        PRINT_CYCLES \label
.endm

/* report: print the string at r3, a space, r4 in hex and a newline. Clobbers r3, r4, r29-r31,
 * CTR. exit: exit with r3. */
.macro CALIB_RUNTIME
        .p2align 2
report: lis     %r31, PIMNIC_CONSOLE_BASE@ha
1:      lbz     %r30, 0(%r3)
        cmpwi   %r30, 0
        beq     2f
        stw     %r30, (PIMNIC_CONSOLE_BASE + CONSOLE_TX)@l(%r31)
        addi    %r3, %r3, 1
        b       1b
2:      li      %r30, ' '
        stw     %r30, (PIMNIC_CONSOLE_BASE + CONSOLE_TX)@l(%r31)
        li      %r29, 8
        mtctr   %r29
3:      rotlwi  %r4, %r4, 4
        andi.   %r30, %r4, 15
        cmpwi   %r30, 10
        blt     4f
        addi    %r30, %r30, 'a' - '0' - 10
4:      addi    %r30, %r30, '0'
        stw     %r30, (PIMNIC_CONSOLE_BASE + CONSOLE_TX)@l(%r31)
        bdnz    3b
        li      %r30, '\n'
        stw     %r30, (PIMNIC_CONSOLE_BASE + CONSOLE_TX)@l(%r31)
        blr
exit:   lis     %r31, PIMNIC_EXIT_BASE@ha
        stw     %r3, (PIMNIC_EXIT_BASE + EXIT_CODE)@l(%r31)
        b       .
.endm
