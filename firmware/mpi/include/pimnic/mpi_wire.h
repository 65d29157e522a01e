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
  uint32_t reduce_slots;    /* SRAM address of struct mpiw_reduce_desc[reduce_slot_count]; 0: no NIC reduction */
  uint32_t reduce_slot_count;
  uint32_t reduce_stats;    /* SRAM address of struct mpiw_reduce_stats */
  uint32_t reserved[3];
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

/* ---- NIC-based reduction (seed nic-based-reduction; docs/nic-reduction.md) --------------------
 * The host writes a descriptor into one of the NIC's reduce slots (the mailbox says where and how many) through the window (its value(s),
 * the operation, its parent and children in the tree the host built) and posts MPIW_OP_REDUCE with
 * aux = the slot. The NIC folds its children's contributions into the host's in the descriptor's
 * child order (acc = acc OP child[0], then child[1], ...: the same bits whatever order they arrive
 * in), sends the result to its parent (REDUCE_UP), which acknowledges it (REDUCE_ACK) or, with no
 * descriptor for it yet and no free unexpected-contribution buffer, refuses it (REDUCE_REJECT) and
 * asks for it again later (REDUCE_RESEND). The root leaves the result in the slot's values; with
 * MPIW_REDF_TO_ALL it also sends it down the tree (REDUCE_DOWN) and every member does the same.
 * MPIW_CQ_REDUCE (request = slot) hands the slot back to the host: the result is in it, and the
 * completion's tag and length words carry its first eight bytes. Packets: context = the
 * communicator's collective context, tag = the instance (the host numbers its reductions on each
 * context), length = bytes of payload. */
#define MPIW_OP_REDUCE 16          /* aux = slot */
#define MPIW_CQ_REDUCE 16          /* request = slot; tag, length = the result's first 8 bytes */
#define MPIW_REDUCE_MAX_COUNT 64   /* elements of at most 8 bytes */
#define MPIW_REDUCE_MAX_CHILDREN 64
#define MPIW_REDF_TO_ALL 0x1u
enum mpiw_reduce_op { /* the order of the host library's ReduceOp */
  MPIW_RED_MAX, MPIW_RED_MIN, MPIW_RED_SUM, MPIW_RED_PROD, MPIW_RED_LAND, MPIW_RED_BAND, MPIW_RED_LOR,
  MPIW_RED_BOR, MPIW_RED_LXOR, MPIW_RED_BXOR
};
enum mpiw_reduce_element { /* the order of the host library's ReduceElement; BOOL is one byte */
  MPIW_REL_I8, MPIW_REL_U8, MPIW_REL_I16, MPIW_REL_U16, MPIW_REL_I32, MPIW_REL_U32, MPIW_REL_I64,
  MPIW_REL_U64, MPIW_REL_F32, MPIW_REL_F64, MPIW_REL_BOOL
};
enum mpiw_reduce_packet_type {
  MPIW_PKT_REDUCE_UP = 0x20,     /* a subtree's contribution to the parent */
  MPIW_PKT_REDUCE_DOWN = 0x21,   /* the result, down the tree (reduce-to-all) */
  MPIW_PKT_REDUCE_ACK = 0x22,    /* the parent took the contribution (context, tag) */
  MPIW_PKT_REDUCE_REJECT = 0x23, /* the parent refused it: keep it until REDUCE_RESEND */
  MPIW_PKT_REDUCE_RESEND = 0x24, /* send again every contribution this node refused */
};
/* Bytes of one element (0: unknown), and whether the NIC combines `op` on `element`: both halves
 * decide with these (MPI's rules: bitwise ops on integers, logical ones on integers and bool,
 * MAX, MIN, SUM and PROD on integers and floats). */
static inline uint32_t mpiw_reduce_element_size(uint32_t element) {
  static const uint8_t size[] = {1, 1, 2, 2, 4, 4, 8, 8, 4, 8, 1};
  return element <= MPIW_REL_BOOL ? size[element] : 0;
}
static inline int mpiw_reduce_supported(uint32_t op, uint32_t element) {
  const int bitwise = op == MPIW_RED_BAND || op == MPIW_RED_BOR || op == MPIW_RED_BXOR;
  const int logical = op == MPIW_RED_LAND || op == MPIW_RED_LOR || op == MPIW_RED_LXOR;
  if (op > MPIW_RED_BXOR || element > MPIW_REL_BOOL) return 0;
  if (element == MPIW_REL_F32 || element == MPIW_REL_F64) return !bitwise && !logical;
  if (element == MPIW_REL_BOOL) return logical;
  return 1;
}
struct mpiw_reduce_desc {  /* 16 + 512 + 128 bytes */
  uint8_t op;              /* enum mpiw_reduce_op */
  uint8_t element;         /* enum mpiw_reduce_element */
  uint8_t flags;           /* MPIW_REDF_* */
  uint8_t reserved;
  uint16_t context;
  uint16_t count;          /* 1 .. MPIW_REDUCE_MAX_COUNT */
  uint32_t instance;
  int16_t parent;          /* world rank, -1 at the root */
  uint16_t children;       /* 0 .. MPIW_REDUCE_MAX_CHILDREN, in folding order */
  uint64_t values[MPIW_REDUCE_MAX_COUNT]; /* the host's contribution; the result when handed back */
  uint16_t child[MPIW_REDUCE_MAX_CHILDREN];
};
struct mpiw_reduce_stats { /* counters of the NIC's reduction engine (free-running) */
  uint32_t posted;         /* descriptors taken */
  uint32_t folded;         /* children's contributions combined */
  uint32_t unexpected;     /* contributions kept in an unexpected-contribution buffer */
  uint32_t rejected;       /* contributions refused (no buffer free) */
  uint32_t resent;         /* contributions sent again after REDUCE_RESEND */
  uint32_t buffers_high;   /* most unexpected-contribution buffers in use at once */
  uint32_t reserved[2];
};

#endif /* PIMNIC_MPI_WIRE_H */
