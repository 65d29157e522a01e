/* 440-class additions on the NIC core: isel, multiply-accumulate on opcode 4, dlmzb. */
#include "common.h"
        PROFILE("nic")
        .text
        .globl _start
        .type _start, @function
_start:
        li      %r3, 7
        li      %r4, -3
        cmpw    %r3, %r4
        isel    %r5, %r3, %r4, 1        /* gt ? r3 : r4 */
        li      %r6, 100
        lis     %r7, 0x0003
        ori     %r7, %r7, 0x0004
        .long   0x10c73958              /* macchw r6, r7, r7 (llvm-mc 14 has no 440 MAC) */
        .long   0x11073b50              /* mullhw r8, r7, r7 */
        lis     %r9, 0x4142
        ori     %r9, %r9, 0x0043
        li      %r10, 0
        .long   0x7d2b509d              /* dlmzb. r11, r9, r10 */
        li      %r3, 0
        EXIT
        .size   _start, . - _start
