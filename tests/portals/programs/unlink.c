/* Unlinking (3.3 PtlMEUnlink, PtlMDUnlink, PTL_UNLINK): an MD used up and attached with PTL_UNLINK
 * is unlinked with a PTL_EVENT_UNLINK, its entry too if that was attached with PTL_UNLINK, and their
 * handles are then invalid; with PTL_RETAIN it stays (inactive) until unlinked by hand, which writes
 * no event; unlinking an entry unlinks its MD. */
#include "ptl_test.h"

int main(void) {
  pt_t t;
  pt_start(&t, "unlink");
  static char a[8], b[8], c[8], src[4] = "abc";
  ptl_handle_eq_t teq = pt_eq(&t, 16), ieq = pt_eq(&t, 16);
  ptl_handle_me_t me1 = 0, me2 = 0, me3 = 0;
  ptl_handle_md_t md1 = 0, md2 = 0, md3 = 0;
  if (t.targeted) {
    me1 = pt_me(&t, 30, ANY_ID, 0, 0, PTL_UNLINK, PTL_INS_AFTER);
    md1 = pt_md(&t, me1, a, 8, 1, PTL_MD_OP_PUT, teq, PTL_UNLINK);
    me2 = pt_me(&t, 31, ANY_ID, 0, 0, PTL_RETAIN, PTL_INS_AFTER);
    md2 = pt_md(&t, me2, b, 8, 1, PTL_MD_OP_PUT, teq, PTL_UNLINK);
    me3 = pt_me(&t, 32, ANY_ID, 0, 0, PTL_UNLINK, PTL_INS_AFTER);
    md3 = pt_md(&t, me3, c, 8, 1, PTL_MD_OP_PUT, teq, PTL_RETAIN);
  }
  pt_ready(&t);
  if (t.initiating) {
    ptl_handle_md_t md = pt_bind(&t, src, 4, PTL_MD_THRESH_INF, ieq);
    for (ptl_pt_index_t pt = 30; pt <= 32; ++pt) {
      PT_CHECK(&t, PtlPut(md, PTL_NO_ACK_REQ, t.target, pt, 0, 0, 0, 0), PTL_OK);
      pt_expect(&t, ieq, PTL_EVENT_SEND_START, WANT());
      pt_expect(&t, ieq, PTL_EVENT_SEND_END, WANT());
    }
  }
  if (t.targeted) {
    pt_expect(&t, teq, PTL_EVENT_PUT_START, WANT(.pt_index = 30));
    pt_expect(&t, teq, PTL_EVENT_PUT_END, WANT(.pt_index = 30));
    pt_expect(&t, teq, PTL_EVENT_UNLINK, WANT(.pt_index = 30));
    pt_expect(&t, teq, PTL_EVENT_PUT_START, WANT(.pt_index = 31));
    pt_expect(&t, teq, PTL_EVENT_PUT_END, WANT(.pt_index = 31));
    pt_expect(&t, teq, PTL_EVENT_UNLINK, WANT(.pt_index = 31));
    pt_expect(&t, teq, PTL_EVENT_PUT_START, WANT(.pt_index = 32, .threshold = 0));
    pt_expect(&t, teq, PTL_EVENT_PUT_END, WANT(.pt_index = 32)); /* retained: no unlink */
    pt_expect_none(&t, teq);
    PT_CHECK(&t, PtlMDUnlink(md1), PTL_MD_INVALID); /* gone with its entry */
    PT_CHECK(&t, PtlMEUnlink(me1), PTL_ME_INVALID);
    PT_CHECK(&t, PtlMDUnlink(md2), PTL_MD_INVALID);
    ptl_md_t again = {b, 8, 1, 0, PTL_MD_OP_PUT, NULL, teq};
    PT_CHECK(&t, PtlMDAttach(me2, again, PTL_UNLINK, &md2), PTL_OK); /* the entry stayed */
    PT_CHECK(&t, PtlMEUnlink(me2), PTL_OK);                          /* and takes its MD along */
    PT_CHECK(&t, PtlMDUnlink(md2), PTL_MD_INVALID);
    PT_CHECK(&t, PtlMDUnlink(md3), PTL_OK); /* by hand: no event */
    PT_CHECK(&t, PtlMDUnlink(md3), PTL_MD_INVALID);
    PT_CHECK(&t, PtlMEUnlink(me3), PTL_OK);
    pt_expect_none(&t, teq);
  }
  return pt_done(&t);
}
