/* Host side of the message layer (protocol.h): commands through the NIC SRAM window and the
 * doorbell, completions from the host interface's ring. Used by the ping-pong and all-to-all hosts. */
#ifndef PINGPONG_HOST_MSG_H
#define PINGPONG_HOST_MSG_H
#include <pimnic/host_interface.h>
#include <stdint.h>

#include "protocol.h"

static struct pimnic_completion pp_cq[PP_CMD_ENTRIES] __attribute__((aligned(64)));
static struct pimnic_hif_host pp_hif;
static uint32_t pp_seq;

static inline void pp_init(void) { pimnic_hif_host_init(&pp_hif, pp_cq, PP_CMD_ENTRIES); }

/* Post a command. The caller keeps at most PP_CMD_ENTRIES commands without a completion, so a
 * ring slot is never rewritten before the NIC has read it. */
static inline void pp_command(uint32_t op, const void* buf, uint32_t len, uint32_t peer, uint32_t tag) {
  volatile uint32_t* w = pimnic_nic_window(PP_CMD_RING_SRAM + (pp_seq % PP_CMD_ENTRIES) * sizeof(struct pp_cmd));
  w[0] = op;
  w[1] = (uint32_t)(uintptr_t)buf;
  w[2] = len;
  w[3] = peer;
  w[4] = tag;
  pimnic_hif_doorbell(pp_seq++);
}

#endif
