/* Point to point, written from the MPI standard: every rank checks what it received and rank 0
 * prints the outcome of each check in order, so the output is the same under any correct MPI. */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

static int rank, size, failures;

/* Every rank's verdict on one check, printed by rank 0 as "name: ok" or the failing ranks. The
 * barrier keeps the next check's messages out of this one's wildcard receives. */
static void report(const char* name, int ok) {
  int all[64];
  MPI_Gather(&ok, 1, MPI_INT, all, 1, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank != 0) return;
  printf("%s:", name);
  int bad = 0;
  for (int r = 0; r < size; ++r) {
    if (!all[r]) {
      printf(" rank %d failed", r);
      bad = 1;
    }
  }
  printf("%s\n", bad ? "" : " ok");
  failures += bad;
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int right = (rank + 1) % size, left = (rank + size - 1) % size;
  MPI_Status st;
  int ok;

  /* a token around the ring (sends to oneself, with one rank, must not block: Isend) */
  int token = 0, one = 1;
  MPI_Request first;
  if (rank == 0) {
    MPI_Isend(&one, 1, MPI_INT, right, 7, MPI_COMM_WORLD, &first);
    MPI_Recv(&token, 1, MPI_INT, left, 7, MPI_COMM_WORLD, &st);
    MPI_Wait(&first, MPI_STATUS_IGNORE);
    ok = token == size && st.MPI_SOURCE == left && st.MPI_TAG == 7;
  } else {
    MPI_Recv(&token, 1, MPI_INT, left, 7, MPI_COMM_WORLD, &st);
    ++token;
    MPI_Send(&token, 1, MPI_INT, right, 7, MPI_COMM_WORLD);
    ok = token == rank + 1;
  }
  report("ring", ok);

  /* sendrecv shifts, and the count of what came */
  double out[5], in[8];
  for (int i = 0; i < 5; ++i) out[i] = rank * 10 + i;
  MPI_Sendrecv(out, 5, MPI_DOUBLE, right, 1, in, 8, MPI_DOUBLE, left, 1, MPI_COMM_WORLD, &st);
  int count;
  MPI_Get_count(&st, MPI_DOUBLE, &count);
  ok = count == 5 && in[4] == left * 10 + 4 && st.MPI_SOURCE == left;
  MPI_Get_count(&st, MPI_BYTE, &count);
  ok = ok && count == 40;
  MPI_Get_count(&st, MPI_LONG_LONG, &count);
  ok = ok && count == 5;
  MPI_Get_count(&st, MPI_2INT, &count);
  ok = ok && count == 5;
  report("sendrecv and get_count", ok);

  /* non-overtaking: 50 messages of one tag arrive in order; wildcards take the oldest */
  MPI_Request batch[50];
  int values[50];
  if (rank == 0) {
    for (int i = 0; i < 50; ++i) {
      values[i] = i;
      MPI_Isend(&values[i], 1, MPI_INT, right, 3, MPI_COMM_WORLD, &batch[i]);
    }
  }
  ok = 1;
  if (rank == 1 % size) {
    for (int i = 0; i < 50; ++i) {
      int v;
      MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, i % 2 ? MPI_ANY_TAG : 3, MPI_COMM_WORLD, &st);
      ok = ok && v == i && st.MPI_TAG == 3 && st.MPI_SOURCE == 0;
    }
  }
  if (rank == 0) MPI_Waitall(50, batch, MPI_STATUSES_IGNORE);
  report("non-overtaking", ok);

  /* tags pick messages out of order */
  if (rank == 0) {
    for (int t = 10; t < 15; ++t) {
      values[t] = t;
      MPI_Isend(&values[t], 1, MPI_INT, right, t, MPI_COMM_WORLD, &batch[t]);
    }
  }
  ok = 1;
  if (rank == 1 % size) {
    for (int t = 14; t >= 10; --t) {
      int v;
      MPI_Recv(&v, 1, MPI_INT, 0, t, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      ok = ok && v == t;
    }
  }
  if (rank == 0) MPI_Waitall(5, batch + 10, MPI_STATUSES_IGNORE);
  report("tag selection", ok);

  /* isend/irecv to everyone, waitall */
  MPI_Request reqs[128];
  int sendv[64], recvv[64];
  for (int r = 0; r < 64; ++r) sendv[r] = rank * 1000 + r;
  for (int r = 0; r < size; ++r) {
    MPI_Irecv(&recvv[r], 1, MPI_INT, r, 5, MPI_COMM_WORLD, &reqs[r]);
  }
  for (int r = 0; r < size; ++r) MPI_Isend(&sendv[r], 1, MPI_INT, r, 5, MPI_COMM_WORLD, &reqs[size + r]);
  MPI_Status sts[128];
  MPI_Waitall(2 * size, reqs, sts);
  ok = 1;
  for (int r = 0; r < size; ++r) ok = ok && recvv[r] == r * 1000 + rank && sts[r].MPI_SOURCE == r && reqs[r] == MPI_REQUEST_NULL;
  report("isend irecv waitall", ok);

  /* waitany and waitsome collect every message exactly once */
  for (int r = 0; r < size; ++r) MPI_Irecv(&recvv[r], 1, MPI_INT, r, 6, MPI_COMM_WORLD, &reqs[r]);
  for (int r = 0; r < size; ++r) MPI_Send(&sendv[r], 1, MPI_INT, r, 6, MPI_COMM_WORLD);
  int seen[64] = {0}, index;
  ok = 1;
  for (int k = 0; k < size; ++k) {
    MPI_Waitany(size, reqs, &index, &st);
    ok = ok && index >= 0 && index < size && !seen[index] && st.MPI_SOURCE == index;
    seen[index] = 1;
  }
  MPI_Waitany(size, reqs, &index, &st);
  ok = ok && index == MPI_UNDEFINED;
  report("waitany", ok);

  for (int r = 0; r < size; ++r) MPI_Irecv(&recvv[r], 1, MPI_INT, r, 8, MPI_COMM_WORLD, &reqs[r]);
  for (int r = 0; r < size; ++r) MPI_Send(&sendv[r], 1, MPI_INT, r, 8, MPI_COMM_WORLD);
  memset(seen, 0, sizeof seen);
  int got = 0, outcount, indices[64];
  ok = 1;
  while (got < size) {
    MPI_Waitsome(size, reqs, &outcount, indices, sts);
    for (int k = 0; k < outcount; ++k) {
      ok = ok && !seen[indices[k]] && recvv[indices[k]] == indices[k] * 1000 + rank && sts[k].MPI_SOURCE == indices[k];
      seen[indices[k]] = 1;
    }
    got += outcount;
  }
  MPI_Waitsome(size, reqs, &outcount, indices, sts);
  ok = ok && outcount == MPI_UNDEFINED;
  report("waitsome", ok);

  /* test until done: testall, testany */
  int flag = 0;
  MPI_Irecv(&recvv[0], 1, MPI_INT, left, 9, MPI_COMM_WORLD, &reqs[0]);
  MPI_Isend(&sendv[0], 1, MPI_INT, right, 9, MPI_COMM_WORLD, &reqs[1]);
  while (!flag) MPI_Testall(2, reqs, &flag, sts);
  ok = recvv[0] == left * 1000 && reqs[0] == MPI_REQUEST_NULL;
  MPI_Irecv(&recvv[1], 1, MPI_INT, left, 10, MPI_COMM_WORLD, &reqs[0]);
  MPI_Send(&sendv[1], 1, MPI_INT, right, 10, MPI_COMM_WORLD);
  flag = 0;
  while (!flag) MPI_Testany(1, reqs, &index, &flag, &st);
  ok = ok && index == 0 && recvv[1] == left * 1000 + 1;
  MPI_Testany(1, reqs, &index, &flag, &st);
  ok = ok && flag && index == MPI_UNDEFINED;
  MPI_Test(&reqs[0], &flag, &st);
  ok = ok && flag;
  report("testall testany", ok);

  /* probe sizes a message before receiving it */
  char text_out[] = "probe me";
  if (rank == 0) MPI_Isend(text_out, (int)sizeof text_out, MPI_CHAR, right, 11, MPI_COMM_WORLD, &batch[0]);
  ok = 1;
  if (rank == 1 % size) {
    MPI_Probe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
    MPI_Get_count(&st, MPI_CHAR, &count);
    char text[32];
    ok = count == 9 && st.MPI_TAG == 11 && st.MPI_SOURCE == 0;
    MPI_Recv(text, count, MPI_CHAR, st.MPI_SOURCE, st.MPI_TAG, MPI_COMM_WORLD, &st);
    ok = ok && !strcmp(text, "probe me");
    MPI_Iprobe(MPI_ANY_SOURCE, 11, MPI_COMM_WORLD, &flag, &st);
    ok = ok && !flag;
  }
  if (rank == 0) MPI_Wait(&batch[0], MPI_STATUS_IGNORE);
  report("probe", ok);

  /* proc null */
  MPI_Send(sendv, 1, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD);
  recvv[0] = -7;
  MPI_Recv(recvv, 1, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &st);
  MPI_Get_count(&st, MPI_INT, &count);
  ok = st.MPI_SOURCE == MPI_PROC_NULL && st.MPI_TAG == MPI_ANY_TAG && count == 0 && recvv[0] == -7;
  report("proc null", ok);

  /* a message to myself */
  MPI_Isend(sendv, 3, MPI_INT, rank, 12, MPI_COMM_WORLD, &reqs[0]);
  MPI_Recv(recvv, 3, MPI_INT, rank, 12, MPI_COMM_WORLD, &st);
  MPI_Wait(&reqs[0], MPI_STATUS_IGNORE);
  ok = recvv[2] == sendv[2] && st.MPI_SOURCE == rank;
  report("self", ok);

  /* ssend completes once the receive started; rsend to a posted receive */
  if (rank == 0 && size > 1) {
    MPI_Ssend(sendv, 1, MPI_INT, right, 13, MPI_COMM_WORLD);
  } else if (rank == 1) {
    MPI_Recv(recvv, 1, MPI_INT, 0, 13, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  MPI_Irecv(recvv, 1, MPI_INT, left, 14, MPI_COMM_WORLD, &reqs[0]);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Rsend(&sendv[2], 1, MPI_INT, right, 14, MPI_COMM_WORLD);
  MPI_Wait(&reqs[0], &st);
  ok = recvv[0] == left * 1000 + 2;
  report("ssend rsend", ok);

  /* a receive nobody sends to is cancelled */
  MPI_Irecv(recvv, 1, MPI_INT, left, 999, MPI_COMM_WORLD, &reqs[0]);
  MPI_Cancel(&reqs[0]);
  MPI_Wait(&reqs[0], &st);
  MPI_Test_cancelled(&st, &flag);
  ok = flag && reqs[0] == MPI_REQUEST_NULL;
  report("cancel", ok);

  /* a freed send still arrives */
  MPI_Isend(&sendv[3], 1, MPI_INT, right, 15, MPI_COMM_WORLD, &reqs[0]);
  MPI_Request_free(&reqs[0]);
  MPI_Recv(recvv, 1, MPI_INT, left, 15, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  ok = reqs[0] == MPI_REQUEST_NULL && recvv[0] == left * 1000 + 3;
  report("request_free", ok);

  /* pairs with padding count as their data */
  struct { double value; int index; } pairs[3] = {{1.5, 1}, {2.5, 2}, {3.5, 3}}, back[3];
  MPI_Sendrecv(pairs, 3, MPI_DOUBLE_INT, right, 16, back, 3, MPI_DOUBLE_INT, left, 16, MPI_COMM_WORLD, &st);
  MPI_Get_count(&st, MPI_DOUBLE_INT, &count);
  int bytes, elements;
  MPI_Get_count(&st, MPI_BYTE, &bytes);
  MPI_Get_elements(&st, MPI_DOUBLE_INT, &elements);
  ok = count == 3 && bytes == 36 && elements == 6 && back[2].value == 3.5 && back[2].index == 3;
  report("double_int", ok);

  /* a long message */
  static int big_out[1 << 18], big_in[1 << 18];
  for (int i = 0; i < (1 << 18); ++i) big_out[i] = i ^ rank;
  MPI_Sendrecv(big_out, 1 << 18, MPI_INT, right, 17, big_in, 1 << 18, MPI_INT, left, 17, MPI_COMM_WORLD, &st);
  ok = 1;
  for (int i = 0; i < (1 << 18); ++i) ok = ok && big_in[i] == (i ^ left);
  report("1 MiB", ok);

  if (rank == 0) printf("%s\n", failures ? "FAILED" : "all passed");
  MPI_Finalize();
  return failures ? 1 : 0;
}
