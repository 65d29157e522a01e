/* Derived datatypes, written from the MPI standard: constructors, sizes and extents, point to point
 * and collectives with holes and with different send and receive types of the same signature,
 * reductions over derived types, MPI_Pack/MPI_Unpack. Rank 0 prints. */
#include <mpi.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

static int rank, size;

static void report(const char* name, int ok) {
  int all = 0;
  MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
  if (rank == 0) printf("%s: %s\n", name, all ? "ok" : "FAILED");
}

static void describe(const char* name, MPI_Datatype t) {
  int sz;
  MPI_Aint lb, extent, tlb, textent;
  MPI_Type_size(t, &sz);
  MPI_Type_get_extent(t, &lb, &extent);
  MPI_Type_get_true_extent(t, &tlb, &textent);
  if (rank == 0) printf("%s: size %d lb %ld extent %ld true lb %ld true extent %ld\n", name, sz, (long)lb, (long)extent,
                        (long)tlb, (long)textent);
}

/* in[i] + inout[i] over every double of `len` contiguous triples */
static void add_doubles_of_triples(void* in, void* inout, int* len, MPI_Datatype* type) {
  (void)type;
  for (int i = 0; i < 3 * *len; ++i) ((double*)inout)[i] += ((double*)in)[i];
}

/* maxloc over the two 2int pairs of each hvector item: ints 0-1 and 3-4 (ints 2 is a hole) */
static void maxloc_of_row_pairs(void* in, void* inout, int* len, MPI_Datatype* type) {
  (void)type;
  for (int item = 0; item < *len; ++item) {
    for (int k = 0; k < 2; ++k) {
      int* a = (int*)in + item * 5 + 3 * k;
      int* b = (int*)inout + item * 5 + 3 * k;
      if (a[0] > b[0] || (a[0] == b[0] && a[1] < b[1])) b[0] = a[0], b[1] = a[1];
    }
  }
}

/* sum over the ints of the indexed type (positions 0, 1, 4, 7, 8, 9 of 10) */
static void add_ints_of_indexed(void* in, void* inout, int* len, MPI_Datatype* type) {
  (void)type;
  static const int at[6] = {0, 1, 4, 7, 8, 9};
  for (int item = 0; item < *len; ++item)
    for (int k = 0; k < 6; ++k) ((int*)inout)[item * 10 + at[k]] += ((int*)in)[item * 10 + at[k]];
}

struct particle {
  double x[3];
  int id;
  char tag;
};

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int right = (rank + 1) % size, left = (rank + size - 1) % size;
  MPI_Status st;
  int count;

  /* a column of a 4x5 matrix of doubles */
  MPI_Datatype column, row_pair, triples, indexed, block, resized_col;
  MPI_Type_vector(4, 1, 5, MPI_DOUBLE, &column);
  MPI_Type_commit(&column);
  describe("vector 4x1 stride 5 of double", column);
  MPI_Type_contiguous(3, MPI_DOUBLE, &triples);
  MPI_Type_commit(&triples);
  describe("contiguous 3 double", triples);
  int lengths[3] = {2, 1, 3}, displs[3] = {0, 4, 7};
  MPI_Type_indexed(3, lengths, displs, MPI_INT, &indexed);
  MPI_Type_commit(&indexed);
  describe("indexed {2,1,3} at {0,4,7} of int", indexed);
  int bdispls[2] = {1, 5};
  MPI_Type_create_indexed_block(2, 2, bdispls, MPI_SHORT, &block);
  MPI_Type_commit(&block);
  describe("indexed block 2 at {1,5} of short", block);
  MPI_Type_create_resized(column, 0, sizeof(double), &resized_col);
  MPI_Type_commit(&resized_col);
  describe("column resized to one double", resized_col);
  MPI_Type_hvector(2, 1, 3 * sizeof(int), MPI_2INT, &row_pair);
  MPI_Type_commit(&row_pair);
  describe("hvector 2 of 2int, 12 bytes apart", row_pair);

  /* a struct, with MPI_Get_address */
  struct particle p[2];
  MPI_Aint base, addr[3];
  MPI_Get_address(&p[0], &base);
  MPI_Get_address(&p[0].x, &addr[0]);
  MPI_Get_address(&p[0].id, &addr[1]);
  MPI_Get_address(&p[0].tag, &addr[2]);
  for (int i = 0; i < 3; ++i) addr[i] -= base;
  int plen[3] = {3, 1, 1};
  MPI_Datatype ptypes[3] = {MPI_DOUBLE, MPI_INT, MPI_CHAR}, particle;
  MPI_Type_create_struct(3, plen, addr, ptypes, &particle);
  MPI_Type_commit(&particle);
  describe("struct {double[3]; int; char}", particle);
  if (rank == 0) printf("struct extent is sizeof: %s\n", (long)sizeof(struct particle) == 32 ? "yes" : "no (not 32)");

  /* send a column, receive it as 4 contiguous doubles */
  double m[4][5], col[4];
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 5; ++j) m[i][j] = rank * 100 + i * 10 + j;
  MPI_Sendrecv(&m[0][2], 1, column, right, 1, col, 4, MPI_DOUBLE, left, 1, MPI_COMM_WORLD, &st);
  MPI_Get_count(&st, MPI_DOUBLE, &count);
  int ok = count == 4 && col[0] == left * 100 + 2 && col[3] == left * 100 + 32;
  MPI_Get_count(&st, column, &count);
  ok = ok && count == 1;
  report("column to contiguous", ok);

  /* and back: 4 doubles into a column, the rest of the matrix untouched */
  double n[4][5];
  memset(n, 0, sizeof n);
  MPI_Sendrecv(col, 4, MPI_DOUBLE, left, 2, &n[0][1], 1, column, right, 2, MPI_COMM_WORLD, &st);
  ok = n[0][1] == rank * 100 + 2 && n[3][1] == rank * 100 + 32 && n[0][0] == 0 && n[0][2] == 0 && n[3][4] == 0;
  report("contiguous to column", ok);

  /* structs travel whole; a partial message counts its elements */
  memset(p, 0, sizeof p);
  for (int i = 0; i < 2; ++i) {
    p[i].x[0] = rank + 0.5;
    p[i].x[2] = -rank;
    p[i].id = rank * 10 + i;
    p[i].tag = (char)('a' + rank);
  }
  struct particle q[2];
  MPI_Sendrecv(p, 2, particle, right, 3, q, 2, particle, left, 3, MPI_COMM_WORLD, &st);
  int elements;
  MPI_Get_elements(&st, particle, &elements);
  MPI_Get_count(&st, MPI_BYTE, &count);
  ok = q[1].id == left * 10 + 1 && q[0].tag == 'a' + left && q[1].x[2] == -left && elements == 10 && count == 58;
  double partial[2] = {1, 2};
  MPI_Sendrecv(partial, 2, MPI_DOUBLE, right, 4, q, 1, particle, left, 4, MPI_COMM_WORLD, &st);
  MPI_Get_elements(&st, particle, &elements);
  MPI_Get_count(&st, particle, &count);
  ok = ok && elements == 2 && count == MPI_UNDEFINED;
  report("struct", ok);

  /* indexed ints: 6 of 10 */
  int a[10], b[10];
  for (int i = 0; i < 10; ++i) a[i] = rank * 100 + i, b[i] = -1;
  MPI_Sendrecv(a, 1, indexed, right, 5, b, 1, indexed, left, 5, MPI_COMM_WORLD, &st);
  ok = b[0] == left * 100 && b[1] == left * 100 + 1 && b[2] == -1 && b[4] == left * 100 + 4 && b[7] == left * 100 + 7 &&
       b[9] == left * 100 + 9 && b[6] == -1;
  report("indexed", ok);

  /* collectives: gather rows as columns of a 4 x size matrix at rank 0 */
  double mine[4], matrix[4][64];
  for (int i = 0; i < 4; ++i) mine[i] = rank * 10 + i;
  MPI_Datatype gcol, gcol_resized;
  MPI_Type_vector(4, 1, 64, MPI_DOUBLE, &gcol);
  MPI_Type_create_resized(gcol, 0, sizeof(double), &gcol_resized);
  MPI_Type_commit(&gcol_resized);
  MPI_Gather(mine, 4, MPI_DOUBLE, matrix, 1, gcol_resized, 0, MPI_COMM_WORLD);
  ok = 1;
  if (rank == 0) {
    for (int r = 0; r < size; ++r)
      for (int i = 0; i < 4; ++i) ok = ok && matrix[i][r] == r * 10 + i;
  }
  report("gather into columns", ok);
  /* scatter the columns back, as rows */
  double back[4] = {0, 0, 0, 0};
  MPI_Scatter(matrix, 1, gcol_resized, back, 4, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  ok = back[0] == rank * 10 && back[3] == rank * 10 + 3;
  report("scatter columns", ok);
  /* allgather into columns, everyone */
  memset(matrix, 0, sizeof matrix);
  MPI_Allgather(mine, 4, MPI_DOUBLE, matrix, 1, gcol_resized, MPI_COMM_WORLD);
  ok = 1;
  for (int r = 0; r < size; ++r) ok = ok && matrix[2][r] == r * 10 + 2;
  report("allgather into columns", ok);
  /* alltoall: column i of my matrix to rank i */
  for (int i = 0; i < 4; ++i)
    for (int r = 0; r < size; ++r) matrix[i][r] = rank * 1000 + i * 10 + r;
  double got[64][4];
  MPI_Alltoall(matrix, 1, gcol_resized, got, 4, MPI_DOUBLE, MPI_COMM_WORLD);
  ok = 1;
  for (int r = 0; r < size; ++r) ok = ok && got[r][0] == r * 1000 + rank && got[r][3] == r * 1000 + 30 + rank;
  report("alltoall of columns", ok);
  /* bcast of structs */
  if (rank == 0) p[1].id = 4242;
  MPI_Bcast(p, 2, particle, 0, MPI_COMM_WORLD);
  report("bcast of structs", p[1].id == 4242 && p[0].tag == 'a');

  /* reductions over derived types take user ops (the predefined ops are for predefined types) */
  double t[2][3] = {{rank, 2.0 * rank, 1}, {-rank, 0.5, 2}}, ts[2][3];
  MPI_Op add_triples, max_pairs, add_indexed;
  MPI_Op_create(add_doubles_of_triples, 1, &add_triples);
  MPI_Allreduce(t, ts, 2, triples, add_triples, MPI_COMM_WORLD);
  const double sum = size * (size - 1) / 2.0;
  ok = ts[0][0] == sum && ts[0][1] == 2 * sum && ts[0][2] == size && ts[1][0] == -sum && ts[1][1] == 0.5 * size;
  report("allreduce, user op over contiguous triples", ok);
  int pairs[5] = {rank % 3, rank, -9, -rank, rank}, best[5] = {-7, -7, -7, -7, -7};
  MPI_Op_create(maxloc_of_row_pairs, 1, &max_pairs);
  MPI_Reduce(pairs, best, 1, row_pair, max_pairs, 0, MPI_COMM_WORLD);
  const int top = size > 2 ? 2 : size - 1;
  ok = rank != 0 || (best[0] == top && best[1] == top && best[2] == -7 && best[3] == 0 && best[4] == 0);
  report("reduce, user op over a vector of 2int (holes untouched)", ok);
  int local_in[10], local_io[10];
  for (int i = 0; i < 10; ++i) local_in[i] = i, local_io[i] = 100;
  MPI_Op_create(add_ints_of_indexed, 1, &add_indexed);
  MPI_Reduce_local(local_in, local_io, 1, indexed, add_indexed);
  ok = local_io[0] == 100 && local_io[1] == 101 && local_io[2] == 100 && local_io[9] == 109;
  report("reduce_local, user op over indexed", ok);
  MPI_Op_free(&add_triples);
  MPI_Op_free(&max_pairs);
  MPI_Op_free(&add_indexed);
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  int code = MPI_Allreduce(t, ts, 2, triples, MPI_SUM, MPI_COMM_WORLD), cls = -1;
  MPI_Error_class(code, &cls);
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
  report("MPI_SUM over a derived type is MPI_ERR_OP", cls == MPI_ERR_OP);

  /* pack a column and a struct, send as MPI_PACKED, unpack */
  char packed[256];
  int position = 0, psize;
  MPI_Pack(&m[0][4], 1, column, packed, (int)sizeof packed, &position, MPI_COMM_WORLD);
  MPI_Pack(&p[0], 1, particle, packed, (int)sizeof packed, &position, MPI_COMM_WORLD);
  MPI_Pack_size(1, column, MPI_COMM_WORLD, &psize);
  ok = position == 32 + 29 && psize >= 32;
  char received[256];
  MPI_Sendrecv(packed, position, MPI_PACKED, right, 6, received, (int)sizeof received, MPI_PACKED, left, 6,
               MPI_COMM_WORLD, &st);
  MPI_Get_count(&st, MPI_PACKED, &count);
  double c4[4];
  struct particle one;
  int at = 0;
  MPI_Unpack(received, count, &at, c4, 4, MPI_DOUBLE, MPI_COMM_WORLD);
  MPI_Unpack(received, count, &at, &one, 1, particle, MPI_COMM_WORLD);
  ok = ok && count == 61 && c4[3] == left * 100 + 34 && one.tag == 'a' && at == 61;
  report("pack, send packed, unpack", ok);

  /* sendrecv_replace with a column */
  double r[4][5];
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 5; ++j) r[i][j] = rank * 100 + i * 10 + j;
  MPI_Sendrecv_replace(&r[0][3], 1, column, right, 7, left, 7, MPI_COMM_WORLD, &st);
  ok = r[0][3] == left * 100 + 3 && r[3][3] == left * 100 + 33 && r[0][2] == rank * 100 + 2;
  report("sendrecv_replace of a column", ok);

  /* a freed type stays usable by a request in flight */
  MPI_Datatype temp;
  MPI_Type_contiguous(4, MPI_INT, &temp);
  MPI_Type_commit(&temp);
  int tin[4] = {rank, rank, rank, rank}, tout[4];
  MPI_Request req;
  MPI_Irecv(tout, 1, temp, left, 8, MPI_COMM_WORLD, &req);
  MPI_Type_free(&temp);
  MPI_Send(tin, 4, MPI_INT, right, 8, MPI_COMM_WORLD);
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  report("type freed while in use", tout[3] == left && temp == MPI_DATATYPE_NULL);

  MPI_Type_free(&column);
  MPI_Type_free(&triples);
  MPI_Type_free(&indexed);
  MPI_Type_free(&block);
  MPI_Type_free(&resized_col);
  MPI_Type_free(&row_pair);
  MPI_Type_free(&particle);
  MPI_Type_free(&gcol);
  MPI_Type_free(&gcol_resized);
  MPI_Finalize();
  return 0;
}
