/* Integer, branch, CR, load/store and device accesses on the host core. */
#include "common.h"
        PROFILE("host")
        .text
        .globl _start
        .type _start, @function
_start:
        lis     %r1, 0x10               /* stack at 1 MiB */
        li      %r3, 5
        li      %r4, -7
        add     %r5, %r3, %r4
        subf    %r6, %r4, %r3
        mullw   %r7, %r3, %r4
        divw    %r8, %r7, %r3
        addic   %r9, %r3, -1            /* carry out */
        adde    %r10, %r3, %r3
        addo.   %r11, %r3, %r4
        lis     %r12, 0x7fff
        ori     %r12, %r12, 0xffff
        addo.   %r12, %r12, %r12        /* overflow: XER[SO,OV] */
        rlwinm  %r13, %r3, 4, 0, 27
        cmpw    %cr1, %r3, %r4
        cmplw   %r3, %r4
        crxor   10, 5, 0                /* cr2.eq = cr1.gt ^ cr0.lt */
        mfcr    %r14
        mtcrf   0x80, %r3
        /* memory */
        lis     %r20, 2
        stw     %r3, 0(%r20)
        stwu    %r4, 4(%r20)
        lwz     %r15, -4(%r20)
        sth     %r4, 8(%r20)
        lha     %r16, 8(%r20)
        stb     %r4, 10(%r20)
        lbz     %r17, 10(%r20)
        stmw    %r28, 16(%r20)
        lmw     %r26, 12(%r20)
        lwbrx   %r18, 0, %r20
        /* a counted loop and a call */
        li      %r3, 4
        mtctr   %r3
        li      %r19, 0
1:      addi    %r19, %r19, 3
        bdnz    1b
        bl      square
        /* console (device stores and a device load), then exit 0 */
        li      %r3, 'o'
        PUTC
        li      %r3, 'k'
        PUTC
        li      %r3, 10
        PUTC
        lwz     %r22, (PIMNIC_CONSOLE_BASE + CONSOLE_STATUS)@l(%r31)
        li      %r3, 0
        EXIT
        .size   _start, . - _start

        .type   square, @function
square:
        mflr    %r0
        stwu    %r1, -16(%r1)
        stw     %r0, 20(%r1)
        mullw   %r3, %r19, %r19
        lwz     %r0, 20(%r1)
        addi    %r1, %r1, 16
        mtlr    %r0
        blr
        .size   square, . - square
