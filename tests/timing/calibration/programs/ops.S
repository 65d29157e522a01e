/* Operation latencies, issue intervals and widths: for each of add (IntAlu), mullw (IntMul),
 * divw (IntDiv) and nop (ori 0,0,0), a dependent chain and independent operations, each timed
 * with two unroll factors (the difference is the operations' own cost). Integer only: runs on the
 * host and NIC profiles. */
#include "calib.h"
        PROFILE("host")

.macro ADD_CHAIN
        add     %r5, %r5, %r6
.endm
.macro ADD_INDEP
        .irp r, 7,8,9,10,11,12,13,17
        add     %r\r, %r30, %r31
        .endr
.endm
.macro MUL_CHAIN
        mullw   %r5, %r5, %r6
.endm
.macro MUL_INDEP
        .irp r, 7,8,9,10,11,12,13,17
        mullw   %r\r, %r30, %r31
        .endr
.endm
.macro DIV_CHAIN
        divw    %r5, %r5, %r6
.endm
.macro DIV_INDEP
        .irp r, 7,8,9,10,11,12,13,17
        divw    %r\r, %r30, %r31
        .endr
.endm
.macro NOP8
        .rept 8
        nop
        .endr
.endm

        .text
        .globl _start
_start: li      %r5, 1
        li      %r6, 1
        li      %r30, 12345
        li      %r31, 7
        MEASURE add_chain_16, add_chain_16, 200
        MEASURE add_chain_32, add_chain_32, 200
        MEASURE add_indep_16, add_indep_2, 200
        MEASURE add_indep_32, add_indep_4, 200
        MEASURE mul_chain_16, mul_chain_16, 100
        MEASURE mul_chain_32, mul_chain_32, 100
        MEASURE mul_indep_16, mul_indep_2, 100
        MEASURE mul_indep_32, mul_indep_4, 100
        MEASURE div_chain_8, div_chain_8, 20
        MEASURE div_chain_16, div_chain_16, 20
        MEASURE div_indep_8, div_indep_1, 20
        MEASURE div_indep_16, div_indep_2, 20
        MEASURE nop_16, nop_2, 200
        MEASURE nop_32, nop_4, 200
        li      %r3, 0
        b       exit

        KERNEL add_chain, 16, ADD_CHAIN
        KERNEL add_chain, 32, ADD_CHAIN
        KERNEL add_indep, 2, ADD_INDEP
        KERNEL add_indep, 4, ADD_INDEP
        KERNEL mul_chain, 16, MUL_CHAIN
        KERNEL mul_chain, 32, MUL_CHAIN
        KERNEL mul_indep, 2, MUL_INDEP
        KERNEL mul_indep, 4, MUL_INDEP
        KERNEL div_chain, 8, DIV_CHAIN
        KERNEL div_chain, 16, DIV_CHAIN
        KERNEL div_indep, 1, DIV_INDEP
        KERNEL div_indep, 2, DIV_INDEP
        KERNEL nop, 2, NOP8
        KERNEL nop, 4, NOP8
        CALIB_RUNTIME
