/* The wire formats of the NIC-offloaded MPI (seed pim-nic-mpi-matching, section IV): the ONE
 * definition shared by the host transport (firmware/mpi/host/transport/offload_*.cpp, a Linux program) and
 * the NIC firmware (firmware/nic-conv/, and every NIC kind that speaks the same protocol).
 * Plain C, fixed-width, big-endian like everything the PowerPC cores touch. docs/mpi-protocol.md
 * tells the whole story: who writes what, when, and the flow control.
 *
 *   host -> NIC   commands in a ring in NIC SRAM, stored through the SRAM window (PIO), then a
 *                 doorbell carrying the count of commands posted so far;
 *   NIC -> host   completions in a ring in host memory (the host interface's completion queue,
 *                 16-byte entries), the NIC's count of consumed commands in its mailbox;
 *   NIC <-> NIC   packets whose 32-byte header is struct mpiw_packet.
 */
#ifndef PIMNIC_MPI_WIRE_H
#define PIMNIC_MPI_WIRE_H
#include <stdint.h>

#define MPIW_VERSION 1u
#define MPIW_ANY (-1) /* wildcard source or tag in a receive or probe */

/* ---- Start-up --------------------------------------------------------------------------------
 * The host programs its completion ring (HIF_H_CQ_BASE/ENTRIES), then rings the doorbell with
 * MPIW_DOORBELL_HELLO. The NIC answers with an MPIW_CQ_HELLO completion whose `request` word is the
 * SRAM address of its mailbox, which the host then reads through the window. */
#define MPIW_DOORBELL_HELLO 0x80000000u /* doorbells below this are command counts */
#define MPIW_MAILBOX_MAGIC 0x4d504957u  /* "MPIW" */

struct mpiw_mailbox {
  uint32_t magic;           /* MPIW_MAILBOX_MAGIC */
  uint32_t version;         /* MPIW_VERSION */
  uint32_t cmd_ring;        /* SRAM address of the command ring (struct mpiw_cmd[cmd_entries]) */
  uint32_t cmd_entries;     /* a power of two */
  uint32_t cmd_consumed;    /* commands the NIC has taken out of the ring (free-running) */
  uint32_t eager_limit;     /* messages of at most this many bytes go eagerly */
  uint32_t max_message;     /* largest message in bytes */
  uint32_t node;            /* the NIC's node: the rank's world rank */
  uint32_t nodes;
  uint32_t max_requests;    /* host operations (sends, receives, probes) the NIC holds at once */
  uint32_t reserved[6];
};

/* ---- Commands (host -> NIC) ------------------------------------------------------------------ */
enum mpiw_op {
  MPIW_OP_SEND = 1,   /* peer = destination rank; host_addr/length = the message */
  MPIW_OP_RECV = 2,   /* peer = source or MPIW_ANY; tag or MPIW_ANY; host_addr/length = capacity */
  MPIW_OP_CANCEL = 3, /* aux = request of a receive to cancel */
  MPIW_OP_IPROBE = 4, /* answers at once: MPIW_CQ_PROBE with or without MPIW_CQF_FOUND */
  MPIW_OP_PROBE = 5,  /* answers when a matching message is there */
  MPIW_OP_CONFIG = 6, /* aux = eager limit in bytes (the NIC keeps its own if aux is too large) */
};
#define MPIW_CMDF_SYNC 0x1u /* SEND: complete only once matched (MPI_Ssend) */

struct mpiw_cmd {     /* 32 bytes */
  uint8_t op;         /* enum mpiw_op */
  uint8_t flags;      /* MPIW_CMDF_* */
  uint16_t context;   /* communicator context id */
  uint32_t request;   /* the host's request id, echoed in the completion */
  int32_t peer;
  int32_t tag;
  uint32_t host_addr;
  uint32_t length;
  uint32_t aux;
  uint32_t seq;       /* the command's number (free-running): a check that the slot is current */
};

/* ---- Completions (NIC -> host), one 16-byte entry of the host interface's ring ---------------- */
enum mpiw_cq_kind {
  MPIW_CQ_HELLO = 1,     /* request = mailbox address */
  MPIW_CQ_SEND = 2,      /* a send completed: its buffer may be reused */
  MPIW_CQ_RECV = 3,      /* a receive completed (or was cancelled): source, tag, length */
  MPIW_CQ_PROBE = 4,     /* a probe's answer: source, tag, length when MPIW_CQF_FOUND */
  MPIW_CQ_ERROR = 5,     /* the command was refused (request = its id, length = enum mpiw_error) */
};
#define MPIW_CQF_TRUNCATED 0x1u /* the message was longer than the receive's capacity */
#define MPIW_CQF_CANCELLED 0x2u /* the receive was cancelled before it matched */
#define MPIW_CQF_FOUND 0x4u     /* a probe found a message */

enum mpiw_error { MPIW_ERR_BAD_COMMAND = 1, MPIW_ERR_BAD_PEER = 2, MPIW_ERR_TOO_LONG = 3 };

struct mpiw_completion { /* 16 bytes; word 0 is never 0 in a written entry */
  uint8_t kind;          /* enum mpiw_cq_kind */
  uint8_t flags;         /* MPIW_CQF_* */
  uint16_t source;       /* world rank of the message's sender */
  uint32_t request;
  int32_t tag;
  uint32_t length;       /* the message's full length, even when truncated */
};

/* ---- Packets (NIC <-> NIC) -----------------------------------------------------------------------
 * Every message from one node to another on the network gets the next number of that pair (seq);
 * the receiver accepts them in order. EAGER carries data (first fragment at offset 0, the others
 * follow contiguously); RTS asks for a rendezvous; CTS answers a matched RTS; DATA carries the
 * rendezvous payload to the receive named by receiver_req. A receiver short of room for an
 * unexpected message drops it and sends NACK(seq), drops that sender's later messages until seq
 * comes again, and sends RESUME when room may exist; the sender then resends from seq (it keeps
 * eager data until acknowledged). `ack` in every packet acknowledges every message of the reverse
 * direction below it; ACK packets carry only that. */
enum mpiw_packet_type {
  MPIW_PKT_EAGER = 1,
  MPIW_PKT_RTS = 2,
  MPIW_PKT_CTS = 3,
  MPIW_PKT_DATA = 4,
  MPIW_PKT_ACK = 5,
  MPIW_PKT_NACK = 6,   /* seq = the first message refused */
  MPIW_PKT_RESUME = 7, /* seq = the message to resend from; length = how many messages to send
                          before stopping to wait for the next RESUME (0: no limit) */
  MPIW_PKT_HOLD = 8,   /* seq, sender_req: an eager message accepted without its data (no room for
                          it): the sender keeps the data and sends it as DATA on the receiver's CTS */
};
#define MPIW_PKTF_SYNC 0x1u    /* RTS of a synchronous send */
#define MPIW_PKTF_ACK_REQ 0x2u /* the sender would like an ACK soon (its eager buffer is filling) */

struct mpiw_packet {     /* 32 bytes: the network port's eight header words */
  uint8_t type;          /* enum mpiw_packet_type */
  uint8_t flags;         /* MPIW_PKTF_* */
  uint16_t context;
  int32_t tag;
  uint32_t seq;
  uint32_t length;       /* the message's length */
  uint32_t offset;       /* of this packet's payload in the message */
  uint32_t sender_req;   /* the sending NIC's request (RTS, echoed by CTS) */
  uint32_t receiver_req; /* the receiving NIC's request (CTS, DATA) */
  uint32_t ack;          /* every message from the packet's destination below this was accepted */
};

#endif /* PIMNIC_MPI_WIRE_H */
