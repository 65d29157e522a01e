/* MPI_ERR_TRUNCATE under the default error handler, MPI_ERRORS_ARE_FATAL: rank 0 receives ten
 * ints into room for five; the run must stop with a non-zero exit status and an error message
 * (on stderr) — nothing after the receive runs. Usage: truncate_fatal [BYTES] (the message size;
 * default 40, also run above the eager threshold). */
#include "mpitest.h"

int main(int argc, char** argv) {
  mt_init(&argc, &argv);
  mt_require_size(2, 1);
  int n = argc > 1 ? atoi(argv[1]) / (int)sizeof(int) : 10;
  int* buf = (int*)calloc(n, sizeof(int));
  mt_say("receiving %d ints into room for %d\n", n, n / 2);
  mt_flush();
  if (mt_rank == 1) {
    MPI_Send(buf, n, MPI_INT, 0, 1, MPI_COMM_WORLD);
  } else if (mt_rank == 0) {
    MPI_Recv(buf, n / 2, MPI_INT, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("rank 0: the truncated receive returned\n");
    fflush(stdout);
  }
  free(buf);
  return mt_finish();
}
