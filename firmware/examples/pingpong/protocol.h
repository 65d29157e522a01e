/* The ping-pong message layer between a host program and its NIC firmware (pingpong_host.c,
 * pingpong_nic.c): the host writes commands into a ring in NIC SRAM through the SRAM window and
 * rings the doorbell with the command's sequence number; the NIC moves the data with its DMA
 * engines and the network port and reports to the host's completion ring. */
#ifndef PINGPONG_PROTOCOL_H
#define PINGPONG_PROTOCOL_H
#include <stdint.h>

#define PP_CMD_RING_SRAM 0x50000u /* fixed: below the NIC stack, above the firmware image */
#define PP_CMD_ENTRIES 64u /* the host keeps at most this many commands outstanding */

enum pp_op { PP_SEND = 1, PP_RECV = 2 };

struct pp_cmd {
  uint32_t op;
  uint32_t host_addr;
  uint32_t length;
  uint32_t peer; /* SEND: destination node; RECV: source node */
  uint32_t tag;
  uint32_t pad[3];
};

/* Completion words: kind, tag, length, source node. */
enum pp_completion { PP_SENT = 1, PP_RECEIVED = 2 };

/* Header words of every packet of a message. */
enum { PP_H_MAGIC, PP_H_TAG, PP_H_MSG_LEN, PP_H_OFFSET };
#define PP_MAGIC 0x50504d47u

#endif
