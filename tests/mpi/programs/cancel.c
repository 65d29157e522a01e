/* MPI_Cancel of receives and MPI_Test_cancelled: a cancelled receive completes without data and
 * takes no later message; a receive that already matched completes normally (cancel fails);
 * cancelling some of many posted receives leaves the others their messages in MPI order. */
#include "mpitest.h"

#define LARGE (256 * 1024)

static int cancelled(MPI_Status* st) {
  int flag = -1;
  MPI_Test_cancelled(st, &flag);
  return flag;
}

/* A receive nobody will match, cancelled and completed by Wait or by polling Test. */
static void cancel_unmatched(void) {
  int buf = -1, flag = 0;
  MPI_Request req;
  MPI_Status st;
  MPI_Irecv(&buf, 1, MPI_INT, MPI_ANY_SOURCE, 12345, MPI_COMM_WORLD, &req);
  MPI_Cancel(&req);
  MPI_Wait(&req, &st);
  mt_check(cancelled(&st) == 1 && buf == -1 && req == MPI_REQUEST_NULL, "unmatched receive not cancelled by Wait");
  MPI_Irecv(&buf, 1, MPI_INT, (mt_rank + 1) % mt_size, MPI_ANY_TAG, MPI_COMM_WORLD, &req);
  MPI_Cancel(&req);
  while (!flag) MPI_Test(&req, &flag, &st);
  mt_check(cancelled(&st) == 1 && buf == -1, "unmatched receive not cancelled by Test");
  mt_say("unmatched receives: cancelled (Wait and Test)\n");
}

/* Rank 0 posts wildcard receives and cancels them; then rank 1 sends; the next receive (and not
 * a cancelled one) gets each message, eager and rendezvous. */
static void cancelled_take_nothing(void) {
  char* big = (char*)malloc(LARGE);
  if (mt_rank == 0) {
    MPI_Request req[4];
    MPI_Status st;
    char* junk = (char*)malloc(LARGE);
    for (int i = 0; i < 4; i++) MPI_Irecv(junk, LARGE, MPI_BYTE, i % 2 ? 1 : MPI_ANY_SOURCE, i < 2 ? MPI_ANY_TAG : 3, MPI_COMM_WORLD, &req[i]);
    for (int i = 0; i < 4; i++) MPI_Cancel(&req[i]);
    int ncancelled = 0;
    MPI_Status sts[4];
    MPI_Waitall(4, req, sts);
    for (int i = 0; i < 4; i++) ncancelled += cancelled(&sts[i]);
    MPI_Send(NULL, 0, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
    int small;
    MPI_Recv(&small, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
    mt_check(small == 77 && st.MPI_TAG == 3, "small message after cancels: %d tag %d", small, st.MPI_TAG);
    MPI_Recv(big, LARGE, MPI_BYTE, 1, 3, MPI_COMM_WORLD, &st);
    mt_check(mt_first_bad(big, LARGE, 1, 5) < 0, "large message after cancels: content");
    mt_printf("4 wildcard receives cancelled: %d report cancelled; later eager and rendezvous messages went to later receives\n", ncancelled);
    free(junk);
  } else if (mt_rank == 1) {
    int small = 77;
    mt_fill(big, LARGE, 1, 5);
    MPI_Recv(NULL, 0, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Send(&small, 1, MPI_INT, 0, 3, MPI_COMM_WORLD);
    MPI_Send(big, LARGE, MPI_BYTE, 0, 3, MPI_COMM_WORLD);
  }
  free(big);
}

/* A receive that has matched (its message came before a later one that rank 0 then received) is
 * not cancelled: Wait completes it with the data, eager and rendezvous. */
static void cancel_after_match(void) {
  char* big = (char*)malloc(LARGE);
  if (mt_rank == 0) {
    int small = 0, later;
    MPI_Request req[2];
    MPI_Status st[2];
    MPI_Irecv(&small, 1, MPI_INT, 1, 5, MPI_COMM_WORLD, &req[0]);
    MPI_Irecv(big, LARGE, MPI_BYTE, 1, 6, MPI_COMM_WORLD, &req[1]);
    MPI_Send(NULL, 0, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
    MPI_Recv(&later, 1, MPI_INT, 1, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Cancel(&req[0]);
    MPI_Cancel(&req[1]);
    MPI_Waitall(2, req, st);
    mt_printf("matched eager receive: cancelled %d, value %d\n", cancelled(&st[0]), small);
    mt_printf("matched rendezvous receive: cancelled %d, content %s\n", cancelled(&st[1]),
              mt_first_bad(big, LARGE, 1, 6) < 0 ? "ok" : "wrong");
  } else if (mt_rank == 1) {
    int small = 55, later = 1;
    MPI_Request req[3];
    mt_fill(big, LARGE, 1, 6);
    MPI_Recv(NULL, 0, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Isend(&small, 1, MPI_INT, 0, 5, MPI_COMM_WORLD, &req[0]);
    MPI_Isend(big, LARGE, MPI_BYTE, 0, 6, MPI_COMM_WORLD, &req[1]);
    MPI_Isend(&later, 1, MPI_INT, 0, 7, MPI_COMM_WORLD, &req[2]);
    MPI_Waitall(3, req, MPI_STATUSES_IGNORE);
  }
  free(big);
}

/* Every rank posts receives with MPI_ANY_SOURCE, cancels the odd ones, and then every other rank
 * sends it two messages: the even receives take them (per-source order kept); the spare even
 * receives at the end are still pending and are cancelled too. */
static void cancel_every_other(void) {
  const int per_sender = 2;
  int expected = (mt_size - 1) * per_sender, nrecv = 2 * expected + 4;
  size_t nsends = (size_t)mt_size * per_sender; /* a little more than needed */
  int* buf = (int*)malloc(sizeof(int) * nrecv);
  MPI_Request* req = (MPI_Request*)malloc(sizeof(MPI_Request) * nrecv);
  MPI_Status* st = (MPI_Status*)malloc(sizeof(MPI_Status) * nrecv);
  for (int i = 0; i < nrecv; i++) {
    buf[i] = -1;
    MPI_Irecv(&buf[i], 1, MPI_INT, MPI_ANY_SOURCE, 4, MPI_COMM_WORLD, &req[i]);
  }
  for (int i = 1; i < nrecv; i += 2) MPI_Cancel(&req[i]);
  /* Cancellation is local: the odd receives are gone once completed. */
  for (int i = 1; i < nrecv; i += 2) {
    MPI_Wait(&req[i], &st[i]);
    mt_check(cancelled(&st[i]) == 1, "odd receive %d not cancelled", i);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Request* sreq = (MPI_Request*)malloc(sizeof(MPI_Request) * nsends);
  int* vals = (int*)malloc(sizeof(int) * nsends);
  int ns = 0;
  for (int d = 1; d < mt_size; d++)
    for (int k = 0; k < per_sender; k++, ns++) {
      vals[ns] = mt_rank * 100 + k;
      MPI_Isend(&vals[ns], 1, MPI_INT, (mt_rank + d) % mt_size, 4, MPI_COMM_WORLD, &sreq[ns]);
    }
  int got = 0;
  int* next = (int*)calloc(mt_size, sizeof(int));
  for (int i = 0; i < nrecv && got < expected; i += 2, got++) {
    MPI_Wait(&req[i], &st[i]);
    int src = st[i].MPI_SOURCE;
    mt_check(cancelled(&st[i]) == 0 && buf[i] == src * 100 + next[src], "even receive %d: value %d from %d", i, buf[i], src);
    next[src]++;
  }
  /* Receives beyond the messages sent are still pending: cancel them. */
  for (int i = 2 * expected; i < nrecv; i += 2) {
    MPI_Cancel(&req[i]);
    MPI_Wait(&req[i], &st[i]);
    mt_check(cancelled(&st[i]) == 1, "spare receive %d not cancelled", i);
  }
  MPI_Waitall(ns, sreq, MPI_STATUSES_IGNORE);
  mt_say("every other of %d receives cancelled: the rest took %d messages per rank in order\n", nrecv, expected);
  free(buf), free(req), free(st), free(sreq), free(vals), free(next);
}

int main(int argc, char** argv) {
  mt_init(&argc, &argv);
  mt_require_size(2, 1);
  cancel_unmatched();
  mt_flush();
  cancelled_take_nothing();
  mt_flush();
  cancel_after_match();
  mt_flush();
  cancel_every_other();
  return mt_finish();
}
