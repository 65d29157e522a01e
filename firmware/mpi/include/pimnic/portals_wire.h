/* The wire formats of Portals 3.3 on pimnic (docs/portals.md): the ONE definition shared by the host
 * library (firmware/portals/host/, a Linux program) and the NIC firmware (firmware/portals/nic/).
 *
 *   host -> NIC   commands in a ring in NIC SRAM, stored through the SRAM window, then a doorbell
 *                 with the count posted so far; each command is answered by one completion;
 *   NIC -> host   completions in the host interface's ring (16 bytes: kind and return code,
 *                 the command's sequence, two values), events written by DMA straight into the
 *                 host's event queues (ptl_event_t), then the "NIC raised" interrupt;
 *   NIC <-> NIC   packets whose 32-byte header is struct ptlw_packet.
 * Plain C, fixed width, big-endian like everything the PowerPC cores touch. */
#ifndef PIMNIC_PORTALS_WIRE_H
#define PIMNIC_PORTALS_WIRE_H
#include <stdint.h>

#include "portals3.h"

#define PTLW_VERSION 1u
#define PTLW_MAILBOX_MAGIC 0x50544c33u /* "PTL3" */
#define PTLW_DOORBELL_HELLO 0x80000000u

/* ---- Start-up: as MPI's (pimnic/mpi_wire.h): ring the doorbell with PTLW_DOORBELL_HELLO, the NIC
 * answers PTLW_CQ_HELLO with its mailbox's SRAM address in word 1. */
struct ptlw_mailbox {
  uint32_t magic, version;
  uint32_t cmd_ring, cmd_entries;
  uint32_t node, nodes;
  uint32_t drop_count;       /* PTL_SR_DROP_COUNT */
  uint32_t md_start, md_length, md_max_size, md_options, md_user_ptr, md_eq; /* PTLW_OP_MD_GET's answer */
  int32_t md_threshold;
  uint32_t reserved[2];
};

/* ---- Commands (host -> NIC) ---- */
enum ptlw_op {
  PTLW_OP_EQ_ALLOC = 1, /* start = host address, length = entries -> value0 = handle */
  PTLW_OP_EQ_FREE,      /* handle */
  PTLW_OP_ME_ATTACH,    /* pt, nid/pid, match/ignore bits, unlink, position -> handle */
  PTLW_OP_ME_INSERT,    /* handle = base, as ME_ATTACH */
  PTLW_OP_ME_UNLINK,    /* handle */
  PTLW_OP_MD_ATTACH,    /* handle = ME, the MD (start .. eq), unlink -> handle */
  PTLW_OP_MD_BIND,      /* the MD, unlink -> handle */
  PTLW_OP_MD_UNLINK,    /* handle */
  PTLW_OP_MD_GET,       /* handle -> the MD's state in the mailbox */
  PTLW_OP_MD_UPDATE,    /* handle, the new MD (its queue in reserved), eq = the queue that must be empty,
                           eq_read = events the host took from it */
  PTLW_OP_PUT,          /* handle = MD, offset/size = region, ack, nid/pid, pt, match bits, remote, hdr */
  PTLW_OP_GET,          /* handle = MD, offset/size = region, nid/pid, pt, match bits, remote */
  PTLW_OP_STATUS,       /* -> value0 = PTL_SR_DROP_COUNT */
};

struct ptlw_cmd { /* 80 bytes */
  uint8_t op, unlink, position, ack;
  uint32_t seq;        /* echoed in the completion */
  uint32_t handle;
  uint32_t pt;
  uint32_t nid, pid;
  uint64_t match_bits;
  uint64_t ignore_bits; /* PUT: the header data */
  /* the memory descriptor (ATTACH, BIND, UPDATE) */
  uint32_t start, length;
  int32_t threshold;
  uint32_t max_size, options, user_ptr, eq;
  uint32_t eq_read;    /* UPDATE */
  uint32_t offset, size; /* PUT/GET: the region of the local MD */
  uint32_t remote_offset;
  uint32_t reserved;   /* UPDATE: the new MD's event queue */
};

/* ---- Completions (NIC -> host): word0 = kind << 24 | return code, word1 = seq, words 2-3 values */
enum ptlw_cq_kind { PTLW_CQ_HELLO = 1, PTLW_CQ_DONE = 2 };

/* ---- Packets (NIC <-> NIC) ---- */
enum ptlw_type {
  PTLW_PUT = 1,  /* first packet of a put: the request; payload = data from offset 0 */
  PTLW_GET,      /* a get request */
  PTLW_ACK,      /* md = the initiator's MD; length = mlength; offset = target offset; hdr = rlength */
  PTLW_REPLY,    /* first packet of a get's reply; as ACK, payload = data from offset 0 */
  PTLW_DATA,     /* a further packet of the message in flight from this node; offset = its place */
};
#define PTLW_F_ACK 0x1u /* PUT: acknowledgment requested */

struct ptlw_packet { /* 32 bytes */
  uint8_t type, pt, flags, pad;
  uint32_t md;          /* the initiator's MD handle (acks and replies go there) */
  uint64_t match_bits;
  uint32_t offset;      /* PUT/GET: remote offset */
  uint32_t length;      /* PUT/GET: rlength */
  uint64_t hdr_data;
};

#ifdef __cplusplus
static_assert(sizeof(struct ptlw_cmd) == 88, "command layout");
static_assert(sizeof(struct ptlw_packet) == 32, "a packet header is PIMNIC_NET_HEADER_WORDS words");
/* The NIC (clang, powerpc EABI) and the host (gcc, powerpc Linux) must agree on the event layout. */
static_assert(sizeof(ptl_md_t) == 48, "ptl_md_t layout");
static_assert(sizeof(ptl_event_t) == 136, "ptl_event_t layout");
#endif
#endif
