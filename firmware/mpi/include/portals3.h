/* Portals 3.3 (SAND report "The Portals 3.3 Message Passing Interface", Sandia) for pimnic's host
 * programs: the spec's names, types and return codes. Built by pimnic-mpicc (this header sits
 * beside mpi.h; the library is linked with the MPI library's transports). One network interface per
 * node: process ids are (nid = node = PMI_RANK, pid = 0). Where 3.2 and 3.3 differ this follows
 * 3.3; docs/portals.md lists the choices and the spec's values the spec leaves to the
 * implementation (numeric codes, limits).
 * Plain C, shared with the NIC firmware (firmware/portals/), which writes ptl_event_t straight into
 * the host's event queues: both sides are 32-bit big-endian PowerPC. */
#ifndef PIMNIC_PORTALS3_H
#define PIMNIC_PORTALS3_H
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Base types ---- */
typedef uint64_t ptl_size_t;
typedef uint32_t ptl_handle_any_t;
typedef ptl_handle_any_t ptl_handle_ni_t;
typedef ptl_handle_any_t ptl_handle_eq_t;
typedef ptl_handle_any_t ptl_handle_md_t;
typedef ptl_handle_any_t ptl_handle_me_t;
typedef uint32_t ptl_pt_index_t;
typedef uint32_t ptl_ac_index_t;
typedef uint64_t ptl_match_bits_t;
typedef uint64_t ptl_hdr_data_t;
typedef uint32_t ptl_seq_t;
typedef uint32_t ptl_nid_t;
typedef uint32_t ptl_pid_t;
typedef uint32_t ptl_uid_t;
typedef uint32_t ptl_jid_t;
typedef int32_t ptl_interface_t;
typedef int32_t ptl_sr_index_t;
typedef int32_t ptl_sr_value_t;
typedef int32_t ptl_time_t; /* milliseconds; PTL_TIME_FOREVER waits without end */
typedef uint32_t ptl_ni_fail_t;

typedef struct {
  ptl_nid_t nid;
  ptl_pid_t pid;
} ptl_process_id_t;

/* ---- Return codes (3.3, section 3.17 / table 3.13; values are this implementation's) ---- */
enum {
  PTL_OK = 0,
  PTL_AC_INDEX_INVALID,
  PTL_EQ_DROPPED,
  PTL_EQ_EMPTY,
  PTL_EQ_INVALID,
  PTL_FAIL,
  PTL_HANDLE_INVALID,
  PTL_IFACE_INVALID,
  PTL_MD_ILLEGAL,
  PTL_MD_INVALID,
  PTL_MD_IN_USE,
  PTL_MD_NO_UPDATE,
  PTL_ME_IN_USE,
  PTL_ME_INVALID,
  PTL_ME_LIST_TOO_LONG,
  PTL_NI_INVALID,
  PTL_NO_INIT,
  PTL_NO_SPACE,
  PTL_PID_INVALID,
  PTL_PROCESS_INVALID,
  PTL_PT_INDEX_INVALID,
  PTL_SEGV,
  PTL_SR_INDEX_INVALID,
  PTL_UNKNOWN_ERROR,
  PTL_MAX_ERRNO
};

/* ---- Constants ---- */
#define PTL_INVALID_HANDLE ((ptl_handle_any_t)0xFFFFFFFFu)
#define PTL_EQ_NONE ((ptl_handle_eq_t)0xFFFFFFFEu)
#define PTL_NID_ANY ((ptl_nid_t)0xFFFFFFFFu)
#define PTL_PID_ANY ((ptl_pid_t)0xFFFFFFFFu)
#define PTL_IFACE_DEFAULT 0
#define PTL_MD_THRESH_INF (-1)
#define PTL_TIME_FOREVER (-1)
#define PTL_PT_INDEX_COUNT 64u /* portal table entries (the spec asks for at least 64) */

/* ptl_md_t options */
#define PTL_MD_OP_PUT 0x001u
#define PTL_MD_OP_GET 0x002u
#define PTL_MD_MANAGE_REMOTE 0x004u
#define PTL_MD_TRUNCATE 0x008u
#define PTL_MD_ACK_DISABLE 0x010u
#define PTL_MD_IOVEC 0x020u /* refused (PTL_MD_ILLEGAL): no scatter/gather lists here */
#define PTL_MD_MAX_SIZE 0x040u
#define PTL_MD_EVENT_START_DISABLE 0x080u
#define PTL_MD_EVENT_END_DISABLE 0x100u

typedef enum { PTL_RETAIN = 0, PTL_UNLINK = 1 } ptl_unlink_t;
typedef enum { PTL_INS_BEFORE = 0, PTL_INS_AFTER = 1 } ptl_ins_pos_t;
typedef enum { PTL_ACK_REQ = 0, PTL_NO_ACK_REQ = 1 } ptl_ack_req_t;

typedef enum {
  PTL_EVENT_GET_START = 1,
  PTL_EVENT_GET_END,
  PTL_EVENT_PUT_START,
  PTL_EVENT_PUT_END,
  PTL_EVENT_REPLY_START,
  PTL_EVENT_REPLY_END,
  PTL_EVENT_SEND_START,
  PTL_EVENT_SEND_END,
  PTL_EVENT_ACK,
  PTL_EVENT_UNLINK
} ptl_event_kind_t;

#define PTL_NI_OK 0u
#define PTL_NI_FAIL 1u

/* Status registers (PtlNIStatus) */
#define PTL_SR_DROP_COUNT 0 /* requests that matched no memory descriptor and were dropped */

typedef struct {
  void* start;
  ptl_size_t length;
  int32_t threshold;      /* operations left; PTL_MD_THRESH_INF never runs out; 0 = inactive */
  ptl_size_t max_size;    /* with PTL_MD_MAX_SIZE: inactive once length - local offset < max_size */
  uint32_t options;
  void* user_ptr;
  ptl_handle_eq_t eq_handle;
} ptl_md_t;

typedef struct {
  int32_t max_mes, max_mds, max_eqs, max_ac_index, max_pt_index, max_md_iovecs, max_me_list, max_getput_md;
} ptl_ni_limits_t;

typedef struct {
  ptl_event_kind_t type;
  ptl_process_id_t initiator;
  ptl_uid_t uid;
  ptl_jid_t jid;
  ptl_pt_index_t pt_index;
  ptl_match_bits_t match_bits;
  ptl_size_t rlength;     /* the length the initiator asked for */
  ptl_size_t mlength;     /* the length that was manipulated */
  ptl_size_t offset;      /* where in the memory descriptor */
  ptl_handle_md_t md_handle;
  ptl_md_t md;            /* the memory descriptor's state after the operation */
  ptl_hdr_data_t hdr_data;
  ptl_seq_t link;         /* an end event: the sequence of its start event in the same queue */
  ptl_ni_fail_t ni_fail_type;
  volatile ptl_seq_t sequence; /* this event's place in its queue (0, 1, 2, ...) */
} ptl_event_t;

typedef void (*ptl_eq_handler_t)(ptl_event_t* event);
#define PTL_EQ_HANDLER_NONE ((ptl_eq_handler_t)0)

/* ---- Functions ---- */
int PtlInit(int* max_interfaces);
void PtlFini(void);
int PtlNIInit(ptl_interface_t iface, ptl_pid_t pid, ptl_ni_limits_t* desired, ptl_ni_limits_t* actual,
              ptl_handle_ni_t* ni_handle);
int PtlNIFini(ptl_handle_ni_t ni_handle);
int PtlNIStatus(ptl_handle_ni_t ni_handle, ptl_sr_index_t status_register, ptl_sr_value_t* status);
int PtlNIHandle(ptl_handle_any_t handle, ptl_handle_ni_t* ni_handle);
int PtlGetId(ptl_handle_ni_t ni_handle, ptl_process_id_t* id);
int PtlGetUid(ptl_handle_ni_t ni_handle, ptl_uid_t* uid);
int PtlGetJid(ptl_handle_ni_t ni_handle, ptl_jid_t* jid);
int PtlMEAttach(ptl_handle_ni_t ni_handle, ptl_pt_index_t pt_index, ptl_process_id_t match_id,
                ptl_match_bits_t match_bits, ptl_match_bits_t ignore_bits, ptl_unlink_t unlink_op,
                ptl_ins_pos_t position, ptl_handle_me_t* me_handle);
int PtlMEInsert(ptl_handle_me_t base, ptl_process_id_t match_id, ptl_match_bits_t match_bits,
                ptl_match_bits_t ignore_bits, ptl_unlink_t unlink_op, ptl_ins_pos_t position,
                ptl_handle_me_t* me_handle);
int PtlMEUnlink(ptl_handle_me_t me_handle);
int PtlMDAttach(ptl_handle_me_t me_handle, ptl_md_t md, ptl_unlink_t unlink_op, ptl_handle_md_t* md_handle);
int PtlMDBind(ptl_handle_ni_t ni_handle, ptl_md_t md, ptl_unlink_t unlink_op, ptl_handle_md_t* md_handle);
int PtlMDUnlink(ptl_handle_md_t md_handle);
int PtlMDUpdate(ptl_handle_md_t md_handle, ptl_md_t* old_md, ptl_md_t* new_md, ptl_handle_eq_t eq_handle);
int PtlEQAlloc(ptl_handle_ni_t ni_handle, ptl_size_t count, ptl_eq_handler_t eq_handler, ptl_handle_eq_t* eq_handle);
int PtlEQFree(ptl_handle_eq_t eq_handle);
int PtlEQGet(ptl_handle_eq_t eq_handle, ptl_event_t* event);
int PtlEQWait(ptl_handle_eq_t eq_handle, ptl_event_t* event);
int PtlEQPoll(ptl_handle_eq_t* eq_handles, int size, ptl_time_t timeout, ptl_event_t* event, int* which);
int PtlPut(ptl_handle_md_t md_handle, ptl_ack_req_t ack_req, ptl_process_id_t target_id, ptl_pt_index_t pt_index,
           ptl_ac_index_t ac_index, ptl_match_bits_t match_bits, ptl_size_t remote_offset, ptl_hdr_data_t hdr_data);
int PtlPutRegion(ptl_handle_md_t md_handle, ptl_size_t local_offset, ptl_size_t length, ptl_ack_req_t ack_req,
                 ptl_process_id_t target_id, ptl_pt_index_t pt_index, ptl_ac_index_t ac_index,
                 ptl_match_bits_t match_bits, ptl_size_t remote_offset, ptl_hdr_data_t hdr_data);
int PtlGet(ptl_handle_md_t md_handle, ptl_process_id_t target_id, ptl_pt_index_t pt_index, ptl_ac_index_t ac_index,
           ptl_match_bits_t match_bits, ptl_size_t remote_offset);
int PtlGetRegion(ptl_handle_md_t md_handle, ptl_size_t local_offset, ptl_size_t length, ptl_process_id_t target_id,
                 ptl_pt_index_t pt_index, ptl_ac_index_t ac_index, ptl_match_bits_t match_bits,
                 ptl_size_t remote_offset);
int PtlHandleIsEqual(ptl_handle_any_t handle1, ptl_handle_any_t handle2);
const char* PtlErrorStr(int code);
const char* PtlEventKindStr(ptl_event_kind_t kind);

#ifdef __cplusplus
}
#endif
#endif
