/* Copy engine (host side, seed ioat-async-copy-engine.txt; descriptor and completion-record shape
 * after Intel DSA): registers, descriptor and completion-record layouts, opcodes, flags, status
 * codes. Plain #defines shared by the emulator (emu/devices/copy_engine.*) and the SDK driver
 * (pimnic/copy_engine.h). Included from pimnic/memmap.h. docs/copy-engine.md describes it all.
 *
 * The engine has COPY_CHANNELS channels. Each channel walks a ring of 64-byte descriptors in host
 * memory: firmware writes descriptors at the tail and then writes the new tail (free-running count)
 * to COPY_CH_TAIL, the doorbell. The engine works on up to COPY_WINDOW descriptors of a channel at
 * once (a descriptor with COPY_FLAG_FENCE, or COPY_OP_FENCE, waits until every earlier descriptor of
 * the channel has completed), splits every transfer into chunks that never cross a 4 KiB page on
 * either side, and serves channels with work round-robin, one chunk at a time. COPY_CH_HEAD counts
 * the descriptors retired in ring order. All registers are 32-bit. */
#ifndef PIMNIC_COPY_ENGINE_REGS_H
#define PIMNIC_COPY_ENGINE_REGS_H

#ifndef PIMNIC_COPY_ENGINE_BASE
#define PIMNIC_COPY_ENGINE_BASE  0xF0005000
#endif

/* ---- Engine registers ---------------------------------------------------------------------- */
#define COPY_ID                  0x000  /* R: COPY_ID_VALUE */
#define COPY_CHANNELS            0x004  /* R: number of channels */
#define COPY_IRQ_STATUS          0x008  /* R: bit c = channel c completed a descriptor that had
                                           COPY_FLAG_INTERRUPT; bit 16+c = channel c error (see
                                           COPY_CH_STATUS); W: 1 bits clear them */
#define COPY_IRQ_ENABLE          0x00C  /* RW: status bits that raise the host's external interrupt */
#define COPY_WINDOW              0x010  /* R: descriptors a channel works on at once */
#define COPY_ID_VALUE            0x434F5059  /* "COPY" */
#define COPY_MAX_CHANNELS        16
#define COPY_IRQ_DONE(c)         (1u << (c))
#define COPY_IRQ_ERROR(c)        (1u << (16 + (c)))

/* ---- Channel registers: channel c at COPY_CH_BASE(c) + register ------------------------------ */
#define COPY_CH_BASE(c)          (0x100 + (c) * 0x40)
#define COPY_CH_RING_BASE        0x00  /* RW: host address of the ring (64-byte aligned); set while idle */
#define COPY_CH_RING_ENTRIES     0x04  /* RW: descriptors in the ring (power of two, 1..65536);
                                          writing it resets head and tail to 0 (while idle) */
#define COPY_CH_TAIL             0x08  /* RW: descriptors posted (free-running); the doorbell */
#define COPY_CH_HEAD             0x0C  /* R: descriptors retired, in ring order (free-running) */
#define COPY_CH_STATUS           0x10  /* R: COPY_CH_ACTIVE | COPY_CH_ERROR; W: COPY_CH_ERROR clears it */
#define COPY_CH_ERRORS           0x14  /* R: descriptors that completed with an error status */
#define COPY_CH_LAST_ERROR       0x18  /* R: status code of the last error (COPY_STATUS_*) */
#define COPY_CH_ERROR_DESC       0x1C  /* R: address of the descriptor of the last error */
#define COPY_CH_ACTIVE           0x1   /* descriptors posted and not yet retired */
#define COPY_CH_ERROR            0x2   /* sticky: an error nobody else was told about (no completion
                                          record, a bad completion-record address, a bad doorbell) */

/* ---- Descriptor: 64 bytes, big-endian fields ---------------------------------------------- */
#define COPY_DESC_SIZE           64
#define COPY_DESC_OPFLAGS        0x04  /* u32: opcode << 24 | flags (DSA's bytes 4..7) */
#define COPY_DESC_COMPLETION     0x08  /* u64: completion-record address (32-byte aligned) */
#define COPY_DESC_SRC            0x10  /* u64: source; fill: the 8-byte pattern; compare: first
                                          buffer; batch: address of the descriptor array */
#define COPY_DESC_DST            0x18  /* u64: destination; compare: second buffer */
#define COPY_DESC_XFER_SIZE      0x20  /* u32: bytes; batch: number of descriptors */

#define COPY_OP_NOP              0x00
#define COPY_OP_BATCH            0x01  /* descriptors at SRC, XFER_SIZE of them (no batch inside) */
#define COPY_OP_FENCE            0x02  /* completes after every earlier descriptor of the channel */
#define COPY_OP_COPY             0x03  /* SRC -> DST; the buffers must not overlap */
#define COPY_OP_FILL             0x04  /* DST gets the 8-byte pattern (big-endian) repeated */
#define COPY_OP_COMPARE          0x05  /* SRC vs DST; result 0 equal, 1 different */

#define COPY_FLAG_FENCE          0x01  /* wait until every earlier descriptor of the channel completed */
#define COPY_FLAG_COMPLETION     0x08  /* write the completion record at COMPLETION */
#define COPY_FLAG_INTERRUPT      0x10  /* set COPY_IRQ_DONE(channel) on completion */
#define COPY_FLAGS_VALID         (COPY_FLAG_FENCE | COPY_FLAG_COMPLETION | COPY_FLAG_INTERRUPT)

/* ---- Completion record: 32 bytes, 32-byte aligned ------------------------------------------ */
#define COPY_COMP_SIZE           32
#define COPY_COMP_STATUS         0x00  /* u8: COPY_STATUS_* (software writes 0 before posting) */
#define COPY_COMP_RESULT         0x01  /* u8: compare: 0 equal, 1 different */
#define COPY_COMP_BYTES          0x04  /* u32: bytes completed (compare: offset of the first
                                          difference; fault: bytes done before the fault) */
#define COPY_COMP_FAULT_ADDR     0x08  /* u64: address that faulted (COPY_STATUS_ADDRESS_FAULT) */
#define COPY_COMP_DESCS          0x10  /* u32: batch: descriptors that completed successfully */
#define COPY_COMP_TIME_NS        0x18  /* u64: simulated time of completion in ns */

/* Status codes (numbered after DSA's where DSA has the same condition). */
#define COPY_STATUS_NONE         0x00  /* not completed yet */
#define COPY_STATUS_SUCCESS      0x01
#define COPY_STATUS_ADDRESS_FAULT 0x03 /* a buffer, descriptor or batch array outside RAM */
#define COPY_STATUS_BATCH_FAILED 0x05  /* one or more descriptors of the batch failed */
#define COPY_STATUS_BAD_OPCODE   0x10
#define COPY_STATUS_BAD_FLAGS    0x11
#define COPY_STATUS_BAD_SIZE     0x13  /* transfer larger than the engine's maximum */
#define COPY_STATUS_BAD_BATCH_COUNT 0x14 /* batch of 0 or more than the maximum descriptors */
#define COPY_STATUS_OVERLAP      0x16  /* copy with overlapping source and destination */
#define COPY_STATUS_BATCH_IN_BATCH 0x18
#define COPY_STATUS_BAD_COMPLETION 0x19 /* completion record outside RAM or not 32-byte aligned
                                           (reported in the channel registers only) */
#define COPY_STATUS_BAD_DOORBELL 0x20  /* tail beyond head + entries, or no ring (channel regs only) */

#endif /* PIMNIC_COPY_ENGINE_REGS_H */
