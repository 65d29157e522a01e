/* Streams of one access per line: loads and stores 2 KiB apart over fresh memory (every access
 * a miss in every cache and a new DRAM row, in the next bank: the presets' 8 banks of 2 KiB rows,
 * so no bank is busy when its turn comes again and the MSHRs or the store buffer bound the
 * stream), timed over 512 and 1024 accesses (8 per iteration); eight word stores to each line, the
 * lines 2 KiB apart (the store buffer merges them: one miss per line), over 256 and 512 lines;
 * and stores 64 bytes apart cycling through 256 KiB (L1 misses that hit in the host's L2), timed
 * over 4096 and 8192. Integer only: host and NIC profiles, 32 MiB of RAM. */
#include "calib.h"
        PROFILE("host")

.macro LOAD_ROWS
        .irp off, 0,2048,4096,6144,8192,10240,12288,14336
        lwz     %r5, \off(%r20)
        .endr
        addi    %r20, %r20, 16384
.endm
.macro STORE_ROWS
        .irp off, 0,2048,4096,6144,8192,10240,12288,14336
        stw     %r0, \off(%r20)
        .endr
        addi    %r20, %r20, 16384
.endm
/* Eight word stores to the first 32 bytes of a line (a whole NIC line), the next line 2 KiB on. */
.macro STORE_WORDS
        .irp off, 0,4,8,12,16,20,24,28
        stw     %r0, \off(%r20)
        .endr
        addi    %r20, %r20, 2048
.endm
/* The same over 256 KiB: r20 wraps within its 256 KiB-aligned block. */
.macro STORE_LINES_256K
        .irp off, 0,64,128,192,256,320,384,448
        stw     %r0, \off(%r20)
        .endr
        addi    %r6, %r20, 512
        rlwimi  %r20, %r6, 0, 14, 31
.endm

        .text
        .globl _start
_start: li      %r0, 1
        LI32    %r20, 0x100000          /* loads: 6 MiB from 1 MiB */
        MEASURE load_stream_512, load_stream_1, 64
        MEASURE load_stream_1024, load_stream_1, 128
        LI32    %r20, 0x800000          /* stores: 512 to fill the L2's sets with dirty lines, then 6 MiB */
        LI32    %r3, 64
        bl      store_stream_1
        MEASURE store_stream_512, store_stream_1, 64
        MEASURE store_stream_1024, store_stream_1, 128
        LI32    %r20, 0x1000000         /* word stores: 3 MiB from 16 MiB */
        MEASURE store_words_256, store_words_1, 256
        MEASURE store_words_512, store_words_1, 512
        LI32    %r20, 0x80000           /* stores within 256 KiB */
        MEASURE store_l2_4096, store_l2_1, 512
        MEASURE store_l2_8192, store_l2_1, 1024
        li      %r3, 0
        b       exit

        KERNEL load_stream, 1, LOAD_ROWS
        KERNEL store_stream, 1, STORE_ROWS
        KERNEL store_words, 1, STORE_WORDS
        KERNEL store_l2, 1, STORE_LINES_256K
        CALIB_RUNTIME
