/* Groups and MPI_Comm_create, written from the MPI standard; rank 0 prints. */
#include <mpi.h>
#include <stdio.h>

static int rank, size;

static void print_group(const char* what, MPI_Group g) {
  int n, me;
  MPI_Group_size(g, &n);
  MPI_Group_rank(g, &me);
  MPI_Group world;
  MPI_Comm_group(MPI_COMM_WORLD, &world);
  int ranks[64], in_world[64];
  for (int i = 0; i < n; ++i) ranks[i] = i;
  MPI_Group_translate_ranks(g, n, ranks, world, in_world);
  MPI_Group_free(&world);
  if (rank != 0) return;
  printf("%s: size %d, rank 0 is %s, members", what, n, me == MPI_UNDEFINED ? "not in it" : "in it");
  for (int i = 0; i < n; ++i) printf(" %d", in_world[i]);
  printf("\n");
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Group world, evens, odds, firsts, both, common, rest, ranged, empty;
  MPI_Comm_group(MPI_COMM_WORLD, &world);
  print_group("world", world);

  int even_ranks[64], n_even = 0;
  for (int r = 0; r < size; r += 2) even_ranks[n_even++] = r;
  MPI_Group_incl(world, n_even, even_ranks, &evens);
  MPI_Group_excl(world, n_even, even_ranks, &odds);
  print_group("evens", evens);
  print_group("odds", odds);
  int reversed[64];
  for (int i = 0; i < size; ++i) reversed[i] = size - 1 - i;
  MPI_Group backwards;
  MPI_Group_incl(world, size, reversed, &backwards);
  print_group("backwards", backwards);
  int result;
  MPI_Group_compare(world, backwards, &result);
  if (rank == 0) printf("world vs backwards: %s\n", result == MPI_IDENT ? "ident" : result == MPI_SIMILAR ? "similar" : "unequal");
  MPI_Group_compare(world, evens, &result);
  if (rank == 0) printf("world vs evens: %s\n", result == MPI_IDENT ? "ident" : result == MPI_SIMILAR ? "similar" : "unequal");

  int half = (size + 1) / 2, first_ranks[64];
  for (int i = 0; i < half; ++i) first_ranks[i] = i;
  MPI_Group_incl(world, half, first_ranks, &firsts);
  MPI_Group_union(odds, firsts, &both);
  MPI_Group_intersection(firsts, evens, &common);
  MPI_Group_difference(world, firsts, &rest);
  print_group("odds + firsts", both);
  print_group("firsts & evens", common);
  print_group("world - firsts", rest);
  int ranges[1][3] = {{size - 1, 0, -3}};
  MPI_Group_range_incl(world, 1, ranges, &ranged);
  print_group("range size-1 down by 3", ranged);
  MPI_Group_range_excl(world, 1, ranges, &empty);
  print_group("without that range", empty);
  MPI_Group_free(&empty);
  MPI_Group_intersection(evens, odds, &empty);
  MPI_Group_compare(empty, MPI_GROUP_EMPTY, &result);
  if (rank == 0) printf("evens & odds is empty: %s\n", result == MPI_IDENT ? "yes" : "no");

  /* a communicator of the backwards group: ranks reversed */
  MPI_Comm comm;
  MPI_Comm_create(MPI_COMM_WORLD, backwards, &comm);
  int crank, sum;
  MPI_Comm_rank(comm, &crank);
  MPI_Allreduce(&crank, &sum, 1, MPI_INT, MPI_SUM, comm);
  int all[64];
  MPI_Gather(&crank, 1, MPI_INT, all, 1, MPI_INT, 0, MPI_COMM_WORLD);
  if (rank == 0) {
    printf("ranks in the backwards communicator:");
    for (int r = 0; r < size; ++r) printf(" %d", all[r]);
    printf(" (sum %d)\n", sum);
  }
  MPI_Comm_free(&comm);
  /* only the evens get one */
  MPI_Comm_create(MPI_COMM_WORLD, evens, &comm);
  int has = comm != MPI_COMM_NULL, n_has;
  MPI_Allreduce(&has, &n_has, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (comm != MPI_COMM_NULL) {
    int csize;
    MPI_Comm_size(comm, &csize);
    has = csize == n_even;
    MPI_Comm_free(&comm);
  }
  if (rank == 0) printf("evens communicator: %d members have it\n", n_has);

  MPI_Group_free(&world);
  MPI_Group_free(&evens);
  MPI_Group_free(&odds);
  MPI_Group_free(&backwards);
  MPI_Group_free(&firsts);
  MPI_Group_free(&both);
  MPI_Group_free(&common);
  MPI_Group_free(&rest);
  MPI_Group_free(&ranged);
  MPI_Group_free(&empty);
  if (rank == 0) printf("freed: %s\n", world == MPI_GROUP_NULL ? "yes" : "no");
  MPI_Finalize();
  return 0;
}
