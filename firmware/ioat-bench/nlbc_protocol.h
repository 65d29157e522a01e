/* NIC loopback copy (NLBC, seed ioat-async-copy-engine.txt, section 3.2 and Fig. 9): the host
 * writes a command into a ring in NIC SRAM through the SRAM window and rings the doorbell with its
 * sequence number; the NIC firmware (nlbc_nic.c) moves the bytes host -> NIC SRAM -> host with its
 * two DMA engines and posts a completion (NLBC_DONE, tag, length, 0). */
#ifndef IOAT_BENCH_NLBC_PROTOCOL_H
#define IOAT_BENCH_NLBC_PROTOCOL_H
#include <stdint.h>

#define NLBC_RING_SRAM 0x50000u /* below the NIC stack, above the firmware image */
#define NLBC_ENTRIES 64u        /* the host keeps at most this many commands outstanding */
#define NLBC_DONE 1u

struct nlbc_cmd {
  uint32_t src, dst, length, tag;
};

#endif
