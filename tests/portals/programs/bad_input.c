/* Bad input gets the spec's codes (3.3, 3.17): invalid and stale handles, a portal index out of
 * range, an unknown process, an IOVEC MD, a second MD on an entry; and an event queue that
 * overflows keeps the newest events and says so: PtlEQGet returns PTL_EQ_DROPPED once, then the
 * rest in order (nothing is lost silently). */
#include "ptl_test.h"

int main(void) {
  pt_t t;
  pt_start(&t, "bad_input");
  static char buf[8];
  ptl_handle_me_t me;
  ptl_handle_md_t md;
  ptl_handle_eq_t eq = pt_eq(&t, 4), done = pt_eq(&t, 4);
  ptl_event_t e;
  ptl_md_t d = {buf, 8, 1, 0, PTL_MD_OP_PUT, NULL, eq};
  PT_CHECK(&t, PtlMDUnlink(PTL_INVALID_HANDLE), PTL_MD_INVALID);
  PT_CHECK(&t, PtlMEUnlink(0x4000ABCDu), PTL_ME_INVALID);
  PT_CHECK(&t, PtlEQGet(0x2000FFFFu, &e), PTL_EQ_INVALID);
  PT_CHECK(&t, PtlNIStatus(12345, PTL_SR_DROP_COUNT, NULL), PTL_NI_INVALID);
  PT_CHECK(&t, PtlMEAttach(t.ni, PTL_PT_INDEX_COUNT, ANY_ID, 0, 0, PTL_RETAIN, PTL_INS_AFTER, &me), PTL_PT_INDEX_INVALID);
  PT_CHECK(&t, PtlMEAttach(t.ni, 40, ANY_ID, 0, 0, PTL_RETAIN, PTL_INS_AFTER, &me), PTL_OK);
  PT_CHECK(&t, PtlMDAttach(me, d, PTL_RETAIN, &md), PTL_OK);
  PT_CHECK(&t, PtlMDAttach(me, d, PTL_RETAIN, &md), PTL_ME_IN_USE);
  ptl_md_t iovec = d, bad_eq = d;
  iovec.options |= PTL_MD_IOVEC;
  bad_eq.eq_handle = 0x20000033u;
  PT_CHECK(&t, PtlMDBind(t.ni, iovec, PTL_RETAIN, &md), PTL_MD_ILLEGAL);
  PT_CHECK(&t, PtlMDBind(t.ni, bad_eq, PTL_RETAIN, &md), PTL_EQ_INVALID);
  PT_CHECK(&t, PtlMEUnlink(me), PTL_OK);
  PT_CHECK(&t, PtlMEUnlink(me), PTL_ME_INVALID); /* stale */
  ptl_md_t s = {buf, 8, PTL_MD_THRESH_INF, 0, 0, NULL, eq};
  PT_CHECK(&t, PtlMDBind(t.ni, s, PTL_RETAIN, &md), PTL_OK);
  PT_CHECK(&t, PtlPut(md, PTL_NO_ACK_REQ, (ptl_process_id_t){99, 0}, 1, 0, 0, 0, 0), PTL_PROCESS_INVALID);
  PT_CHECK(&t, PtlPut(md, PTL_NO_ACK_REQ, t.me, 64, 0, 0, 0, 0), PTL_PT_INDEX_INVALID);
  PT_CHECK(&t, PtlPut(md, PTL_NO_ACK_REQ, t.me, 1, 3, 0, 0, 0), PTL_AC_INDEX_INVALID);
  /* Overflow: four puts (eight events) into a queue of four, then one from another MD to know when
   * they have all gone (puts leave in order). */
  for (int i = 0; i < 4; ++i) PT_CHECK(&t, PtlPut(md, PTL_NO_ACK_REQ, t.me, 41, 0, i, 0, 0), PTL_OK);
  ptl_md_t fin = {buf, 1, 1, 0, 0, NULL, done};
  ptl_handle_md_t last;
  PT_CHECK(&t, PtlMDBind(t.ni, fin, PTL_UNLINK, &last), PTL_OK);
  PT_CHECK(&t, PtlPut(last, PTL_NO_ACK_REQ, t.me, 41, 0, 9, 0, 0), PTL_OK);
  pt_expect(&t, done, PTL_EVENT_SEND_START, WANT());
  pt_expect(&t, done, PTL_EVENT_SEND_END, WANT());
  PT_CHECK(&t, PtlEQGet(eq, &e), PTL_EQ_DROPPED);
  if (e.sequence != 4) pt_fail(&t, "after the drop: event %u %s bits %llu", e.sequence, PtlEventKindStr(e.type), (unsigned long long)e.match_bits);
  for (unsigned seq = 5; seq < 8; ++seq) {
    PT_CHECK(&t, PtlEQGet(eq, &e), PTL_OK);
    if (e.sequence != seq) pt_fail(&t, "event %u where %u belongs", e.sequence, seq);
  }
  PT_CHECK(&t, PtlEQGet(eq, &e), PTL_EQ_EMPTY);
  PT_CHECK(&t, PtlMDUnlink(md), PTL_OK);
  PT_CHECK(&t, PtlEQFree(eq), PTL_OK);
  PT_CHECK(&t, PtlEQGet(eq, &e), PTL_EQ_INVALID);
  printf("  node %u: every bad call refused with the spec's code; the overflow reported\n", t.me.nid);
  return pt_done(&t);
}
