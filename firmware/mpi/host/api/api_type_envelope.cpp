#include "api/api_type_envelope.h"

#include <new>

#include "api/api.h"
#include "core/call.h"
#include "core/vec.h"

using namespace pimnic::mpi;

namespace {

struct Contents {
  MPI_Datatype type;
  int combiner;
  Vec<int> ints;
  Vec<MPI_Aint> addrs;
  Vec<MPI_Datatype> types;
};

Vec<Contents*>& table() {
  static Vec<Contents*> all;
  return all;
}

int find_index(MPI_Datatype type) {
  for (uint32_t i = 0; i < table().size(); ++i) {
    if (table()[i]->type == type) return int(i);
  }
  return -1;
}

}  // namespace

void pimnic::mpi::forget_contents(MPI_Datatype type) {
  const int i = find_index(type);
  if (i < 0) return;
  table()[uint32_t(i)]->~Contents();
  free(table()[uint32_t(i)]);
  table()[uint32_t(i)] = table().back();
  table().pop_back();
}

void pimnic::mpi::record_contents(MPI_Datatype type, int combiner, int nints, const int* ints, int naddrs,
                                  const MPI_Aint* addrs, int ntypes, const MPI_Datatype* types) {
  forget_contents(type);
  Contents* c = new (checked_alloc(sizeof(Contents), "type contents")) Contents;
  c->type = type;
  c->combiner = combiner;
  for (int i = 0; i < nints; ++i) c->ints.push_back(ints[i]);
  for (int i = 0; i < naddrs; ++i) c->addrs.push_back(addrs[i]);
  for (int i = 0; i < ntypes; ++i) c->types.push_back(types[i]);
  table().push_back(c);
}

extern "C" int PMPI_Type_get_envelope(MPI_Datatype datatype, int* num_integers, int* num_addresses,
                                      int* num_datatypes, int* combiner) {
  Call call("MPI_Type_get_envelope");
  const TypeInfo* type;
  if (int e = call.any_datatype(datatype, type)) return e;
  if (int e = call.arg(num_integers && num_addresses && num_datatypes && combiner, "an output is null")) return e;
  const int i = find_index(datatype);
  if (i < 0) {  // predefined (a derived type is always recorded)
    *num_integers = *num_addresses = *num_datatypes = 0;
    *combiner = MPI_COMBINER_NAMED;
    return MPI_SUCCESS;
  }
  const Contents& c = *table()[uint32_t(i)];
  *num_integers = int(c.ints.size());
  *num_addresses = int(c.addrs.size());
  *num_datatypes = int(c.types.size());
  *combiner = c.combiner;
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Type_get_envelope)

extern "C" int PMPI_Type_get_contents(MPI_Datatype datatype, int max_integers, int max_addresses, int max_datatypes,
                                      int integers[], MPI_Aint addresses[], MPI_Datatype datatypes[]) {
  Call call("MPI_Type_get_contents");
  const TypeInfo* type;
  if (int e = call.any_datatype(datatype, type)) return e;
  const int i = find_index(datatype);
  if (i < 0) return call.fail(MPI_ERR_TYPE, "a predefined datatype has no contents");
  const Contents& c = *table()[uint32_t(i)];
  if (max_integers < int(c.ints.size()) || max_addresses < int(c.addrs.size()) ||
      max_datatypes < int(c.types.size())) {
    return call.fail(MPI_ERR_ARG, "the arrays are shorter than MPI_Type_get_envelope said");
  }
  for (uint32_t k = 0; k < c.ints.size(); ++k) integers[k] = c.ints[k];
  for (uint32_t k = 0; k < c.addrs.size(); ++k) addresses[k] = c.addrs[k];
  for (uint32_t k = 0; k < c.types.size(); ++k) datatypes[k] = c.types[k];
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Type_get_contents)
