// Attributes on datatypes (MPI-3.1 6.7.4): MPI_Type_create_keyval, _set_attr, _get_attr,
// _delete_attr, _free_keyval; copied by MPI_Type_dup, deleted by MPI_Type_free. Any datatype may
// carry them, predefined ones too, so they live beside the types, by handle.
#include "api/api_type_attr.h"

#include <new>

#include "api/api.h"
#include "api/api_attr.h"
#include "core/attributes.h"
#include "core/call.h"
#include "core/datatype.h"

using namespace pimnic::mpi;

namespace {

struct TypeAttributes {
  MPI_Datatype type;
  AttributeList list;
};

Vec<TypeAttributes*>& tables() {
  static Vec<TypeAttributes*> all;
  return all;
}

// The list of `type`, made empty when it has none yet and `make` says so (null otherwise).
AttributeList* list_of(MPI_Datatype type, bool make) {
  for (uint32_t i = 0; i < tables().size(); ++i) {
    if (tables()[i]->type == type) return &tables()[i]->list;
  }
  if (!make) return nullptr;
  TypeAttributes* t = new (checked_alloc(sizeof(TypeAttributes), "datatype attributes")) TypeAttributes{type, {}};
  tables().push_back(t);
  return &t->list;
}

int typed(Call& call, MPI_Datatype handle) {
  const TypeInfo* type;
  return call.any_datatype(handle, type);
}

}  // namespace

int pimnic::mpi::copy_type_attributes(MPI_Datatype from, MPI_Datatype to) {
  const AttributeList* list = list_of(from, false);
  return list ? copy_attributes(from, *list, *list_of(to, true)) : MPI_SUCCESS;
}

int pimnic::mpi::delete_type_attributes(MPI_Datatype type) {
  AttributeList* list = list_of(type, false);
  if (!list) return MPI_SUCCESS;
  if (int e = delete_all_attributes(type, *list)) return e;
  for (uint32_t i = 0; i < tables().size(); ++i) {
    if (tables()[i]->type != type) continue;
    TypeAttributes* t = tables()[i];
    tables()[i] = tables().back();
    tables().pop_back();
    t->~TypeAttributes();
    free(t);
    break;
  }
  return MPI_SUCCESS;
}

extern "C" int PMPI_Type_create_keyval(MPI_Type_copy_attr_function* copy, MPI_Type_delete_attr_function* del,
                                       int* keyval, void* extra_state) {
  return create("MPI_Type_create_keyval", copy, del, keyval, extra_state);
}
PIMNIC_MPI_ALIAS(MPI_Type_create_keyval)

extern "C" int PMPI_Type_free_keyval(int* keyval) { return release("MPI_Type_free_keyval", keyval); }
PIMNIC_MPI_ALIAS(MPI_Type_free_keyval)

extern "C" int PMPI_Type_set_attr(MPI_Datatype type, int keyval, void* value) {
  Call call("MPI_Type_set_attr");
  if (int e = typed(call, type)) return e;
  if (int e = user_keyval(call, keyval)) return e;
  if (int e = set_attribute(type, *list_of(type, true), keyval, value)) {
    return call.fail(MPI_ERR_OTHER, "the attribute's delete callback failed (%d)", e);
  }
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Type_set_attr)

extern "C" int PMPI_Type_get_attr(MPI_Datatype type, int keyval, void* value, int* flag) {
  Call call("MPI_Type_get_attr");
  if (int e = typed(call, type)) return e;
  if (int e = call.arg(value && flag, "attribute_val or flag is null")) return e;
  if (!keyval_valid(keyval)) return call.fail(MPI_ERR_ARG, "invalid attribute key 0x%x", unsigned(keyval));
  const AttributeList* list = list_of(type, false);
  void* found;
  *flag = list && get_attribute(*list, keyval, found);
  if (*flag) *static_cast<void**>(value) = found;
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Type_get_attr)

extern "C" int PMPI_Type_delete_attr(MPI_Datatype type, int keyval) {
  Call call("MPI_Type_delete_attr");
  if (int e = typed(call, type)) return e;
  if (int e = user_keyval(call, keyval)) return e;
  AttributeList* list = list_of(type, false);
  if (!list) return MPI_SUCCESS;
  if (int e = delete_attribute(type, *list, keyval)) {
    return call.fail(MPI_ERR_OTHER, "the attribute's delete callback failed (%d)", e);
  }
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Type_delete_attr)
