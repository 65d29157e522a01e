/* Cartesian topologies, written from the MPI standard: a balanced grid, coordinates, neighbours,
 * a halo exchange, sub-grids. Rank 0 prints. */
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

  const int cases[][2] = {{12, 2}, {16, 3}, {24, 3}, {72, 2}, {100, 3}, {48, 4}, {7, 2}, {1024, 3}};
  for (int i = 0; rank == 0 && i < 8; ++i) {
    int dims[4] = {0, 0, 0, 0};
    MPI_Dims_create(cases[i][0], cases[i][1], dims);
    printf("dims_create(%d, %d):", cases[i][0], cases[i][1]);
    for (int d = 0; d < cases[i][1]; ++d) printf(" %d", dims[d]);
    printf("\n");
  }
  int fixed[3] = {0, 2, 0};
  if (size % 2 == 0) {
    MPI_Dims_create(size * 3, 3, fixed);
    if (rank == 0) printf("dims_create(%d, 3) with the middle fixed at 2: %d %d %d\n", size * 3, fixed[0], fixed[1], fixed[2]);
  }

  int dims[2] = {0, 0}, periods[2] = {1, 0};
  MPI_Dims_create(size, 2, dims);
  MPI_Comm grid;
  MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &grid);
  int status, ndims, grank, coords[2], back;
  MPI_Topo_test(grid, &status);
  MPI_Cartdim_get(grid, &ndims);
  MPI_Comm_rank(grid, &grank);
  MPI_Cart_coords(grid, grank, 2, coords);
  MPI_Cart_rank(grid, coords, &back);
  int up, down, left, right;
  MPI_Cart_shift(grid, 0, 1, &up, &down);
  MPI_Cart_shift(grid, 1, 1, &left, &right);
  snprintf(line, sizeof line, "%s, %d dims, at (%d,%d) = rank %d, rows %d/%d, columns %d/%d",
           status == MPI_CART ? "cartesian" : "not cartesian", ndims, coords[0], coords[1], back, up, down, left, right);
  print_all(line);
  MPI_Topo_test(MPI_COMM_WORLD, &status);
  if (rank == 0) printf("world topology: %s\n", status == MPI_UNDEFINED ? "none" : "some");

  /* halo exchange along the periodic dimension: my value goes down, I get the one from above */
  int value = 100 + rank, from_up = -1;
  MPI_Sendrecv(&value, 1, MPI_INT, down, 0, &from_up, 1, MPI_INT, up, 0, grid, MPI_STATUS_IGNORE);
  snprintf(line, sizeof line, "got %d from above", from_up);
  print_all(line);

  /* a shift by more than the grid wraps around; a non-periodic one falls off the edge */
  int far_src, far_dst;
  MPI_Cart_shift(grid, 0, dims[0] + 1, &far_src, &far_dst);
  MPI_Cart_shift(grid, 1, dims[1], &left, &right);
  snprintf(line, sizeof line, "shift rows by %d: %d/%d; columns by %d: %d/%d", dims[0] + 1, far_src, far_dst,
           dims[1], left, right);
  print_all(line);

  /* rows and columns as their own communicators */
  MPI_Comm row, column;
  const int keep_columns[2] = {0, 1}, keep_rows[2] = {1, 0};
  MPI_Cart_sub(grid, keep_columns, &row);
  MPI_Cart_sub(grid, keep_rows, &column);
  int row_rank, row_size, col_rank, col_size, row_sum, sub_dims;
  MPI_Comm_rank(row, &row_rank);
  MPI_Comm_size(row, &row_size);
  MPI_Comm_rank(column, &col_rank);
  MPI_Comm_size(column, &col_size);
  MPI_Allreduce(&rank, &row_sum, 1, MPI_INT, MPI_SUM, row);
  MPI_Cartdim_get(row, &sub_dims);
  snprintf(line, sizeof line, "row rank %d of %d (sum %d, %d dim), column rank %d of %d", row_rank, row_size, row_sum,
           sub_dims, col_rank, col_size);
  print_all(line);
  MPI_Comm dup;
  MPI_Comm_dup(grid, &dup);
  int dup_dims[2], dup_periods[2], dup_coords[2];
  MPI_Cart_get(dup, 2, dup_dims, dup_periods, dup_coords);
  if (rank == 0) printf("dup keeps the grid: %d x %d, periods %d %d\n", dup_dims[0], dup_dims[1], dup_periods[0], dup_periods[1]);

  /* a grid smaller than the world: the others get MPI_COMM_NULL */
  MPI_Comm small;
  int one[1] = {size > 1 ? size - 1 : 1}, no[1] = {0};
  MPI_Cart_create(MPI_COMM_WORLD, 1, one, no, 0, &small);
  snprintf(line, sizeof line, "in the 1-d grid of %d: %s", one[0], small == MPI_COMM_NULL ? "no" : "yes");
  print_all(line);
  if (small != MPI_COMM_NULL) MPI_Comm_free(&small);

  MPI_Comm_free(&dup);
  MPI_Comm_free(&row);
  MPI_Comm_free(&column);
  MPI_Comm_free(&grid);
  MPI_Finalize();
  return 0;
}
