// The Portals 3.3 API of the host (portals3.h) over the Portals NIC (nic_link.h): object calls
// and operations are commands the NIC answers; event queues live in this process's memory, where
// the NIC writes events, and are read here without the NIC. docs/portals.md.
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "nic_link.h"

using portals_host::NicLink;

namespace {

constexpr ptl_handle_ni_t kNi = 1u << 28;
constexpr uint32_t kEqs = 64;

struct EventQueue {
  ptl_handle_eq_t handle = PTL_INVALID_HANDLE;
  ptl_event_t* slots = nullptr;
  uint32_t count = 0;
  uint32_t read = 0;  // events taken (or reported dropped)
};

struct State {
  bool initialized = false;
  int ni_users = 0;
  NicLink link;
  EventQueue eqs[kEqs];
} state;

bool ni_ok(ptl_handle_ni_t ni) { return ni == kNi && state.ni_users > 0; }

EventQueue* queue(ptl_handle_eq_t h) {
  if (!state.ni_users || h >> 28 != 2 || (h & 0xFFFF) >= kEqs) return nullptr;
  EventQueue& q = state.eqs[h & 0xFFFF];
  return q.handle == h ? &q : nullptr;
}

int to_cmd(const ptl_md_t& md, ptlw_cmd& c) {
  if (md.length > 0xFFFFFFFFull || md.max_size > 0xFFFFFFFFull) return PTL_MD_ILLEGAL;
  c.start = uint32_t(uintptr_t(md.start));
  c.length = uint32_t(md.length);
  c.threshold = md.threshold;
  c.max_size = uint32_t(md.max_size);
  c.options = md.options;
  c.user_ptr = uint32_t(uintptr_t(md.user_ptr));
  c.eq = md.eq_handle;
  return PTL_OK;
}

// The next event of q, if any: PTL_OK, PTL_EQ_DROPPED (events were overwritten before they were
// taken: this is the oldest one left in its slot), or PTL_EQ_EMPTY.
int take(EventQueue& q, ptl_event_t* event) {
  for (;;) {
    const ptl_event_t* slot = &q.slots[q.read % q.count];
    const uint32_t seq = __atomic_load_n(&slot->sequence, __ATOMIC_ACQUIRE);
    if (!seq || seq - 1 < q.read) return PTL_EQ_EMPTY;
    ptl_event_t e;
    memcpy(&e, slot, sizeof e);
    if (__atomic_load_n(&slot->sequence, __ATOMIC_ACQUIRE) != seq) continue;  // overwritten meanwhile
    e.sequence = seq - 1;
    if (event) *event = e;
    const bool dropped = seq - 1 != q.read;
    q.read = seq;
    return dropped ? PTL_EQ_DROPPED : PTL_OK;
  }
}

bool any_ready(ptl_handle_eq_t* handles, int size) {
  for (int i = 0; i < size; ++i)
    if (EventQueue* q = queue(handles[i])) {
      const ptl_event_t* slot = &q->slots[q->read % q->count];
      const uint32_t seq = __atomic_load_n(&slot->sequence, __ATOMIC_ACQUIRE);
      if (seq && seq - 1 >= q->read) return true;
    }
  return false;
}

double now_ms() {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) * 1e-6;
}

int operation(ptlw_cmd& c, ptl_process_id_t target, ptl_pt_index_t pt, ptl_match_bits_t bits,
              ptl_size_t remote_offset, ptl_size_t local_offset, ptl_size_t length) {
  if (!state.ni_users) return PTL_NO_INIT;
  if (remote_offset > 0xFFFFFFFFull) return PTL_MD_ILLEGAL;
  if (length != ~ptl_size_t(0) && (local_offset > 0xFFFFFFFFull || length >= 0xFFFFFFFFull)) return PTL_MD_ILLEGAL;
  c.nid = target.nid;
  c.pid = target.pid;
  c.pt = pt;
  c.match_bits = bits;
  c.remote_offset = uint32_t(remote_offset);
  c.offset = length == ~ptl_size_t(0) ? 0 : uint32_t(local_offset);
  c.size = length == ~ptl_size_t(0) ? ~0u : uint32_t(length);
  return state.link.call(c);
}

// The fields PtlMEAttach and PtlMEInsert share: which initiators and match bits the entry takes.
ptlw_cmd match_entry_command(uint8_t op, ptl_process_id_t match_id, ptl_match_bits_t bits,
                             ptl_match_bits_t ignore, ptl_unlink_t unlink_op, ptl_ins_pos_t position) {
  ptlw_cmd c{};
  c.op = op;
  c.nid = match_id.nid;
  c.pid = match_id.pid;
  c.match_bits = bits;
  c.ignore_bits = ignore;
  c.unlink = uint8_t(unlink_op);
  c.position = uint8_t(position);
  return c;
}

}  // namespace

extern "C" {

int PtlInit(int* max_interfaces) {
  state.initialized = true;
  if (max_interfaces) *max_interfaces = 1;
  return PTL_OK;
}

void PtlFini(void) {
  if (state.link.is_open()) state.link.close();
  state.ni_users = 0;
  state.initialized = false;
}

int PtlNIInit(ptl_interface_t iface, ptl_pid_t pid, ptl_ni_limits_t* desired, ptl_ni_limits_t* actual,
              ptl_handle_ni_t* ni_handle) {
  if (!state.initialized) return PTL_NO_INIT;
  if (iface != PTL_IFACE_DEFAULT) return PTL_IFACE_INVALID;
  if (pid != PTL_PID_ANY && pid != 0) return PTL_PID_INVALID;
  if (!ni_handle) return PTL_SEGV;
  if (!state.link.is_open()) {
    const char* why = "";
    if (!state.link.open(&why)) return PTL_IFACE_INVALID;
  }
  if (actual) *actual = ptl_ni_limits_t{1024, 1024, 64, 0, int32_t(PTL_PT_INDEX_COUNT) - 1, 1, 1024, 0};
  (void)desired;
  ++state.ni_users;
  *ni_handle = kNi;
  return PTL_OK;
}

int PtlNIFini(ptl_handle_ni_t ni) {
  if (!ni_ok(ni)) return PTL_NI_INVALID;
  --state.ni_users;
  return PTL_OK;
}

int PtlNIStatus(ptl_handle_ni_t ni, ptl_sr_index_t reg, ptl_sr_value_t* status) {
  if (!ni_ok(ni)) return PTL_NI_INVALID;
  if (reg != PTL_SR_DROP_COUNT) return PTL_SR_INDEX_INVALID;
  ptlw_cmd c{};
  c.op = PTLW_OP_STATUS;
  uint32_t v = 0;
  const int rc = state.link.call(c, &v);
  if (status) *status = ptl_sr_value_t(v);
  return rc;
}

int PtlNIHandle(ptl_handle_any_t handle, ptl_handle_ni_t* ni) {
  const uint32_t kind = handle >> 28;
  if (handle == PTL_INVALID_HANDLE || kind < 1 || kind > 4) return PTL_HANDLE_INVALID;
  *ni = kNi;
  return PTL_OK;
}

int PtlGetId(ptl_handle_ni_t ni, ptl_process_id_t* id) {
  if (!ni_ok(ni)) return PTL_NI_INVALID;
  *id = ptl_process_id_t{state.link.node(), 0};
  return PTL_OK;
}

int PtlGetUid(ptl_handle_ni_t ni, ptl_uid_t* uid) {
  if (!ni_ok(ni)) return PTL_NI_INVALID;
  *uid = 0;
  return PTL_OK;
}

int PtlGetJid(ptl_handle_ni_t ni, ptl_jid_t* jid) {
  if (!ni_ok(ni)) return PTL_NI_INVALID;
  *jid = 0;
  return PTL_OK;
}

int PtlMEAttach(ptl_handle_ni_t ni, ptl_pt_index_t pt, ptl_process_id_t match_id, ptl_match_bits_t bits,
                ptl_match_bits_t ignore, ptl_unlink_t unlink_op, ptl_ins_pos_t position, ptl_handle_me_t* me) {
  if (!ni_ok(ni)) return PTL_NI_INVALID;
  ptlw_cmd c = match_entry_command(PTLW_OP_ME_ATTACH, match_id, bits, ignore, unlink_op, position);
  c.pt = pt;
  return state.link.call(c, me);
}

int PtlMEInsert(ptl_handle_me_t base, ptl_process_id_t match_id, ptl_match_bits_t bits, ptl_match_bits_t ignore,
                ptl_unlink_t unlink_op, ptl_ins_pos_t position, ptl_handle_me_t* me) {
  if (!state.ni_users) return PTL_NO_INIT;
  ptlw_cmd c = match_entry_command(PTLW_OP_ME_INSERT, match_id, bits, ignore, unlink_op, position);
  c.handle = base;
  return state.link.call(c, me);
}

int PtlMEUnlink(ptl_handle_me_t me) {
  if (!state.ni_users) return PTL_NO_INIT;
  ptlw_cmd c{};
  c.op = PTLW_OP_ME_UNLINK;
  c.handle = me;
  return state.link.call(c);
}

int PtlMDAttach(ptl_handle_me_t me, ptl_md_t md, ptl_unlink_t unlink_op, ptl_handle_md_t* h) {
  if (!state.ni_users) return PTL_NO_INIT;
  ptlw_cmd c{};
  c.op = PTLW_OP_MD_ATTACH;
  c.handle = me;
  c.unlink = uint8_t(unlink_op);
  if (const int rc = to_cmd(md, c)) return rc;
  return state.link.call(c, h);
}

int PtlMDBind(ptl_handle_ni_t ni, ptl_md_t md, ptl_unlink_t unlink_op, ptl_handle_md_t* h) {
  if (!ni_ok(ni)) return PTL_NI_INVALID;
  ptlw_cmd c{};
  c.op = PTLW_OP_MD_BIND;
  c.unlink = uint8_t(unlink_op);
  if (const int rc = to_cmd(md, c)) return rc;
  return state.link.call(c, h);
}

int PtlMDUnlink(ptl_handle_md_t md) {
  if (!state.ni_users) return PTL_NO_INIT;
  ptlw_cmd c{};
  c.op = PTLW_OP_MD_UNLINK;
  c.handle = md;
  return state.link.call(c);
}

int PtlMDUpdate(ptl_handle_md_t md, ptl_md_t* old_md, ptl_md_t* new_md, ptl_handle_eq_t eq) {
  if (!state.ni_users) return PTL_NO_INIT;
  ptlw_cmd c{};
  c.handle = md;
  if (new_md) {  // one command: the old state is read and the new one applied in the same step
    c.op = PTLW_OP_MD_UPDATE;
    if (eq != PTL_EQ_NONE) {
      EventQueue* q = queue(eq);
      if (!q) return PTL_EQ_INVALID;
      c.eq_read = q->read;
    }
    if (const int rc = to_cmd(*new_md, c)) return rc;
    c.reserved = c.eq;  // the new MD's queue; eq is the queue that must be empty
    c.eq = eq;
  } else {
    c.op = PTLW_OP_MD_GET;
  }
  const int rc = state.link.call(c);
  if (old_md && (rc == PTL_OK || rc == PTL_MD_NO_UPDATE)) {
    const auto word = [](size_t offset) { return state.link.mailbox_word(uint32_t(offset)); };
    old_md->start = reinterpret_cast<void*>(uintptr_t(word(offsetof(ptlw_mailbox, md_start))));
    old_md->length = word(offsetof(ptlw_mailbox, md_length));
    old_md->threshold = int32_t(word(offsetof(ptlw_mailbox, md_threshold)));
    old_md->max_size = word(offsetof(ptlw_mailbox, md_max_size));
    old_md->options = word(offsetof(ptlw_mailbox, md_options));
    old_md->user_ptr = reinterpret_cast<void*>(uintptr_t(word(offsetof(ptlw_mailbox, md_user_ptr))));
    old_md->eq_handle = word(offsetof(ptlw_mailbox, md_eq));
  }
  return rc;
}

int PtlEQAlloc(ptl_handle_ni_t ni, ptl_size_t count, ptl_eq_handler_t handler, ptl_handle_eq_t* eq) {
  if (!ni_ok(ni)) return PTL_NI_INVALID;
  if (handler != PTL_EQ_HANDLER_NONE) return PTL_FAIL;  // handlers are not offered (docs/portals.md)
  if (!count || count > (1u << 20)) return PTL_NO_SPACE;
  auto* slots = static_cast<ptl_event_t*>(aligned_alloc(64, size_t(count) * sizeof(ptl_event_t)));
  if (!slots) return PTL_NO_SPACE;
  memset(slots, 0, size_t(count) * sizeof(ptl_event_t));
  ptlw_cmd c{};
  c.op = PTLW_OP_EQ_ALLOC;
  c.start = uint32_t(uintptr_t(slots));
  c.length = uint32_t(count);
  uint32_t h = 0;
  if (const int rc = state.link.call(c, &h)) {
    free(slots);
    return rc;
  }
  EventQueue& q = state.eqs[h & 0xFFFF];
  q.handle = h;
  q.slots = slots;
  q.count = uint32_t(count);
  q.read = 0;
  *eq = h;
  return PTL_OK;
}

int PtlEQFree(ptl_handle_eq_t eq) {
  EventQueue* q = queue(eq);
  if (!q) return PTL_EQ_INVALID;
  ptlw_cmd c{};
  c.op = PTLW_OP_EQ_FREE;
  c.handle = eq;
  if (const int rc = state.link.call(c)) return rc;
  free(q->slots);
  *q = EventQueue{};
  return PTL_OK;
}

int PtlEQGet(ptl_handle_eq_t eq, ptl_event_t* event) {
  EventQueue* q = queue(eq);
  if (!q) return PTL_EQ_INVALID;
  return take(*q, event);
}

int PtlEQWait(ptl_handle_eq_t eq, ptl_event_t* event) {
  EventQueue* q = queue(eq);
  if (!q) return PTL_EQ_INVALID;
  for (;;) {
    const int rc = take(*q, event);
    if (rc != PTL_EQ_EMPTY) return rc;
    state.link.sleep_unless([&] { return any_ready(&eq, 1); });
  }
}

int PtlEQPoll(ptl_handle_eq_t* handles, int size, ptl_time_t timeout, ptl_event_t* event, int* which) {
  if (size <= 0 || !handles) return PTL_EQ_INVALID;
  for (int i = 0; i < size; ++i)
    if (!queue(handles[i])) return PTL_EQ_INVALID;
  const double deadline = timeout > 0 ? now_ms() + timeout : 0;
  for (;;) {
    for (int i = 0; i < size; ++i) {
      const int rc = take(*queue(handles[i]), event);
      if (rc != PTL_EQ_EMPTY) {
        if (which) *which = i;
        return rc;
      }
    }
    if (timeout == 0 || (timeout > 0 && now_ms() >= deadline)) return PTL_EQ_EMPTY;
    // A finite wait polls (nothing wakes a sleeper at the deadline); an endless one sleeps.
    if (timeout == PTL_TIME_FOREVER) state.link.sleep_unless([&] { return any_ready(handles, size); });
  }
}

int PtlPut(ptl_handle_md_t md, ptl_ack_req_t ack_req, ptl_process_id_t target, ptl_pt_index_t pt,
           ptl_ac_index_t ac, ptl_match_bits_t bits, ptl_size_t remote_offset, ptl_hdr_data_t hdr_data) {
  return PtlPutRegion(md, 0, ~ptl_size_t(0), ack_req, target, pt, ac, bits, remote_offset, hdr_data);
}

int PtlPutRegion(ptl_handle_md_t md, ptl_size_t local_offset, ptl_size_t length, ptl_ack_req_t ack_req,
                 ptl_process_id_t target, ptl_pt_index_t pt, ptl_ac_index_t ac, ptl_match_bits_t bits,
                 ptl_size_t remote_offset, ptl_hdr_data_t hdr_data) {
  if (ac != 0) return PTL_AC_INDEX_INVALID;
  ptlw_cmd c{};
  c.op = PTLW_OP_PUT;
  c.handle = md;
  c.ack = uint8_t(ack_req);
  c.ignore_bits = hdr_data;
  return operation(c, target, pt, bits, remote_offset, local_offset, length);
}

int PtlGet(ptl_handle_md_t md, ptl_process_id_t target, ptl_pt_index_t pt, ptl_ac_index_t ac,
           ptl_match_bits_t bits, ptl_size_t remote_offset) {
  return PtlGetRegion(md, 0, ~ptl_size_t(0), target, pt, ac, bits, remote_offset);
}

int PtlGetRegion(ptl_handle_md_t md, ptl_size_t local_offset, ptl_size_t length, ptl_process_id_t target,
                 ptl_pt_index_t pt, ptl_ac_index_t ac, ptl_match_bits_t bits, ptl_size_t remote_offset) {
  if (ac != 0) return PTL_AC_INDEX_INVALID;
  ptlw_cmd c{};
  c.op = PTLW_OP_GET;
  c.handle = md;
  return operation(c, target, pt, bits, remote_offset, local_offset, length);
}

int PtlHandleIsEqual(ptl_handle_any_t a, ptl_handle_any_t b) { return a == b; }

}  // extern "C"
