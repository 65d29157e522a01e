/* Communicators isolate matching: the same source and tag on MPI_COMM_WORLD, a duplicate and a
 * split never match each other's receives, even with MPI_ANY_SOURCE/MPI_ANY_TAG; MPI_Comm_split
 * orders ranks by key then old rank, gives MPI_COMM_NULL to MPI_UNDEFINED; collectives and point
 * to point on sub-communicators use their own ranks; MPI_Comm_free. */
#include "mpitest.h"

/* Rank r sends to rank r^1 the same (tag, size) on three communicators, in the order dup, split,
 * world; the receiver asks world first, then split, then dup, with wildcards: each receive must
 * get the message of its own communicator. */
static void same_tag_different_comms(MPI_Comm dup, MPI_Comm pairs) {
  int partner = mt_rank ^ 1, pair_partner;
  MPI_Comm_rank(pairs, &pair_partner);
  pair_partner ^= 1;
  int out[3] = {100 + mt_rank, 200 + mt_rank, 300 + mt_rank}, in[3] = {-1, -1, -1};
  MPI_Request req[3];
  MPI_Isend(&out[1], 1, MPI_INT, partner, 5, dup, &req[0]);
  MPI_Isend(&out[2], 1, MPI_INT, pair_partner, 5, pairs, &req[1]);
  MPI_Isend(&out[0], 1, MPI_INT, partner, 5, MPI_COMM_WORLD, &req[2]);
  MPI_Status st[3];
  MPI_Recv(&in[0], 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st[0]);
  MPI_Recv(&in[2], 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, pairs, &st[2]);
  MPI_Recv(&in[1], 1, MPI_INT, MPI_ANY_SOURCE, 5, dup, &st[1]);
  MPI_Waitall(3, req, MPI_STATUSES_IGNORE);
  mt_check(in[0] == 100 + partner && in[1] == 200 + partner && in[2] == 300 + partner,
           "crossed communicators: world %d dup %d split %d", in[0], in[1], in[2]);
  mt_check(st[0].MPI_SOURCE == partner && st[1].MPI_SOURCE == partner && st[2].MPI_SOURCE == pair_partner,
           "status sources %d %d %d", st[0].MPI_SOURCE, st[1].MPI_SOURCE, st[2].MPI_SOURCE);
  mt_say("same source and tag on world, a dup and a split: each receive got its own communicator's message\n");
}

/* Unexpected messages on one communicator stay invisible to probes and receives on another. */
static void probe_isolation(MPI_Comm dup) {
  if (mt_rank == 1) {
    int v = 42;
    MPI_Request req;
    MPI_Isend(&v, 1, MPI_INT, 0, 9, dup, &req);
    MPI_Send(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
  } else if (mt_rank == 0) {
    int v, flag = 1;
    MPI_Recv(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
    mt_printf("world iprobe sees the dup's message: %d\n", flag);
    MPI_Status st;
    MPI_Probe(MPI_ANY_SOURCE, MPI_ANY_TAG, dup, &st);
    MPI_Recv(&v, 1, MPI_INT, st.MPI_SOURCE, st.MPI_TAG, dup, MPI_STATUS_IGNORE);
    mt_printf("dup probe: source %d tag %d value %d\n", st.MPI_SOURCE, st.MPI_TAG, v);
  }
}

/* Split by colour rank % 3 with keys that reverse the order; ranks with rank % 4 == 3 pass
 * MPI_UNDEFINED and get MPI_COMM_NULL. Each sub-communicator sums and gathers its old ranks. */
static void split(void) {
  int colour = mt_rank % 4 == 3 ? MPI_UNDEFINED : mt_rank % 3;
  MPI_Comm sub;
  MPI_Comm_split(MPI_COMM_WORLD, colour, mt_size - mt_rank, &sub);
  if (sub == MPI_COMM_NULL) {
    mt_printf("rank %d: MPI_UNDEFINED -> MPI_COMM_NULL\n", mt_rank);
    return;
  }
  int r, n, sum = 0;
  MPI_Comm_rank(sub, &r);
  MPI_Comm_size(sub, &n);
  MPI_Allreduce(&mt_rank, &sum, 1, MPI_INT, MPI_SUM, sub);
  int* olds = (int*)malloc(sizeof(int) * n);
  MPI_Allgather(&mt_rank, 1, MPI_INT, olds, 1, MPI_INT, sub);
  mt_printf("rank %d: colour %d, rank %d of %d, sum of world ranks %d, members", mt_rank, colour, r, n, sum);
  for (int i = 0; i < n; i++) mt_printf(" %d", olds[i]);
  mt_printf("\n");
  /* Point to point inside: a ring on sub-communicator ranks, with the world's tag. */
  int next = (r + 1) % n, prev = (r + n - 1) % n, got = -1;
  MPI_Status st;
  MPI_Sendrecv(&mt_rank, 1, MPI_INT, next, 5, &got, 1, MPI_INT, MPI_ANY_SOURCE, 5, sub, &st);
  mt_check(got == olds[prev] && st.MPI_SOURCE == prev, "sub ring: got %d from %d, expected %d from %d", got,
           st.MPI_SOURCE, olds[prev], prev);
  /* A split of the split, and a dup of it: nested contexts stay apart. */
  MPI_Comm half, half_dup;
  MPI_Comm_split(sub, r % 2, r, &half);
  MPI_Comm_dup(half, &half_dup);
  int hsize, hsum;
  MPI_Comm_size(half, &hsize);
  MPI_Allreduce(&mt_rank, &hsum, 1, MPI_INT, MPI_MAX, half_dup);
  mt_printf("rank %d: half of colour %d has %d ranks, max world rank %d\n", mt_rank, colour, hsize, hsum);
  MPI_Comm_free(&half_dup);
  MPI_Comm_free(&half);
  mt_check(half == MPI_COMM_NULL, "MPI_Comm_free did not set MPI_COMM_NULL");
  MPI_Comm_free(&sub);
  free(olds);
}

/* Communicators created and freed in turn: contexts are reused safely. */
static void create_free_many(void) {
  int ok = 1;
  for (int i = 0; i < 20; i++) {
    MPI_Comm c;
    MPI_Comm_dup(MPI_COMM_WORLD, &c);
    int v = i, s;
    MPI_Allreduce(&v, &s, 1, MPI_INT, MPI_SUM, c);
    ok &= s == i * mt_size;
    MPI_Comm_free(&c);
  }
  mt_check(ok, "reductions on 20 successive duplicates");
  mt_say("20 duplicates created, used and freed\n");
}

int main(int argc, char** argv) {
  mt_init(&argc, &argv);
  mt_require_size(2, 2);
  MPI_Comm dup, pairs;
  MPI_Comm_dup(MPI_COMM_WORLD, &dup);
  MPI_Comm_split(MPI_COMM_WORLD, mt_rank / 2, mt_rank, &pairs);
  int dsize, drank;
  MPI_Comm_size(dup, &dsize);
  MPI_Comm_rank(dup, &drank);
  mt_check(dsize == mt_size && drank == mt_rank, "dup has size %d rank %d", dsize, drank);
  same_tag_different_comms(dup, pairs);
  mt_flush();
  probe_isolation(dup);
  mt_flush();
  split();
  mt_flush();
  create_free_many();
  MPI_Comm_free(&pairs);
  MPI_Comm_free(&dup);
  return mt_finish();
}
