// Portals 3.3 translation rules (portal_table.h; docs/portals.md names the spec sections).
#include "portal_table.h"

namespace portals {

namespace {
constexpr uint32_t kWhole = ~0u;
bool infinite(int32_t threshold) { return threshold == PTL_MD_THRESH_INF; }
}  // namespace

void PortalTable::init(EventSink* sink) {
  sink_ = sink;
  drops_ = 0;
  for (uint32_t p = 0; p < kPortals; ++p) head_[p] = tail_[p] = kNone;
  free_md_ = free_me_ = kNone;
  for (uint32_t i = kMds; i-- > 0;) {
    mds_[i].in_use = 0;
    mds_[i].me = free_md_;
    free_md_ = uint16_t(i);
  }
  for (uint32_t i = kMes; i-- > 0;) {
    mes_[i].in_use = 0;
    mes_[i].next = free_me_;
    free_me_ = uint16_t(i);
  }
  for (Eq& e : eqs_) e.in_use = 0;
}

// ---- handles ---------------------------------------------------------------------------------

uint16_t PortalTable::me_index(ptl_handle_me_t h) const {
  const uint32_t i = h & 0xFFFF;
  if (h >> 28 != kMeKind || i >= kMes || !mes_[i].in_use || (mes_[i].gen & 0xFFF) != (h >> 16 & 0xFFF)) return kNone;
  return uint16_t(i);
}

uint16_t PortalTable::md_index(ptl_handle_md_t h) const {
  const uint32_t i = h & 0xFFFF;
  if (h >> 28 != kMdKind || i >= kMds || !mds_[i].in_use || (mds_[i].gen & 0xFFF) != (h >> 16 & 0xFFF)) return kNone;
  return uint16_t(i);
}

int PortalTable::eq_index(ptl_handle_eq_t h, uint16_t* index) const {
  if (h == PTL_EQ_NONE) {
    *index = kNone;
    return PTL_OK;
  }
  const uint32_t i = h & 0xFFFF;
  if (h >> 28 != kEqKind || i >= kEqs || !eqs_[i].in_use || (eqs_[i].gen & 0xFFF) != (h >> 16 & 0xFFF))
    return PTL_EQ_INVALID;
  *index = uint16_t(i);
  return PTL_OK;
}

// ---- event queues ------------------------------------------------------------------------------

int PortalTable::eq_alloc(uint32_t host_addr, uint32_t count, ptl_handle_eq_t* h) {
  if (!count) return PTL_NO_SPACE;
  for (uint32_t i = 0; i < kEqs; ++i) {
    Eq& e = eqs_[i];
    if (e.in_use) continue;
    e.in_use = 1;
    ++e.gen;
    e.base = host_addr;
    e.count = count;
    e.written = 0;
    *h = handle(kEqKind, e.gen, uint16_t(i));
    return PTL_OK;
  }
  return PTL_NO_SPACE;
}

int PortalTable::eq_free(ptl_handle_eq_t h) {
  uint16_t i;
  if (h == PTL_EQ_NONE || eq_index(h, &i) != PTL_OK) return PTL_EQ_INVALID;
  for (const Md& m : mds_)
    if (m.in_use && m.eq == i) return PTL_EQ_INVALID;  // the spec has no "in use" code for queues: still referenced
  eqs_[i].in_use = 0;
  return PTL_OK;
}

// ---- match entries -----------------------------------------------------------------------------

int PortalTable::new_me(ptl_process_id_t id, ptl_match_bits_t bits, ptl_match_bits_t ignore, uint8_t unlink,
                        uint16_t* index) {
  if (unlink > PTL_UNLINK) return PTL_ME_INVALID;
  if (free_me_ == kNone) return PTL_NO_SPACE;
  const uint16_t i = free_me_;
  Me& m = mes_[i];
  free_me_ = m.next;
  m.in_use = 1;
  ++m.gen;
  m.bits = bits;
  m.ignore = ignore;
  m.nid = id.nid;
  m.pid = id.pid;
  m.unlink_op = unlink;
  m.md = kNone;
  *index = i;
  return PTL_OK;
}

// Into pt's list: before or after entry `at` (kNone: at the list's head or tail).
void PortalTable::link_me(uint16_t i, uint32_t pt, uint16_t at, uint8_t position) {
  Me& m = mes_[i];
  m.pt = uint8_t(pt);
  if (at == kNone) at = position == PTL_INS_BEFORE ? head_[pt] : tail_[pt];
  if (at == kNone) {  // an empty list
    m.next = m.prev = kNone;
    head_[pt] = tail_[pt] = i;
    return;
  }
  if (position == PTL_INS_BEFORE) {
    m.next = at;
    m.prev = mes_[at].prev;
    if (m.prev != kNone) mes_[m.prev].next = i;
    else head_[pt] = i;
    mes_[at].prev = i;
  } else {
    m.prev = at;
    m.next = mes_[at].next;
    if (m.next != kNone) mes_[m.next].prev = i;
    else tail_[pt] = i;
    mes_[at].next = i;
  }
}

int PortalTable::me_attach(uint32_t pt, ptl_process_id_t id, ptl_match_bits_t bits, ptl_match_bits_t ignore,
                           uint8_t unlink, uint8_t position, ptl_handle_me_t* h) {
  if (pt >= kPortals) return PTL_PT_INDEX_INVALID;
  if (position > PTL_INS_AFTER) return PTL_ME_INVALID;
  uint16_t i;
  if (const int rc = new_me(id, bits, ignore, unlink, &i)) return rc;
  link_me(i, pt, kNone, position);
  *h = handle(kMeKind, mes_[i].gen, i);
  return PTL_OK;
}

int PortalTable::me_insert(ptl_handle_me_t base, ptl_process_id_t id, ptl_match_bits_t bits, ptl_match_bits_t ignore,
                           uint8_t unlink, uint8_t position, ptl_handle_me_t* h) {
  const uint16_t b = me_index(base);
  if (b == kNone) return PTL_ME_INVALID;
  if (position > PTL_INS_AFTER) return PTL_ME_INVALID;
  uint16_t i;
  if (const int rc = new_me(id, bits, ignore, unlink, &i)) return rc;
  link_me(i, mes_[b].pt, b, position);
  *h = handle(kMeKind, mes_[i].gen, i);
  return PTL_OK;
}

void PortalTable::drop_me(uint16_t i) {
  Me& m = mes_[i];
  if (m.prev != kNone) mes_[m.prev].next = m.next;
  else head_[m.pt] = m.next;
  if (m.next != kNone) mes_[m.next].prev = m.prev;
  else tail_[m.pt] = m.prev;
  m.in_use = 0;
  m.next = free_me_;
  free_me_ = i;
}

// Unlinking a match entry unlinks its memory descriptor too (no UNLINK event: the user asked).
int PortalTable::me_unlink(ptl_handle_me_t h) {
  const uint16_t i = me_index(h);
  if (i == kNone) return PTL_ME_INVALID;
  const uint16_t md = mes_[i].md;
  if (md != kNone && mds_[md].pending) return PTL_ME_IN_USE;
  if (md != kNone) drop_md(md);
  drop_me(i);
  return PTL_OK;
}

// ---- memory descriptors ------------------------------------------------------------------------

int PortalTable::check_spec(const MdSpec& spec, uint16_t* eq) const {
  if (spec.options & PTL_MD_IOVEC) return PTL_MD_ILLEGAL;
  if (spec.threshold < PTL_MD_THRESH_INF) return PTL_MD_ILLEGAL;
  if (uint64_t(spec.start) + spec.length > 0x100000000ull) return PTL_MD_ILLEGAL;
  return eq_index(spec.eq, eq);
}

int PortalTable::new_md(const MdSpec& spec, uint8_t unlink, uint16_t eq, uint16_t me, ptl_handle_md_t* h) {
  if (unlink > PTL_UNLINK) return PTL_MD_ILLEGAL;
  if (free_md_ == kNone) return PTL_NO_SPACE;
  const uint16_t i = free_md_;
  Md& m = mds_[i];
  free_md_ = m.me;
  m.in_use = 1;
  ++m.gen;
  m.spec = spec;
  m.local_offset = 0;
  m.eq = eq;
  m.me = me;
  m.pending = 0;
  m.unlink_op = unlink;
  *h = handle(kMdKind, m.gen, i);
  return PTL_OK;
}

int PortalTable::md_attach(ptl_handle_me_t me, const MdSpec& spec, uint8_t unlink, ptl_handle_md_t* h) {
  const uint16_t e = me_index(me);
  if (e == kNone) return PTL_ME_INVALID;
  if (mes_[e].md != kNone) return PTL_ME_IN_USE;  // 3.1 on: one MD per match entry
  uint16_t eq;
  if (const int rc = check_spec(spec, &eq)) return rc;
  if (const int rc = new_md(spec, unlink, eq, e, h)) return rc;
  mes_[e].md = uint16_t(*h & 0xFFFF);
  return PTL_OK;
}

int PortalTable::md_bind(const MdSpec& spec, uint8_t unlink, ptl_handle_md_t* h) {
  uint16_t eq;
  if (const int rc = check_spec(spec, &eq)) return rc;
  return new_md(spec, unlink, eq, kNone, h);
}

void PortalTable::drop_md(uint16_t i) {
  Md& m = mds_[i];
  if (m.me != kNone) mes_[m.me].md = kNone;
  m.in_use = 0;
  m.me = free_md_;
  free_md_ = i;
}

int PortalTable::md_unlink(ptl_handle_md_t h) {
  const uint16_t i = md_index(h);
  if (i == kNone) return PTL_MD_INVALID;
  if (mds_[i].pending) return PTL_MD_IN_USE;
  drop_md(i);
  return PTL_OK;
}

int PortalTable::md_get(ptl_handle_md_t h, MdSpec* out) const {
  const uint16_t i = md_index(h);
  if (i == kNone) return PTL_MD_INVALID;
  *out = mds_[i].spec;
  return PTL_OK;
}

int PortalTable::md_update(ptl_handle_md_t h, const MdSpec& spec, ptl_handle_eq_t eq, uint32_t eq_read) {
  const uint16_t i = md_index(h);
  if (i == kNone) return PTL_MD_INVALID;
  uint16_t test, md_eq;
  if (const int rc = eq_index(eq, &test)) return rc;
  if (const int rc = check_spec(spec, &md_eq)) return rc;
  if (test != kNone && eqs_[test].written != eq_read) return PTL_MD_NO_UPDATE;
  Md& m = mds_[i];
  m.spec = spec;
  m.eq = md_eq;
  m.local_offset = 0;  // a new description: its local offset starts over
  return PTL_OK;
}

// ---- translation -------------------------------------------------------------------------------

bool PortalTable::active(const Md& m) const {
  if (m.spec.threshold == 0) return false;
  // The high-water mark: inactive once the unused part is smaller than max_size.
  if ((m.spec.options & PTL_MD_MAX_SIZE) && m.spec.length - m.local_offset < m.spec.max_size) return false;
  return true;
}

bool PortalTable::accepts(const Md& m, const Request& r, uint32_t* offset, uint32_t* mlength) const {
  if (!active(m)) return false;
  if (!(m.spec.options & (r.get ? PTL_MD_OP_GET : PTL_MD_OP_PUT))) return false;
  const uint32_t off = (m.spec.options & PTL_MD_MANAGE_REMOTE) ? r.remote_offset : m.local_offset;
  const uint32_t room = off <= m.spec.length ? m.spec.length - off : 0;
  if (off > m.spec.length && !(m.spec.options & PTL_MD_TRUNCATE)) return false;
  uint32_t len = r.rlength;
  if (len > room) {
    if (!(m.spec.options & PTL_MD_TRUNCATE)) return false;
    len = room;
  }
  *offset = off <= m.spec.length ? off : m.spec.length;
  *mlength = len;
  return true;
}

bool PortalTable::match(const Request& r, Target* t, uint32_t* start_seq) {
  if (r.pt < kPortals)
    for (uint16_t i = head_[r.pt]; i != kNone; i = mes_[i].next) {
      const Me& e = mes_[i];
      if (e.nid != PTL_NID_ANY && e.nid != r.nid) continue;
      if (e.pid != PTL_PID_ANY && e.pid != r.pid) continue;
      if ((e.bits ^ r.match_bits) & ~e.ignore) continue;
      if (e.md == kNone) continue;
      Md& m = mds_[e.md];
      uint32_t offset, mlength;
      if (!accepts(m, r, &offset, &mlength)) continue;  // rejected: the walk goes on
      if (!infinite(m.spec.threshold)) --m.spec.threshold;
      if (!(m.spec.options & PTL_MD_MANAGE_REMOTE)) m.local_offset = offset + mlength;
      ++m.pending;
      t->md = e.md;
      t->offset = offset;
      t->mlength = mlength;
      t->host_addr = m.spec.start + offset;
      const Op op{{r.nid, r.pid}, r.pt, r.match_bits, r.rlength, mlength, offset, r.hdr_data};
      *start_seq = event(r.get ? PTL_EVENT_GET_START : PTL_EVENT_PUT_START, e.md, op);
      return true;
    }
  ++drops_;
  return false;
}

int PortalTable::start_initiator(ptl_handle_md_t h, bool put, uint32_t* offset, uint32_t* size, uint16_t* md,
                                 uint32_t* start_seq, Op* op) {
  const uint16_t i = md_index(h);
  if (i == kNone) return PTL_MD_INVALID;
  Md& m = mds_[i];
  if (m.spec.threshold == 0) return PTL_MD_INVALID;  // inactive: it can start nothing
  if (*size == kWhole) {
    *offset = 0;
    *size = m.spec.length;
  }
  if (*offset > m.spec.length || *size > m.spec.length - *offset) return PTL_MD_ILLEGAL;
  op->rlength = op->mlength = *size;
  op->offset = *offset;
  if (!infinite(m.spec.threshold)) --m.spec.threshold;
  ++m.pending;
  *md = i;
  *start_seq = ~0u;
  return PTL_OK;
}

uint16_t PortalTable::arrive(ptl_handle_md_t h, bool ack) {
  const uint16_t i = md_index(h);
  if (i == kNone) return kNone;
  Md& m = mds_[i];
  if (ack) {
    if (m.spec.threshold == 0) return kNone;  // used up: the ack is discarded
    if (!infinite(m.spec.threshold)) --m.spec.threshold;
    ++m.pending;
  }
  return i;
}

// ---- events ------------------------------------------------------------------------------------

void PortalTable::fill_md(ptl_md_t& out, const Md& m) const {
  out.start = reinterpret_cast<void*>(uintptr_t(m.spec.start));
  out.length = m.spec.length;
  out.threshold = m.spec.threshold;
  out.max_size = m.spec.max_size;
  out.options = m.spec.options;
  out.user_ptr = reinterpret_cast<void*>(uintptr_t(m.spec.user_ptr));
  out.eq_handle = m.spec.eq;
}

uint32_t PortalTable::event(ptl_event_kind_t kind, uint16_t md, const Op& op, uint32_t link) {
  const Md& m = mds_[md];
  if (m.eq == kNone) return ~0u;
  const bool start = kind == PTL_EVENT_GET_START || kind == PTL_EVENT_PUT_START || kind == PTL_EVENT_REPLY_START ||
                     kind == PTL_EVENT_SEND_START;
  const bool end = kind == PTL_EVENT_GET_END || kind == PTL_EVENT_PUT_END || kind == PTL_EVENT_REPLY_END ||
                   kind == PTL_EVENT_SEND_END;
  if (start && (m.spec.options & PTL_MD_EVENT_START_DISABLE)) return ~0u;
  if (end && (m.spec.options & PTL_MD_EVENT_END_DISABLE)) return ~0u;
  Eq& q = eqs_[m.eq];
  ptl_event_t e = {};
  e.type = kind;
  e.initiator = op.initiator;
  e.pt_index = op.pt;
  e.match_bits = op.match_bits;
  e.rlength = op.rlength;
  e.mlength = op.mlength;
  e.offset = op.offset;
  e.md_handle = handle(kMdKind, m.gen, md);
  fill_md(e.md, m);
  e.hdr_data = op.hdr_data;
  e.link = link;
  e.ni_fail_type = PTL_NI_OK;
  const uint32_t seq = q.written++;
  e.sequence = seq + 1;  // 0 marks a slot never written; PtlEQGet reports sequence - 1
  sink_->deliver(q.base + (seq % q.count) * sizeof(ptl_event_t), e);
  return seq;
}

void PortalTable::finish(uint16_t md) {
  Md& m = mds_[md];
  --m.pending;
  if (m.pending || active(m) || m.unlink_op != PTL_UNLINK) return;
  const Op op{{0, 0}, m.me != kNone ? mes_[m.me].pt : 0u, m.me != kNone ? mes_[m.me].bits : 0u, 0, 0, m.local_offset, 0};
  event(PTL_EVENT_UNLINK, md, op);
  const uint16_t me = m.me;
  drop_md(md);
  if (me != kNone && mes_[me].unlink_op == PTL_UNLINK) drop_me(me);
}

}  // namespace portals
