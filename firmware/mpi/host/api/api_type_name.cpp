// Datatype names (MPI_Type_set_name / MPI_Type_get_name): a predefined type is called by its
// mpi.h name until the program renames it; a derived one is nameless ("").
#include <cstdio>

#include "api/api_type_name.h"

#include "api/api.h"
#include "core/call.h"
#include "core/vec.h"

using namespace pimnic::mpi;

namespace {

struct Named {
  MPI_Datatype handle;
  char name[MPI_MAX_OBJECT_NAME];
};

Vec<Named>& names() {
  static Vec<Named> table;
  return table;
}

Named* find_name(MPI_Datatype handle) {
  for (uint32_t i = 0; i < names().size(); ++i) {
    if (names()[i].handle == handle) return &names()[i];
  }
  return nullptr;
}

}  // namespace

void pimnic::mpi::forget_type_name(MPI_Datatype handle) {
  if (Named* entry = find_name(handle)) {
    *entry = names().back();
    names().pop_back();
  }
}

extern "C" int PMPI_Type_set_name(MPI_Datatype datatype, const char* name) {
  Call call("MPI_Type_set_name");
  const TypeInfo* type;
  if (int e = call.any_datatype(datatype, type)) return e;
  if (int e = call.arg(name != nullptr, "name is null")) return e;
  Named* entry = find_name(datatype);
  if (!entry) {
    names().push_back(Named{datatype, {}});
    entry = &names().back();
  }
  snprintf(entry->name, sizeof entry->name, "%s", name);
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Type_set_name)

extern "C" int PMPI_Type_get_name(MPI_Datatype datatype, char* name, int* resultlen) {
  Call call("MPI_Type_get_name");
  const TypeInfo* type;
  if (int e = call.any_datatype(datatype, type)) return e;
  if (int e = call.arg(name && resultlen, "name or resultlen is null")) return e;
  const Named* entry = find_name(datatype);
  *resultlen = snprintf(name, MPI_MAX_OBJECT_NAME, "%s", entry ? entry->name : type->derived() ? "" : type->name);
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Type_get_name)
