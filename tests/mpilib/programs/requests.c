/* Persistent requests and buffered sends, written from the MPI standard; rank 0 prints. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static int rank, size;

static void report(const char* name, int ok) {
  int all = 0;
  MPI_Reduce(&ok, &all, 1, MPI_INT, MPI_LAND, 0, MPI_COMM_WORLD);
  if (rank == 0) printf("%s: %s\n", name, all ? "ok" : "FAILED");
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int right = (rank + 1) % size, left = (rank + size - 1) % size;
  MPI_Status st;
  int ok;

  /* a persistent exchange around the ring, restarted with new data each round */
  int out = 0, in = -1;
  MPI_Request reqs[2];
  MPI_Recv_init(&in, 1, MPI_INT, left, 4, MPI_COMM_WORLD, &reqs[0]);
  MPI_Send_init(&out, 1, MPI_INT, right, 4, MPI_COMM_WORLD, &reqs[1]);
  ok = 1;
  for (int round = 0; round < 10; ++round) {
    out = rank * 100 + round;
    MPI_Startall(2, reqs);
    MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
    ok = ok && in == left * 100 + round && reqs[0] != MPI_REQUEST_NULL;
  }
  /* an inactive persistent request completes at once with an empty status */
  int flag = 0;
  MPI_Test(&reqs[0], &flag, &st);
  ok = ok && flag && st.MPI_TAG == MPI_ANY_TAG && st.MPI_SOURCE == MPI_ANY_SOURCE;
  MPI_Request_free(&reqs[0]);
  MPI_Request_free(&reqs[1]);
  ok = ok && reqs[0] == MPI_REQUEST_NULL;
  report("persistent ring", ok);

  /* persistent receive with wildcards, started by MPI_Start, completed by MPI_Wait with a status */
  MPI_Request r;
  double d[4] = {0, 0, 0, 0}, e[3] = {1.5, 2.5, 3.5};
  MPI_Recv_init(d, 4, MPI_DOUBLE, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &r);
  MPI_Start(&r);
  MPI_Send(e, 3, MPI_DOUBLE, right, 9, MPI_COMM_WORLD);
  MPI_Wait(&r, &st);
  int count;
  MPI_Get_count(&st, MPI_DOUBLE, &count);
  ok = count == 3 && st.MPI_SOURCE == left && st.MPI_TAG == 9 && d[2] == 3.5 && r != MPI_REQUEST_NULL;
  MPI_Request_free(&r);
  report("persistent wildcard receive", ok);

  /* buffered sends: many small ones before anyone receives */
  int bufsize = 20 * (int)(sizeof(int) * 8 + MPI_BSEND_OVERHEAD);
  char* buffer = malloc((size_t)bufsize);
  MPI_Buffer_attach(buffer, bufsize);
  int msgs[20][8];
  for (int i = 0; i < 20; ++i) {
    for (int k = 0; k < 8; ++k) msgs[i][k] = rank * 1000 + i * 10 + k;
    MPI_Bsend(msgs[i], 8, MPI_INT, right, 20 + i, MPI_COMM_WORLD);
    msgs[i][0] = -1; /* the copy went, the buffer is ours again */
  }
  ok = 1;
  for (int i = 19; i >= 0; --i) {
    int got[8];
    MPI_Recv(got, 8, MPI_INT, left, 20 + i, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    ok = ok && got[0] == left * 1000 + i * 10 && got[7] == left * 1000 + i * 10 + 7;
  }
  void* back;
  int back_size;
  MPI_Buffer_detach(&back, &back_size);
  ok = ok && back == buffer && back_size == bufsize;
  free(buffer);
  report("bsend", ok);

  /* a buffered send that does not fit is an error (returned here) */
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  char small[64];
  MPI_Buffer_attach(small, (int)sizeof small);
  int big[64] = {0};
  int code = MPI_Bsend(big, 64, MPI_INT, right, 1, MPI_COMM_WORLD), cls = -1;
  MPI_Error_class(code, &cls);
  MPI_Buffer_detach(&back, &back_size);
  report("bsend too big is MPI_ERR_BUFFER", cls == MPI_ERR_BUFFER);
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);

  /* ibsend's request completes; the message arrives */
  bufsize = 4 * (int)(sizeof(double) + MPI_BSEND_OVERHEAD);
  buffer = malloc((size_t)bufsize);
  MPI_Buffer_attach(buffer, bufsize);
  double x = rank + 0.5, y = 0;
  MPI_Ibsend(&x, 1, MPI_DOUBLE, right, 30, MPI_COMM_WORLD, &r);
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  MPI_Recv(&y, 1, MPI_DOUBLE, left, 30, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Buffer_detach(&back, &back_size);
  free(buffer);
  report("ibsend", y == left + 0.5);

  MPI_Finalize();
  return 0;
}
