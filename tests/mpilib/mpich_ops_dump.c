/* reference_ops' table through Debian's MPICH (native, a singleton run): the reference output of
 * the test mpilib.ops_vs_mpich. */
#include <mpi.h>
#include <stdio.h>

#include "reference_ops.h"

static const MPI_Datatype kTypes[REF_TYPES] = {
    MPI_CHAR,      MPI_SIGNED_CHAR, MPI_UNSIGNED_CHAR, MPI_BYTE,      MPI_SHORT,          MPI_UNSIGNED_SHORT,
    MPI_INT,       MPI_UNSIGNED,    MPI_LONG,          MPI_UNSIGNED_LONG, MPI_LONG_LONG_INT, MPI_UNSIGNED_LONG_LONG,
    MPI_FLOAT,     MPI_DOUBLE,      MPI_LONG_DOUBLE,   MPI_WCHAR,     MPI_C_BOOL,         MPI_INT8_T,
    MPI_INT16_T,   MPI_INT32_T,     MPI_INT64_T,       MPI_UINT8_T,   MPI_UINT16_T,       MPI_UINT32_T,
    MPI_UINT64_T,  MPI_AINT,        MPI_OFFSET,        MPI_COUNT,     MPI_FLOAT_INT,      MPI_DOUBLE_INT,
    MPI_LONG_INT,  MPI_2INT,        MPI_SHORT_INT,     MPI_LONG_DOUBLE_INT,
};
static const MPI_Op kOps[REF_OPS] = {MPI_MAX, MPI_MIN, MPI_SUM,  MPI_PROD, MPI_LAND,   MPI_BAND,
                                     MPI_LOR, MPI_BOR, MPI_LXOR, MPI_BXOR, MPI_MINLOC, MPI_MAXLOC};

static int reduce_local(const void* in, void* inout, int count, int type, int op) {
  return MPI_Reduce_local(in, inout, count, kTypes[type], kOps[op]);
}

static int type_size(int type, int* size, long* extent) {
  MPI_Aint lb, ext;
  MPI_Type_size(kTypes[type], size);
  MPI_Type_get_extent(kTypes[type], &lb, &ext);
  *extent = (long)ext;
  return 0;
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  ref_dump(reduce_local, type_size);
  MPI_Finalize();
  return 0;
}
