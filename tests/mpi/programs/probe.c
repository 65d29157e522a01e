/* MPI_Probe, MPI_Iprobe and MPI_Get_count: a probe reports the envelope and length of the message
 * the matching receive would take, without taking it; messages of unknown size (eager and
 * rendezvous) are received into buffers sized from the probe. */
#include "mpitest.h"

#define PER_SOURCE 12
static int size_of(int src, int i) { return (i % 4 == 3) ? 100000 + src * 8 + i * 4 : (src * 13 + i * 29) % 800; }

/* Every other rank sends PER_SOURCE messages of sizes unknown to rank 0, with tags i % 3; rank 0
 * probes with wildcards (blocking or polling), then receives exactly the probed message. */
static void probe_then_receive(int use_iprobe) {
  if (mt_rank != 0) {
    MPI_Request req[PER_SOURCE];
    char* buf[PER_SOURCE];
    for (int i = 0; i < PER_SOURCE; i++) {
      int n = size_of(mt_rank, i);
      buf[i] = (char*)malloc(n + 1);
      mt_fill(buf[i], n, mt_rank, i + 100 * use_iprobe);
      MPI_Isend(buf[i], n, MPI_BYTE, 0, i % 3, MPI_COMM_WORLD, &req[i]);
    }
    MPI_Waitall(PER_SOURCE, req, MPI_STATUSES_IGNORE);
    for (int i = 0; i < PER_SOURCE; i++) free(buf[i]);
    return;
  }
  int* next = (int*)calloc(mt_size, sizeof(int));
  for (int m = 0; m < PER_SOURCE * (mt_size - 1); m++) {
    MPI_Status st, st2;
    int count, count2, flag = 0;
    if (use_iprobe) {
      while (!flag) MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &st);
    } else {
      MPI_Probe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
    }
    MPI_Get_count(&st, MPI_BYTE, &count);
    int src = st.MPI_SOURCE, i = next[src]++;
    mt_check(count == size_of(src, i), "probe from %d message %d: %d bytes, expected %d", src, i, count, size_of(src, i));
    mt_check(st.MPI_TAG == i % 3, "probe from %d message %d: tag %d", src, i, st.MPI_TAG);
    /* A second probe for the same envelope sees the same message. */
    MPI_Probe(src, st.MPI_TAG, MPI_COMM_WORLD, &st2);
    MPI_Get_count(&st2, MPI_BYTE, &count2);
    mt_check(count2 == count && st2.MPI_SOURCE == src, "second probe saw another message");
    char* buf = (char*)malloc(count + 1);
    MPI_Recv(buf, count, MPI_BYTE, src, st.MPI_TAG, MPI_COMM_WORLD, &st2);
    MPI_Get_count(&st2, MPI_BYTE, &count2);
    mt_check(count2 == count, "receive after probe got %d bytes, probe said %d", count2, count);
    mt_check(mt_first_bad(buf, count, src, i + 100 * use_iprobe) < 0, "from %d message %d: content", src, i);
    free(buf);
  }
  for (int s = 1; s < mt_size; s++) mt_check(next[s] == PER_SOURCE, "from %d: %d messages", s, next[s]);
  mt_printf("%s: %d messages of probed sizes received, per-source order kept\n",
            use_iprobe ? "MPI_Iprobe" : "MPI_Probe", PER_SOURCE * (mt_size - 1));
  free(next);
}

/* A probe for an exact tag skips earlier messages with other tags; Get_count in elements of
 * different datatypes, MPI_UNDEFINED when the length is not a whole number of them. */
static void exact_tag_and_counts(void) {
  int partner = mt_rank ^ 1;
  if (partner >= mt_size) return;
  if (mt_rank % 2) {
    char bytes[10] = {0};
    double d[3] = {1.5, -2.0, 0.25};
    MPI_Request req[3];
    MPI_Isend(bytes, 10, MPI_BYTE, partner, 1, MPI_COMM_WORLD, &req[0]);
    MPI_Isend(d, 3, MPI_DOUBLE, partner, 2, MPI_COMM_WORLD, &req[1]);
    MPI_Isend(NULL, 0, MPI_INT, partner, 3, MPI_COMM_WORLD, &req[2]);
    MPI_Waitall(3, req, MPI_STATUSES_IGNORE);
    return;
  }
  MPI_Status st;
  int c_byte, c_int, c_double, c_short, flag = 1;
  /* Nobody sends tag 99 to this rank: Iprobe must say no (the other messages may be in flight). */
  MPI_Iprobe(partner, 99, MPI_COMM_WORLD, &flag, &st);
  mt_check(flag == 0, "Iprobe found a tag-99 message that was never sent");
  MPI_Probe(partner, 3, MPI_COMM_WORLD, &st);
  MPI_Get_count(&st, MPI_INT, &c_int);
  mt_printf("rank %d: probe tag 3 from %d: tag %d, %d ints\n", mt_rank, st.MPI_SOURCE, st.MPI_TAG, c_int);
  MPI_Recv(NULL, 0, MPI_INT, partner, 3, MPI_COMM_WORLD, &st);
  MPI_Probe(partner, 2, MPI_COMM_WORLD, &st);
  MPI_Get_count(&st, MPI_DOUBLE, &c_double);
  MPI_Get_count(&st, MPI_INT, &c_int);
  MPI_Get_count(&st, MPI_BYTE, &c_byte);
  mt_printf("rank %d: probe tag 2: %d doubles = %d ints = %d bytes\n", mt_rank, c_double, c_int, c_byte);
  double d[3];
  MPI_Recv(d, 3, MPI_DOUBLE, partner, 2, MPI_COMM_WORLD, &st);
  mt_check(d[0] == 1.5 && d[1] == -2.0 && d[2] == 0.25, "doubles received wrong");
  flag = 0;
  while (!flag) MPI_Iprobe(MPI_ANY_SOURCE, 1, MPI_COMM_WORLD, &flag, &st);
  MPI_Get_count(&st, MPI_BYTE, &c_byte);
  MPI_Get_count(&st, MPI_INT, &c_int);
  MPI_Get_count(&st, MPI_SHORT, &c_short);
  mt_printf("rank %d: iprobe tag 1: %d bytes, ints %s, %d shorts\n", mt_rank, c_byte,
            c_int == MPI_UNDEFINED ? "MPI_UNDEFINED" : "a number", c_short);
  char bytes[10];
  MPI_Recv(bytes, 10, MPI_BYTE, partner, 1, MPI_COMM_WORLD, &st);
  /* Nothing is left for this rank. */
  MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &st);
  mt_check(flag == 0, "Iprobe found a message after all were received");
}

int main(int argc, char** argv) {
  mt_init(&argc, &argv);
  mt_require_size(2, 1);
  probe_then_receive(0);
  mt_flush();
  probe_then_receive(1);
  mt_flush();
  exact_tag_and_counts();
  return mt_finish();
}
