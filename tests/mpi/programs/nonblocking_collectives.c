/* Nonblocking and persistent collectives (MPI-3.1 section 5.12, MPI-4.0 section 6.13): several
 * outstanding at once on one communicator complete in any order the program waits for them and
 * never take each other's messages; a nonblocking barrier overlaps point to point traffic that
 * must go on before the barrier can complete; MPI_Alltoallw with per-peer types; a persistent
 * allreduce started three times. */
#include "mpitest.h"

static void several_outstanding(void) {
  int n = mt_size, me = mt_rank;
  int sum = -1, bc = me == n - 1 ? 4242 : -1, scan = -1, exscan = -1;
  int* gathered = malloc(sizeof(int) * (size_t)n);
  int mine = 10 * me + 1;
  MPI_Request req[6];
  MPI_Iallreduce(&me, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &req[0]);
  MPI_Ibcast(&bc, 1, MPI_INT, n - 1, MPI_COMM_WORLD, &req[1]);
  MPI_Igather(&mine, 1, MPI_INT, gathered, 1, MPI_INT, 0, MPI_COMM_WORLD, &req[2]);
  MPI_Iscan(&mine, &scan, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &req[3]);
  MPI_Iexscan(&mine, &exscan, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &req[4]);
  MPI_Ibarrier(MPI_COMM_WORLD, &req[5]);
  for (int i = 5; i >= 0; i--) MPI_Wait(&req[i], MPI_STATUS_IGNORE); /* the reverse of the order started */
  mt_check(sum == n * (n - 1) / 2, "Iallreduce gave %d", sum);
  mt_check(bc == 4242, "Ibcast gave %d", bc);
  int want = 0;
  for (int r = 0; r <= me; r++) want += 10 * r + 1;
  mt_check(scan == want, "Iscan gave %d, want %d", scan, want);
  if (me > 0) mt_check(exscan == want - mine, "Iexscan gave %d, want %d", exscan, want - mine);
  if (me == 0) {
    for (int r = 0; r < n; r++) mt_check(gathered[r] == 10 * r + 1, "Igather slot %d holds %d", r, gathered[r]);
  }
  free(gathered);
  mt_say("six collectives outstanding at once, waited for in reverse order: all right\n");
}

/* Every rank enters MPI_Ibarrier, then passes a token around the ring while testing the barrier:
 * the barrier cannot complete before the last rank has entered it, which happens only after the
 * token went round once. */
static void barrier_overlaps_ring(void) {
  int n = mt_size, me = mt_rank, token = 0, flag = 0, tests = 0;
  MPI_Request barrier;
  if (me != 0) MPI_Recv(&token, 1, MPI_INT, me - 1, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  token++;
  MPI_Ibarrier(MPI_COMM_WORLD, &barrier);
  MPI_Send(&token, 1, MPI_INT, (me + 1) % n, 3, MPI_COMM_WORLD);
  if (me == 0) {
    MPI_Recv(&token, 1, MPI_INT, n - 1, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    mt_check(token == n, "token counted %d", token);
  }
  while (!flag) {
    MPI_Test(&barrier, &flag, MPI_STATUS_IGNORE);
    tests++;
  }
  mt_check(barrier == MPI_REQUEST_NULL, "a completed Ibarrier's request is MPI_REQUEST_NULL");
  mt_say("Ibarrier completed by MPI_Test while a token went round the ring\n");
}

/* Rank r sends r + 1 ints to every peer p and receives p + 1 doubles' worth... as ints and shorts:
 * to even peers ints, to odd peers shorts (the receiver uses the same rule for the sender). */
static void alltoallw(int nonblocking) {
  int n = mt_size, me = mt_rank;
  int *scounts = calloc((size_t)n * 4, sizeof(int)), *rcounts = scounts + n, *sdispls = scounts + 2 * n,
      *rdispls = scounts + 3 * n;
  MPI_Datatype *stypes = calloc((size_t)n * 2, sizeof(MPI_Datatype)), *rtypes = stypes + n;
  char* sbuf = calloc((size_t)n, 64);
  char* rbuf = malloc((size_t)n * 64);
  memset(rbuf, 0, (size_t)n * 64);
  for (int p = 0; p < n; p++) {
    scounts[p] = me + 1;
    rcounts[p] = p + 1;
    sdispls[p] = rdispls[p] = 64 * p;
    stypes[p] = p % 2 ? MPI_SHORT : MPI_INT;
    rtypes[p] = me % 2 ? MPI_SHORT : MPI_INT;
    for (int k = 0; k <= me; k++) {
      if (p % 2) ((short*)(sbuf + 64 * p))[k] = (short)(100 * me + k);
      else ((int*)(sbuf + 64 * p))[k] = 100 * me + k;
    }
  }
  if (nonblocking) {
    MPI_Request r;
    MPI_Ialltoallw(sbuf, scounts, sdispls, stypes, rbuf, rcounts, rdispls, rtypes, MPI_COMM_WORLD, &r);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
  } else {
    MPI_Alltoallw(sbuf, scounts, sdispls, stypes, rbuf, rcounts, rdispls, rtypes, MPI_COMM_WORLD);
  }
  int bad = 0;
  for (int p = 0; p < n; p++) {
    for (int k = 0; k <= p; k++) {
      int v = me % 2 ? ((short*)(rbuf + 64 * p))[k] : ((int*)(rbuf + 64 * p))[k];
      bad += v != 100 * p + k;
    }
  }
  mt_check(bad == 0, "%s: %d wrong items", nonblocking ? "MPI_Ialltoallw" : "MPI_Alltoallw", bad);
  free(scounts);
  free(stypes);
  free(sbuf);
  free(rbuf);
  mt_say("%s: per-peer counts and types arrived\n", nonblocking ? "MPI_Ialltoallw" : "MPI_Alltoallw");
}

static void reduce_scatter_block(void) {
  int n = mt_size, me = mt_rank, out[2] = {-1, -1};
  int* in = malloc(sizeof(int) * 2 * (size_t)n);
  for (int i = 0; i < 2 * n; i++) in[i] = i + me;
  MPI_Request r;
  MPI_Ireduce_scatter_block(in, out, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &r);
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  int base = n * (n - 1) / 2;
  mt_check(out[0] == n * 2 * me + base && out[1] == n * (2 * me + 1) + base, "Ireduce_scatter_block gave %d %d",
           out[0], out[1]);
  free(in);
  mt_say("MPI_Ireduce_scatter_block: every rank got its block of sums\n");
}

static void persistent_allreduce(void) {
  int v = 0, sum = -1, ok = 1;
  MPI_Request r;
  MPI_Allreduce_init(&v, &sum, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD, MPI_INFO_NULL, &r);
  for (int round = 0; round < 3; round++) {
    v = mt_rank + 10 * round;
    MPI_Start(&r);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    ok &= sum == mt_size - 1 + 10 * round;
  }
  mt_check(r != MPI_REQUEST_NULL, "an inactive persistent request keeps its handle");
  MPI_Request_free(&r);
  mt_check(ok, "persistent MPI_Allreduce_init gave a wrong maximum");
  mt_say("MPI_Allreduce_init started three times: three maxima\n");
}

int main(int argc, char** argv) {
  mt_init(&argc, &argv);
  mt_require_size(2, 1);
  several_outstanding();
  mt_flush();
  barrier_overlaps_ring();
  mt_flush();
  alltoallw(0);
  alltoallw(1);
  mt_flush();
  reduce_scatter_block();
  persistent_allreduce();
  return mt_finish();
}
