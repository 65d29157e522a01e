/* A correct-looking program that deadlocks: every rank waits in a different MPI call for a message
 * nobody sends. Each rank first prints a line with printf, which stdio holds back (standard output
 * is a pipe), so the report must write it out. Run with 6 ranks: pimnic mpirun must end with exit
 * status 5 and name each rank's call, communicator, peer and tag (tests/mpi/check_deadlock.py). */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size, buf[2];
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Comm pairs;
  MPI_Comm_dup(MPI_COMM_WORLD, &pairs);
  MPI_Comm_set_name(pairs, "pairs");
  printf("rank %d of %d is about to wait\n", rank, size);
  MPI_Request requests[2];
  switch (rank) {
    case 0: MPI_Recv(buf, 1, MPI_INT, 1, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE); break;
    case 1: MPI_Recv(buf, 1, MPI_INT, 0, 8, pairs, MPI_STATUS_IGNORE); break;
    case 2: MPI_Probe(MPI_ANY_SOURCE, MPI_ANY_TAG, pairs, MPI_STATUS_IGNORE); break;
    case 3: MPI_Ssend(buf, 1, MPI_INT, 0, 9, MPI_COMM_WORLD); break;
    case 4:
      MPI_Irecv(&buf[0], 1, MPI_INT, 5, 1, MPI_COMM_WORLD, &requests[0]);
      MPI_Irecv(&buf[1], 1, MPI_INT, 5, 2, MPI_COMM_WORLD, &requests[1]);
      MPI_Waitany(2, requests, &buf[0], MPI_STATUS_IGNORE);
      break;
    default: MPI_Barrier(MPI_COMM_WORLD); break;
  }
  MPI_Finalize();
  return 0;
}
