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

#define PIMNIC_ROLE_HOST         0
#define PIMNIC_ROLE_NIC          1
#define PIMNIC_ROLE_PIM          2

#define PIMNIC_FEAT_FPU          0x1
#define PIMNIC_FEAT_ALTIVEC      0x2
#define PIMNIC_FEAT_440          0x4
#define PIMNIC_FEAT_PIM          0x8

/* ---- Image metadata -------------------------------------------------------------------------- */
/* Images carry a section of this name holding the NUL-terminated profile name they were built
 * for ("host", "nic" or "pim"); `pimnic run` boots them on a core of that profile. */
#define PIMNIC_PROFILE_SECTION   ".pimnic.profile"

#endif /* PIMNIC_MEMMAP_H */
