/* Truncation (3.3 PTL_MD_TRUNCATE): a put longer than the room left is taken in part (mlength <
 * rlength) by an MD that truncates, and refused by one that does not; the ack reports the
 * manipulated length to the initiator. */
#include "ptl_test.h"

int main(void) {
  pt_t t;
  pt_start(&t, "truncate");
  static char strict[16], cut[16], src[32];
  for (int i = 0; i < 32; ++i) src[i] = (char)('A' + i);
  ptl_handle_eq_t teq = pt_eq(&t, 16), ieq = pt_eq(&t, 16);
  if (t.targeted) {
    ptl_handle_me_t me = pt_me(&t, 11, ANY_ID, 0, 0, PTL_RETAIN, PTL_INS_AFTER);
    pt_md(&t, me, strict, 16, 1, PTL_MD_OP_PUT, teq, PTL_RETAIN);
    me = pt_me(&t, 11, ANY_ID, 0, 0, PTL_RETAIN, PTL_INS_AFTER);
    pt_md(&t, me, cut, 16, 1, PTL_MD_OP_PUT | PTL_MD_TRUNCATE, teq, PTL_RETAIN);
    me = pt_me(&t, 12, ANY_ID, 0, 0, PTL_RETAIN, PTL_INS_AFTER);
    pt_md(&t, me, strict, 16, 1, PTL_MD_OP_PUT, teq, PTL_RETAIN);
  }
  pt_ready(&t);
  if (t.initiating) {
    ptl_handle_md_t md = pt_bind(&t, src, 32, PTL_MD_THRESH_INF, ieq);
    PT_CHECK(&t, PtlPut(md, PTL_ACK_REQ, t.target, 11, 0, 0, 0, 0), PTL_OK);
    pt_expect(&t, ieq, PTL_EVENT_SEND_START, WANT(.mlength = 32));
    pt_expect(&t, ieq, PTL_EVENT_SEND_END, WANT(.mlength = 32));
    pt_expect(&t, ieq, PTL_EVENT_ACK, WANT(.rlength = 32, .mlength = 16));
    PT_CHECK(&t, PtlPut(md, PTL_ACK_REQ, t.target, 12, 0, 0, 0, 0), PTL_OK); /* no MD takes it: dropped */
    pt_expect(&t, ieq, PTL_EVENT_SEND_START, WANT(.mlength = 32));
    pt_expect(&t, ieq, PTL_EVENT_SEND_END, WANT(.mlength = 32));
    pt_expect_none(&t, ieq); /* a dropped put is not acknowledged */
  }
  if (t.targeted) {
    pt_expect(&t, teq, PTL_EVENT_PUT_START, WANT(.rlength = 32, .mlength = 16, .threshold = 0));
    pt_expect(&t, teq, PTL_EVENT_PUT_END, WANT(.rlength = 32, .mlength = 16));
    pt_expect_none(&t, teq);
    pt_drops(&t, 1);
    if (strict[0] || memcmp(cut, src, 16) || cut[15] != 'P') pt_fail(&t, "the truncated data is wrong");
  }
  return pt_done(&t);
}
