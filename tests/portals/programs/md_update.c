/* PtlMDUpdate (3.3, 3.10.9; seed mpi-on-portals3 section 3.4): the update happens only if the
 * given event queue is empty, which makes "look for an unexpected message, else post the receive"
 * atomic: it is refused (PTL_MD_NO_UPDATE) while an event waits, and applied once it is taken. */
#include "ptl_test.h"

int main(void) {
  pt_t t;
  pt_start(&t, "md_update");
  static char posted[16], unexpected[64], bell, src[8] = "update";
  ptl_handle_eq_t teq = pt_eq(&t, 16), beq = pt_eq(&t, 16), ieq = pt_eq(&t, 16), goeq = pt_eq(&t, 16);
  ptl_handle_md_t recv = PTL_INVALID_HANDLE;
  if (t.initiating) { /* where the target says "go on" */
    ptl_handle_me_t me = pt_me(&t, 17, ANY_ID, 0, 0, PTL_RETAIN, PTL_INS_AFTER);
    pt_md(&t, me, &bell, 1, 1, PTL_MD_OP_PUT, goeq, PTL_RETAIN);
  }
  if (t.targeted) {
    ptl_handle_me_t me = pt_me(&t, 15, ANY_ID, 0, 0, PTL_RETAIN, PTL_INS_AFTER); /* the posted receive: inactive */
    ptl_md_t md = {posted, 16, 0, 0, PTL_MD_OP_PUT, (void*)1, teq};
    PT_CHECK(&t, PtlMDAttach(me, md, PTL_RETAIN, &recv), PTL_OK);
    me = pt_me(&t, 15, ANY_ID, 0, 0, PTL_RETAIN, PTL_INS_AFTER); /* behind it: the unexpected buffer */
    ptl_md_t ux = {unexpected, 64, PTL_MD_THRESH_INF, 0, PTL_MD_OP_PUT, (void*)2, teq};
    ptl_handle_md_t h;
    PT_CHECK(&t, PtlMDAttach(me, ux, PTL_RETAIN, &h), PTL_OK);
    me = pt_me(&t, 16, ANY_ID, 0, 0, PTL_RETAIN, PTL_INS_AFTER);
    pt_md(&t, me, &bell, 1, 1, PTL_MD_OP_PUT, beq, PTL_RETAIN);
  }
  pt_ready(&t);
  ptl_handle_md_t md = PTL_INVALID_HANDLE;
  if (t.initiating) {
    md = pt_bind(&t, src, 8, PTL_MD_THRESH_INF, ieq);
    PT_CHECK(&t, PtlPut(md, PTL_NO_ACK_REQ, t.target, 15, 0, 0, 0, 0), PTL_OK); /* arrives unexpected */
    PT_CHECK(&t, PtlPutRegion(md, 0, 1, PTL_NO_ACK_REQ, t.target, 16, 0, 0, 0, 0), PTL_OK); /* then the bell */
  }
  if (t.targeted) {
    ptl_event_t e;
    PT_CHECK(&t, PtlEQWait(beq, &e), PTL_OK); /* the bell started: the message before it is in teq */
    ptl_md_t old, now = {posted, 16, 1, 0, PTL_MD_OP_PUT, (void*)1, teq};
    PT_CHECK(&t, PtlMDUpdate(recv, &old, NULL, teq), PTL_OK);
    if (old.threshold != 0 || old.start != posted || old.length != 16) pt_fail(&t, "old_md is not the MD");
    PT_CHECK(&t, PtlMDUpdate(recv, NULL, &now, teq), PTL_MD_NO_UPDATE);
    pt_expect(&t, teq, PTL_EVENT_PUT_START, WANT(.user_ptr = 2));
    pt_expect(&t, teq, PTL_EVENT_PUT_END, WANT(.user_ptr = 2));
    PT_CHECK(&t, PtlMDUpdate(recv, &old, &now, teq), PTL_OK); /* queue empty: the receive is posted */
    PT_CHECK(&t, PtlMDUpdate(recv, &old, NULL, PTL_EQ_NONE), PTL_OK);
    if (old.threshold != 1) pt_fail(&t, "the update did not take: threshold %d", old.threshold);
    ptl_handle_md_t go = pt_bind(&t, &bell, 1, 1, PTL_EQ_NONE);
    PT_CHECK(&t, PtlPut(go, PTL_NO_ACK_REQ, t.initiator, 17, 0, 0, 0, 0), PTL_OK);
  }
  if (t.initiating) {
    pt_expect(&t, goeq, PTL_EVENT_PUT_START, WANT(.mlength = 1));
    PT_CHECK(&t, PtlPut(md, PTL_NO_ACK_REQ, t.target, 15, 0, 0, 0, 0), PTL_OK); /* now expected */
  }
  if (t.targeted) {
    pt_expect(&t, teq, PTL_EVENT_PUT_START, WANT(.user_ptr = 1, .threshold = 0));
    pt_expect(&t, teq, PTL_EVENT_PUT_END, WANT(.user_ptr = 1));
    if (strcmp(posted, "update") || strcmp(unexpected, "update")) pt_fail(&t, "the data is misplaced");
  }
  return pt_done(&t);
}
