// Statuses set by the program (for generalized requests and layered libraries) and counted in
// MPI_Count: MPI_Status_set_elements(_x), MPI_Status_set_cancelled, MPI_Get_elements_x.
#include "api/api.h"
#include "core/call.h"

using namespace pimnic::mpi;

namespace {

int set_elements(const char* name, MPI_Status* status, MPI_Datatype datatype, MPI_Count count) {
  Call call(name);
  const TypeInfo* type;
  if (int e = call.arg(status && status != MPI_STATUS_IGNORE, "status is null")) return e;
  if (int e = call.any_datatype(datatype, type)) return e;
  const uint32_t elements = type->basic_elements();
  const MPI_Count bytes = elements ? count / elements * type->size : 0;  // whole items of the type
  if (int e = call.arg(count >= 0 && bytes <= 0x7fffffff, "count is negative or too large")) return e;
  status->pimnic_bytes = int(bytes);
  return MPI_SUCCESS;
}

}  // namespace

extern "C" int PMPI_Status_set_elements(MPI_Status* status, MPI_Datatype datatype, int count) {
  return set_elements("MPI_Status_set_elements", status, datatype, count);
}
PIMNIC_MPI_ALIAS(MPI_Status_set_elements)

extern "C" int PMPI_Status_set_elements_x(MPI_Status* status, MPI_Datatype datatype, MPI_Count count) {
  return set_elements("MPI_Status_set_elements_x", status, datatype, count);
}
PIMNIC_MPI_ALIAS(MPI_Status_set_elements_x)

extern "C" int PMPI_Status_set_cancelled(MPI_Status* status, int flag) {
  Call call("MPI_Status_set_cancelled");
  if (int e = call.arg(status && status != MPI_STATUS_IGNORE, "status is null")) return e;
  status->pimnic_cancelled = flag ? 1 : 0;
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Status_set_cancelled)

extern "C" int PMPI_Get_elements_x(const MPI_Status* status, MPI_Datatype datatype, MPI_Count* count) {
  int elements;
  if (int e = PMPI_Get_elements(status, datatype, &elements)) return e;
  *count = elements;
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Get_elements_x)
