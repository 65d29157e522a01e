/* The Linux-host counterpart of firmware/examples/pingpong/ring_host.c for scripts/bench_machine.py
 * --mpi-ranks: every rank is a Linux process on its node's host core (pimnic mpirun). In each of
 * 4 laps rank i sends 6 KiB to rank i+1 mod N and receives 6 KiB from rank i-1; every word is
 * checked. Rank 0 prints one line; a wrong word ends the run with status 1. Built with
 * pimnic-mpicc (or mpicc.mpich, to run the same program under MPICH). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

enum { kWords = 6144 / 4, kLaps = 4 };

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  static unsigned out[kWords], in[kWords];
  const int next = (rank + 1) % size, prev = (rank + size - 1) % size;
  for (int lap = 0; lap < kLaps; lap++) {
    for (int i = 0; i < kWords; i++) out[i] = (unsigned)rank << 20 ^ (unsigned)lap << 16 ^ (unsigned)i;
    MPI_Sendrecv(out, kWords, MPI_UNSIGNED, next, lap, in, kWords, MPI_UNSIGNED, prev, lap, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    for (int i = 0; i < kWords; i++) {
      if (in[i] != ((unsigned)prev << 20 ^ (unsigned)lap << 16 ^ (unsigned)i)) {
        printf("mpi ring: rank %d lap %d word %d wrong\n", rank, lap, i);
        MPI_Abort(MPI_COMM_WORLD, 1);
      }
    }
  }
  if (rank == 0) printf("mpi ring: %d ranks, %d laps of %d bytes, rank 0 intact\n", size, kLaps, kWords * 4);
  MPI_Finalize();
  return 0;
}
