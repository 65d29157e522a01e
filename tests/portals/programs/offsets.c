/* Offsets (3.3, 3.10.5): without PTL_MD_MANAGE_REMOTE the target's MD keeps a local offset that
 * each put advances (the initiator's remote offset is ignored); with it, the remote offset places
 * the data. PtlPutRegion sends part of the initiator's MD. */
#include "ptl_test.h"

int main(void) {
  pt_t t;
  pt_start(&t, "offsets");
  static char local[64], remote[64], src[11] = "0123456789";
  ptl_handle_eq_t teq = pt_eq(&t, 16), ieq = pt_eq(&t, 16);
  if (t.targeted) {
    ptl_handle_me_t me = pt_me(&t, 8, ANY_ID, 0, 0, PTL_RETAIN, PTL_INS_AFTER);
    pt_md(&t, me, local, 64, PTL_MD_THRESH_INF, PTL_MD_OP_PUT, teq, PTL_RETAIN);
    me = pt_me(&t, 9, ANY_ID, 0, 0, PTL_RETAIN, PTL_INS_AFTER);
    pt_md(&t, me, remote, 64, PTL_MD_THRESH_INF, PTL_MD_OP_PUT | PTL_MD_MANAGE_REMOTE, teq, PTL_RETAIN);
  }
  pt_ready(&t);
  if (t.initiating) {
    ptl_handle_md_t md = pt_bind(&t, src, 10, PTL_MD_THRESH_INF, ieq);
    PT_CHECK(&t, PtlPut(md, PTL_NO_ACK_REQ, t.target, 8, 0, 0, 40, 0), PTL_OK);
    PT_CHECK(&t, PtlPutRegion(md, 2, 5, PTL_NO_ACK_REQ, t.target, 8, 0, 0, 40, 0), PTL_OK); /* "23456" */
    PT_CHECK(&t, PtlPut(md, PTL_NO_ACK_REQ, t.target, 9, 0, 0, 40, 0), PTL_OK);
    PT_CHECK(&t, PtlPutRegion(md, 8, 3, PTL_NO_ACK_REQ, t.target, 9, 0, 0, 0, 0), PTL_MD_ILLEGAL); /* past the end */
  }
  if (t.targeted) {
    pt_expect(&t, teq, PTL_EVENT_PUT_START, WANT(.offset = 0, .mlength = 10));
    pt_expect(&t, teq, PTL_EVENT_PUT_END, WANT(.offset = 0));
    pt_expect(&t, teq, PTL_EVENT_PUT_START, WANT(.offset = 10, .mlength = 5));
    pt_expect(&t, teq, PTL_EVENT_PUT_END, WANT(.offset = 10));
    pt_expect(&t, teq, PTL_EVENT_PUT_START, WANT(.offset = 40, .mlength = 10));
    pt_expect(&t, teq, PTL_EVENT_PUT_END, WANT(.offset = 40));
    pt_expect_none(&t, teq);
    if (strcmp(local, "012345678923456") || strcmp(remote + 40, "0123456789") || remote[0])
      pt_fail(&t, "the data is not where the offsets say");
  }
  return pt_done(&t);
}
