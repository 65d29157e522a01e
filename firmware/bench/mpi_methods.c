/* The measurements public MPI benchmark suites make, written here from their published methods
 * (OSU micro-benchmarks, Sandia's SMB overhead test), one per -t:
 *   bw        windowed bandwidth: rank 0 starts a window of W MPI_Isends, rank 1 has W MPI_Irecvs
 *             posted; both MPI_Waitall, rank 1 answers with a 4-byte ack. MB/s = W x bytes / time.
 *   rate      message rate with pre-posted receives: rank 1 posts W receives, a zero-byte sync,
 *             rank 0 sends W messages; messages/s per window (-C: the receiver writes over a
 *             buffer larger than the caches before posting, so the receives start cold).
 *   overhead  host overhead, post-work-wait: rank 0 times posting an MPI_Isend, then computes for
 *             longer than a message takes, then times MPI_Wait; the overhead is post + wait.
 *   coll      collective latency: MPI_Barrier, MPI_Bcast and MPI_Allreduce, the mean over
 *             iterations, after a barrier, of the slowest rank's time.
 * Output: `#` comment lines, a header line, one row per point (tests/mpi/bench_table.py).
 * Usage: mpi_methods -t bw|rate|overhead|coll [-m MAX_BYTES] [-i ITERATIONS] [-W WINDOW] [-C] */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int rank, size, iterations = 10, window = 16, cold = 0;
static long max_bytes = 65536;
static char *sbuf, *rbuf;
static MPI_Request* requests;

static void bandwidth(void) {
  if (rank == 0) printf("bytes window iterations bandwidth_MBps\n");
  for (long bytes = 1; bytes <= max_bytes; bytes *= 4) {
    double start = 0;
    for (int it = -1; it < iterations; ++it) {  /* it == -1: warm-up */
      if (it == 0) start = MPI_Wtime();
      if (rank == 0) {
        for (int w = 0; w < window; ++w) MPI_Isend(sbuf + w * bytes, (int)bytes, MPI_CHAR, 1, 1, MPI_COMM_WORLD, &requests[w]);
        MPI_Waitall(window, requests, MPI_STATUSES_IGNORE);
        MPI_Recv(rbuf, 4, MPI_CHAR, 1, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      } else if (rank == 1) {
        for (int w = 0; w < window; ++w) MPI_Irecv(rbuf + w * bytes, (int)bytes, MPI_CHAR, 0, 1, MPI_COMM_WORLD, &requests[w]);
        MPI_Waitall(window, requests, MPI_STATUSES_IGNORE);
        MPI_Send(sbuf, 4, MPI_CHAR, 0, 2, MPI_COMM_WORLD);
      }
    }
    const double t = MPI_Wtime() - start;
    if (rank == 0) printf("%ld %d %d %.3f\n", bytes, window, iterations, (double)bytes * window * iterations / t / 1e6);
  }
}

static void rate(void) {
  static char cache_buster[4 << 20];
  if (rank == 0) printf("bytes window iterations msgs_per_s\n");
  for (long bytes = 0; bytes <= max_bytes; bytes = bytes ? bytes * 8 : 1) {
    double busy = 0;
    for (int it = -1; it < iterations; ++it) {
      if (rank == 1) {
        if (cold) memset(cache_buster, it & 0xff, sizeof cache_buster);
        for (int w = 0; w < window; ++w) MPI_Irecv(rbuf + w * bytes, (int)bytes, MPI_CHAR, 0, 3, MPI_COMM_WORLD, &requests[w]);
      }
      MPI_Barrier(MPI_COMM_WORLD);  /* the receives are posted before the first message leaves */
      const double start = MPI_Wtime();
      if (rank == 0) {
        for (int w = 0; w < window; ++w) MPI_Isend(sbuf + w * bytes, (int)bytes, MPI_CHAR, 1, 3, MPI_COMM_WORLD, &requests[w]);
        MPI_Waitall(window, requests, MPI_STATUSES_IGNORE);
        MPI_Recv(rbuf, 0, MPI_CHAR, 1, 4, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (it >= 0) busy += MPI_Wtime() - start;
      } else if (rank == 1) {
        MPI_Waitall(window, requests, MPI_STATUSES_IGNORE);
        MPI_Send(sbuf, 0, MPI_CHAR, 0, 4, MPI_COMM_WORLD);
      }
    }
    if (rank == 0) printf("%ld %d %d %.0f\n", bytes, window, iterations, (double)window * iterations / busy);
  }
}

static volatile double sink;
static double compute(double seconds) {  /* work that needs no MPI, for about `seconds` */
  const double start = MPI_Wtime();
  double x = 1;
  while (MPI_Wtime() - start < seconds)
    for (int k = 0; k < 100; ++k) x = x * 1.0000001 + 1e-9;
  sink = x;
  return MPI_Wtime() - start;
}

static void overhead(void) {
  if (rank == 0) printf("bytes iterations post_us work_us wait_us overhead_us\n");
  for (long bytes = 0; bytes <= max_bytes; bytes = bytes ? bytes * 8 : 1) {
    double post = 0, work = 0, wait = 0;
    for (int it = -1; it < iterations; ++it) {
      MPI_Barrier(MPI_COMM_WORLD);
      if (rank == 0) {
        MPI_Request r;
        double t0 = MPI_Wtime();
        MPI_Isend(sbuf, (int)bytes, MPI_CHAR, 1, 5, MPI_COMM_WORLD, &r);
        double t1 = MPI_Wtime();
        double w = compute(20e-6 + bytes * 2e-9);  /* longer than the message takes on the wire */
        double t2 = MPI_Wtime();
        MPI_Wait(&r, MPI_STATUS_IGNORE);
        double t3 = MPI_Wtime();
        if (it >= 0) post += t1 - t0, work += w, wait += t3 - t2;
      } else if (rank == 1) {
        MPI_Recv(rbuf, (int)bytes, MPI_CHAR, 0, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      }
    }
    if (rank == 0)
      printf("%ld %d %.3f %.3f %.3f %.3f\n", bytes, iterations, post / iterations * 1e6, work / iterations * 1e6,
             wait / iterations * 1e6, (post + wait) / iterations * 1e6);
  }
}

static void collectives(void) {
  if (rank == 0) printf("bytes iterations op latency_us\n");
  const char* names[] = {"barrier", "bcast", "allreduce"};
  for (int op = 0; op < 3; ++op)
    for (long bytes = op ? 4 : 0; bytes <= max_bytes; bytes = bytes ? bytes * 8 : 1) {
      double total = 0;
      for (int it = -1; it < iterations; ++it) {
        MPI_Barrier(MPI_COMM_WORLD);
        const double start = MPI_Wtime();
        if (op == 0) MPI_Barrier(MPI_COMM_WORLD);
        else if (op == 1) MPI_Bcast(sbuf, (int)bytes, MPI_CHAR, 0, MPI_COMM_WORLD);
        else MPI_Allreduce(sbuf, rbuf, (int)(bytes / 4), MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        double mine = MPI_Wtime() - start, slowest;
        MPI_Reduce(&mine, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
        if (it >= 0) total += slowest;
      }
      if (rank == 0) printf("%ld %d %s %.3f\n", bytes, iterations, names[op], total / iterations * 1e6);
      if (op == 0) break;
    }
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const char* test = "";
  int opt;
  while ((opt = getopt(argc, argv, "t:m:i:W:C")) != -1) {
    switch (opt) {
      case 't': test = optarg; break;
      case 'm': max_bytes = atol(optarg); break;
      case 'i': iterations = atoi(optarg); break;
      case 'W': window = atoi(optarg); break;
      case 'C': cold = 1; break;
      default: test = "?";
    }
  }
  const int known = !strcmp(test, "bw") || !strcmp(test, "rate") || !strcmp(test, "overhead") || !strcmp(test, "coll");
  if (!known || size < 2 || iterations < 1 || window < 1 || window > 1024 || max_bytes < 1 || max_bytes > (4L << 20)) {
    if (rank == 0)
      fprintf(stderr, "usage: mpi_methods -t bw|rate|overhead|coll [-m MAX_BYTES] [-i ITERATIONS] [-W WINDOW] [-C] (2 ranks or more)\n");
    MPI_Finalize();
    return 2;
  }
  sbuf = calloc((size_t)window, (size_t)max_bytes);
  rbuf = calloc((size_t)window, (size_t)max_bytes);
  requests = malloc(sizeof(MPI_Request) * (size_t)window);
  if (rank == 0) printf("# mpi_methods -t %s: %d ranks, window %d\n", test, size, window);
  if (!strcmp(test, "bw")) bandwidth();
  else if (!strcmp(test, "rate")) rate();
  else if (!strcmp(test, "overhead")) overhead();
  else collectives();
  if (rank != 0) fflush(stdout);
  MPI_Finalize();
  return 0;
}
