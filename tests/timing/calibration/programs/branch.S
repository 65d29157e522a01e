/* Branches: a conditional branch over one addi, eight per iteration, always taken (r21 = 0) or
 * never taken (r21 = 1): the same code, so the difference is what a taken branch costs against
 * a not-taken one plus the skipped addi. Run with the default predictor (both directions
 * learnt) and with core.bpred.kind=nottaken (every taken branch mispredicted). Integer only. */
#include "calib.h"
        PROFILE("host")

.macro BRANCH
        cmpwi   %r21, 0
        beq     2f
        addi    %r6, %r6, 1
2:
.endm

        .text
        .globl _start
_start: li      %r21, 1
        MEASURE branch_nottaken, branch_8, 200
        li      %r21, 0
        MEASURE branch_taken, branch_8, 200
        li      %r3, 0
        b       exit

        KERNEL branch, 8, BRANCH
        CALIB_RUNTIME
