/* Get and reply (3.3 PtlGet): the target's MD (taking gets) answers with its data: GET_START and
 * GET_END at the target, REPLY_START and REPLY_END at the initiator, whose MD receives the data;
 * a get that no MD takes is dropped and never replied to. PtlGetRegion fills part of the MD. */
#include "ptl_test.h"

int main(void) {
  pt_t t;
  pt_start(&t, "get_reply");
  static char data[6000], into[6000], part[16];
  ptl_handle_eq_t teq = pt_eq(&t, 16), ieq = pt_eq(&t, 16);
  if (t.targeted) {
    for (int i = 0; i < 6000; ++i) data[i] = (char)(i * 7 + 1);
    ptl_handle_me_t me = pt_me(&t, 22, ANY_ID, 5, 0, PTL_UNLINK, PTL_INS_AFTER);
    pt_md(&t, me, data, 6000, 2, PTL_MD_OP_GET | PTL_MD_MANAGE_REMOTE, teq, PTL_UNLINK);
  }
  pt_ready(&t);
  if (t.initiating) {
    ptl_md_t d = {into, 6000, 1, 0, 0, (void*)9, ieq};
    ptl_handle_md_t md;
    PT_CHECK(&t, PtlMDBind(t.ni, d, PTL_UNLINK, &md), PTL_OK);
    PT_CHECK(&t, PtlGet(md, t.target, 22, 0, 5, 0), PTL_OK); /* 6000 bytes: two packets */
    pt_expect(&t, ieq, PTL_EVENT_REPLY_START, WANT(.mlength = 6000, .user_ptr = 9));
    pt_expect(&t, ieq, PTL_EVENT_REPLY_END, WANT(.mlength = 6000, .threshold = 0));
    pt_expect(&t, ieq, PTL_EVENT_UNLINK, WANT(.user_ptr = 9));
    ptl_md_t p = {part, 16, 2, 0, 0, (void*)10, ieq};
    PT_CHECK(&t, PtlMDBind(t.ni, p, PTL_UNLINK, &md), PTL_OK);
    PT_CHECK(&t, PtlGet(md, t.target, 22, 0, 6, 0), PTL_OK); /* no entry matches 6: dropped */
    PT_CHECK(&t, PtlGetRegion(md, 4, 8, t.target, 22, 0, 5, 100), PTL_OK);
    pt_expect(&t, ieq, PTL_EVENT_REPLY_START, WANT(.mlength = 8, .offset = 4));
    pt_expect(&t, ieq, PTL_EVENT_REPLY_END, WANT(.mlength = 8));
    pt_expect_none(&t, ieq);
    for (int i = 0; i < 6000; ++i)
      if (into[i] != (char)(i * 7 + 1)) pt_fail(&t, "reply byte %d is wrong", i);
    for (int i = 0; i < 8; ++i)
      if (part[4 + i] != (char)((100 + i) * 7 + 1) || part[i / 2] || part[12 + i / 2]) pt_fail(&t, "region byte %d", i);
  }
  if (t.targeted) {
    pt_expect(&t, teq, PTL_EVENT_GET_START, WANT(.rlength = 6000, .mlength = 6000, .offset = 0, .threshold = 1));
    pt_expect(&t, teq, PTL_EVENT_GET_END, WANT(.mlength = 6000));
    pt_expect(&t, teq, PTL_EVENT_GET_START, WANT(.rlength = 8, .mlength = 8, .offset = 100, .threshold = 0));
    pt_expect(&t, teq, PTL_EVENT_GET_END, WANT(.mlength = 8));
    pt_expect(&t, teq, PTL_EVENT_UNLINK, WANT());
    pt_expect_none(&t, teq);
    pt_drops(&t, 1);
  }
  return pt_done(&t);
}
