/* Stores and what must wait for them: three stores to lines that are nowhere in the caches leave
 * the pipeline into the store buffer at once (the NIC's has three entries); a sync waits until all
 * three are written, and so does a device access after three more (a read of the console's status register, as a doorbell write
 * would). Prints the cycles from before the stores to the last store's departure (stores_left),
 * to the end of the sync (stores_synced) and to the end of the device access (device_done).
 * (That the device sees the access that late, not just the pipeline, is a unit test:
 * tests/unit/store_buffer_test.cpp.) Integer only. */
#include "calib.h"
        PROFILE("host")

.macro THREE_STORES
        .irp off, 0,2048,4096
        stw     %r0, \off(%r20)
        .endr
        addi    %r20, %r20, 8192
.endm

        .text
        .globl _start
_start: li      %r0, 1
        LI32    %r20, 0x400000
        li      %r16, 2                 /* twice: the first pass warms the code */
1:      sync
        mftb    %r14
        THREE_STORES
        mftb    %r15
        sync
        mftb    %r17
        addic.  %r16, %r16, -1
        bne     1b
        subf    %r4, %r14, %r15
        LI32    %r3, s_left
        bl      report
        subf    %r4, %r14, %r17
        LI32    %r3, s_synced
        bl      report
        lis     %r31, PIMNIC_CONSOLE_BASE@ha
        li      %r16, 2
2:      sync
        mftb    %r14
        THREE_STORES
        lwz     %r5, (PIMNIC_CONSOLE_BASE + CONSOLE_STATUS)@l(%r31)
        mftb    %r15
        addic.  %r16, %r16, -1
        bne     2b
        subf    %r4, %r14, %r15
        LI32    %r3, s_device
        bl      report
        li      %r3, 0
        b       exit
        CALIB_RUNTIME

        .section .rodata
s_left:      .asciz "stores_left"
s_synced:    .asciz "stores_synced"
s_device:    .asciz "device_done"
