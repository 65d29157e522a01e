/* Events and their fields (3.3, 3.11): a put with an ack gives the initiator SEND_START,
 * SEND_END and ACK, the target PUT_START and PUT_END, in that order, each naming the initiator,
 * portal, match bits, lengths, offset, header data and the MD's state; an end event's link is its
 * start event's sequence; PTL_MD_EVENT_START_DISABLE / _END_DISABLE leave those out. */
#include "ptl_test.h"

int main(void) {
  pt_t t;
  pt_start(&t, "events");
  static char buf[64], quiet[16], src[12] = "eleven byte";
  const ptl_hdr_data_t hdr = 0x1122334455667788ull;
  ptl_handle_eq_t teq = pt_eq(&t, 16), ieq = pt_eq(&t, 16);
  if (t.targeted) {
    ptl_handle_me_t me = pt_me(&t, 20, ANY_ID, 0xABC, 0, PTL_RETAIN, PTL_INS_AFTER);
    pt_md(&t, me, buf, 64, 1, PTL_MD_OP_PUT | PTL_MD_MANAGE_REMOTE, teq, PTL_RETAIN);
    me = pt_me(&t, 21, ANY_ID, 0, 0, PTL_RETAIN, PTL_INS_AFTER);
    pt_md(&t, me, quiet, 16, 2, PTL_MD_OP_PUT | PTL_MD_EVENT_START_DISABLE, teq, PTL_RETAIN);
  }
  pt_ready(&t);
  if (t.initiating) {
    ptl_md_t d = {src, 12, 3, 0, PTL_MD_EVENT_END_DISABLE, (void*)77, ieq};
    ptl_handle_md_t md;
    PT_CHECK(&t, PtlMDBind(t.ni, d, PTL_UNLINK, &md), PTL_OK);
    ptl_md_t d2 = {src, 12, 2, 0, 0, (void*)78, ieq};
    ptl_handle_md_t md2;
    PT_CHECK(&t, PtlMDBind(t.ni, d2, PTL_UNLINK, &md2), PTL_OK);
    PT_CHECK(&t, PtlPut(md2, PTL_ACK_REQ, t.target, 20, 0, 0xABC, 4, hdr), PTL_OK);
    ptl_event_t s = pt_expect(&t, ieq, PTL_EVENT_SEND_START,
                              WANT(.initiator = t.me.nid, .pt_index = 20, .match_bits = 0xABC, .rlength = 12,
                                   .mlength = 12, .offset = 0, .hdr_data = (long long)hdr, .threshold = 1, .user_ptr = 78));
    ptl_event_t e = pt_expect(&t, ieq, PTL_EVENT_SEND_END, WANT(.match_bits = 0xABC, .mlength = 12, .user_ptr = 78));
    if (e.link != s.sequence || e.sequence != s.sequence + 1 || e.md_handle != md2) pt_fail(&t, "SEND_END's link, sequence or handle");
    pt_expect(&t, ieq, PTL_EVENT_ACK, WANT(.match_bits = 0xABC, .mlength = 12, .offset = 4, .threshold = 0, .user_ptr = 78));
    pt_expect(&t, ieq, PTL_EVENT_UNLINK, WANT(.user_ptr = 78)); /* two operations: send and ack */
    PT_CHECK(&t, PtlPut(md, PTL_NO_ACK_REQ, t.target, 21, 0, 0, 0, 0), PTL_OK);
    pt_expect(&t, ieq, PTL_EVENT_SEND_START, WANT(.user_ptr = 77, .threshold = 2)); /* no SEND_END */
    pt_expect_none(&t, ieq);
  }
  if (t.targeted) {
    ptl_event_t s = pt_expect(&t, teq, PTL_EVENT_PUT_START,
                              WANT(.initiator = t.initiator.nid, .pt_index = 20, .match_bits = 0xABC, .rlength = 12,
                                   .mlength = 12, .offset = 4, .hdr_data = (long long)hdr, .threshold = 0));
    ptl_event_t e = pt_expect(&t, teq, PTL_EVENT_PUT_END, WANT(.offset = 4, .hdr_data = (long long)hdr));
    if (e.link != s.sequence) pt_fail(&t, "PUT_END's link is %u, its start is %u", e.link, s.sequence);
    pt_expect(&t, teq, PTL_EVENT_PUT_END, WANT(.pt_index = 21, .threshold = 1)); /* no PUT_START */
    pt_expect_none(&t, teq);
    if (strcmp(buf + 4, "eleven byte")) pt_fail(&t, "the data is misplaced");
  }
  return pt_done(&t);
}
