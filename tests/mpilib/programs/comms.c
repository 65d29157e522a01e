/* Communicators, written from the MPI standard: dup and split (keys, MPI_UNDEFINED), messages
 * isolated by communicator, collectives on parts of the world, compare, names, attributes. */
#include <mpi.h>
#include <stdio.h>

static int rank, size;

static void print_all(const char* line) {
  char all[64][96];
  char mine[96];
  snprintf(mine, sizeof mine, "%s", line);
  MPI_Gather(mine, 96, MPI_CHAR, all, 96, MPI_CHAR, 0, MPI_COMM_WORLD);
  if (rank == 0) {
    for (int r = 0; r < size; ++r) printf("  rank %d: %s\n", r, all[r]);
  }
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  char line[96];
  int result;

  int* tag_ub;
  int flag;
  MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_TAG_UB, &tag_ub, &flag);
  if (rank == 0) printf("tag_ub present %d, at least 2^20-1: %s\n", flag, *tag_ub >= (1 << 20) - 1 ? "yes" : "no");
  MPI_Attr_get(MPI_COMM_WORLD, MPI_TAG_UB, &tag_ub, &flag);
  if (rank == 0) printf("attr_get agrees: %s\n", flag && *tag_ub >= 32767 ? "yes" : "no");

  /* dup: same group, separate messages */
  MPI_Comm dup;
  MPI_Comm_dup(MPI_COMM_WORLD, &dup);
  MPI_Comm_compare(MPI_COMM_WORLD, dup, &result);
  if (rank == 0) printf("world vs dup: %s\n", result == MPI_CONGRUENT ? "congruent" : "other");
  MPI_Comm_compare(dup, dup, &result);
  if (rank == 0) printf("dup vs dup: %s\n", result == MPI_IDENT ? "ident" : "other");
  const int right = (rank + 1) % size, left = (rank + size - 1) % size;
  int a = 100 + rank, b = 200 + rank, from_world = -1, from_dup = -1;
  MPI_Request reqs[4];
  /* the same source and tag on both: each receive takes its own communicator's message, whatever
     the order the receives are posted in */
  MPI_Irecv(&from_dup, 1, MPI_INT, left, 5, dup, &reqs[0]);
  MPI_Irecv(&from_world, 1, MPI_INT, left, 5, MPI_COMM_WORLD, &reqs[1]);
  MPI_Isend(&a, 1, MPI_INT, right, 5, MPI_COMM_WORLD, &reqs[2]);
  MPI_Isend(&b, 1, MPI_INT, right, 5, dup, &reqs[3]);
  MPI_Waitall(4, reqs, MPI_STATUSES_IGNORE);
  snprintf(line, sizeof line, "world got %d, dup got %d", from_world, from_dup);
  print_all(line);

  /* a collective on dup does not take a user message on dup of the same tag space */
  int x = rank;
  if (size > 1 && rank == 1) MPI_Send(&x, 1, MPI_INT, 0, 0, dup);
  int sum;
  MPI_Allreduce(&x, &sum, 1, MPI_INT, MPI_SUM, dup);
  if (size > 1 && rank == 0) {
    int y;
    MPI_Recv(&y, 1, MPI_INT, 1, 0, dup, MPI_STATUS_IGNORE);
    printf("allreduce on dup %d, then the user message %d\n", sum, y);
  }

  /* split: by parity, reverse order inside each half */
  MPI_Comm half;
  MPI_Comm_split(MPI_COMM_WORLD, rank % 2, size - rank, &half);
  int hrank, hsize;
  MPI_Comm_rank(half, &hrank);
  MPI_Comm_size(half, &hsize);
  int hsum;
  MPI_Allreduce(&rank, &hsum, 1, MPI_INT, MPI_SUM, half);
  int hroot_world = rank;
  MPI_Bcast(&hroot_world, 1, MPI_INT, 0, half);
  snprintf(line, sizeof line, "half %d: rank %d of %d, sum %d, its rank 0 is world %d", rank % 2, hrank, hsize, hsum,
           hroot_world);
  print_all(line);
  MPI_Comm_compare(MPI_COMM_WORLD, half, &result);
  if (rank == 0) printf("world vs half: %s\n", result == MPI_UNEQUAL ? "unequal" : size == 1 ? "n/a" : "other");

  /* split with MPI_UNDEFINED and equal keys (old order kept) */
  MPI_Comm some;
  MPI_Comm_split(MPI_COMM_WORLD, rank % 3 == 0 ? 1 : MPI_UNDEFINED, 0, &some);
  if (some == MPI_COMM_NULL) {
    snprintf(line, sizeof line, "not in the thirds");
  } else {
    int srank, ssize;
    MPI_Comm_rank(some, &srank);
    MPI_Comm_size(some, &ssize);
    int gathered[64];
    MPI_Allgather(&rank, 1, MPI_INT, gathered, 1, MPI_INT, some);
    snprintf(line, sizeof line, "thirds: %d of %d, last member world %d", srank, ssize, gathered[ssize - 1]);
    MPI_Comm_free(&some);
  }
  print_all(line);

  /* a split of a split; a reversed world is similar, not congruent */
  MPI_Comm quarter;
  MPI_Comm_split(half, hrank / 2, hrank, &quarter);
  int qsize;
  MPI_Comm_size(quarter, &qsize);
  int qmax;
  MPI_Allreduce(&rank, &qmax, 1, MPI_INT, MPI_MAX, quarter);
  snprintf(line, sizeof line, "quarter of %d, max world rank %d", qsize, qmax);
  print_all(line);
  MPI_Comm reversed;
  MPI_Comm_split(MPI_COMM_WORLD, 0, -rank, &reversed);
  MPI_Comm_compare(MPI_COMM_WORLD, reversed, &result);
  if (rank == 0) printf("world vs reversed: %s\n", size == 1 ? "congruent" : result == MPI_SIMILAR ? "similar" : "other");
  int rrank;
  MPI_Comm_rank(reversed, &rrank);
  snprintf(line, sizeof line, "reversed rank %d", rrank);
  print_all(line);

  /* names */
  char name[MPI_MAX_OBJECT_NAME];
  int len;
  MPI_Comm_get_name(MPI_COMM_WORLD, name, &len);
  if (rank == 0) printf("world is called %s (%d)\n", name, len);
  MPI_Comm_set_name(dup, "my dup");
  MPI_Comm_get_name(dup, name, &len);
  if (rank == 0) printf("dup is called %s (%d)\n", name, len);

  MPI_Comm_free(&quarter);
  MPI_Comm_free(&reversed);
  MPI_Comm_free(&half);
  MPI_Comm_free(&dup);
  MPI_Finalize();
  return 0;
}
