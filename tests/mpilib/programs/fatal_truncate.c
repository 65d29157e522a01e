/* The default error handler ends the run: rank 1 receives 100 ints into room for 40. The others
 * wait in a barrier that never completes, so only "before the error" is printed. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int data[100] = {0};
  if (rank == 0) {
    printf("before the error\n");
    fflush(stdout);
    MPI_Request r; /* (not waited for: with one rank the receive below is its partner) */
    MPI_Isend(data, 100, MPI_INT, 1 % size, 0, MPI_COMM_WORLD, &r);
  }
  if (rank == 1 % size) MPI_Recv(data, 40, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Barrier(MPI_COMM_WORLD);
  printf("not reached by rank %d\n", rank);
  MPI_Finalize();
  return 0;
}
