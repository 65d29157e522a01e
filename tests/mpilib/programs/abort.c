/* MPI_Abort ends every rank; the run's exit status is not 0. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    printf("aborting\n");
    fflush(stdout);
    MPI_Abort(MPI_COMM_WORLD, 3);
  }
  MPI_Barrier(MPI_COMM_WORLD); /* the others wait here until the abort ends them */
  printf("not reached\n");
  MPI_Finalize();
  return 0;
}
