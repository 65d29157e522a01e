/* Predefined datatypes MPICH's test suite asked for (MPI-3.1 3.2.2, 5.9.2, 6.8, 17.2.5): Fortran's
 * size-specific and default types and C++'s, used from C; their names (MPI_Type_get_name;
 * C_COMPLEX for its synonym C_FLOAT_COMPLEX); MPI_Type_match_size; point to point and reductions
 * on them. And a receive of no items from MPI_PROC_NULL with MPI_DATATYPE_NULL, which MPICH
 * accepts. MPICH must print the same. */
#include <stdbool.h>
#include <stdint.h>

#include "mpitest.h"

static void show(MPI_Datatype type) {
  char name[MPI_MAX_OBJECT_NAME];
  int len, size;
  MPI_Aint lb, extent;
  MPI_Type_get_name(type, name, &len);
  MPI_Type_size(type, &size);
  MPI_Type_get_extent(type, &lb, &extent);
  mt_printf("%s (%d): size %d extent %ld\n", name, len, size, (long)extent);
}

int main(int argc, char** argv) {
  mt_init(&argc, &argv);
  mt_require_size(2, 1);
  MPI_Datatype types[] = {MPI_INTEGER1, MPI_INTEGER2, MPI_INTEGER4, MPI_INTEGER8,
                          MPI_REAL4, MPI_REAL8, MPI_COMPLEX8, MPI_COMPLEX16,
                          MPI_CXX_BOOL, MPI_CXX_FLOAT_COMPLEX, MPI_CXX_DOUBLE_COMPLEX,
                          MPI_C_COMPLEX, MPI_C_FLOAT_COMPLEX, MPI_C_DOUBLE_COMPLEX,
                          MPI_INTEGER, MPI_REAL, MPI_DOUBLE_PRECISION, MPI_COMPLEX, MPI_DOUBLE_COMPLEX};
  if (mt_rank == 0)
    for (unsigned i = 0; i < sizeof types / sizeof types[0]; i++) show(types[i]);
  /* MPI_Type_match_size: a type of each class and size; none of 3 bytes */
  const int classes[3] = {MPI_TYPECLASS_REAL, MPI_TYPECLASS_INTEGER, MPI_TYPECLASS_COMPLEX};
  const char* class_names[3] = {"REAL", "INTEGER", "COMPLEX"};
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  for (int c = 0; c < 3 && mt_rank == 0; c++) {
    for (int size = 1; size <= 16; size *= 2) {
      MPI_Datatype match;
      if (c == 0 && size == 16) continue; /* MPICH on x86-64: MPI_REAL16; pimnic: MPI_LONG_DOUBLE */
      if (MPI_Type_match_size(classes[c], size, &match) != MPI_SUCCESS) continue;
      char name[MPI_MAX_OBJECT_NAME];
      int len;
      MPI_Type_get_name(match, name, &len);
      mt_printf("match_size %s %d: %s\n", class_names[c], size, name);
    }
  }
  MPI_Datatype none;
  mt_say("match_size INTEGER 3: %s\n", MPI_Type_match_size(MPI_TYPECLASS_INTEGER, 3, &none) == MPI_SUCCESS ? "found" : "error");
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
  mt_flush();

  int64_t big[2] = {(int64_t)mt_rank << 40, -mt_rank - 1}, big_sum[2];
  MPI_Allreduce(big, big_sum, 2, MPI_INTEGER8, MPI_SUM, MPI_COMM_WORLD);
  int16_t small = (int16_t)(100 * mt_rank - 7), small_max;
  MPI_Allreduce(&small, &small_max, 1, MPI_INTEGER2, MPI_MAX, MPI_COMM_WORLD);
  float f = 0.5f + (float)mt_rank, f_prod;
  MPI_Allreduce(&f, &f_prod, 1, MPI_REAL4, MPI_PROD, MPI_COMM_WORLD);
  float fc[2] = {1.0f, (float)mt_rank}, fc_sum[2];
  MPI_Allreduce(fc, fc_sum, 1, MPI_COMPLEX8, MPI_SUM, MPI_COMM_WORLD);
  bool odd = mt_rank % 2, any_odd, all_odd;
  MPI_Allreduce(&odd, &any_odd, 1, MPI_CXX_BOOL, MPI_LOR, MPI_COMM_WORLD);
  MPI_Allreduce(&odd, &all_odd, 1, MPI_CXX_BOOL, MPI_LAND, MPI_COMM_WORLD);
  mt_say("INTEGER8 sum %lld %lld, INTEGER2 max %d, REAL4 product %g, COMPLEX8 sum %g%+gi, "
         "CXX_BOOL or %d and %d\n", (long long)big_sum[0], (long long)big_sum[1], small_max, f_prod,
         fc_sum[0], fc_sum[1], any_odd, all_odd);

  if (mt_rank == 0) {
    double z[4] = {1.5, -2.5, 3.25, 4.0};
    MPI_Send(z, 2, MPI_COMPLEX16, 1, 7, MPI_COMM_WORLD);
  } else if (mt_rank == 1) {
    double z[4];
    MPI_Status status;
    int count;
    MPI_Recv(z, 2, MPI_COMPLEX16, 0, 7, MPI_COMM_WORLD, &status);
    MPI_Get_count(&status, MPI_REAL8, &count);
    mt_printf("COMPLEX16 received as %d REAL8: %g %g %g %g\n", count, z[0], z[1], z[2], z[3]);
  }
  mt_flush();

  MPI_Status status;
  int count = -1;
  int rc = MPI_Recv(NULL, 0, MPI_DATATYPE_NULL, MPI_PROC_NULL, 3, MPI_COMM_WORLD, &status);
  MPI_Get_count(&status, MPI_INT, &count);
  mt_say("receive from MPI_PROC_NULL with MPI_DATATYPE_NULL: %s, source %d tag %d count %d\n",
         rc == MPI_SUCCESS ? "success" : "error", status.MPI_SOURCE, status.MPI_TAG, count);
  return mt_finish();
}
