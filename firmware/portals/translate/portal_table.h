// Portals address translation (Portals 3.3, docs/portals.md): the portal table, its match lists,
// memory descriptors and event queues, and the rules that decide where an arriving put or get goes.
// The same code runs on the NIC (`--nic portals`, firmware/portals/nic/) and on the host in the
// handler of the NIC's interrupt (`--nic portals-host`): only where it runs differs. It moves no
// data itself: match() says where the data goes, and events leave through an EventSink (the NIC
// DMAs them into the host's queue, the host stores them).
// Freestanding C++ (no allocation, no library): fixed pools, 32-bit addresses of host memory.
#pragma once
#include <stdint.h>

#include "portals3.h"

namespace portals {

inline constexpr uint32_t kPortals = PTL_PT_INDEX_COUNT;
inline constexpr uint32_t kMes = 1024;
inline constexpr uint32_t kMds = 1024;
inline constexpr uint32_t kEqs = 64;
inline constexpr uint16_t kNone = 0xFFFF;

// Handles: kind in bits 31-28, a generation in 27-16 (a stale handle is refused), the index below.
enum HandleKind : uint32_t { kNiKind = 1, kEqKind = 2, kMdKind = 3, kMeKind = 4 };
inline constexpr ptl_handle_ni_t kNiHandle = uint32_t(kNiKind) << 28;

struct MdSpec {  // a ptl_md_t in 32-bit host terms
  uint32_t start, length;
  int32_t threshold;
  uint32_t max_size, options, user_ptr;
  ptl_handle_eq_t eq;
};

// An arriving request, as the target sees it.
struct Request {
  bool get;
  ptl_nid_t nid;
  ptl_pid_t pid;
  uint32_t pt;
  ptl_match_bits_t match_bits;
  uint32_t remote_offset, rlength;
  ptl_hdr_data_t hdr_data;
};

// Where a matched request goes.
struct Target {
  uint16_t md;
  uint32_t host_addr;  // md.start + offset
  uint32_t offset, mlength;
};

// The operation an event reports (what the event's fields other than the MD's state say).
struct Op {
  ptl_process_id_t initiator;
  uint32_t pt;
  ptl_match_bits_t match_bits;
  uint32_t rlength, mlength, offset;
  ptl_hdr_data_t hdr_data;
};

class EventSink {
 public:
  // Write `e` to host memory at `slot` (the event queue's entry for e.sequence).
  virtual void deliver(uint32_t slot, const ptl_event_t& e) = 0;
};

class PortalTable {
 public:
  void init(EventSink* sink);

  // ---- the API's object calls (return a PTL_* code) ----
  int eq_alloc(uint32_t host_addr, uint32_t count, ptl_handle_eq_t* h);
  int eq_free(ptl_handle_eq_t h);
  int me_attach(uint32_t pt, ptl_process_id_t id, ptl_match_bits_t bits, ptl_match_bits_t ignore, uint8_t unlink,
                uint8_t position, ptl_handle_me_t* h);
  int me_insert(ptl_handle_me_t base, ptl_process_id_t id, ptl_match_bits_t bits, ptl_match_bits_t ignore,
                uint8_t unlink, uint8_t position, ptl_handle_me_t* h);
  int me_unlink(ptl_handle_me_t h);
  int md_attach(ptl_handle_me_t me, const MdSpec& spec, uint8_t unlink, ptl_handle_md_t* h);
  int md_bind(const MdSpec& spec, uint8_t unlink, ptl_handle_md_t* h);
  int md_unlink(ptl_handle_md_t h);
  int md_get(ptl_handle_md_t h, MdSpec* out) const;
  // Replace the MD's description only if `eq` holds no event the host has not taken (eq_read: the
  // events it took); PTL_MD_NO_UPDATE otherwise. PTL_EQ_NONE updates unconditionally.
  int md_update(ptl_handle_md_t h, const MdSpec& spec, ptl_handle_eq_t eq, uint32_t eq_read);

  // ---- the target side ----
  // Walk pt's match list for `r`: the first entry that matches and whose MD accepts the request
  // (a rejecting MD lets the walk go on). On a match the MD is committed (threshold, local offset,
  // high-water mark), the start event is written, and true returned; false: drop it (counted).
  bool match(const Request& r, Target* t, uint32_t* start_seq);
  uint32_t drops() const { return drops_; }

  // ---- the initiator side ----
  // A put or get from MD h over [offset, offset + size): validated and committed (an operation of
  // the threshold). The caller writes SEND_START when the message starts to leave. *size = ~0u means the whole MD; on return *size
  // and *offset are the region, and op's lengths and offset say so.
  int start_initiator(ptl_handle_md_t h, bool put, uint32_t* offset, uint32_t* size, uint16_t* md, uint32_t* start_seq,
                      Op* op);
  // An ack or reply arriving for the initiator's MD handle: its index, or kNone (the MD is gone).
  // An ack counts against the threshold.
  uint16_t arrive(ptl_handle_md_t h, bool ack);

  // ---- events and completion ----
  // An event of `kind` about MD md; returns its sequence (or ~0u when none was written).
  uint32_t event(ptl_event_kind_t kind, uint16_t md, const Op& op, uint32_t link = 0);
  // One operation on md is over: unlink it if it is used up and may be (PTL_EVENT_UNLINK).
  void finish(uint16_t md);
  uint32_t md_addr(uint16_t md) const { return mds_[md].spec.start; }
  ptl_handle_md_t md_handle(uint16_t md) const { return handle(kMdKind, mds_[md].gen, md); }

 private:
  struct Md {
    MdSpec spec;
    uint32_t local_offset;
    uint16_t eq, me, gen, pending;
    uint8_t in_use, unlink_op;
  };
  struct Me {
    ptl_match_bits_t bits, ignore;
    uint32_t nid, pid;
    uint16_t next, prev, md, gen;
    uint8_t pt, unlink_op, in_use;
  };
  struct Eq {
    uint32_t base, count, written;
    uint16_t gen;
    uint8_t in_use;
  };

  static ptl_handle_any_t handle(uint32_t kind, uint16_t gen, uint16_t index) {
    return kind << 28 | uint32_t(gen & 0xFFF) << 16 | index;
  }
  uint16_t me_index(ptl_handle_me_t h) const;
  uint16_t md_index(ptl_handle_md_t h) const;
  int eq_index(ptl_handle_eq_t h, uint16_t* index) const;  // PTL_EQ_NONE -> kNone
  int check_spec(const MdSpec& spec, uint16_t* eq) const;
  int new_md(const MdSpec& spec, uint8_t unlink, uint16_t eq, uint16_t me, ptl_handle_md_t* h);
  int new_me(ptl_process_id_t id, ptl_match_bits_t bits, ptl_match_bits_t ignore, uint8_t unlink, uint16_t* index);
  void link_me(uint16_t index, uint32_t pt, uint16_t at, uint8_t position);
  void drop_me(uint16_t index);
  void drop_md(uint16_t index);
  bool active(const Md& m) const;
  bool accepts(const Md& m, const Request& r, uint32_t* offset, uint32_t* mlength) const;
  void fill_md(ptl_md_t& out, const Md& m) const;

  Md mds_[kMds];
  Me mes_[kMes];
  Eq eqs_[kEqs];
  uint16_t head_[kPortals], tail_[kPortals];
  uint16_t free_md_ = kNone, free_me_ = kNone;
  uint32_t drops_ = 0;
  EventSink* sink_ = nullptr;
};

}  // namespace portals
