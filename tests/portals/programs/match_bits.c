/* Match bits and ignore bits (3.3, 3.10.3 "match criteria"): an entry matches when the request's
 * bits equal its own everywhere the ignore bits are clear; a put that matches no entry is dropped
 * (PTL_SR_DROP_COUNT), and the initiator still sees its send events. */
#include "ptl_test.h"

int main(void) {
  pt_t t;
  pt_start(&t, "match_bits");
  static char buf[64], src[8] = "abcdefg";
  ptl_handle_eq_t teq = pt_eq(&t, 16), ieq = pt_eq(&t, 16);
  if (t.targeted) {
    ptl_handle_me_t me = pt_me(&t, 4, ANY_ID, 0x1200, 0x00FF, PTL_RETAIN, PTL_INS_AFTER);
    pt_md(&t, me, buf, sizeof buf, PTL_MD_THRESH_INF, PTL_MD_OP_PUT, teq, PTL_RETAIN);
  }
  pt_ready(&t);
  if (t.initiating) {
    ptl_handle_md_t md = pt_bind(&t, src, 8, PTL_MD_THRESH_INF, ieq);
    const ptl_match_bits_t bits[3] = {0x1234 /* low byte ignored */, 0x1334 /* bit 8 differs */, 0x12FF};
    for (int i = 0; i < 3; ++i) {
      PT_CHECK(&t, PtlPut(md, PTL_NO_ACK_REQ, t.target, 4, 0, bits[i], 0, 0), PTL_OK);
      pt_expect(&t, ieq, PTL_EVENT_SEND_START, WANT(.mlength = 8));
      pt_expect(&t, ieq, PTL_EVENT_SEND_END, WANT(.mlength = 8));
    }
    pt_expect_none(&t, ieq);
  }
  if (t.targeted) {
    pt_expect(&t, teq, PTL_EVENT_PUT_START, WANT(.match_bits = 0x1234, .mlength = 8, .offset = 0));
    pt_expect(&t, teq, PTL_EVENT_PUT_END, WANT(.match_bits = 0x1234));
    pt_expect(&t, teq, PTL_EVENT_PUT_START, WANT(.match_bits = 0x12FF, .offset = 8));
    pt_expect(&t, teq, PTL_EVENT_PUT_END, WANT(.match_bits = 0x12FF));
    pt_expect_none(&t, teq);
    pt_drops(&t, 1);
  }
  return pt_done(&t);
}
