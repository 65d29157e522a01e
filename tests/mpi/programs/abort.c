/* MPI_Abort: the other ranks wait for a message that never comes while one rank aborts with an
 * error code; the whole run must stop with a non-zero exit status and a message on stderr. What
 * the ranks printed before (flushed, gathered to rank 0) is on stdout.
 * Usage: abort [RANK [CODE]] (default: the last rank, code 3). */
#include "mpitest.h"
#ifdef MPICH_NUMVERSION
#include <unistd.h>
#endif

int main(int argc, char** argv) {
  mt_init(&argc, &argv);
  int who = argc > 1 ? atoi(argv[1]) : mt_size - 1;
  int code = argc > 2 ? atoi(argv[2]) : 3;
  if (who < 0 || who >= mt_size) who = mt_size - 1;
  mt_printf("rank %d: before the abort\n", mt_rank);
  mt_flush();
  if (mt_rank == who) {
    fprintf(stderr, "rank %d calls MPI_Abort(MPI_COMM_WORLD, %d)\n", mt_rank, code);
#ifdef MPICH_NUMVERSION
    /* The reference build only: MPICH's launcher (Hydra) kills the job without draining the
     * output still in its pipes, so with 16 ranks it lost lines rank 0 had already flushed and
     * this rank's stderr. A fifth of a second lets it forward them first. */
    usleep(200000);
#endif
    MPI_Abort(MPI_COMM_WORLD, code);
  } else {
    int never;
    MPI_Recv(&never, 1, MPI_INT, who, 99, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  printf("rank %d: still running after MPI_Abort\n", mt_rank);
  return mt_finish();
}
