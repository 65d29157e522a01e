/* Thresholds (3.3, 3.10.5): each operation counts one down; at 0 the MD is inactive and, attached
 * with PTL_UNLINK, unlinked (PTL_EVENT_UNLINK after the operation's end event), its match entry with
 * it when that was attached with PTL_UNLINK; PTL_MD_THRESH_INF never runs out. */
#include "ptl_test.h"

int main(void) {
  pt_t t;
  pt_start(&t, "threshold");
  static char a[64], b[64], src[4] = "abc";
  ptl_handle_eq_t teq = pt_eq(&t, 32), ieq = pt_eq(&t, 32);
  if (t.targeted) {
    ptl_handle_me_t me = pt_me(&t, 7, ANY_ID, 0, 0, PTL_UNLINK, PTL_INS_AFTER);
    ptl_md_t md = {a, 64, 2, 0, PTL_MD_OP_PUT, (void*)1, teq};
    ptl_handle_md_t h;
    PT_CHECK(&t, PtlMDAttach(me, md, PTL_UNLINK, &h), PTL_OK);
    me = pt_me(&t, 7, ANY_ID, 0, 0, PTL_RETAIN, PTL_INS_AFTER);
    ptl_md_t inf = {b, 64, PTL_MD_THRESH_INF, 0, PTL_MD_OP_PUT, (void*)2, teq};
    PT_CHECK(&t, PtlMDAttach(me, inf, PTL_UNLINK, &h), PTL_OK);
  }
  pt_ready(&t);
  if (t.initiating) {
    ptl_handle_md_t md = pt_bind(&t, src, 4, 6, ieq); /* five puts use five of its six */
    for (int i = 0; i < 5; ++i) {
      PT_CHECK(&t, PtlPut(md, PTL_NO_ACK_REQ, t.target, 7, 0, 0, 0, 0), PTL_OK);
      pt_expect(&t, ieq, PTL_EVENT_SEND_START, WANT(.threshold = 5 - i));
      pt_expect(&t, ieq, PTL_EVENT_SEND_END, WANT(.threshold = 5 - i));
    }
    pt_expect_none(&t, ieq); /* threshold 1 left: not unlinked */
    PT_CHECK(&t, PtlMDUnlink(md), PTL_OK);
  }
  if (t.targeted) {
    pt_expect(&t, teq, PTL_EVENT_PUT_START, WANT(.user_ptr = 1, .threshold = 1, .offset = 0));
    pt_expect(&t, teq, PTL_EVENT_PUT_END, WANT(.user_ptr = 1, .threshold = 1));
    pt_expect(&t, teq, PTL_EVENT_PUT_START, WANT(.user_ptr = 1, .threshold = 0, .offset = 4));
    pt_expect(&t, teq, PTL_EVENT_PUT_END, WANT(.user_ptr = 1, .threshold = 0));
    pt_expect(&t, teq, PTL_EVENT_UNLINK, WANT(.user_ptr = 1));
    for (int i = 0; i < 3; ++i) {
      pt_expect(&t, teq, PTL_EVENT_PUT_START, WANT(.user_ptr = 2, .threshold = PTL_MD_THRESH_INF, .offset = 4 * i));
      pt_expect(&t, teq, PTL_EVENT_PUT_END, WANT(.user_ptr = 2, .threshold = PTL_MD_THRESH_INF));
    }
    pt_expect_none(&t, teq);
  }
  return pt_done(&t);
}
