/* Floating point on the host core: loads, arithmetic, conversions, compares, FPSCR. */
#include "common.h"
        PROFILE("host")
        .text
        .globl _start
        .type _start, @function
_start:
        mfmsr   %r3
        ori     %r3, %r3, 0x2000        /* MSR[FP] */
        mtmsr   %r3
        isync
        lis     %r20, data@ha
        addi    %r20, %r20, data@l
        lfd     %f1, 0(%r20)            /* 1.5 */
        lfd     %f2, 8(%r20)            /* -2.25 */
        lfs     %f3, 16(%r20)           /* 7.0f */
        fadd    %f4, %f1, %f2
        fmul    %f5, %f1, %f3
        fdiv    %f6, %f2, %f3           /* inexact: FPSCR[XX,FI] */
        fmadd   %f7, %f1, %f2, %f3
        fadds   %f8, %f1, %f3
        fneg    %f9, %f1
        fabs    %f10, %f2
        fctiwz  %f11, %f2
        stfd    %f11, 24(%r20)
        lwz     %r3, 28(%r20)
        fcmpu   %cr1, %f1, %f2
        fsub.   %f12, %f1, %f1
        mtfsfi  7, 1                    /* round toward zero */
        fdiv    %f13, %f1, %f3          /* rounded toward zero */
        mffs    %f14
        stfs    %f13, 32(%r20)
        stfiwx  %f11, 0, %r20
        li      %r3, 0
        EXIT
        .size   _start, . - _start

        .data
        .p2align 3
data:   .double 1.5, -2.25
        .float  7.0
        .space  20
