/* The PIM core (pim profile, core.harts=8, the PIM model): chains of dependent add, divw,
 * independent loads and taken branches run by 1, 2, 4 and 8 hardware threads at once, each timed with two unroll
 * factors (the difference is the operations' cost, all threads together); and single-thread
 * pointer chases that stay in one DRAM row or change row in one bank on every load. */
#include "calib.h"
        PROFILE("pim")

/* The PIM extension (docs/isa/pim.md): X form on primary opcode 6. */
#define PIM_X(xo, t, a, b) .long 0x18000000 | ((t) << 21) | ((a) << 16) | ((b) << 11) | ((xo) << 1)
#define SPAWN(t, a, b)  PIM_X(0, t, a, b)
#define TEXIT(s)        PIM_X(1, s, 0, 0)
#define TID(t)          PIM_X(3, t, 0, 0)
#define READFE(t, a, b) PIM_X(16, t, a, b)
#define WRITEEF(s, a, b) PIM_X(18, s, a, b)
#define FEEMPTY(a, b)   PIM_X(20, 0, a, b)

.macro ADD_CHAIN
        add     %r5, %r5, %r6
.endm
.macro DIV_CHAIN
        divw    %r5, %r5, %r6
.endm
.macro LOAD
        lwz     %r7, 0(%r22)
.endm
.macro CHASE
        lwz     %r5, 0(%r5)
.endm
/* A branch always taken (over an instruction never run): no predictor, so on the single pipeline
 * the thread's next fetch waits for it. */
.macro TAKEN
        b       2f
        nop
2:
.endm

/* Per thread: r5 = r6 = 1 (divw keeps 1), r22 = its own 2 KiB DRAM row in its own bank. */
.macro THREAD_SETUP
        li      %r5, 1
        li      %r6, 1
        TID(7)
        slwi    %r22, %r7, 11
        addis   %r22, %r22, 1
.endm

/* `kernel` run by `threads` threads (thread 0 and threads - 1 it spawns), r3 = iters each,
 * twice with the same code, the second pass timed from before the spawns until every worker has
 * signalled its done word (a full/empty bit). Prints "label cycles". */
.macro MEASURE_THREADS label, kernel, threads, iters
        li      %r16, 2
8:      mftb    %r14
        li      %r17, \threads - 1
        LI32    %r18, worker_\kernel
        LI32    %r19, \iters
        cmpwi   %r17, 0
        beq     6f
7:      SPAWN(20, 18, 19)
        addic.  %r17, %r17, -1
        bne     7b
6:      THREAD_SETUP
        LI32    %r3, \iters
        bl      \kernel
        li      %r17, \threads - 1
        li      %r7, 4
        LI32    %r8, done
        cmpwi   %r17, 0
        beq     6f
7:      READFE(9, 8, 7)
        addi    %r7, %r7, 4
        addic.  %r17, %r17, -1
        bne     7b
6:      mftb    %r15
        addic.  %r16, %r16, -1
        bne     8b
        PRINT_CYCLES \label
.endm

/* A worker's entry (r3 = iters): run the kernel, fill its done word, end. */
.macro WORKER kernel
worker_\kernel:
        THREAD_SETUP
        bl      \kernel
        TID(7)
        slwi    %r7, %r7, 2
        LI32    %r8, done
        li      %r9, 1
        WRITEEF(9, 8, 7)
        li      %r3, 0
        TEXIT(3)
.endm

/* A cycle of `count` pointers `stride` bytes apart from `base`; r5 = base. */
.macro CHASE_SET base, stride, count
        LI32    %r3, \base
        LI32    %r4, \stride
        li      %r6, \count
        mtctr   %r6
        mr      %r7, %r3
1:      add     %r8, %r7, %r4
        stw     %r8, 0(%r7)
        mr      %r7, %r8
        bdnz    1b
        subf    %r7, %r4, %r7
        stw     %r3, 0(%r7)             /* the last points back to the first */
        mr      %r5, %r3
.endm

        .text
        .globl _start
_start: LI32    %r8, done               /* every word starts full: empty the done words */
        li      %r7, 4
        li      %r6, 7
        mtctr   %r6
1:      FEEMPTY(8, 7)
        addi    %r7, %r7, 4
        bdnz    1b
        .irp n, 1,2,4,8
        MEASURE_THREADS add_chain_t\n\()_8, add_chain_8, \n, 64
        MEASURE_THREADS add_chain_t\n\()_16, add_chain_16, \n, 64
        MEASURE_THREADS div_chain_t\n\()_4, div_chain_4, \n, 16
        MEASURE_THREADS div_chain_t\n\()_8, div_chain_8, \n, 16
        MEASURE_THREADS load_t\n\()_8, load_8, \n, 64
        MEASURE_THREADS load_t\n\()_16, load_16, \n, 64
        MEASURE_THREADS taken_t\n\()_8, taken_8, \n, 64
        MEASURE_THREADS taken_t\n\()_16, taken_16, \n, 64
        .endr
        CHASE_SET 0x20000, 64, 32       /* one 2 KiB row */
        MEASURE chase_row_hit_8, chase_8, 64
        MEASURE chase_row_hit_16, chase_16, 64
        CHASE_SET 0x20000, 16384, 16    /* 16 KiB apart: one bank (8 banks of 2 KiB rows), a new row each time */
        MEASURE chase_row_miss_8, chase_8, 64
        MEASURE chase_row_miss_16, chase_16, 64
        li      %r3, 0
        b       exit

        KERNEL add_chain, 8, ADD_CHAIN
        KERNEL add_chain, 16, ADD_CHAIN
        KERNEL div_chain, 4, DIV_CHAIN
        KERNEL div_chain, 8, DIV_CHAIN
        KERNEL load, 8, LOAD
        KERNEL load, 16, LOAD
        KERNEL taken, 8, TAKEN
        KERNEL taken, 16, TAKEN
        KERNEL chase, 8, CHASE
        KERNEL chase, 16, CHASE
        WORKER add_chain_8
        WORKER add_chain_16
        WORKER div_chain_4
        WORKER div_chain_8
        WORKER load_8
        WORKER load_16
        WORKER taken_8
        WORKER taken_16
        CALIB_RUNTIME

        .data
        .p2align 2
done:   .space  32
