// MPI_Type_match_size (MPI-3.1 17.2.5): the predefined type of a class and a size in bytes, for
// programs that pick types by Fortran kind. Fortran's size-specific types first, then the C type
// that is the only one of its size (long double), as MPICH answers.
#include "api/api.h"
#include "core/call.h"
#include "core/datatype.h"

using namespace pimnic::mpi;

extern "C" int PMPI_Type_match_size(int typeclass, int size, MPI_Datatype* datatype) {
  Call call("MPI_Type_match_size");
  if (int e = call.arg(datatype != nullptr, "datatype is null")) return e;
  // Rows in the order of MPI_TYPECLASS_REAL, _INTEGER, _COMPLEX (1, 2, 3).
  static const MPI_Datatype kCandidates[3][4] = {
      {MPI_REAL4, MPI_REAL8, MPI_LONG_DOUBLE, MPI_DATATYPE_NULL},
      {MPI_INTEGER1, MPI_INTEGER2, MPI_INTEGER4, MPI_INTEGER8},
      {MPI_COMPLEX8, MPI_COMPLEX16, MPI_C_LONG_DOUBLE_COMPLEX, MPI_DATATYPE_NULL},
  };
  if (int e = call.arg(typeclass >= MPI_TYPECLASS_REAL && typeclass <= MPI_TYPECLASS_COMPLEX,
                       "typeclass is not MPI_TYPECLASS_REAL, _INTEGER or _COMPLEX")) {
    return e;
  }
  for (MPI_Datatype candidate : kCandidates[typeclass - MPI_TYPECLASS_REAL]) {
    const TypeInfo* type = find_type(candidate);
    if (type && type->size == uint32_t(size)) {
      *datatype = candidate;
      return MPI_SUCCESS;
    }
  }
  return call.fail(MPI_ERR_ARG, "no predefined type of class %d has %d bytes", typeclass, size);
}
PIMNIC_MPI_ALIAS(MPI_Type_match_size)
