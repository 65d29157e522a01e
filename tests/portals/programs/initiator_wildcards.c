/* Initiator ids in match entries (3.3, 3.10.3): an entry names one process or takes any
 * (PTL_NID_ANY, PTL_PID_ANY); an entry for another process is passed over. */
#include "ptl_test.h"

int main(void) {
  pt_t t;
  pt_start(&t, "initiator_wildcards");
  static char a[16], b[16], c[16], src[4] = "xyz";
  ptl_handle_eq_t teq = pt_eq(&t, 16), ieq = pt_eq(&t, 16);
  if (t.targeted) {
    ptl_md_t md = {a, 16, 1, 0, PTL_MD_OP_PUT, (void*)1, teq};
    ptl_handle_md_t h;
    ptl_handle_me_t me = pt_me(&t, 5, (ptl_process_id_t){7, 0}, 0, 0, PTL_UNLINK, PTL_INS_AFTER); /* nobody */
    PT_CHECK(&t, PtlMDAttach(me, md, PTL_UNLINK, &h), PTL_OK);
    me = pt_me(&t, 5, (ptl_process_id_t){t.initiator.nid, 1}, 0, 0, PTL_UNLINK, PTL_INS_AFTER); /* other pid */
    md.start = b;
    md.user_ptr = (void*)2;
    PT_CHECK(&t, PtlMDAttach(me, md, PTL_UNLINK, &h), PTL_OK);
    me = pt_me(&t, 5, (ptl_process_id_t){t.initiator.nid, 0}, 0, 0, PTL_UNLINK, PTL_INS_AFTER); /* exactly */
    md.start = c;
    md.user_ptr = (void*)3;
    PT_CHECK(&t, PtlMDAttach(me, md, PTL_UNLINK, &h), PTL_OK);
    me = pt_me(&t, 5, (ptl_process_id_t){PTL_NID_ANY, 0}, 0, 0, PTL_UNLINK, PTL_INS_AFTER); /* any node */
    md.start = a;
    md.user_ptr = (void*)4;
    PT_CHECK(&t, PtlMDAttach(me, md, PTL_UNLINK, &h), PTL_OK);
  }
  pt_ready(&t);
  if (t.initiating) {
    ptl_handle_md_t md = pt_bind(&t, src, 4, PTL_MD_THRESH_INF, ieq);
    PT_CHECK(&t, PtlPut(md, PTL_NO_ACK_REQ, t.target, 5, 0, 0, 0, 0), PTL_OK);
    PT_CHECK(&t, PtlPut(md, PTL_NO_ACK_REQ, t.target, 5, 0, 0, 0, 0), PTL_OK);
  }
  if (t.targeted) {
    pt_expect(&t, teq, PTL_EVENT_PUT_START, WANT(.user_ptr = 3, .initiator = t.initiator.nid));
    pt_expect(&t, teq, PTL_EVENT_PUT_END, WANT(.user_ptr = 3, .threshold = 0));
    pt_expect(&t, teq, PTL_EVENT_UNLINK, WANT(.user_ptr = 3));
    pt_expect(&t, teq, PTL_EVENT_PUT_START, WANT(.user_ptr = 4));
    pt_expect(&t, teq, PTL_EVENT_PUT_END, WANT(.user_ptr = 4));
    pt_expect(&t, teq, PTL_EVENT_UNLINK, WANT(.user_ptr = 4));
    pt_expect_none(&t, teq);
    if (strcmp(c, "xyz") || strcmp(a, "xyz") || b[0]) pt_fail(&t, "the data went elsewhere");
  }
  return pt_done(&t);
}
