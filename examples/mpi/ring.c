/* The README's first MPI program: a token goes around the ranks of MPI_COMM_WORLD a few times,
 * each rank adding its number, then every rank agrees on the sum with MPI_Allreduce. Rank 0
 * prints, so the output is the same under pimnic mpirun and any other MPI.
 *   build/bin/pimnic-mpicc -O2 -o ring examples/mpi/ring.c
 *   build/bin/pimnic mpirun -n 4 ./ring */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int laps = 3, next = (rank + 1) % size, prev = (rank + size - 1) % size;
  long token = 0;
  for (int lap = 0; lap < laps; ++lap) {
    if (rank != 0 || lap > 0) MPI_Recv(&token, 1, MPI_LONG, prev, lap, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    token += rank;
    MPI_Send(&token, 1, MPI_LONG, next, rank == size - 1 ? lap + 1 : lap, MPI_COMM_WORLD);
  }
  if (rank == 0) MPI_Recv(&token, 1, MPI_LONG, prev, laps, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  long mine = rank, total = 0;
  MPI_Allreduce(&mine, &total, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
  double start = MPI_Wtime();
  MPI_Barrier(MPI_COMM_WORLD);
  double barrier = MPI_Wtime() - start;
  if (rank == 0) {
    printf("%d ranks: the token went %d times around the ring and holds %ld (%d x %ld)\n", size, laps, token, laps,
           total);
    printf("barrier time is %s\n", barrier >= 0 ? "measured" : "negative?");
  }
  MPI_Finalize();
  return rank == 0 && token != laps * total;  /* (only rank 0 holds the final token) */
}
