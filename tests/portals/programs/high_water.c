/* The high-water mark (3.3 PTL_MD_MAX_SIZE; seed mpi-on-portals3 section 5): puts are deposited one
 * after the other until the unused part of the MD is smaller than max_size; the MD is then inactive
 * (unlinked, with its entry), and the next put falls through to the next entry. */
#include "ptl_test.h"

int main(void) {
  pt_t t;
  pt_start(&t, "high_water");
  static char first[64], second[64], src[20];
  for (int i = 0; i < 20; ++i) src[i] = (char)('a' + i);
  ptl_handle_eq_t teq = pt_eq(&t, 32), ieq = pt_eq(&t, 32);
  if (t.targeted) {
    for (int i = 0; i < 2; ++i) {
      ptl_handle_me_t me = pt_me(&t, 10, ANY_ID, 0, 0, PTL_UNLINK, PTL_INS_AFTER);
      ptl_md_t md = {i ? second : first, 64, PTL_MD_THRESH_INF, 16, PTL_MD_OP_PUT | PTL_MD_MAX_SIZE,
                     (void*)(uintptr_t)(i + 1), teq};
      ptl_handle_md_t h;
      PT_CHECK(&t, PtlMDAttach(me, md, PTL_UNLINK, &h), PTL_OK);
    }
  }
  pt_ready(&t);
  if (t.initiating) {
    ptl_handle_md_t md = pt_bind(&t, src, 20, PTL_MD_THRESH_INF, ieq);
    for (int i = 0; i < 4; ++i) PT_CHECK(&t, PtlPut(md, PTL_NO_ACK_REQ, t.target, 10, 0, 0, 0, 0), PTL_OK);
  }
  if (t.targeted) {
    for (int i = 0; i < 3; ++i) { /* 0, 20, 40: then 4 bytes are left, fewer than 16 */
      pt_expect(&t, teq, PTL_EVENT_PUT_START, WANT(.user_ptr = 1, .offset = 20 * i, .mlength = 20));
      pt_expect(&t, teq, PTL_EVENT_PUT_END, WANT(.user_ptr = 1));
    }
    pt_expect(&t, teq, PTL_EVENT_UNLINK, WANT(.user_ptr = 1));
    pt_expect(&t, teq, PTL_EVENT_PUT_START, WANT(.user_ptr = 2, .offset = 0));
    pt_expect(&t, teq, PTL_EVENT_PUT_END, WANT(.user_ptr = 2));
    pt_expect_none(&t, teq);
    if (memcmp(first + 40, src, 20) || first[40] != 'a' || second[19] != 't') pt_fail(&t, "the data is misplaced");
  }
  return pt_done(&t);
}
