/* An MPI_Allreduce loop for large machines (issue 20's benchmark: 1,024 ranks, wall time and host
 * memory per node). Every rank adds its rank and the iteration; rank 0 checks each sum and prints
 * the mean time per Allreduce (MPI_Wtime: simulated time under pimnic).
 * Usage: allreduce_loop [ITERATIONS [COUNT]]   (default 10 iterations of 1 int) */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char** argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int iterations = argc > 1 ? atoi(argv[1]) : 10, count = argc > 2 ? atoi(argv[2]) : 1;
  if (iterations < 1 || count < 1) {
    if (rank == 0) fprintf(stderr, "usage: allreduce_loop [ITERATIONS [COUNT]]\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  long long* in = (long long*)malloc(sizeof(long long) * count);
  long long* out = (long long*)malloc(sizeof(long long) * count);
  long long ranks_sum = (long long)size * (size - 1) / 2;
  int wrong = 0;
  MPI_Barrier(MPI_COMM_WORLD);
  double start = MPI_Wtime();
  for (int it = 0; it < iterations; it++) {
    for (int i = 0; i < count; i++) in[i] = rank + (long long)it * i;
    MPI_Allreduce(in, out, count, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
    for (int i = 0; i < count; i++) wrong += out[i] != ranks_sum + (long long)size * it * i;
  }
  double per = (MPI_Wtime() - start) / iterations;
  int wrong_total = 0;
  MPI_Reduce(&wrong, &wrong_total, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0) {
    printf("allreduce_loop: %d ranks, %d iterations of %d long long: %.3f us per MPI_Allreduce, %d wrong sums\n",
           size, iterations, count, per * 1e6, wrong_total);
  }
  free(in);
  free(out);
  MPI_Finalize();
  return wrong_total ? 1 : 0;
}
