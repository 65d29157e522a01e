/* Array datatypes and complex numbers (MPI-3.1 sections 4.1.3, 4.1.4, 5.9.2):
 * MPI_Type_create_subarray in C and Fortran order, MPI_Type_create_darray with block, cyclic(2)
 * and undistributed dimensions (each rank packs the elements it owns of a 6 x 7 array whose
 * element i holds i), and MPI_SUM / MPI_PROD on MPI_C_DOUBLE_COMPLEX. Every rank's packed
 * elements are printed in rank order: MPICH must print the same. */
#include "mpitest.h"

static void print_packed(const char* what, MPI_Datatype type, const int* array) {
  int size, position = 0;
  MPI_Type_size(type, &size);
  int* packed = malloc((size_t)size + 4);
  MPI_Pack(array, 1, type, packed, size, &position, MPI_COMM_SELF);
  MPI_Aint lb, extent;
  MPI_Type_get_extent(type, &lb, &extent);
  mt_printf("rank %d %s (lb %ld, extent %ld):", mt_rank, what, (long)lb, (long)extent);
  for (int i = 0; i < size / (int)sizeof(int); i++) mt_printf(" %d", packed[i]);
  mt_printf("\n");
  free(packed);
}

int main(int argc, char** argv) {
  mt_init(&argc, &argv);
  mt_require_size(1, 1);
  int array[42];
  for (int i = 0; i < 42; i++) array[i] = i;
  int sizes[2] = {6, 7}, subsizes[2] = {2, 3}, starts[2] = {1, mt_rank % 4};
  MPI_Datatype sub;
  MPI_Type_create_subarray(2, sizes, subsizes, starts, MPI_ORDER_C, MPI_INT, &sub);
  MPI_Type_commit(&sub);
  print_packed("subarray C", sub, array);
  MPI_Type_free(&sub);
  int fsizes[2] = {7, 6}, fsub[2] = {3, 2}, fstarts[2] = {mt_rank % 4, 1};
  MPI_Type_create_subarray(2, fsizes, fsub, fstarts, MPI_ORDER_FORTRAN, MPI_INT, &sub);
  MPI_Type_commit(&sub);
  print_packed("subarray Fortran", sub, array);
  MPI_Type_free(&sub);

  /* darray over a grid of size x 1 processes: block rows, cyclic(2) columns; then none x cyclic */
  int gsizes[2] = {6, 7}, psizes[2] = {mt_size, 1};
  int distribs[2] = {MPI_DISTRIBUTE_BLOCK, MPI_DISTRIBUTE_CYCLIC}, dargs[2] = {MPI_DISTRIBUTE_DFLT_DARG, 2};
  MPI_Datatype dist;
  if (mt_size <= 6) {
    MPI_Type_create_darray(mt_size, mt_rank, 2, gsizes, distribs, dargs, psizes, MPI_ORDER_C, MPI_INT, &dist);
    MPI_Type_commit(&dist);
    print_packed("darray block x cyclic(2)", dist, array);
    MPI_Type_free(&dist);
  }
  int psizes2[2] = {1, mt_size}, distribs2[2] = {MPI_DISTRIBUTE_NONE, MPI_DISTRIBUTE_CYCLIC};
  int dargs2[2] = {MPI_DISTRIBUTE_DFLT_DARG, MPI_DISTRIBUTE_DFLT_DARG};
  MPI_Type_create_darray(mt_size, mt_rank, 2, gsizes, distribs2, dargs2, psizes2, MPI_ORDER_FORTRAN, MPI_INT, &dist);
  MPI_Type_commit(&dist);
  print_packed("darray Fortran none x cyclic", dist, array);
  MPI_Type_free(&dist);
  mt_flush();

  double mine[2] = {1.0 + mt_rank, mt_rank % 2 ? 1.0 : -1.0}, sum[2], prod[2];
  MPI_Allreduce(mine, sum, 1, MPI_C_DOUBLE_COMPLEX, MPI_SUM, MPI_COMM_WORLD);
  MPI_Allreduce(mine, prod, 1, MPI_C_DOUBLE_COMPLEX, MPI_PROD, MPI_COMM_WORLD);
  mt_say("complex sum %g%+gi, product %g%+gi\n", sum[0], sum[1], prod[0], prod[1]);
  return mt_finish();
}
