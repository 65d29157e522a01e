/* AltiVec on the PIM core: 256-bit registers, loads/stores of 32 bytes, cross-lane ops, VSCR. */
#include "common.h"
        PROFILE("pim")
        .text
        .globl _start
        .type _start, @function
_start:
        mfmsr   %r3
        oris    %r3, %r3, 0x0200        /* MSR[VEC] */
        mtmsr   %r3
        isync
        lis     %r20, data@ha
        addi    %r20, %r20, data@l
        li      %r21, 32
        lvx     %v1, 0, %r20            /* bytes 0..31 */
        lvx     %v2, %r21, %r20         /* bytes 32..63 */
        vaddubm %v3, %v1, %v2
        vspltisw %v4, -3
        vadduws %v5, %v4, %v1
        vsldoi  %v6, %v1, %v2, 5
        lvsl    %v7, %r21, %r20
        vperm   %v8, %v2, %v1, %v7
        vmrghw  %v9, %v1, %v2
        vsumsws %v10, %v1, %v4          /* sums all eight words */
        vcmpequw. %v11, %v1, %v1        /* CR6: all true */
        mfvscr  %v12
        li      %r22, 64
        stvx    %v3, %r22, %r20
        stvewx  %v5, %r21, %r20
        lvewx   %v13, %r21, %r20
        li      %r3, 0
        EXIT
        .size   _start, . - _start

        .data
        .p2align 5
data:   .byte   0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
        .byte   16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
        .byte   0xf0, 0xe1, 0xd2, 0xc3, 0xb4, 0xa5, 0x96, 0x87, 0x78, 0x69, 0x5a, 0x4b, 0x3c, 0x2d, 0x1e, 0x0f
        .byte   0x80, 0x7f, 0xff, 0x01, 0x40, 0x20, 0x10, 0x08, 0x04, 0x02, 0x01, 0x00, 0xaa, 0x55, 0xcc, 0x33
        .space  64
