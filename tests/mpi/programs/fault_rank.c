/* A rank that faults: rank 1 (or the rank given) stores through a null pointer while the others
 * wait for it. The run must stop with a non-zero exit status and say which rank faulted.
 * Usage: fault_rank [RANK] */
#include "mpitest.h"

int main(int argc, char** argv) {
  mt_init(&argc, &argv);
  int who = argc > 1 ? atoi(argv[1]) : 1;
  if (who < 0 || who >= mt_size) who = mt_size - 1;
  mt_say("rank %d will store through a null pointer\n", who);
  mt_flush();
  if (mt_rank == who) {
    volatile int* volatile p = NULL;
    *p = 42;
  } else {
    int never;
    MPI_Recv(&never, 1, MPI_INT, who, 99, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  return mt_finish();
}
