/* Non-overtaking under concurrent matching (MPI-1.1 section 3.5: two messages from one sender that
 * one receive could take are received in the order sent): every rank but 0 sends `per_sender`
 * messages with one tag to rank 0, each carrying (sender, number); rank 0 receives them all with
 * MPI_ANY_SOURCE, first through receives posted in advance behind `depth` receives that never
 * match (so every walk of the posted queue is long and many run at once on the PIM NIC), then
 * through receives it posts while messages keep arriving. It checks that each sender's numbers
 * arrive in order, none twice, none lost, and prints one line that does not depend on timing.
 *
 * usage: overtaking [PER_SENDER [DEPTH]] */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

enum { TAG = 3, TAG_NEVER = 4 };

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int per_sender = argc > 1 ? atoi(argv[1]) : 40;
  const int depth = argc > 2 ? atoi(argv[2]) : 200;
  const int total = per_sender * (size - 1);
  const int ahead = total / 2;  /* posted before the barrier; the rest while messages arrive */
  if (rank == 0) {
    int (*got)[2] = malloc(sizeof(int[2]) * (total > 0 ? total : 1));
    int* next = calloc(size, sizeof(int));
    MPI_Request* never = malloc(sizeof(MPI_Request) * (depth > 0 ? depth : 1));
    MPI_Request* reqs = malloc(sizeof(MPI_Request) * (total > 0 ? total : 1));
    char dummy;
    for (int i = 0; i < depth; i++) MPI_Irecv(&dummy, 1, MPI_CHAR, MPI_ANY_SOURCE, TAG_NEVER, MPI_COMM_WORLD, &never[i]);
    for (int i = 0; i < ahead; i++) MPI_Irecv(got[i], 2, MPI_INT, MPI_ANY_SOURCE, TAG, MPI_COMM_WORLD, &reqs[i]);
    MPI_Barrier(MPI_COMM_WORLD);
    for (int i = ahead; i < total; i++) MPI_Irecv(got[i], 2, MPI_INT, MPI_ANY_SOURCE, TAG, MPI_COMM_WORLD, &reqs[i]);
    int errors = 0;
    for (int i = 0; i < total; i++) {
      MPI_Status st;
      MPI_Wait(&reqs[i], &st);
      const int from = got[i][0], number = got[i][1];
      if (from != st.MPI_SOURCE || from < 1 || from >= size) {
        printf("receive %d: message says sender %d, status says %d\n", i, from, st.MPI_SOURCE);
        errors++;
      } else if (number != next[from]) {
        printf("receive %d: from %d got number %d, expected %d (overtaken)\n", i, from, number, next[from]);
        errors++;
        next[from] = number + 1;
      } else {
        next[from]++;
      }
    }
    for (int i = 0; i < depth; i++) MPI_Cancel(&never[i]);
    MPI_Waitall(depth, never, MPI_STATUSES_IGNORE);
    printf("overtaking: %d senders x %d messages behind %d posted receives: %s\n", size - 1, per_sender, depth,
           errors ? "OUT OF ORDER" : "every sender's messages in order");
    free(got);
    free(next);
    free(never);
    free(reqs);
    MPI_Finalize();
    return errors ? 1 : 0;
  }
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Request* reqs = malloc(sizeof(MPI_Request) * (per_sender > 0 ? per_sender : 1));
  int (*out)[2] = malloc(sizeof(int[2]) * (per_sender > 0 ? per_sender : 1));
  for (int i = 0; i < per_sender; i++) {
    out[i][0] = rank;
    out[i][1] = i;
    MPI_Isend(out[i], 2, MPI_INT, 0, TAG, MPI_COMM_WORLD, &reqs[i]);
  }
  MPI_Waitall(per_sender, reqs, MPI_STATUSES_IGNORE);
  free(reqs);
  free(out);
  MPI_Finalize();
  return 0;
}
