/* pimnic memory map and device registers: the ONE definition shared by the emulator (C++) and the
 * firmware SDK (C, C++, assembly and preprocessed linker scripts). Plain #defines, no suffixes, so
 * every consumer can read it. All addresses are physical; all registers are big-endian 32-bit
 * unless noted.
 */
#ifndef PIMNIC_MEMMAP_H
#define PIMNIC_MEMMAP_H

/* ---- Memory -------------------------------------------------------------------------------- */
#define PIMNIC_RAM_BASE          0x00000000
#define PIMNIC_VECTORS_BASE      0x00000100  /* exception vectors (MSR[IP]=0) */
#define PIMNIC_IMAGE_BASE        0x00004000  /* images link their .text here, after the vectors */
#define PIMNIC_HOST_RAM_SIZE     0x04000000  /* 64 MiB host memory (machine parameter) */
#define PIMNIC_NIC_SRAM_SIZE     0x00060000  /* 384 KiB NIC SRAM */
#define PIMNIC_PIM_RAM_SIZE      0x00060000  /* PIM cores execute from the NIC SRAM */
#define PIMNIC_STACK_SIZE        0x00004000  /* 16 KiB per hardware thread, from the top of RAM */

/* ---- Devices ------------------------------------------------------------------------------- */
#define PIMNIC_MMIO_BASE         0xF0000000
#define PIMNIC_DEVICE_SIZE       0x00001000  /* each device occupies one 4 KiB page */

/* Console: guest text to the simulator's stdout. */
#define PIMNIC_CONSOLE_BASE      0xF0000000
#define CONSOLE_TX               0x000  /* W: low byte is written to the console */
#define CONSOLE_STATUS           0x004  /* R: bit 0 = ready to transmit (always 1) */
#define CONSOLE_WRITE_ADDR       0x008  /* W: address of a buffer in this core's memory */
#define CONSOLE_WRITE_LEN        0x00C  /* W: length; writing it prints the buffer */

/* Exit: stops the machine; the value becomes the simulator's exit code. */
#define PIMNIC_EXIT_BASE         0xF0001000
#define EXIT_CODE                0x000  /* W: exit with (value & 0xFF) */

/* System information about the core that reads it. */
#define PIMNIC_SYSINFO_BASE      0xF0002000
#define SYSINFO_NODE_ID          0x000  /* R: node number */
#define SYSINFO_CORE_ROLE        0x004  /* R: PIMNIC_ROLE_* */
#define SYSINFO_CORE_INDEX       0x008  /* R: core index within its role on the node */
#define SYSINFO_HART_COUNT       0x00C  /* R: hardware threads on this core */
#define SYSINFO_RAM_SIZE         0x010  /* R: bytes of RAM at PIMNIC_RAM_BASE */
#define SYSINFO_CLOCK_KHZ        0x014  /* R: core clock in kHz */
#define SYSINFO_NODE_COUNT       0x018  /* R: nodes in the machine */
#define SYSINFO_FEATURES         0x01C  /* R: PIMNIC_FEAT_* bits */
#define SYSINFO_VEC_BYTES        0x020  /* R: vector register width in bytes (0 = none) */
#define SYSINFO_ARGS_BYTES       0x024  /* R: bytes of boot arguments at SYSINFO_ARGS (0: none) */
#define SYSINFO_CORE_COUNT       0x028  /* R: cores of this role on the node (the PIM cores of a PIM NIC) */
#define SYSINFO_ARGS             0x800  /* R: boot arguments, each ending in a NUL (pimnic run IMAGE ARGS...) */
#define SYSINFO_ARGS_MAX         0x800  /* at most this many bytes */

#define PIMNIC_ROLE_HOST         0
#define PIMNIC_ROLE_NIC          1
#define PIMNIC_ROLE_PIM          2

#define PIMNIC_FEAT_FPU          0x1
#define PIMNIC_FEAT_ALTIVEC      0x2
#define PIMNIC_FEAT_440          0x4
#define PIMNIC_FEAT_PIM          0x8

/* Timer: a free-running nanosecond counter and a one-shot compare that raises the core's external
 * interrupt (per core; the same page on every core). */
#define PIMNIC_TIMER_BASE        0xF0003000
#define TIMER_NOW_HI             0x000  /* R: simulated time in ns, high word (read first: latches low) */
#define TIMER_NOW_LO             0x004  /* R: low word latched by the read of TIMER_NOW_HI */
#define TIMER_COMPARE_HI         0x008  /* RW: interrupt when time >= compare (ns) */
#define TIMER_COMPARE_LO         0x00C  /* RW: writing the low word arms the compare */
#define TIMER_STATUS             0x010  /* R: bit 0 = fired; W: 1 clears it (and the interrupt) */
#define TIMER_CTRL               0x014  /* RW: bit 0 = interrupt enable */
#define TIMER_WAIT               0x018  /* W: the writing core sleeps (wait state, no instruction
                                           retires) until its external interrupt input is asserted,
                                           then goes on after the store without taking the interrupt */

/* ---- Node devices (multi-node machines; `pimnic run --machine`) ------------------------------ */
/* Host side. The NIC's SRAM appears in the host's address space as a window written by programmed
 * I/O: a store lands in the SRAM hif.pio_ns later; a load waits a round trip. */
#define PIMNIC_NIC_WINDOW_BASE   0xE0000000  /* host: NIC SRAM, PIMNIC_NIC_SRAM_SIZE bytes */

/* Host interface, host side. Interrupt sources: bit 0 = completion posted, bit 1 = NIC raised. */
#define PIMNIC_HIF_HOST_BASE     0xF0004000
#define HIF_H_DOORBELL           0x000  /* W: value queued to the NIC's doorbell FIFO (after hif.pio_ns) */
#define HIF_H_CQ_BASE            0x004  /* RW: host address of the completion ring (16-byte entries) */
#define HIF_H_CQ_ENTRIES         0x008  /* RW: entries in the ring (power of two); writing resets head/tail */
#define HIF_H_CQ_HEAD            0x00C  /* RW: entries the host has consumed (free-running count) */
#define HIF_H_CQ_TAIL            0x010  /* R: entries the NIC has written (free-running count) */
#define HIF_H_IRQ_STATUS         0x014  /* R: pending sources; W: 1 bits clear them */
#define HIF_H_IRQ_ENABLE         0x018  /* RW: sources that raise the host's external interrupt */

/* Copy engine (host side; registers and descriptors in pimnic/copy_engine_regs.h, included below). */
#define PIMNIC_COPY_ENGINE_BASE  0xF0005000

/* NIC side: DMA engines, host interface, network port (seen by the NIC core or both PIM cores). */
#define PIMNIC_DMA_H2N_BASE      0xF0010000  /* DMA engine 0: host memory -> NIC SRAM */
#define PIMNIC_DMA_N2H_BASE      0xF0011000  /* DMA engine 1: NIC SRAM -> host memory */
/* A DMA engine walks a ring of descriptors in NIC SRAM (struct pimnic_dma_desc, 16 bytes):
 *   word 0 host address, word 1 NIC SRAM address, word 2 length in bytes (at most 16 MiB),
 *   word 3 status: firmware writes 0; the engine writes DMA_DESC_DONE (| DMA_DESC_ERROR). */
#define DMA_RING_BASE            0x000  /* RW: SRAM address of the ring (16-byte aligned) */
#define DMA_RING_ENTRIES         0x004  /* RW: descriptors in the ring (power of two); resets head/tail */
#define DMA_TAIL                 0x008  /* RW: descriptors posted (free-running); writing it is the doorbell */
#define DMA_HEAD                 0x00C  /* R: descriptors completed (free-running) */
#define DMA_IRQ_STATUS           0x010  /* R: bit 0 = a descriptor completed, bit 1 = error; W: 1 clears */
#define DMA_IRQ_ENABLE           0x014  /* RW: sources that raise the NIC core's external interrupt */
#define DMA_DESC_DONE            0x1
#define DMA_DESC_ERROR           0x2

/* Host interface, NIC side. Interrupt sources: bit 0 = doorbell. */
#define PIMNIC_HIF_NIC_BASE      0xF0012000
#define HIF_N_DOORBELL_COUNT     0x000  /* R: doorbells waiting in the FIFO */
#define HIF_N_DOORBELL_POP       0x004  /* R: oldest doorbell value, removed (0 if none) */
#define HIF_N_CQ_WORD0           0x008  /* W: completion entry words 0..3 */
#define HIF_N_CQ_WORD1           0x00C
#define HIF_N_CQ_WORD2           0x010
#define HIF_N_CQ_WORD3           0x014
#define HIF_N_CQ_PUSH            0x018  /* W: write the entry at the host ring's tail (after hif.pio_ns),
                                           then raise the host's completion interrupt source */
#define HIF_N_CQ_SPACE           0x01C  /* R: free entries in the host's completion ring */
#define HIF_N_RAISE_HOST_IRQ     0x020  /* W: raise the host's "NIC raised" interrupt source */
#define HIF_N_IRQ_STATUS         0x024  /* R: pending sources; W: 1 bits clear them */
#define HIF_N_IRQ_ENABLE         0x028  /* RW */

/* Network port. Transmit: a ring of descriptors in SRAM (struct pimnic_net_txdesc, 48 bytes):
 *   word 0 destination node, words 1..8 header (opaque to the network), word 9 payload SRAM
 *   address, word 10 payload length, word 11 status (engine writes NET_DESC_DONE).
 * Receive: a ring of buffers the firmware provides (struct pimnic_net_rxdesc, 16 bytes):
 *   word 0 SRAM address of a buffer of NET_RX_BUF_SIZE bytes, word 1 status (engine writes
 *   NET_DESC_DONE | NET_DESC_TRUNCATED), word 2 source node, word 3 payload length. The engine
 *   stores the 32-byte header then the payload in the buffer. */
#define PIMNIC_NET_BASE          0xF0013000
#define NET_NODE_ID              0x000  /* R: this node's number */
#define NET_TX_RING_BASE         0x004  /* RW */
#define NET_TX_RING_ENTRIES      0x008  /* RW: power of two; resets head/tail */
#define NET_TX_TAIL              0x00C  /* RW: descriptors posted (doorbell) */
#define NET_TX_HEAD              0x010  /* R: descriptors sent */
#define NET_RX_RING_BASE         0x014  /* RW */
#define NET_RX_RING_ENTRIES      0x018  /* RW: power of two; resets head/tail */
#define NET_RX_TAIL              0x01C  /* RW: buffers given to the engine (free-running) */
#define NET_RX_HEAD              0x020  /* R: buffers filled (free-running) */
#define NET_RX_BUF_SIZE          0x024  /* RW: bytes per receive buffer (header + payload) */
#define NET_IRQ_STATUS           0x028  /* R: bit 0 = sent, bit 1 = received, bit 2 = dropped; W: 1 clears */
#define NET_IRQ_ENABLE           0x02C  /* RW */
#define NET_DROPPED              0x030  /* R: packets dropped for want of a receive buffer */
#define NET_MAX_PAYLOAD          0x034  /* R: largest payload a packet may carry */
#define NET_DESC_DONE            0x1
#define NET_DESC_TRUNCATED       0x2  /* receive: the payload did not fit; the rest is lost */
#define NET_DESC_ERROR           0x4  /* transmit: bad node, payload too long or outside SRAM */

/* Parcels (PIM NICs; docs/isa/pim.md): `parcel rT, rA` sends the descriptor at rA. On arrival a
 * thread starts at the handler with r3..r10 from the descriptor, after the payload has been
 * written at the destination address. */
#define PARCEL_DESC_NODE         0x00  /* destination node */
#define PARCEL_DESC_HANDLER      0x04  /* handler PC (the same image runs on every node) */
#define PARCEL_DESC_PAYLOAD      0x08  /* local address of the payload */
#define PARCEL_DESC_LENGTH       0x0C  /* payload bytes: at most NET_MAX_PAYLOAD - PARCEL_REG_BYTES */
#define PARCEL_DESC_DEST         0x10  /* where the payload lands on the destination */
#define PARCEL_DESC_REGS         0x14  /* 8 words: r3..r10 of the handler thread */
#define PARCEL_DESC_SIZE         0x34
#define PARCEL_REG_BYTES         32

/* PIM thread start (PIM NICs): a spawn on any PIM core of the NIC, so that firmware booted on pim0
 * can start threads on the others. A store of the address of a descriptor in SRAM to
 * PIM_SPAWN_REQUEST starts a thread on the descriptor's core at its PC with r3 = its argument
 * (as `spawn` does there) and writes the thread's id, or -1 when that core has no free context or
 * the core does not exist, into its result word before the store completes. */
#define PIMNIC_PIM_SPAWN_BASE    0xF0014000
#define PIM_SPAWN_REQUEST        0x000  /* W: descriptor address */
#define PIM_SPAWN_DESC_CORE      0x00   /* PIM core index (SYSINFO_CORE_INDEX of that core) */
#define PIM_SPAWN_DESC_PC        0x04
#define PIM_SPAWN_DESC_ARG       0x08
#define PIM_SPAWN_DESC_RESULT    0x0C   /* written by the device: thread id or -1 */
#define PIM_SPAWN_DESC_SIZE      0x10

/* ---- Image metadata -------------------------------------------------------------------------- */
/* Images carry a section of this name holding the NUL-terminated profile name they were built
 * for ("host", "nic" or "pim"); `pimnic run` boots them on a core of that profile. */
#define PIMNIC_PROFILE_SECTION   ".pimnic.profile"

/* Copy engine registers, descriptors and completion records (PIMNIC_COPY_ENGINE_BASE). */
#include "copy_engine_regs.h"

#endif /* PIMNIC_MEMMAP_H */
