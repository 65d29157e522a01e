/* NIC-based (NB) vs host-based (HB) reduction, measured as seed nic-based-reduction does (Sec. IV;
 * docs/reduction-experiments.md). NB is MPI_Reduce, which the offload transport gives to the NIC
 * (PIMNIC_REDUCE=nic, the default); HB is this program's own reduction over MPI_Send/MPI_Recv on the
 * same tree (PIMNIC_REDUCE_TREE, reduce_tree.h), children received in order, as the seed's hosts did
 * over the same message layer. The root is rank 0.
 *
 *   reduce_bench latency MODE TYPE ITERATIONS [COUNT]
 *       Fig. 2-4: the time from the furthest leaf's start of the reduction until the root has the
 *       result: the root then sends that leaf a message; the leaf takes the time from its start to
 *       that message's arrival and subtracts the one-way latency (half a ping-pong between them).
 *   reduce_bench cpu MODE TYPE ITERATIONS [COUNT] [MAX_DELAY_US [SEED]]
 *       Fig. 5-7: every rank times its reduction call after a barrier (and, with MAX_DELAY_US, after
 *       a random delay of 0..MAX_DELAY_US microseconds that is not timed); the mean over ranks and
 *       iterations.
 * MODE nb|hb, TYPE int|float (64-bit: long long, double). Prints one row under a header line. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "reduce_tree.h"

enum { MAXC = 64, TAG = 77, DONE_TAG = 78, PING_TAG = 79 };
static int size, rank, parent, nkids, kids[1024];
static MPI_Datatype type;

/* The host-based reduction of `count` elements to rank 0 over the tree. */
static void hb_reduce(const void* in, void* out, int count) {
  long long acc[MAXC], part[MAXC];
  memcpy(acc, in, (size_t)count * 8);
  for (int c = 0; c < nkids; ++c) {
    MPI_Recv(part, count, type, kids[c], TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (type == MPI_DOUBLE)
      for (int i = 0; i < count; ++i) ((double*)acc)[i] += ((double*)part)[i];
    else
      for (int i = 0; i < count; ++i) acc[i] += part[i];
  }
  if (parent >= 0) MPI_Send(acc, count, type, parent, TAG, MPI_COMM_WORLD);
  else memcpy(out, acc, (size_t)count * 8);
}

static void reduce(int nb, const void* in, void* out, int count) {
  if (nb) MPI_Reduce(in, out, count, type, MPI_SUM, 0, MPI_COMM_WORLD);
  else hb_reduce(in, out, count);
}

/* The skew: sleep (the delay is not timed, and a sleeping host costs the emulator nothing). */
static void delay(double seconds) {
  struct timespec ts = {(time_t)seconds, (long)((seconds - (double)(time_t)seconds) * 1e9)};
  nanosleep(&ts, 0);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (argc < 5 || (strcmp(argv[1], "latency") && strcmp(argv[1], "cpu")) ||
      (strcmp(argv[2], "nb") && strcmp(argv[2], "hb")) || (strcmp(argv[3], "int") && strcmp(argv[3], "float"))) {
    if (rank == 0) fprintf(stderr, "usage: reduce_bench latency|cpu nb|hb int|float ITERATIONS [COUNT [MAX_DELAY_US [SEED]]]\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  const int latency = !strcmp(argv[1], "latency"), nb = !strcmp(argv[2], "nb");
  type = strcmp(argv[3], "int") ? MPI_DOUBLE : MPI_LONG_LONG;
  const int iterations = atoi(argv[4]), count = argc > 5 ? atoi(argv[5]) : 1;
  const double max_delay = argc > 6 ? atof(argv[6]) * 1e-6 : 0;
  unsigned long long rng = (argc > 7 ? strtoull(argv[7], 0, 0) : 1) * 0x9E3779B97F4A7C15ull + (unsigned)rank * 7919u + 1;
  if (iterations < 1 || count < 1 || count > MAXC || max_delay < 0) {
    if (rank == 0) fprintf(stderr, "reduce_bench: ITERATIONS >= 1, COUNT 1..%d, MAX_DELAY_US >= 0\n", MAXC);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  const unsigned degree = reduce_tree_degree();
  nkids = reduce_tree_links(degree, size, 0, rank, &parent, kids);
  /* The furthest leaf: the deepest member, the highest rank among equals. */
  int leaf = 0, deepest = -1;
  for (int m = 0; m < size; ++m) {
    const int d = reduce_tree_depth(degree, size, 0, m);
    if (d >= deepest) deepest = d, leaf = m;
  }
  long long in[MAXC], out[MAXC];
  for (int i = 0; i < count; ++i) {
    if (type == MPI_DOUBLE) ((double*)in)[i] = rank + 0.5 * i;
    else in[i] = rank + i;
  }
  double mean = 0, one_way = 0;
  if (latency) {
    /* One-way latency between the root and the leaf: half a ping-pong, averaged. */
    const int pings = 20;
    MPI_Barrier(MPI_COMM_WORLD);
    if (size > 1 && (rank == 0 || rank == leaf)) {
      double t = MPI_Wtime();
      for (int i = 0; i < pings; ++i) {
        if (rank == leaf) {
          MPI_Send(in, 0, MPI_BYTE, 0, PING_TAG, MPI_COMM_WORLD);
          MPI_Recv(out, 0, MPI_BYTE, 0, PING_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else {
          MPI_Recv(out, 0, MPI_BYTE, leaf, PING_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
          MPI_Send(in, 0, MPI_BYTE, leaf, PING_TAG, MPI_COMM_WORLD);
        }
      }
      one_way = (MPI_Wtime() - t) / pings / 2;
    }
    double total = 0;
    for (int it = -1; it < iterations; ++it) {  /* one warm-up */
      MPI_Barrier(MPI_COMM_WORLD);
      const double t0 = MPI_Wtime();
      reduce(nb, in, out, count);
      if (rank == 0 && leaf != 0) MPI_Send(out, 0, MPI_BYTE, leaf, DONE_TAG, MPI_COMM_WORLD);
      if (rank == leaf && leaf != 0) MPI_Recv(out, 0, MPI_BYTE, 0, DONE_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      if (it >= 0) total += MPI_Wtime() - t0 - one_way;
    }
    mean = total / iterations;
    MPI_Bcast(&mean, 1, MPI_DOUBLE, leaf, MPI_COMM_WORLD);
    MPI_Bcast(&one_way, 1, MPI_DOUBLE, leaf, MPI_COMM_WORLD);
  } else {
    double total = 0;
    for (int it = -1; it < iterations; ++it) {
      MPI_Barrier(MPI_COMM_WORLD);
      if (max_delay > 0) {
        rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
        delay(max_delay * (double)(rng % 1000001) / 1e6);
      }
      const double t0 = MPI_Wtime();
      reduce(nb, in, out, count);
      if (it >= 0) total += MPI_Wtime() - t0;
    }
    double mine = total / iterations;
    MPI_Reduce(&mine, &mean, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);  /* (after the timing) */
    mean /= size;
  }
  if (rank == 0) {
    const double want = type == MPI_DOUBLE ? (double)size * (size - 1) / 2 : (double)((long long)size * (size - 1) / 2);
    const double got = type == MPI_DOUBLE ? ((double*)out)[0] : (double)out[0];
    printf("nodes depth children count %s_us one_way_us wrong\n", latency ? "latency" : "cpu");
    printf("%d %d %d %d %.4f %.4f %d\n", size, deepest, nkids, count, mean * 1e6, one_way * 1e6, got != want);
  }
  MPI_Finalize();
  return 0;
}
