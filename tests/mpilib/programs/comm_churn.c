/* More communicators come and go than can live at once (2048 in MPICH and in pimnic): context ids
 * must be reused. Each one carries a message, so a reused id that was not really free would show. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size, wrong = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Comm keep;
  MPI_Comm_dup(MPI_COMM_WORLD, &keep); /* one that stays alive across the churn */
  for (int i = 0; i < 2100; ++i) {
    MPI_Comm c;
    if (i % 2) {
      MPI_Comm_dup(MPI_COMM_WORLD, &c);
    } else {
      MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &c);
    }
    int crank, csize, value = i, got = -1;
    MPI_Comm_rank(c, &crank);
    MPI_Comm_size(c, &csize);
    MPI_Sendrecv(&value, 1, MPI_INT, (crank + 1) % csize, 0, &got, 1, MPI_INT, (crank + csize - 1) % csize, 0, c,
                 MPI_STATUS_IGNORE);
    wrong += got != i;
    MPI_Comm_free(&c);
    wrong += c != MPI_COMM_NULL;
  }
  int sum;
  MPI_Allreduce(&wrong, &sum, 1, MPI_INT, MPI_SUM, keep);
  if (rank == 0) printf("2100 communicators created and freed, %d wrong\n", sum);
  MPI_Comm_free(&keep);
  MPI_Finalize();
  return 0;
}
