/* Acknowledgments (3.3 PtlPut, PTL_MD_ACK_DISABLE): a put with PTL_ACK_REQ gets a PTL_EVENT_ACK
 * unless the target's MD disables acks; PTL_NO_ACK_REQ never does. The ack names the target's
 * offset and the length it took. */
#include "ptl_test.h"

int main(void) {
  pt_t t;
  pt_start(&t, "ack");
  static char a[16], b[16], c[16], src[8] = "ackack!";
  ptl_handle_eq_t teq = pt_eq(&t, 16), ieq = pt_eq(&t, 16);
  if (t.targeted) {
    ptl_handle_me_t me = pt_me(&t, 13, ANY_ID, 1, 0, PTL_RETAIN, PTL_INS_AFTER);
    pt_md(&t, me, a, 16, 1, PTL_MD_OP_PUT | PTL_MD_ACK_DISABLE, teq, PTL_RETAIN);
    me = pt_me(&t, 13, ANY_ID, 2, 0, PTL_RETAIN, PTL_INS_AFTER);
    pt_md(&t, me, b, 16, 1, PTL_MD_OP_PUT, teq, PTL_RETAIN);
    me = pt_me(&t, 13, ANY_ID, 3, 0, PTL_RETAIN, PTL_INS_AFTER);
    pt_md(&t, me, c, 16, 1, PTL_MD_OP_PUT | PTL_MD_MANAGE_REMOTE, teq, PTL_RETAIN);
  }
  pt_ready(&t);
  if (t.initiating) {
    ptl_handle_md_t md = pt_bind(&t, src, 8, PTL_MD_THRESH_INF, ieq);
    PT_CHECK(&t, PtlPut(md, PTL_ACK_REQ, t.target, 13, 0, 1, 0, 0), PTL_OK);    /* acks disabled there */
    pt_expect(&t, ieq, PTL_EVENT_SEND_START, WANT(.match_bits = 1));
    pt_expect(&t, ieq, PTL_EVENT_SEND_END, WANT(.match_bits = 1));
    PT_CHECK(&t, PtlPut(md, PTL_NO_ACK_REQ, t.target, 13, 0, 2, 0, 0), PTL_OK); /* none asked */
    pt_expect(&t, ieq, PTL_EVENT_SEND_START, WANT(.match_bits = 2));
    pt_expect(&t, ieq, PTL_EVENT_SEND_END, WANT(.match_bits = 2));
    PT_CHECK(&t, PtlPut(md, PTL_ACK_REQ, t.target, 13, 0, 3, 4, 0), PTL_OK);
    pt_expect(&t, ieq, PTL_EVENT_SEND_START, WANT(.match_bits = 3));
    pt_expect(&t, ieq, PTL_EVENT_SEND_END, WANT(.match_bits = 3));
    pt_expect(&t, ieq, PTL_EVENT_ACK, WANT(.match_bits = 3, .mlength = 8, .offset = 4, .pt_index = 13,
                                          .initiator = t.target.nid));
    pt_expect_none(&t, ieq);
  }
  if (t.targeted) {
    for (int i = 1; i <= 3; ++i) {
      pt_expect(&t, teq, PTL_EVENT_PUT_START, WANT(.match_bits = i));
      pt_expect(&t, teq, PTL_EVENT_PUT_END, WANT(.match_bits = i));
    }
    pt_expect_none(&t, teq);
  }
  return pt_done(&t);
}
