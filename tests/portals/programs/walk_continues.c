/* A memory descriptor that rejects a request lets the match-list walk go on (3.3, 3.10.3 and
 * figure 3.4): an inactive MD (threshold 0), one that does not take puts, one too small without
 * PTL_MD_TRUNCATE, and an entry without an MD are all passed over. */
#include "ptl_test.h"

int main(void) {
  pt_t t;
  pt_start(&t, "walk_continues");
  static char small[4], big[32], other[32], src[8] = "1234567";
  ptl_handle_eq_t teq = pt_eq(&t, 16), ieq = pt_eq(&t, 16);
  if (t.targeted) {
    struct { void* start; int size, threshold; unsigned options; } mds[] = {
        {big, 32, 0, PTL_MD_OP_PUT},                    /* inactive */
        {big, 32, 1, PTL_MD_OP_GET},                    /* gets only */
        {small, 4, 1, PTL_MD_OP_PUT},                   /* too small, no truncation */
        {big, 32, 1, PTL_MD_OP_PUT},                    /* takes it */
    };
    pt_me(&t, 6, ANY_ID, 9, 0, PTL_RETAIN, PTL_INS_AFTER); /* no MD at all */
    for (int i = 0; i < 4; ++i) {
      ptl_handle_me_t me = pt_me(&t, 6, ANY_ID, 9, 0, PTL_RETAIN, PTL_INS_AFTER);
      ptl_md_t md = {mds[i].start, (ptl_size_t)mds[i].size, mds[i].threshold, 0, mds[i].options, (void*)(uintptr_t)(i + 1), teq};
      ptl_handle_md_t h;
      PT_CHECK(&t, PtlMDAttach(me, md, PTL_RETAIN, &h), PTL_OK);
    }
    ptl_handle_me_t me = pt_me(&t, 6, ANY_ID, 9, 0, PTL_RETAIN, PTL_INS_AFTER);
    ptl_md_t md = {other, 32, 1, 0, PTL_MD_OP_PUT, (void*)5, teq};
    ptl_handle_md_t h;
    PT_CHECK(&t, PtlMDAttach(me, md, PTL_RETAIN, &h), PTL_OK);
  }
  pt_ready(&t);
  if (t.initiating) {
    ptl_handle_md_t md = pt_bind(&t, src, 8, PTL_MD_THRESH_INF, ieq);
    PT_CHECK(&t, PtlPut(md, PTL_NO_ACK_REQ, t.target, 6, 0, 9, 0, 0), PTL_OK);
    PT_CHECK(&t, PtlPut(md, PTL_NO_ACK_REQ, t.target, 6, 0, 9, 0, 0), PTL_OK); /* the 4th is used up now */
  }
  if (t.targeted) {
    pt_expect(&t, teq, PTL_EVENT_PUT_START, WANT(.user_ptr = 4, .mlength = 8, .threshold = 0));
    pt_expect(&t, teq, PTL_EVENT_PUT_END, WANT(.user_ptr = 4));
    pt_expect(&t, teq, PTL_EVENT_PUT_START, WANT(.user_ptr = 5, .mlength = 8));
    pt_expect(&t, teq, PTL_EVENT_PUT_END, WANT(.user_ptr = 5));
    pt_expect_none(&t, teq);
    if (strcmp(big, "1234567") || strcmp(other, "1234567") || small[0]) pt_fail(&t, "the data went elsewhere");
  }
  return pt_done(&t);
}
