/* The environment and the small rules: MPI_Initialized/Finalized, MPI_Init_thread (single),
 * MPI_Get_version, MPI_Get_processor_name, MPI_Wtime/MPI_Wtick, MPI_TAG_UB (at least 2^20, and
 * usable), status fields (MPI_SOURCE, MPI_TAG, MPI_Get_count) from Recv, Wait, Test and Probe,
 * MPI_STATUS_IGNORE, MPI_PROC_NULL for every point-to-point call, MPI_Request_free on a send. */
#include "mpitest.h"

static void environment(void) {
  int version, subversion, len, flag;
  char name[MPI_MAX_PROCESSOR_NAME];
  MPI_Get_version(&version, &subversion);
  mt_check(version >= 1 && subversion >= 0, "MPI_Get_version %d.%d", version, subversion);
  memset(name, 0, sizeof name);
  MPI_Get_processor_name(name, &len);
  mt_check(len > 0 && len < MPI_MAX_PROCESSOR_NAME && (int)strlen(name) == len, "processor name '%s' length %d", name, len);
  MPI_Initialized(&flag);
  mt_check(flag == 1, "MPI_Initialized after init: %d", flag);
  MPI_Finalized(&flag);
  mt_check(flag == 0, "MPI_Finalized before finalize: %d", flag);
  double tick = MPI_Wtick(), t0 = MPI_Wtime(), t1 = t0;
  for (int i = 0; i < 1000; i++) {
    double t = MPI_Wtime();
    mt_check(t >= t1, "MPI_Wtime went back");
    t1 = t;
  }
  mt_check(tick > 0 && tick < 1, "MPI_Wtick %g", tick);
  mt_say("version >= 1, processor name, Initialized, Finalized, Wtime non-decreasing, 0 < Wtick < 1\n");
}

static void tag_ub(void) {
  int* ub = NULL;
  int flag = 0;
  MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_TAG_UB, &ub, &flag);
  mt_check(flag && ub && *ub >= (1 << 20), "MPI_TAG_UB missing or below 2^20");
  if (!flag || !ub) return;
  int top = *ub, partner = mt_rank ^ 1;
  if (partner < mt_size) {
    int out[2] = {mt_rank, 1 << 20}, in[2] = {0, 0};
    MPI_Status st;
    MPI_Request req;
    MPI_Isend(&out[0], 1, MPI_INT, partner, top, MPI_COMM_WORLD, &req);
    MPI_Recv(&in[0], 1, MPI_INT, partner, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    mt_check(st.MPI_TAG == top && in[0] == partner, "message with tag MPI_TAG_UB: tag %d", st.MPI_TAG);
    MPI_Sendrecv(&out[1], 1, MPI_INT, partner, 1 << 20, &in[1], 1, MPI_INT, partner, 1 << 20, MPI_COMM_WORLD, &st);
    mt_check(st.MPI_TAG == 1 << 20 && in[1] == 1 << 20, "message with tag 2^20");
  }
  mt_say("MPI_TAG_UB >= 2^20; messages with tags 2^20 and MPI_TAG_UB delivered\n");
}

/* Status fields from each completion call; MPI_STATUS_IGNORE accepted everywhere. */
static void status_fields(void) {
  int partner = mt_rank ^ 1;
  if (partner >= mt_size) return;
  int out[4] = {1, 2, 3, 4}, in[4];
  MPI_Status st;
  MPI_Request req, sreq;
  int count, flag = 0;
  if (mt_rank % 2 == 0) {
    MPI_Send(out, 3, MPI_INT, partner, 21, MPI_COMM_WORLD);
    MPI_Send(out, 2, MPI_SHORT, partner, 22, MPI_COMM_WORLD);
    MPI_Send(out, 4, MPI_INT, partner, 23, MPI_COMM_WORLD);
    MPI_Send(NULL, 0, MPI_INT, partner, 24, MPI_COMM_WORLD);
    MPI_Send(out, 1, MPI_INT, partner, 25, MPI_COMM_WORLD);
    MPI_Recv(NULL, 0, MPI_BYTE, partner, 26, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    return;
  }
  MPI_Recv(in, 4, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
  MPI_Get_count(&st, MPI_INT, &count);
  mt_printf("rank %d: Recv status: source %d, tag %d, %d ints\n", mt_rank, st.MPI_SOURCE, st.MPI_TAG, count);
  MPI_Irecv(in, 4, MPI_SHORT, partner, MPI_ANY_TAG, MPI_COMM_WORLD, &req);
  MPI_Wait(&req, &st);
  MPI_Get_count(&st, MPI_SHORT, &count);
  mt_printf("rank %d: Wait status: source %d, tag %d, %d shorts\n", mt_rank, st.MPI_SOURCE, st.MPI_TAG, count);
  MPI_Irecv(in, 4, MPI_INT, MPI_ANY_SOURCE, 23, MPI_COMM_WORLD, &req);
  while (!flag) MPI_Test(&req, &flag, &st);
  MPI_Get_count(&st, MPI_INT, &count);
  mt_printf("rank %d: Test status: source %d, tag %d, %d ints, values %d %d %d %d\n", mt_rank, st.MPI_SOURCE,
            st.MPI_TAG, count, in[0], in[1], in[2], in[3]);
  MPI_Probe(partner, 24, MPI_COMM_WORLD, &st);
  MPI_Get_count(&st, MPI_INT, &count);
  mt_printf("rank %d: Probe status of an empty message: source %d, tag %d, %d ints\n", mt_rank, st.MPI_SOURCE, st.MPI_TAG, count);
  MPI_Recv(NULL, 0, MPI_INT, partner, 24, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Irecv(in, 1, MPI_INT, partner, 25, MPI_COMM_WORLD, &req);
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  mt_check(in[0] == 1 && req == MPI_REQUEST_NULL, "Wait with MPI_STATUS_IGNORE");
  MPI_Isend(NULL, 0, MPI_BYTE, partner, 26, MPI_COMM_WORLD, &sreq);
  MPI_Waitall(1, &sreq, MPI_STATUSES_IGNORE);
}

/* Every point-to-point call with MPI_PROC_NULL completes at once and moves nothing. */
static void proc_null(void) {
  int v = 7, got = -1, count, flag = 0;
  MPI_Status st;
  MPI_Request req[2];
  MPI_Send(&v, 1, MPI_INT, MPI_PROC_NULL, 1, MPI_COMM_WORLD);
  MPI_Ssend(&v, 1, MPI_INT, MPI_PROC_NULL, 1, MPI_COMM_WORLD);
  MPI_Rsend(&v, 1, MPI_INT, MPI_PROC_NULL, 1, MPI_COMM_WORLD);
  MPI_Recv(&got, 1, MPI_INT, MPI_PROC_NULL, 1, MPI_COMM_WORLD, &st);
  MPI_Get_count(&st, MPI_INT, &count);
  mt_check(got == -1 && count == 0 && st.MPI_SOURCE == MPI_PROC_NULL && st.MPI_TAG == MPI_ANY_TAG,
           "Recv from MPI_PROC_NULL: source %d tag %d count %d", st.MPI_SOURCE, st.MPI_TAG, count);
  MPI_Probe(MPI_PROC_NULL, 1, MPI_COMM_WORLD, &st);
  MPI_Get_count(&st, MPI_INT, &count);
  mt_check(count == 0 && st.MPI_SOURCE == MPI_PROC_NULL && st.MPI_TAG == MPI_ANY_TAG, "Probe of MPI_PROC_NULL");
  MPI_Iprobe(MPI_PROC_NULL, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &st);
  mt_check(flag && st.MPI_SOURCE == MPI_PROC_NULL, "Iprobe of MPI_PROC_NULL: flag %d", flag);
  MPI_Isend(&v, 1, MPI_INT, MPI_PROC_NULL, 1, MPI_COMM_WORLD, &req[0]);
  MPI_Irecv(&got, 1, MPI_INT, MPI_PROC_NULL, 1, MPI_COMM_WORLD, &req[1]);
  MPI_Waitall(2, req, MPI_STATUSES_IGNORE);
  mt_check(got == -1, "Irecv from MPI_PROC_NULL wrote the buffer");
  MPI_Issend(&v, 1, MPI_INT, MPI_PROC_NULL, 1, MPI_COMM_WORLD, &req[0]);
  flag = 0;
  MPI_Test(&req[0], &flag, MPI_STATUS_IGNORE);
  mt_check(flag, "Issend to MPI_PROC_NULL not complete at the first test");
  mt_say("MPI_PROC_NULL: Send, Ssend, Rsend, Recv, Probe, Iprobe, Isend, Irecv, Issend complete at once\n");
}

/* MPI_Request_free on sends: the messages are still delivered, in order. */
static void request_free(void) {
  int next = (mt_rank + 1) % mt_size, prev = (mt_rank + mt_size - 1) % mt_size;
  enum { N = 5 };
  static int out[N];
  int in[N];
  MPI_Request req;
  for (int i = 0; i < N; i++) {
    out[i] = mt_rank * 100 + i;
    MPI_Isend(&out[i], 1, MPI_INT, next, 30, MPI_COMM_WORLD, &req);
    MPI_Request_free(&req);
    mt_check(req == MPI_REQUEST_NULL, "MPI_Request_free did not set MPI_REQUEST_NULL");
  }
  for (int i = 0; i < N; i++) {
    MPI_Recv(&in[i], 1, MPI_INT, prev, 30, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    mt_check(in[i] == prev * 100 + i, "freed send %d delivered %d", i, in[i]);
  }
  /* The buffers stay untouched until the receivers have them: after a barrier they have. */
  MPI_Barrier(MPI_COMM_WORLD);
  mt_say("MPI_Request_free on %d sends: all delivered in order\n", N);
}

int main(int argc, char** argv) {
  int flag = -1, provided = -1;
  MPI_Initialized(&flag);
  MPI_Init_thread(&argc, &argv, MPI_THREAD_SINGLE, &provided);
  mt_attach();
  mt_check(flag == 0, "MPI_Initialized before init: %d", flag);
  mt_check(provided >= MPI_THREAD_SINGLE, "MPI_Init_thread provided %d", provided);
  environment();
  tag_ub();
  mt_flush();
  status_fields();
  mt_flush();
  proc_null();
  request_free();
  int status = mt_finish();
  MPI_Finalized(&flag);
  if (mt_rank == 0) printf("MPI_Finalized after finalize: %d\n", flag);
  return status;
}
