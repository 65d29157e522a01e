/* A loop that rewrites one of its own instructions every 16 iterations (store, dcbst, sync, icbi,
 * isync), between which the in-order model replays the loop body from its block memo: the block
 * must be executed as rewritten, never as remembered. Exits 0 if the sum the rewritten
 * instruction builds is right (18632), 1 otherwise. */
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
        li      %r3, 0
        beq     2f
        li      %r3, 1
2:      EXIT
