/* Load-to-use latency through the memory hierarchy: a pointer chase over 16 KiB, 256 KiB and
 * 4 MiB (one pointer per 64-byte line, the lines in a scrambled order that repeats every pass, so
 * a set larger than a cache misses in it on every load and no DRAM row stays open), timed with 8
 * and 16 loads per iteration. Integer only: runs on the host and NIC profiles (16 MiB of RAM). */
#include "calib.h"
        PROFILE("host")

.macro CHASE
        lwz     %r5, 0(%r5)
.endm

/* Build the chase over `bytes` at `base` (a full-period LCG over the line numbers) and leave
 * r5 at its start. */
.macro CHASE_SET base, bytes
        LI32    %r3, \base
        LI32    %r4, (\bytes) / 64
        bl      build_chase
.endm

        .text
        .globl _start
_start: CHASE_SET 0x100000, 16384
        MEASURE chase_16k_8, chase_8, 64
        MEASURE chase_16k_16, chase_16, 64
        CHASE_SET 0x100000, 262144
        MEASURE chase_256k_8, chase_8, 512
        MEASURE chase_256k_16, chase_16, 512
        CHASE_SET 0x400000, 4194304
        MEASURE chase_4m_8, chase_8, 128
        MEASURE chase_4m_16, chase_16, 128
        li      %r3, 0
        b       exit

/* r3 = base, r4 = lines (a power of two): line x points to line (x * 1664525 + 1013904223) mod
 * lines, which visits every line once per pass. Returns r5 = base. */
build_chase:
        li      %r6, 0
        addi    %r7, %r4, -1
        LI32    %r8, 1664525
        LI32    %r9, 1013904223
        mtctr   %r4
1:      mullw   %r10, %r6, %r8
        add     %r10, %r10, %r9
        and     %r10, %r10, %r7
        slwi    %r11, %r6, 6
        slwi    %r12, %r10, 6
        add     %r12, %r12, %r3
        stwx    %r12, %r3, %r11
        sync                            /* one miss at a time, as in the chase (statistics) */
        mr      %r6, %r10
        bdnz    1b
        mr      %r5, %r3
        blr

        KERNEL chase, 8, CHASE
        KERNEL chase, 16, CHASE
        CALIB_RUNTIME
