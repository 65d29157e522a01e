/* Helpers of the Portals semantic tests (tests/portals): each test is one rule of the Portals 3.3
 * spec written as an expected-event script. On one node the process is initiator and target; on
 * two, rank 0 initiates and rank 1 is the target. Every event is checked against the script
 * (kind, then each field the script names); a mismatch prints what differed and exits 1. */
#ifndef PTL_TEST_H
#define PTL_TEST_H
#include <portals3.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SYNC_PT 63
#define ANY_ID ((ptl_process_id_t){PTL_NID_ANY, PTL_PID_ANY})

typedef struct {
  const char* name;
  ptl_handle_ni_t ni;
  ptl_process_id_t me, target, initiator;
  int initiating, targeted, nodes;
  ptl_handle_eq_t sync_eq;
  ptl_handle_md_t sync_md;
  char sync_byte;
} pt_t;

/* Fields of an expected event; PT_ANY = not checked. */
#define PT_ANY (-0x7FFFFFFFLL)
typedef struct {
  long long rlength, mlength, offset, threshold, hdr_data, match_bits, initiator, pt_index, user_ptr;
} want_t;
#define WANT(...)                                                                                                  \
  ((want_t){.rlength = PT_ANY, .mlength = PT_ANY, .offset = PT_ANY, .threshold = PT_ANY, .hdr_data = PT_ANY,       \
            .match_bits = PT_ANY, .initiator = PT_ANY, .pt_index = PT_ANY, .user_ptr = PT_ANY, __VA_ARGS__})

static inline void pt_fail(pt_t* t, const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  printf("portals %s (node %u): FAILED: ", t->name, t->me.nid);
  vprintf(fmt, ap);
  printf("\n");
  va_end(ap);
  fflush(stdout);
  exit(1);
}

#define PT_CHECK(t, call, code)                                                                                    \
  do {                                                                                                             \
    int rc_ = (call);                                                                                              \
    if (rc_ != (code)) pt_fail((t), "%s returned %s, the spec says %s", #call, PtlErrorStr(rc_), PtlErrorStr(code)); \
  } while (0)

/* ni, ids and roles; nodes = PMI_SIZE (1 or 2). */
static inline void pt_start(pt_t* t, const char* name) {
  memset(t, 0, sizeof *t);
  t->name = name;
  PT_CHECK(t, PtlInit(NULL), PTL_OK);
  PT_CHECK(t, PtlNIInit(PTL_IFACE_DEFAULT, PTL_PID_ANY, NULL, NULL, &t->ni), PTL_OK);
  PT_CHECK(t, PtlGetId(t->ni, &t->me), PTL_OK);
  const char* size = getenv("PMI_SIZE");
  t->nodes = size ? atoi(size) : 1;
  t->initiator = (ptl_process_id_t){0, 0};
  t->target = (ptl_process_id_t){(ptl_nid_t)(t->nodes - 1), 0};
  t->initiating = t->me.nid == 0;
  t->targeted = t->me.nid == (ptl_nid_t)(t->nodes - 1);
  PT_CHECK(t, PtlEQAlloc(t->ni, 64, PTL_EQ_HANDLER_NONE, &t->sync_eq), PTL_OK);
}

static inline ptl_handle_eq_t pt_eq(pt_t* t, ptl_size_t count) {
  ptl_handle_eq_t eq;
  PT_CHECK(t, PtlEQAlloc(t->ni, count, PTL_EQ_HANDLER_NONE, &eq), PTL_OK);
  return eq;
}

static inline ptl_handle_me_t pt_me(pt_t* t, ptl_pt_index_t pt, ptl_process_id_t id, ptl_match_bits_t bits,
                             ptl_match_bits_t ignore, ptl_unlink_t unlink, ptl_ins_pos_t pos) {
  ptl_handle_me_t me;
  PT_CHECK(t, PtlMEAttach(t->ni, pt, id, bits, ignore, unlink, pos, &me), PTL_OK);
  return me;
}

static inline ptl_handle_md_t pt_md(pt_t* t, ptl_handle_me_t me, void* start, ptl_size_t length, int threshold,
                             unsigned options, ptl_handle_eq_t eq, ptl_unlink_t unlink) {
  ptl_md_t md = {start, length, threshold, 0, options, NULL, eq};
  ptl_handle_md_t h;
  PT_CHECK(t, PtlMDAttach(me, md, unlink, &h), PTL_OK);
  return h;
}

static inline ptl_handle_md_t pt_bind(pt_t* t, void* start, ptl_size_t length, int threshold, ptl_handle_eq_t eq) {
  ptl_md_t md = {start, length, threshold, 0, 0, NULL, eq};
  ptl_handle_md_t h;
  PT_CHECK(t, PtlMDBind(t->ni, md, PTL_UNLINK, &h), PTL_OK);
  return h;
}

/* The target is ready (its entries are in place) before the initiator starts: on two nodes the
 * target puts to the initiator's sync portal until that put is acknowledged (a put that arrives
 * before the initiator's entry exists is dropped, as Portals drops any unmatched put). */
static inline void pt_ready(pt_t* t) {
  if (t->nodes == 1) return;
  ptl_event_t e;
  if (t->initiating) {
    ptl_handle_me_t me = pt_me(t, SYNC_PT, ANY_ID, 0, 0, PTL_RETAIN, PTL_INS_AFTER);
    ptl_md_t md = {&t->sync_byte, 1, PTL_MD_THRESH_INF, 0, PTL_MD_OP_PUT | PTL_MD_MANAGE_REMOTE | PTL_MD_EVENT_START_DISABLE,
                   NULL, t->sync_eq};
    PT_CHECK(t, PtlMDAttach(me, md, PTL_RETAIN, &t->sync_md), PTL_OK);
    PT_CHECK(t, PtlEQWait(t->sync_eq, &e), PTL_OK);
    PT_CHECK(t, PtlMEUnlink(me), PTL_OK);  /* later tries are dropped */
    return;
  }
  ptl_handle_md_t md = pt_bind(t, &t->sync_byte, 1, PTL_MD_THRESH_INF, t->sync_eq);
  for (;;) {
    PT_CHECK(t, PtlPut(md, PTL_ACK_REQ, t->initiator, SYNC_PT, 0, 0, 0, 0), PTL_OK);
    int acked = 0, which;
    while (PtlEQPoll(&t->sync_eq, 1, 1, &e, &which) == PTL_OK)
      if (e.type == PTL_EVENT_ACK) acked = 1;
    if (acked) break;
  }
}

/* The next event of eq is `kind` with the fields of w. Returns it. */
static inline ptl_event_t pt_expect(pt_t* t, ptl_handle_eq_t eq, ptl_event_kind_t kind, want_t w) {
  ptl_event_t e;
  int rc = PtlEQWait(eq, &e);
  if (rc != PTL_OK) pt_fail(t, "PtlEQWait for %s returned %s", PtlEventKindStr(kind), PtlErrorStr(rc));
  if (e.type != kind) pt_fail(t, "event %u is %s, the script expects %s", e.sequence, PtlEventKindStr(e.type), PtlEventKindStr(kind));
#define FIELD(f, v)                                                                                                \
  if (w.f != PT_ANY && (long long)(v) != w.f)                                                                          \
    pt_fail(t, "%s (event %u): " #f " is %lld, the script expects %lld", PtlEventKindStr(kind), e.sequence,           \
            (long long)(v), w.f);
  FIELD(rlength, e.rlength)
  FIELD(mlength, e.mlength)
  FIELD(offset, e.offset)
  FIELD(threshold, e.md.threshold)
  FIELD(hdr_data, e.hdr_data)
  FIELD(match_bits, e.match_bits)
  FIELD(initiator, e.initiator.nid)
  FIELD(pt_index, e.pt_index)
  FIELD(user_ptr, (uintptr_t)e.md.user_ptr)
#undef FIELD
  printf("  node %u: %-21s rlength %llu mlength %llu offset %llu threshold %d\n", t->me.nid, PtlEventKindStr(kind),
         (unsigned long long)e.rlength, (unsigned long long)e.mlength, (unsigned long long)e.offset, e.md.threshold);
  return e;
}

/* Nothing more arrives in eq (waits a simulated millisecond for stragglers first). */
static inline void pt_expect_none(pt_t* t, ptl_handle_eq_t eq) {
  ptl_event_t e;
  int which;
  int rc = PtlEQPoll(&eq, 1, 1, &e, &which);
  if (rc != PTL_EQ_EMPTY) pt_fail(t, "an event the script does not expect: %s (%s)", PtlEventKindStr(e.type), PtlErrorStr(rc));
}

static inline void pt_drops(pt_t* t, int expected) {
  ptl_sr_value_t v;
  PT_CHECK(t, PtlNIStatus(t->ni, PTL_SR_DROP_COUNT, &v), PTL_OK);
  if (v != expected) pt_fail(t, "PTL_SR_DROP_COUNT is %d, the script expects %d", (int)v, expected);
}

static inline int pt_done(pt_t* t) {
  printf("portals %s (node %u of %d): ok\n", t->name, t->me.nid, t->nodes);
  PtlNIFini(t->ni);
  PtlFini();
  return 0;
}
#endif
