/* MPI_Waitany, MPI_Waitsome, MPI_Testany, MPI_Testall (and MPI_Waitall, MPI_Test) over arrays that
 * mix sends, receives, null requests and MPI_PROC_NULL. Completion order between sources is not
 * deterministic, so the program checks that each request completes exactly once with the right
 * status and prints only what MPI fixes: the sets, and the answers while a receive is known to be
 * unmatched (its message is only sent after a token that rank 0 sends later). */
#include "mpitest.h"

/* The status MPI gives for a null or inactive request. */
static int is_empty_status(const MPI_Status* st) {
  int count;
  MPI_Get_count(st, MPI_BYTE, &count);
  return st->MPI_SOURCE == MPI_ANY_SOURCE && st->MPI_TAG == MPI_ANY_TAG && count == 0;
}

enum { WAITANY, TESTANY, WAITSOME, TESTALL, NKINDS };
static const char* kind_name[NKINDS] = {"MPI_Waitany", "MPI_Testany", "MPI_Waitsome", "MPI_Testall"};

/* Every rank receives one message from every other rank and sends one to every other rank; the
 * request array is [receives..., sends..., a null request, a receive from MPI_PROC_NULL]. */
static void complete_all(int kind) {
  int n = 2 * mt_size + 2;
  MPI_Request* req = (MPI_Request*)malloc(sizeof(MPI_Request) * n);
  MPI_Status* st = (MPI_Status*)malloc(sizeof(MPI_Status) * n);
  int* done = (int*)calloc(n, sizeof(int));
  int* idx = (int*)malloc(sizeof(int) * n);
  int* in = (int*)malloc(sizeof(int) * mt_size);
  int* out = (int*)malloc(sizeof(int) * mt_size);
  int pn = -7;
  for (int r = 0; r < mt_size; r++) {
    out[r] = mt_rank * 1000 + r;
    req[r] = req[mt_size + r] = MPI_REQUEST_NULL;
    if (r == mt_rank) continue;
    MPI_Irecv(&in[r], 1, MPI_INT, r, kind, MPI_COMM_WORLD, &req[r]);
  }
  for (int r = 0; r < mt_size; r++)
    if (r != mt_rank) MPI_Isend(&out[r], 1, MPI_INT, r, kind, MPI_COMM_WORLD, &req[mt_size + r]);
  req[2 * mt_size] = MPI_REQUEST_NULL;
  MPI_Irecv(&pn, 1, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &req[2 * mt_size + 1]);
  int active = 2 * (mt_size - 1) + 1, completed = 0;

  while (completed < active) {
    int index = MPI_UNDEFINED, flag = 0, outcount = 0;
    MPI_Status one;
    switch (kind) {
      case WAITANY:
        MPI_Waitany(n, req, &index, &one);
        if (index != MPI_UNDEFINED) idx[outcount++] = index, st[index] = one;
        break;
      case TESTANY:
        MPI_Testany(n, req, &index, &flag, &one);
        if (flag && index != MPI_UNDEFINED) idx[outcount++] = index, st[index] = one;
        break;
      case WAITSOME: {
        MPI_Status* some = (MPI_Status*)malloc(sizeof(MPI_Status) * n);
        MPI_Waitsome(n, req, &outcount, idx, some);
        if (outcount == MPI_UNDEFINED) outcount = 0;
        for (int k = 0; k < outcount; k++) st[idx[k]] = some[k];
        free(some);
        break;
      }
      case TESTALL: {
        /* Requests already set to MPI_REQUEST_NULL stay so; Testall frees all or none. */
        MPI_Status* all = (MPI_Status*)malloc(sizeof(MPI_Status) * n);
        MPI_Testall(n, req, &flag, all);
        if (flag)
          for (int k = 0; k < n; k++)
            if (!done[k] && k != 2 * mt_size && !(k < 2 * mt_size && k % mt_size == mt_rank)) idx[outcount++] = k, st[k] = all[k];
        free(all);
        break;
      }
    }
    for (int k = 0; k < outcount; k++) {
      int i = idx[k];
      if (!mt_check(i >= 0 && i < n && !done[i], "%s: index %d completed twice or out of range", kind_name[kind], i)) continue;
      done[i] = 1;
      completed++;
      mt_check(req[i] == MPI_REQUEST_NULL, "%s: request %d not set to MPI_REQUEST_NULL", kind_name[kind], i);
      if (i < mt_size) {
        mt_check(st[i].MPI_SOURCE == i && st[i].MPI_TAG == kind && in[i] == i * 1000 + mt_rank,
                 "%s: receive %d: source %d tag %d value %d", kind_name[kind], i, st[i].MPI_SOURCE, st[i].MPI_TAG, in[i]);
      } else if (i == 2 * mt_size + 1) {
        int count;
        MPI_Get_count(&st[i], MPI_INT, &count);
        mt_check(count == 0 && pn == -7, "%s: MPI_PROC_NULL receive count %d", kind_name[kind], count);
        mt_check(MT_IRECV_PROC_NULL_STATUS_BROKEN || (st[i].MPI_SOURCE == MPI_PROC_NULL && st[i].MPI_TAG == MPI_ANY_TAG),
                 "%s: MPI_PROC_NULL receive status: source %d tag %d", kind_name[kind], st[i].MPI_SOURCE, st[i].MPI_TAG);
      }
    }
  }
  /* Nothing active is left: the answers for an array of null requests. */
  int index = 0, flag = 0, outcount = 0;
  MPI_Status one;
  MPI_Waitany(n, req, &index, &one);
  mt_check(index == MPI_UNDEFINED && is_empty_status(&one), "Waitany on null requests");
  MPI_Testany(n, req, &index, &flag, &one);
  mt_check(flag && index == MPI_UNDEFINED && is_empty_status(&one), "Testany on null requests");
  MPI_Waitsome(n, req, &outcount, idx, MPI_STATUSES_IGNORE);
  mt_check(outcount == MPI_UNDEFINED, "Waitsome on null requests: outcount %d", outcount);
  MPI_Testall(n, req, &flag, st);
  mt_check(flag && is_empty_status(&st[0]), "Testall on null requests");
  mt_say("%s: %d requests per rank each completed once\n", kind_name[kind], active);
  free(req), free(st), free(done), free(idx), free(in), free(out);
}

/* Rank 1 sends tag 1 at once and tag 2 only after rank 0's token: while the token is unsent, the
 * tag-2 receive cannot complete, so every answer is fixed. */
static void pending_answers(void) {
  if (mt_rank == 1) {
    int a = 11, b = 22;
    MPI_Send(&a, 1, MPI_INT, 0, 1, MPI_COMM_WORLD);
    MPI_Recv(NULL, 0, MPI_BYTE, 0, 9, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Send(&b, 1, MPI_INT, 0, 2, MPI_COMM_WORLD);
  }
  if (mt_rank != 0) return;
  int a = 0, b = 0, index, flag, outcount, idx[2];
  MPI_Request req[2];
  MPI_Status st[2];
  MPI_Irecv(&b, 1, MPI_INT, 1, 2, MPI_COMM_WORLD, &req[1]);
  MPI_Irecv(&a, 1, MPI_INT, 1, 1, MPI_COMM_WORLD, &req[0]);
  MPI_Waitany(2, req, &index, &st[0]);
  mt_printf("Waitany with tag 2 unsent: index %d, value %d, tag %d\n", index, a, st[0].MPI_TAG);
  MPI_Testall(2, req, &flag, st);
  mt_printf("Testall with tag 2 unsent: flag %d\n", flag);
  MPI_Testany(2, req, &index, &flag, &st[0]);
  mt_printf("Testany with tag 2 unsent: flag %d, index %s\n", flag, index == MPI_UNDEFINED ? "MPI_UNDEFINED" : "a number");
  MPI_Test(&req[1], &flag, &st[0]);
  mt_printf("Test with tag 2 unsent: flag %d, request %s\n", flag, req[1] == MPI_REQUEST_NULL ? "null" : "active");
  MPI_Send(NULL, 0, MPI_BYTE, 1, 9, MPI_COMM_WORLD);
  MPI_Waitsome(2, req, &outcount, idx, st);
  mt_printf("Waitsome after the token: %d done, index %d, value %d, tag %d\n", outcount, idx[0], b, st[0].MPI_TAG);
}

int main(int argc, char** argv) {
  mt_init(&argc, &argv);
  mt_require_size(2, 1);
  for (int kind = 0; kind < NKINDS; kind++) {
    complete_all(kind);
    mt_flush();
  }
  pending_answers();
  return mt_finish();
}
