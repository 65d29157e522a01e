/* Every collective of the MPI layer, written from the MPI standard, with values whose sums and
 * products are exact so that any correct MPI prints the same lines (rank 0 prints them). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int rank, size;

static void print_ints(const char* what, const int* v, int n) {
  if (rank != 0) return;
  printf("%s:", what);
  for (int i = 0; i < n; ++i) printf(" %d", v[i]);
  printf("\n");
}

/* Each rank's line, gathered and printed in rank order by rank 0. */
static void print_all(const char* line) {
  char all[64][128];
  char mine[128];
  snprintf(mine, sizeof mine, "%s", line);
  MPI_Gather(mine, 128, MPI_CHAR, all, 128, MPI_CHAR, 0, MPI_COMM_WORLD);
  if (rank == 0) {
    for (int r = 0; r < size; ++r) printf("  rank %d: %s\n", r, all[r]);
  }
}

/* inout[i] = in[i] * 100 + inout[i] % 100: not commutative, shows the order of combining */
static void digits(void* in, void* inout, int* len, MPI_Datatype* type) {
  (void)type;
  long long* a = (long long*)in;
  long long* b = (long long*)inout;
  for (int i = 0; i < *len; ++i) b[i] = a[i] * 100 + b[i] % 100;
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  char line[128];
  int v[64], w[64 * 64];

  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) printf("size %d\n", size);

  for (int root = 0; root < size; root += (size > 2 ? size - 1 : 1)) {
    int data[3] = {rank, rank * 2, -rank};
    if (rank == root) data[0] = 77, data[1] = 88, data[2] = 99;
    MPI_Bcast(data, 3, MPI_INT, root, MPI_COMM_WORLD);
    snprintf(line, sizeof line, "bcast from %d: %d %d %d", root, data[0], data[1], data[2]);
    print_all(line);
  }

  /* reductions of every predefined op */
  const MPI_Op ops[] = {MPI_MAX, MPI_MIN, MPI_SUM, MPI_PROD, MPI_LAND, MPI_BAND, MPI_LOR, MPI_BOR, MPI_LXOR, MPI_BXOR};
  const char* names[] = {"max", "min", "sum", "prod", "land", "band", "lor", "bor", "lxor", "bxor"};
  for (int o = 0; o < 10; ++o) {
    int mine[4] = {rank + 1, -rank, rank % 3, (rank + 1) * 3};
    int result[4] = {0, 0, 0, 0};
    MPI_Allreduce(mine, result, 4, MPI_INT, ops[o], MPI_COMM_WORLD);
    snprintf(line, sizeof line, "allreduce int %s", names[o]);
    print_ints(line, result, 4);
  }
  double dmine[3] = {rank * 0.5, 1.0 + (rank % 2), -2.0 * rank}, dresult[3];
  MPI_Reduce(dmine, dresult, 3, MPI_DOUBLE, MPI_SUM, size - 1, MPI_COMM_WORLD);
  if (rank == size - 1 && size > 1) MPI_Send(dresult, 3, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD);
  if (rank == 0) {
    if (size > 1) MPI_Recv(dresult, 3, MPI_DOUBLE, size - 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("reduce double sum at last rank: %g %g %g\n", dresult[0], dresult[1], dresult[2]);
  }
  unsigned char bytes[2] = {(unsigned char)(1 << (rank % 8)), (unsigned char)(0xf0 | rank)}, bresult[2];
  MPI_Allreduce(bytes, bresult, 2, MPI_BYTE, MPI_BOR, MPI_COMM_WORLD);
  if (rank == 0) printf("allreduce byte bor: %u %u\n", bresult[0], bresult[1]);
  float fmine[2] = {(float)(rank * rank), (float)(size - rank)}, fresult[2];
  MPI_Allreduce(fmine, fresult, 2, MPI_FLOAT, MPI_MAX, MPI_COMM_WORLD);
  if (rank == 0) printf("allreduce float max: %g %g\n", fresult[0], fresult[1]);
  long long lmine = 1LL << (rank % 40), lresult;
  MPI_Allreduce(&lmine, &lresult, 1, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0) printf("allreduce long long sum: %lld\n", lresult);

  /* minloc / maxloc: ties go to the lower rank */
  struct { double value; int index; } dpair = {(double)(rank % 3), rank}, dmin, dmax;
  MPI_Allreduce(&dpair, &dmin, 1, MPI_DOUBLE_INT, MPI_MINLOC, MPI_COMM_WORLD);
  MPI_Allreduce(&dpair, &dmax, 1, MPI_DOUBLE_INT, MPI_MAXLOC, MPI_COMM_WORLD);
  int ipair[4] = {-(rank % 2), rank, rank / 2, rank}, iresult[4];
  MPI_Reduce(ipair, iresult, 2, MPI_2INT, MPI_MAXLOC, 0, MPI_COMM_WORLD);
  if (rank == 0) {
    printf("minloc double_int: %g at %d; maxloc: %g at %d\n", dmin.value, dmin.index, dmax.value, dmax.index);
    printf("maxloc 2int: %d at %d, %d at %d\n", iresult[0], iresult[1], iresult[2], iresult[3]);
  }

  /* a non-commutative user op combines in rank order */
  MPI_Op op;
  MPI_Op_create(digits, 0, &op);
  long long dg = rank + 1, dgr = 0;
  MPI_Allreduce(&dg, &dgr, 1, MPI_LONG_LONG, op, MPI_COMM_WORLD);
  if (rank == 0) printf("user op (non-commutative): %lld\n", dgr);
  MPI_Op_free(&op);

  /* in place */
  for (int i = 0; i < 3; ++i) v[i] = rank + i;
  MPI_Allreduce(MPI_IN_PLACE, v, 3, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  print_ints("allreduce in place", v, 3);
  for (int i = 0; i < 3; ++i) v[i] = rank * i;
  MPI_Reduce(rank == 0 ? MPI_IN_PLACE : v, v, 3, MPI_INT, MPI_MAX, 0, MPI_COMM_WORLD);
  print_ints("reduce in place", v, 3);

  /* scan, exscan */
  int s = rank + 1, sr = 0, er = -1;
  MPI_Scan(&s, &sr, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  MPI_Exscan(&s, &er, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  snprintf(line, sizeof line, "scan %d exscan %d", sr, rank == 0 ? 0 : er);
  print_all(line);

  /* gather, scatter, allgather, alltoall */
  const int root = size / 2;
  int mine2[2] = {rank * 10, rank * 10 + 1};
  MPI_Gather(mine2, 2, MPI_INT, w, 2, MPI_INT, root, MPI_COMM_WORLD);
  if (rank == root && root != 0) MPI_Send(w, 2 * size, MPI_INT, 0, 1, MPI_COMM_WORLD);
  if (rank == 0) {
    if (root != 0) MPI_Recv(w, 2 * size, MPI_INT, root, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    print_ints("gather", w, 2 * size);
  }
  for (int i = 0; i < 2 * size; ++i) w[i] = 100 + i;
  int part[2] = {0, 0};
  MPI_Scatter(w, 2, MPI_INT, part, 2, MPI_INT, root, MPI_COMM_WORLD);
  snprintf(line, sizeof line, "scatter %d %d", part[0], part[1]);
  print_all(line);
  MPI_Allgather(&rank, 1, MPI_INT, v, 1, MPI_INT, MPI_COMM_WORLD);
  int ok = 1;
  for (int r = 0; r < size; ++r) ok = ok && v[r] == r;
  snprintf(line, sizeof line, "allgather %s", ok ? "ok" : "WRONG");
  print_all(line);
  for (int r = 0; r < size; ++r) v[r] = rank * 100 + r;
  int t[64];
  MPI_Alltoall(v, 1, MPI_INT, t, 1, MPI_INT, MPI_COMM_WORLD);
  ok = 1;
  for (int r = 0; r < size; ++r) ok = ok && t[r] == r * 100 + rank;
  snprintf(line, sizeof line, "alltoall %s", ok ? "ok" : "WRONG");
  print_all(line);

  /* the v forms: rank r contributes r + 1 items */
  int counts[64], displs[64], total = 0;
  for (int r = 0; r < size; ++r) {
    counts[r] = r + 1;
    displs[r] = total + r; /* a gap of r items before each block */
    total += r + 1 + r;
  }
  int* gv = (int*)calloc((size_t)total + 1, sizeof(int));
  int myitems[64];
  for (int i = 0; i <= rank; ++i) myitems[i] = rank * 10 + i;
  MPI_Gatherv(myitems, rank + 1, MPI_INT, gv, counts, displs, MPI_INT, 0, MPI_COMM_WORLD);
  print_ints("gatherv", gv, total);
  MPI_Allgatherv(myitems, rank + 1, MPI_INT, gv, counts, displs, MPI_INT, MPI_COMM_WORLD);
  ok = 1;
  for (int r = 0; r < size; ++r) {
    for (int i = 0; i <= r; ++i) ok = ok && gv[displs[r] + i] == r * 10 + i;
  }
  snprintf(line, sizeof line, "allgatherv %s", ok ? "ok" : "WRONG");
  print_all(line);
  int got[64];
  MPI_Scatterv(gv, counts, displs, MPI_INT, got, rank + 1, MPI_INT, 0, MPI_COMM_WORLD);
  snprintf(line, sizeof line, "scatterv first %d last %d", got[0], got[rank]);
  print_all(line);
  free(gv);

  /* alltoallv: rank r sends j + 1 items to rank j */
  int scounts[64], sdispls[64], rcounts[64], rdispls[64], sendbuf[64 * 64], recvbuf[64 * 64];
  int at = 0;
  for (int j = 0; j < size; ++j) {
    scounts[j] = j + 1;
    sdispls[j] = at;
    for (int i = 0; i <= j; ++i) sendbuf[at + i] = rank * 1000 + j * 10 + i;
    at += j + 1;
  }
  for (int j = 0; j < size; ++j) {
    rcounts[j] = rank + 1;
    rdispls[j] = j * (rank + 1);
  }
  MPI_Alltoallv(sendbuf, scounts, sdispls, MPI_INT, recvbuf, rcounts, rdispls, MPI_INT, MPI_COMM_WORLD);
  ok = 1;
  for (int j = 0; j < size; ++j) {
    for (int i = 0; i <= rank; ++i) ok = ok && recvbuf[j * (rank + 1) + i] == j * 1000 + rank * 10 + i;
  }
  snprintf(line, sizeof line, "alltoallv %s", ok ? "ok" : "WRONG");
  print_all(line);

  /* reduce_scatter: rank r gets r + 1 sums */
  int rs_counts[64], rs_total = 0;
  for (int r = 0; r < size; ++r) rs_total += rs_counts[r] = r + 1;
  int* rs_in = (int*)malloc(sizeof(int) * (size_t)rs_total);
  for (int i = 0; i < rs_total; ++i) rs_in[i] = i + rank;
  int rs_out[64];
  MPI_Reduce_scatter(rs_in, rs_out, rs_counts, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  snprintf(line, sizeof line, "reduce_scatter first %d last %d", rs_out[0], rs_out[rank]);
  print_all(line);
  free(rs_in);

  /* large broadcast */
  static double big[1 << 16];
  for (int i = 0; i < (1 << 16); ++i) big[i] = rank == 0 ? i * 0.25 : -1;
  MPI_Bcast(big, 1 << 16, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  ok = big[12345] == 12345 * 0.25 && big[(1 << 16) - 1] == ((1 << 16) - 1) * 0.25;
  snprintf(line, sizeof line, "bcast 512 KiB %s", ok ? "ok" : "WRONG");
  print_all(line);

  MPI_Finalize();
  return 0;
}
