/* Send modes and MPI_Sendrecv.
 * - MPI_Ssend / MPI_Issend complete only once the receive has matched: an Issend whose receive
 *   cannot yet be posted stays incomplete however often it is tested.
 * - MPI_Rsend to a receive known to be posted (eager and rendezvous sizes).
 * - MPI_Sendrecv around a ring (both halves at once, different sizes and tags), with
 *   MPI_ANY_SOURCE, and with MPI_PROC_NULL on either side.
 * - Many MPI_Ssend in a row with the receiver posting late: each waits for its match. */
#include "mpitest.h"

#define LARGE (200 * 1024)

/* Rank 1 Issends tag 1 to rank 0, which first waits for rank 1's tag-2 message: until rank 1
 * sends that, the Issend cannot have matched. */
static void issend_waits_for_match(long bytes) {
  char* buf = (char*)malloc(bytes);
  if (mt_rank == 1) {
    MPI_Request req;
    int flag = 0, tests = 0;
    mt_fill(buf, bytes, 1, bytes);
    MPI_Issend(buf, (int)bytes, MPI_BYTE, 0, 1, MPI_COMM_WORLD, &req);
    for (int i = 0; i < 1000; i++) {
      MPI_Test(&req, &flag, MPI_STATUS_IGNORE);
      tests += !flag;
    }
    mt_printf("Issend of %ld bytes before its receive is posted: incomplete after %d of 1000 tests\n", bytes, tests);
    MPI_Send(NULL, 0, MPI_BYTE, 0, 2, MPI_COMM_WORLD);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
  } else if (mt_rank == 0) {
    MPI_Status st;
    MPI_Recv(NULL, 0, MPI_BYTE, 1, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Recv(buf, (int)bytes, MPI_BYTE, 1, 1, MPI_COMM_WORLD, &st);
    mt_check(mt_first_bad(buf, bytes, 1, bytes) < 0, "Issend content");
  }
  free(buf);
}

/* MPI_Ssend returns only after the receiver matched: the receiver records MPI_Wtime just before
 * posting, the sender just after Ssend returns; the first must not be later. */
static void ssend_timing(void) {
  double t;
  if (mt_rank == 1) {
    int v = 5;
    MPI_Ssend(&v, 1, MPI_INT, 0, 3, MPI_COMM_WORLD);
    t = MPI_Wtime();
    MPI_Send(&t, 1, MPI_DOUBLE, 0, 4, MPI_COMM_WORLD);
  } else if (mt_rank == 0) {
    int v;
    double start = MPI_Wtime(), posted, returned;
    while (MPI_Wtime() - start < 200e-6) {
    }
    posted = MPI_Wtime();
    MPI_Recv(&v, 1, MPI_INT, 1, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Recv(&returned, 1, MPI_DOUBLE, 1, 4, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    mt_check(returned >= posted, "Ssend returned %g s before its receive was posted", posted - returned);
    mt_printf("Ssend returned after its receive was posted\n");
  }
}

/* Rsend: every rank pre-posts its receive, a barrier, then Rsend to it. */
static void rsend(long bytes) {
  int next = (mt_rank + 1) % mt_size, prev = (mt_rank + mt_size - 1) % mt_size;
  char* in = (char*)malloc(bytes);
  char* out = (char*)malloc(bytes);
  MPI_Request req;
  MPI_Status st;
  mt_fill(out, bytes, mt_rank, 9);
  MPI_Irecv(in, (int)bytes, MPI_BYTE, prev, 9, MPI_COMM_WORLD, &req);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Rsend(out, (int)bytes, MPI_BYTE, next, 9, MPI_COMM_WORLD);
  MPI_Wait(&req, &st);
  mt_check(mt_first_bad(in, bytes, prev, 9) < 0, "Rsend of %ld bytes: content", bytes);
  mt_say("Rsend of %ld bytes around the ring\n", bytes);
  free(in);
  free(out);
}

static void sendrecv_ring(void) {
  int next = (mt_rank + 1) % mt_size, prev = (mt_rank + mt_size - 1) % mt_size;
  for (int round = 0; round < 3; round++) {
    long n = round == 0 ? 0 : round == 1 ? 1000 : LARGE;
    char* out = (char*)malloc(n + 1);
    char* in = (char*)malloc(n + 16);
    MPI_Status st;
    int count;
    mt_fill(out, n, mt_rank, round);
    MPI_Sendrecv(out, (int)n, MPI_BYTE, next, 10 + round, in, (int)n + 16, MPI_BYTE,
                 round == 1 ? MPI_ANY_SOURCE : prev, round == 2 ? MPI_ANY_TAG : 10 + round, MPI_COMM_WORLD, &st);
    MPI_Get_count(&st, MPI_BYTE, &count);
    mt_check(st.MPI_SOURCE == prev && st.MPI_TAG == 10 + round && count == n && mt_first_bad(in, n, prev, round) < 0,
             "Sendrecv round %d: source %d tag %d count %d", round, st.MPI_SOURCE, st.MPI_TAG, count);
    mt_say("Sendrecv around the ring: %ld bytes\n", n);
    free(out);
    free(in);
  }
  /* Sending to MPI_PROC_NULL and receiving from it: both complete at once. */
  int out = 1, in = -3, count;
  MPI_Status st;
  MPI_Sendrecv(&out, 1, MPI_INT, MPI_PROC_NULL, 0, &in, 1, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &st);
  MPI_Get_count(&st, MPI_INT, &count);
  mt_check(in == -3 && count == 0 && st.MPI_SOURCE == MPI_PROC_NULL && st.MPI_TAG == MPI_ANY_TAG,
           "Sendrecv with MPI_PROC_NULL both ways");
  /* A chain: rank 0 only sends, the last rank only receives. */
  int left = mt_rank == 0 ? MPI_PROC_NULL : mt_rank - 1, right = mt_rank == mt_size - 1 ? MPI_PROC_NULL : mt_rank + 1;
  out = 100 + mt_rank;
  in = -3;
  MPI_Sendrecv(&out, 1, MPI_INT, right, 1, &in, 1, MPI_INT, left, 1, MPI_COMM_WORLD, &st);
  mt_check(in == (mt_rank == 0 ? -3 : 99 + mt_rank), "Sendrecv chain: got %d", in);
  mt_say("Sendrecv with MPI_PROC_NULL both ways, and a chain ending in MPI_PROC_NULL\n");
}

/* A burst of synchronous sends from every rank to rank 0, received late and in reverse source
 * order: every Ssend completes, content and per-source order kept. */
static void ssend_burst(void) {
  const int per = 4;
  if (mt_rank != 0) {
    for (int i = 0; i < per; i++) {
      int v = mt_rank * 10 + i;
      MPI_Ssend(&v, 1, MPI_INT, 0, 6, MPI_COMM_WORLD);
    }
    return;
  }
  for (int r = mt_size - 1; r > 0; r--)
    for (int i = 0; i < per; i++) {
      int v;
      MPI_Recv(&v, 1, MPI_INT, r, 6, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      mt_check(v == r * 10 + i, "Ssend burst from %d: %d", r, v);
    }
  mt_printf("Ssend burst: %d synchronous sends received, last source first\n", per * (mt_size - 1));
}

int main(int argc, char** argv) {
  mt_init(&argc, &argv);
  mt_require_size(2, 1);
  issend_waits_for_match(8);
  issend_waits_for_match(LARGE);
  mt_flush();
  ssend_timing();
  mt_flush();
  rsend(16);
  rsend(LARGE);
  mt_flush();
  sendrecv_ring();
  mt_flush();
  ssend_burst();
  return mt_finish();
}
