/* Intercommunicators (MPI-3.1 sections 6.6 and 5.2.2): world split into the even and the odd ranks,
 * joined by MPI_Intercomm_create; sizes, remote groups, point to point (ranks name the other group),
 * collectives between the groups (rooted ones with MPI_ROOT / MPI_PROC_NULL), a duplicate,
 * MPI_Intercomm_merge ordering the groups by `high`, and MPI_Comm_split across the groups. */
#include "mpitest.h"

int main(int argc, char** argv) {
  mt_init(&argc, &argv);
  mt_require_size(2, 1);
  int color = mt_rank % 2, n = mt_size;
  MPI_Comm half, inter, dup, merged;
  MPI_Comm_split(MPI_COMM_WORLD, color, mt_rank, &half);
  int lrank, lsize, rsize, flag;
  MPI_Comm_rank(half, &lrank);
  MPI_Comm_size(half, &lsize);
  /* leaders: world rank 0 (evens) and world rank 1 (odds) */
  MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, 1 - color, 77, &inter);
  MPI_Comm_test_inter(inter, &flag);
  MPI_Comm_remote_size(inter, &rsize);
  int evens = (n + 1) / 2, odds = n / 2;
  mt_check(flag && rsize == (color ? evens : odds), "test_inter %d, remote size %d", flag, rsize);
  MPI_Group remote, world_group;
  MPI_Comm_remote_group(inter, &remote);
  MPI_Comm_group(MPI_COMM_WORLD, &world_group);
  int first = 0, translated;
  MPI_Group_translate_ranks(remote, 1, &first, world_group, &translated);
  mt_check(translated == 1 - color, "remote rank 0 is world rank %d", translated);
  MPI_Group_free(&remote);
  MPI_Group_free(&world_group);
  mt_say("intercommunicator of %d evens and %d odds: sizes and remote groups right\n", evens, odds);

  /* point to point: local rank i of each group exchanges with remote rank i (if it exists) */
  if (lrank < rsize) {
    int out = 1000 + mt_rank, in = -1;
    MPI_Status st;
    MPI_Sendrecv(&out, 1, MPI_INT, lrank, 5, &in, 1, MPI_INT, MPI_ANY_SOURCE, 5, inter, &st);
    mt_check(in == 1000 + 2 * lrank + (1 - color) && st.MPI_SOURCE == lrank, "got %d from %d", in, st.MPI_SOURCE);
  }
  mt_say("point to point across: each message from the remote rank named\n");

  /* broadcast from the odd group's rank 0 to the evens */
  int value = color == 1 && lrank == 0 ? 31337 : -1;
  int root = color == 1 ? (lrank == 0 ? MPI_ROOT : MPI_PROC_NULL) : 0;
  MPI_Bcast(&value, 1, MPI_INT, root, inter);
  if (color == 0) mt_check(value == 31337, "Bcast across gave %d", value);
  /* allreduce: each group gets the sum of the other group's world ranks */
  int sum = -1, want = 0;
  MPI_Allreduce(&mt_rank, &sum, 1, MPI_INT, MPI_SUM, inter);
  for (int r = 1 - color; r < n; r += 2) want += r;
  mt_check(sum == want, "Allreduce across gave %d, want %d", sum, want);
  /* gather to the evens' rank 0 from every odd */
  int* all = calloc((size_t)n, sizeof(int));
  root = color == 0 ? (lrank == 0 ? MPI_ROOT : MPI_PROC_NULL) : 0;
  MPI_Gather(&mt_rank, 1, MPI_INT, all, 1, MPI_INT, root, inter);
  if (color == 0 && lrank == 0) {
    for (int i = 0; i < odds; i++) mt_check(all[i] == 2 * i + 1, "Gather slot %d holds %d", i, all[i]);
  }
  /* alltoall: one int to every remote rank */
  int* sendv = calloc((size_t)n, sizeof(int));
  for (int i = 0; i < rsize; i++) sendv[i] = 100 * mt_rank + i;
  MPI_Alltoall(sendv, 1, MPI_INT, all, 1, MPI_INT, inter);
  for (int i = 0; i < rsize; i++) {
    int from = 2 * i + (1 - color);
    mt_check(all[i] == 100 * from + lrank, "Alltoall slot %d holds %d", i, all[i]);
  }
  MPI_Barrier(inter);
  mt_say("Bcast, Allreduce, Gather, Alltoall and Barrier across the groups\n");

  MPI_Comm_dup(inter, &dup);
  MPI_Allreduce(&mt_rank, &sum, 1, MPI_INT, MPI_SUM, dup);
  mt_check(sum == want, "Allreduce on the duplicate gave %d", sum);
  /* merge: the odds ask to come first (high = 0), the evens last */
  MPI_Intercomm_merge(dup, color == 0, &merged);
  int mrank, msize;
  MPI_Comm_rank(merged, &mrank);
  MPI_Comm_size(merged, &msize);
  mt_check(msize == n && mrank == (color ? lrank : odds + lrank), "merged rank %d of %d", mrank, msize);
  int order = -1;
  MPI_Allreduce(&mrank, &order, 1, MPI_INT, MPI_MAX, merged);
  mt_check(order == n - 1, "merged max rank %d", order);
  mt_say("duplicate and merge: the odds first, the evens after them\n");
  MPI_Comm_free(&merged);
  /* split across: color = local rank % 2; each color's members of both groups form one */
  MPI_Comm sub;
  MPI_Comm_split(dup, lrank % 2, -lrank, &sub);
  if (sub != MPI_COMM_NULL) {
    int subsize, subremote, subrank;
    MPI_Comm_size(sub, &subsize);
    MPI_Comm_remote_size(sub, &subremote);
    MPI_Comm_rank(sub, &subrank);
    int want_local = (lsize - lrank % 2 + 1) / 2, want_remote = (rsize - lrank % 2 + 1) / 2;
    mt_check(subsize == want_local && subremote == want_remote && subrank == (want_local - 1 - lrank / 2),
             "split across: %d local, %d remote, rank %d", subsize, subremote, subrank);
    MPI_Comm_free(&sub);
  } else {
    mt_check(lrank % 2 == 1 && rsize < 2, "split across gave MPI_COMM_NULL to local rank %d", lrank);
  }
  mt_say("MPI_Comm_split of the intercommunicator: one per color, keys reversing the order\n");
  MPI_Comm_free(&dup);
  MPI_Comm_free(&inter);
  MPI_Comm_free(&half);
  free(all);
  free(sendv);
  return mt_finish();
}
