/* Interrupts on the host core: system call, trap, illegal instruction, data storage (DSI) and
 * decrementer, each with a handler that resumes after it (or, for the decrementer, where it was). */
#include "common.h"
        PROFILE("host")
        .section .vectors, "ax", @progbits
        .org    0x300
dsi:    mfsrr0  %r29
        addi    %r29, %r29, 4
        mtsrr0  %r29
        addi    %r25, %r25, 1
        rfi
        .org    0x700
program:
        mfsrr0  %r29
        addi    %r29, %r29, 4
        mtsrr0  %r29
        addi    %r26, %r26, 1
        rfi
        .org    0x900
decrementer:
        addi    %r27, %r27, 1
        lis     %r29, 0x7fff            /* no further decrementer interrupt for a long time */
        mtdec   %r29
        rfi
        .org    0xc00
syscall:
        addi    %r28, %r28, 1
        rfi

        .text
        .globl _start
        .type _start, @function
_start:
        li      %r25, 0
        li      %r26, 0
        li      %r27, 0
        li      %r28, 0
        li      %r0, 7
        sc
        tweq    %r0, %r0                /* trap */
        .long   0x00000000              /* illegal */
        lis     %r3, 0xe000
        lwz     %r4, 0(%r3)             /* unmapped: DSI */
        /* decrementer: enable EE, arm DEC, spin until the handler ran */
        mfmsr   %r3
        ori     %r3, %r3, 0x8000
        mtmsr   %r3
        li      %r3, 3
        mtdec   %r3
1:      cmpwi   %r27, 0
        beq     1b
        add     %r3, %r25, %r26
        add     %r3, %r3, %r27
        add     %r3, %r3, %r28
        subi    %r3, %r3, 5             /* 5 interrupts: exit 0 */
        EXIT
        .size   _start, . - _start
