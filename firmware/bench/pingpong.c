/* MPI ping-pong between ranks 0 and 1: latency and bandwidth from 0 B to 4 MiB (MPI_Wtime; under
 * pimnic that is simulated time). One table row per message size:
 *   bytes iterations latency_us bandwidth_MBps
 * latency = half the mean round trip; bandwidth = bytes / latency (MB = 10^6 bytes).
 * Usage: pingpong [-i ITERATIONS] [-w WARMUP] [-m MAX_BYTES] [-s SINGLE_SIZE] [-c]
 *   -i  round trips per size up to 4 KiB (default 100; larger sizes scale down, at least 4)
 *   -c  check every byte received (slower; the default only checks the first and last bytes) */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void usage(void) {
  fprintf(stderr, "usage: pingpong [-i ITERATIONS] [-w WARMUP] [-m MAX_BYTES] [-s SINGLE_SIZE] [-c]\n");
}

static unsigned char expected(long i, int iter) { return (unsigned char)(i * 7 + iter); }

int main(int argc, char** argv) {
  int rank, size, iterations = 100, warmup = 2, check_all = 0, opt;
  long max_bytes = 4L << 20, single = -1;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  while ((opt = getopt(argc, argv, "i:w:m:s:c")) != -1) {
    switch (opt) {
      case 'i': iterations = atoi(optarg); break;
      case 'w': warmup = atoi(optarg); break;
      case 'm': max_bytes = atol(optarg); break;
      case 's': single = atol(optarg); break;
      case 'c': check_all = 1; break;
      default:
        if (rank == 0) usage();
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
  }
  if (size < 2 || iterations < 1 || warmup < 0 || max_bytes < 0 || max_bytes > (1L << 30)) {
    if (rank == 0) {
      if (size < 2) fprintf(stderr, "pingpong: needs at least 2 ranks\n");
      else usage();
    }
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  if (single >= 0) max_bytes = single;
  unsigned char* buf = (unsigned char*)malloc(max_bytes + 1);
  memset(buf, 0, max_bytes + 1);
  if (rank == 0) {
    printf("# MPI ping-pong, ranks 0 and 1 of %d: latency = half the mean round trip, bandwidth = bytes / latency\n", size);
    printf("%10s %10s %12s %14s\n", "bytes", "iterations", "latency_us", "bandwidth_MBps");
    fflush(stdout);
  }
  int errors = 0;
  for (long bytes = single >= 0 ? single : 0; bytes <= max_bytes; bytes = bytes ? bytes * 2 : 1) {
    int iters = bytes <= 4096 ? iterations : (int)(iterations * 4096 / bytes);
    if (iters < 4) iters = 4;
    double start = 0;
    if (rank < 2) {
      int peer = 1 - rank;
      for (int it = -warmup; it < iters; it++) {
        if (it == 0) start = MPI_Wtime();
        if (rank == 0) {
          if (bytes) buf[0] = expected(0, it), buf[bytes - 1] = expected(bytes - 1, it);
          if (check_all)
            for (long i = 0; i < bytes; i++) buf[i] = expected(i, it);
          MPI_Send(buf, (int)bytes, MPI_BYTE, peer, 1, MPI_COMM_WORLD);
          MPI_Recv(buf, (int)bytes, MPI_BYTE, peer, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else {
          MPI_Recv(buf, (int)bytes, MPI_BYTE, peer, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
          MPI_Send(buf, (int)bytes, MPI_BYTE, peer, 1, MPI_COMM_WORLD);
        }
        if (rank == 0 && bytes) {
          errors += buf[0] != expected(0, it) || buf[bytes - 1] != expected(bytes - 1, it);
          for (long i = 0; check_all && i < bytes; i++) errors += buf[i] != expected(i, it);
        }
      }
    }
    if (rank == 0) {
      double latency = (MPI_Wtime() - start) / iters / 2;
      printf("%10ld %10d %12.3f %14.2f\n", bytes, iters, latency * 1e6, bytes ? bytes / latency / 1e6 : 0.0);
      fflush(stdout);
    }
    if (single >= 0) break;
  }
  if (rank == 0 && errors) fprintf(stderr, "pingpong: %d round trips returned wrong data\n", errors);
  MPI_Bcast(&errors, 1, MPI_INT, 0, MPI_COMM_WORLD);
  free(buf);
  MPI_Finalize();
  return errors ? 1 : 0;
}
