/* A loop that rewrites one of its own instructions every 16 iterations (store, dcbst, sync, icbi,
 * isync), between which the in-order model replays the loop body from its block memo: the block
 * must be executed as rewritten, never as remembered. Then a loop whose store, once, rewrites an
 * instruction further down its own block (pimnic runs code as it is in memory): the replay must
 * hand over right after that store. Exits 0 if both sums are right (18632, 832), 1 otherwise. */
#include "common.h"
        PROFILE("host")
        .text
        .globl _start
        .type _start, @function
_start:
        li      %r3, 0                  /* sum */
        li      %r4, 0                  /* iteration k */
        lis     %r5, patch@ha
        addi    %r5, %r5, patch@l
        lis     %r6, 0x3863             /* addi r3, r3, 0 */
        li      %r7, 200
        mtctr   %r7
loop:   andi.   %r8, %r4, 15
        bne     1f
        addi    %r9, %r4, 1             /* from now on add k + 1 */
        or      %r9, %r9, %r6
        stw     %r9, 0(%r5)
        dcbst   0, %r5
        sync
        icbi    0, %r5
        isync
1:      addi    %r4, %r4, 1
        mulli   %r10, %r4, 3
        add     %r11, %r11, %r10
patch:  addi    %r3, %r3, 0             /* rewritten */
        add     %r12, %r3, %r4
        bdnz    loop
        cmpwi   %r3, 18632              /* sum over k of (16 * floor(k / 16) + 1) */
        li      %r3, 1
        bne     2f

        li      %r14, 0                 /* sum */
        li      %r4, 0                  /* iteration k */
        lis     %r21, targets@ha
        addi    %r21, %r21, targets@l
        lis     %r23, patch2@ha
        addi    %r23, %r23, patch2@l
        lis     %r16, 0x39ce            /* addi r14, r14, 100 */
        ori     %r16, %r16, 100
        li      %r7, 40
        mtctr   %r7
loop2:  slwi    %r20, %r4, 2
        lwzx    %r15, %r21, %r20        /* scratch, or patch2 when k = 32 */
        lwz     %r22, 0(%r23)           /* keeps patch2's line in the data cache */
        stw     %r16, 0(%r15)
        icbi    0, %r15
        addi    %r4, %r4, 1
patch2: addi    %r14, %r14, 1           /* + 100 from k = 32 on */
        bdnz    loop2
        cmpwi   %r14, 832               /* 32 * 1 + 8 * 100 */
        li      %r3, 0
        beq     2f
        li      %r3, 1
2:      EXIT

        .data
        .p2align 12                     /* a page of its own: stores there leave code alone */
scratch: .long  0
targets:
        .rept   32
        .long   scratch
        .endr
        .long   patch2
        .rept   7
        .long   scratch
        .endr
