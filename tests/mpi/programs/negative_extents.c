/* Datatypes whose extent is negative (MPI-3.1 4.1.7: MPI_Type_create_resized takes any lb and
 * extent; 4.1.6: a type's lb and ub are the least and greatest bounds over its copies, so items of
 * a negative extent run backwards through memory). Printed: the bounds of such types and of the
 * types built from them, the order their items are packed in, and point to point with them on the
 * sending and the receiving side. MPICH must print the same. */
#include "mpitest.h"

static void show(const char* what, MPI_Datatype type) {
  MPI_Aint lb, extent, true_lb, true_extent;
  int size;
  MPI_Type_get_extent(type, &lb, &extent);
  MPI_Type_get_true_extent(type, &true_lb, &true_extent);
  MPI_Type_size(type, &size);
  mt_printf("%s: size %d lb %ld extent %ld true lb %ld true extent %ld\n", what, size, (long)lb, (long)extent,
            (long)true_lb, (long)true_extent);
}

static void show_packed(const char* what, const void* buf, int count, MPI_Datatype type) {
  int packed[16], position = 0, size;
  MPI_Type_size(type, &size);
  MPI_Pack(buf, count, type, packed, (int)sizeof packed, &position, MPI_COMM_SELF);
  mt_printf("%s packs", what);
  for (int i = 0; i < position / (int)sizeof(int); i++) mt_printf(" %d", packed[i]);
  mt_printf("\n");
}

int main(int argc, char** argv) {
  mt_init(&argc, &argv);
  mt_require_size(2, 1);
  int a[12];
  for (int i = 0; i < 12; i++) a[i] = 100 + i;

  MPI_Datatype back, back3, pair, hvec, strided;
  MPI_Type_create_resized(MPI_INT, 0, -(MPI_Aint)sizeof(int), &back);  /* one int, next one before it */
  MPI_Type_contiguous(3, back, &back3);
  MPI_Type_vector(2, 2, -3, MPI_INT, &strided);                        /* a negative stride */
  MPI_Type_create_resized(strided, -12, -20, &pair);                  /* bounds chosen anyhow */
  MPI_Type_create_hvector(2, 1, 8, back3, &hvec);
  MPI_Datatype all[5] = {back, back3, strided, pair, hvec};
  for (int i = 0; i < 5; i++) MPI_Type_commit(&all[i]);
  back = all[0], back3 = all[1], strided = all[2], pair = all[3], hvec = all[4];
  if (mt_rank == 0) {
    show("resized int, extent -4", back);
    show("contiguous 3 of it", back3);
    show("vector 2 x 2 stride -3", strided);
    show("that resized to lb -12 extent -20", pair);
    show("hvector 2 of contiguous 3, stride 8", hvec);
    show_packed("3 items of resized int from a[6]", &a[6], 3, back);
    show_packed("2 items of contiguous 3 from a[8]", &a[8], 2, back3);
    show_packed("vector from a[6]", &a[6], 1, strided);
    show_packed("hvector from a[5]", &a[5], 1, hvec);
  }
  mt_flush();

  /* rank 0 sends backwards items; rank 1 receives them forwards, then forwards into backwards */
  if (mt_rank == 0) {
    MPI_Send(&a[9], 4, back, 1, 1, MPI_COMM_WORLD);
    MPI_Send(&a[2], 4, MPI_INT, 1, 2, MPI_COMM_WORLD);
  } else if (mt_rank == 1) {
    int in[4] = {0, 0, 0, 0}, rev[4] = {0, 0, 0, 0};
    MPI_Status status;
    int count;
    MPI_Recv(in, 4, MPI_INT, 0, 1, MPI_COMM_WORLD, &status);
    MPI_Get_count(&status, MPI_INT, &count);
    mt_printf("received %d ints: %d %d %d %d\n", count, in[0], in[1], in[2], in[3]);
    MPI_Recv(&rev[3], 4, back, 0, 2, MPI_COMM_WORLD, &status);
    MPI_Get_count(&status, back, &count);
    mt_printf("received %d backwards items: %d %d %d %d\n", count, rev[0], rev[1], rev[2], rev[3]);
  }
  mt_flush();
  for (int i = 0; i < 5; i++) MPI_Type_free(&all[i]);
  return mt_finish();
}
