// Derived datatypes as the program builds them: MPI_Type_contiguous, _vector, _hvector, _indexed,
// _hindexed, _create_indexed_block, _create_struct, _create_resized, _dup, _commit, _free, and
// the address and bound queries that go with them (MPI-1's MPI_Type_lb, _ub, _extent too).
#include "api/api.h"
#include "api/api_type_attr.h"
#include "api/api_type_envelope.h"
#include "api/api_type_name.h"
#include "core/call.h"
#include "core/datatype_derived.h"
#include "core/vec.h"

using namespace pimnic::mpi;

namespace {

// The type made of `placements`, its handle in *newtype.
int make(Call& call, const Vec<Placement>& placements, bool padded, MPI_Datatype* newtype) {
  const char* why = "";
  const TypeInfo* type = build_derived(placements.data(), placements.size(), padded, &why);
  if (!type) return call.fail(MPI_ERR_COUNT, "%s", why);
  *newtype = derived_handle(type);
  return MPI_SUCCESS;
}

// A constructor's common arguments: count of blocks, the old type, the output.
int start(Call& call, int count, MPI_Datatype oldtype, const TypeInfo*& old, MPI_Datatype* newtype) {
  if (int e = call.count(count)) return e;
  if (int e = call.any_datatype(oldtype, old)) return e;
  return call.arg(newtype != nullptr, "newtype is null");
}

int block_length(Call& call, int length) {
  return length < 0 ? call.fail(MPI_ERR_ARG, "negative block length %d", length) : MPI_SUCCESS;
}

// Blocks of `lengths[i]` (or `length`) old items at displacements[i] bytes.
template <class Displacement>
int blocks(Call& call, int count, const int* lengths, int length, const Displacement* displacements,
           int64_t unit, MPI_Datatype oldtype, MPI_Datatype* newtype) {
  const TypeInfo* old;
  if (int e = start(call, count, oldtype, old, newtype)) return e;
  if (int e = call.arg((displacements && (lengths || length >= 0)) || count == 0, "an array argument is null")) {
    return e;
  }
  Vec<Placement> placements;
  for (int i = 0; i < count; ++i) {
    const int n = lengths ? lengths[i] : length;
    if (int e = block_length(call, n)) return e;
    placements.push_back({int64_t(displacements[i]) * unit, old, uint32_t(n)});
  }
  return make(call, placements, false, newtype);
}

// count blocks of blocklength old items, `stride_bytes` apart.
int strided(Call& call, int count, int blocklength, int64_t stride_bytes, const TypeInfo* old, MPI_Datatype* newtype) {
  if (int e = block_length(call, blocklength)) return e;
  Vec<Placement> placements;
  for (int j = 0; j < count; ++j) placements.push_back({int64_t(j) * stride_bytes, old, uint32_t(blocklength)});
  return make(call, placements, false, newtype);
}

int resized(Call& call, const TypeInfo& old, int64_t lb, int64_t extent, MPI_Datatype* newtype) {
  const char* why = "";
  const TypeInfo* type = resize_derived(old, lb, extent, &why);
  if (!type) return call.fail(MPI_ERR_ARG, "%s", why);
  *newtype = derived_handle(type);
  return MPI_SUCCESS;
}

int create_struct(Call& call, int count, const int* lengths, const MPI_Aint* displacements, const MPI_Datatype* types,
                  MPI_Datatype* newtype) {
  if (int e = call.count(count)) return e;
  if (int e = call.arg((lengths && displacements && types) || count == 0, "an array argument is null")) return e;
  if (int e = call.arg(newtype != nullptr, "newtype is null")) return e;
  Vec<Placement> placements;
  bool has_lb = false, has_ub = false;  // MPI-1's markers: explicit bounds, no data
  int64_t lb = 0, ub = 0;
  for (int i = 0; i < count; ++i) {
    const TypeInfo* type;
    if (int e = call.any_datatype(types[i], type)) return e;
    if (int e = block_length(call, lengths[i])) return e;
    if (types[i] == MPI_LB) {
      lb = has_lb && lb < displacements[i] ? lb : int64_t(displacements[i]);
      has_lb = true;
    } else if (types[i] == MPI_UB) {
      ub = has_ub && ub > displacements[i] ? ub : int64_t(displacements[i]);
      has_ub = true;
    } else {
      placements.push_back({int64_t(displacements[i]), type, uint32_t(lengths[i])});
    }
  }
  if (int e = make(call, placements, !has_lb && !has_ub, newtype)) return e;
  if (!has_lb && !has_ub) return MPI_SUCCESS;
  const TypeInfo* built = find_type(*newtype);
  if (!has_lb) lb = built->lb;
  if (!has_ub) ub = built->lb + int64_t(built->extent);
  const int e = resized(call, *built, lb, ub - lb, newtype);
  free_derived_handle(built);
  return e;
}


// The arguments of the indexed constructors, as MPI_Type_get_contents gives them back.
void record_indexed(MPI_Datatype type, int combiner, int count, const int* lengths, const int* displs,
                    const MPI_Aint* hdispls, MPI_Datatype old) {
  Vec<int> ints;
  ints.push_back(count);
  for (int i = 0; i < count; ++i) ints.push_back(lengths[i]);
  for (int i = 0; displs && i < count; ++i) ints.push_back(displs[i]);
  record_contents(type, combiner, int(ints.size()), ints.data(), hdispls ? count : 0, hdispls, 1, &old);
}

void record_block(MPI_Datatype type, int combiner, int count, int length, const int* displs, const MPI_Aint* hdispls,
                  MPI_Datatype old) {
  Vec<int> ints;
  ints.push_back(count);
  ints.push_back(length);
  for (int i = 0; displs && i < count; ++i) ints.push_back(displs[i]);
  record_contents(type, combiner, int(ints.size()), ints.data(), hdispls ? count : 0, hdispls, 1, &old);
}

void record_struct(MPI_Datatype type, int count, const int* lengths, const MPI_Aint* displs, const MPI_Datatype* types) {
  Vec<int> ints;
  ints.push_back(count);
  for (int i = 0; i < count; ++i) ints.push_back(lengths[i]);
  record_contents(type, MPI_COMBINER_STRUCT, int(ints.size()), ints.data(), count, displs, count, types);
}

}  // namespace

extern "C" int PMPI_Type_contiguous(int count, MPI_Datatype oldtype, MPI_Datatype* newtype) {
  Call call("MPI_Type_contiguous");
  const TypeInfo* old;
  if (int e = start(call, count, oldtype, old, newtype)) return e;
  Vec<Placement> placements;
  placements.push_back({0, old, uint32_t(count)});
  if (int e = make(call, placements, false, newtype)) return e;
  record_contents(*newtype, MPI_COMBINER_CONTIGUOUS, 1, &count, 0, nullptr, 1, &oldtype);
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Type_contiguous)

extern "C" int PMPI_Type_vector(int count, int blocklength, int stride, MPI_Datatype oldtype, MPI_Datatype* newtype) {
  Call call("MPI_Type_vector");
  const TypeInfo* old;
  if (int e = start(call, count, oldtype, old, newtype)) return e;
  if (int e = strided(call, count, blocklength, int64_t(stride) * old->extent, old, newtype)) return e;
  const int ints[3] = {count, blocklength, stride};
  record_contents(*newtype, MPI_COMBINER_VECTOR, 3, ints, 0, nullptr, 1, &oldtype);
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Type_vector)

// MPI_Type_create_hvector and its MPI-1 name MPI_Type_hvector: one constructor;
// errors name the call used.
static int hvector(const char* name, int count, int blocklength, MPI_Aint stride, MPI_Datatype oldtype,
                   MPI_Datatype* newtype) {
  Call call(name);
  const TypeInfo* old;
  if (int e = start(call, count, oldtype, old, newtype)) return e;
  if (int e = strided(call, count, blocklength, int64_t(stride), old, newtype)) return e;
  const int ints[2] = {count, blocklength};
  record_contents(*newtype, MPI_COMBINER_HVECTOR, 2, ints, 1, &stride, 1, &oldtype);
  return MPI_SUCCESS;
}

extern "C" int PMPI_Type_create_hvector(int count, int blocklength, MPI_Aint stride, MPI_Datatype oldtype,
                                        MPI_Datatype* newtype) {
  return hvector("MPI_Type_create_hvector", count, blocklength, stride, oldtype, newtype);
}
PIMNIC_MPI_ALIAS(MPI_Type_create_hvector)

extern "C" int PMPI_Type_hvector(int count, int blocklength, MPI_Aint stride, MPI_Datatype oldtype,
                                 MPI_Datatype* newtype) {
  return hvector("MPI_Type_hvector", count, blocklength, stride, oldtype, newtype);
}
PIMNIC_MPI_ALIAS(MPI_Type_hvector)

extern "C" int PMPI_Type_indexed(int count, const int blocklengths[], const int displacements[], MPI_Datatype oldtype,
                                 MPI_Datatype* newtype) {
  Call call("MPI_Type_indexed");
  const TypeInfo* old = find_type(oldtype);
  if (int e = blocks(call, count, blocklengths, -1, displacements, old ? old->extent : 0, oldtype, newtype)) return e;
  record_indexed(*newtype, MPI_COMBINER_INDEXED, count, blocklengths, displacements, nullptr, oldtype);
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Type_indexed)

// MPI_Type_create_hindexed and its MPI-1 name MPI_Type_hindexed: one constructor;
// errors name the call used.
static int hindexed(const char* name, int count, const int blocklengths[], const MPI_Aint displacements[],
                    MPI_Datatype oldtype, MPI_Datatype* newtype) {
  Call call(name);
  if (int e = blocks(call, count, blocklengths, -1, displacements, 1, oldtype, newtype)) return e;
  record_indexed(*newtype, MPI_COMBINER_HINDEXED, count, blocklengths, nullptr, displacements, oldtype);
  return MPI_SUCCESS;
}

extern "C" int PMPI_Type_create_hindexed(int count, const int blocklengths[], const MPI_Aint displacements[],
                                         MPI_Datatype oldtype, MPI_Datatype* newtype) {
  return hindexed("MPI_Type_create_hindexed", count, blocklengths, displacements, oldtype, newtype);
}
PIMNIC_MPI_ALIAS(MPI_Type_create_hindexed)

extern "C" int PMPI_Type_hindexed(int count, const int blocklengths[], const MPI_Aint displacements[],
                                  MPI_Datatype oldtype, MPI_Datatype* newtype) {
  return hindexed("MPI_Type_hindexed", count, blocklengths, displacements, oldtype, newtype);
}
PIMNIC_MPI_ALIAS(MPI_Type_hindexed)

extern "C" int PMPI_Type_create_indexed_block(int count, int blocklength, const int displacements[],
                                              MPI_Datatype oldtype, MPI_Datatype* newtype) {
  Call call("MPI_Type_create_indexed_block");
  const TypeInfo* old = find_type(oldtype);
  if (int e = block_length(call, blocklength)) return e;
  if (int e = blocks(call, count, nullptr, blocklength, displacements, old ? old->extent : 0, oldtype, newtype)) return e;
  record_block(*newtype, MPI_COMBINER_INDEXED_BLOCK, count, blocklength, displacements, nullptr, oldtype);
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Type_create_indexed_block)

extern "C" int PMPI_Type_create_hindexed_block(int count, int blocklength, const MPI_Aint displacements[],
                                               MPI_Datatype oldtype, MPI_Datatype* newtype) {
  Call call("MPI_Type_create_hindexed_block");
  if (int e = block_length(call, blocklength)) return e;
  if (int e = blocks(call, count, nullptr, blocklength, displacements, 1, oldtype, newtype)) return e;
  record_block(*newtype, MPI_COMBINER_HINDEXED_BLOCK, count, blocklength, nullptr, displacements, oldtype);
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Type_create_hindexed_block)

// MPI_Type_create_struct and its MPI-1 name MPI_Type_struct: one constructor;
// errors name the call used.
static int struct_of(const char* name, int count, const int blocklengths[], const MPI_Aint displacements[],
                     const MPI_Datatype types[], MPI_Datatype* newtype) {
  Call call(name);
  if (int e = create_struct(call, count, blocklengths, displacements, types, newtype)) return e;
  record_struct(*newtype, count, blocklengths, displacements, types);
  return MPI_SUCCESS;
}

extern "C" int PMPI_Type_create_struct(int count, const int blocklengths[], const MPI_Aint displacements[],
                                       const MPI_Datatype types[], MPI_Datatype* newtype) {
  return struct_of("MPI_Type_create_struct", count, blocklengths, displacements, types, newtype);
}
PIMNIC_MPI_ALIAS(MPI_Type_create_struct)

extern "C" int PMPI_Type_struct(int count, const int blocklengths[], const MPI_Aint displacements[],
                                const MPI_Datatype types[], MPI_Datatype* newtype) {
  return struct_of("MPI_Type_struct", count, blocklengths, displacements, types, newtype);
}
PIMNIC_MPI_ALIAS(MPI_Type_struct)

extern "C" int PMPI_Type_create_resized(MPI_Datatype oldtype, MPI_Aint lb, MPI_Aint extent, MPI_Datatype* newtype) {
  Call call("MPI_Type_create_resized");
  const TypeInfo* old;
  if (int e = start(call, 0, oldtype, old, newtype)) return e;
  if (int e = resized(call, *old, int64_t(lb), int64_t(extent), newtype)) return e;
  const MPI_Aint addrs[2] = {lb, extent};
  record_contents(*newtype, MPI_COMBINER_RESIZED, 0, nullptr, 2, addrs, 1, &oldtype);
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Type_create_resized)

extern "C" int PMPI_Type_dup(MPI_Datatype oldtype, MPI_Datatype* newtype) {
  Call call("MPI_Type_dup");
  const TypeInfo* old;
  if (int e = start(call, 0, oldtype, old, newtype)) return e;
  if (int e = resized(call, *old, old->lb, old->extent, newtype)) return e;
  if (old->committed) commit_derived(find_type(*newtype));  // a dup is committed if its original is
  if (int e = copy_type_attributes(oldtype, *newtype)) {
    delete_type_attributes(*newtype);
    free_derived_handle(find_type(*newtype));
    *newtype = MPI_DATATYPE_NULL;
    return call.fail(MPI_ERR_OTHER, "an attribute's copy callback failed (%d)", e);
  }
  record_contents(*newtype, MPI_COMBINER_DUP, 0, nullptr, 0, nullptr, 1, &oldtype);
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Type_dup)

extern "C" int PMPI_Type_commit(MPI_Datatype* datatype) {
  Call call("MPI_Type_commit");
  const TypeInfo* type;
  if (int e = call.arg(datatype != nullptr, "datatype is null")) return e;
  if (int e = call.any_datatype(*datatype, type)) return e;
  if (type->derived()) commit_derived(type);
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Type_commit)

// The handle goes; a request still using the type keeps it until it completes.
extern "C" int PMPI_Type_free(MPI_Datatype* datatype) {
  Call call("MPI_Type_free");
  const TypeInfo* type;
  if (int e = call.arg(datatype != nullptr, "datatype is null")) return e;
  if (int e = call.any_datatype(*datatype, type)) return e;
  if (!type->derived()) return call.fail(MPI_ERR_TYPE, "%s is predefined and cannot be freed", type->name);
  if (int e = delete_type_attributes(*datatype)) {
    return call.fail(MPI_ERR_OTHER, "an attribute's delete callback failed (%d)", e);
  }
  forget_type_name(*datatype);
  forget_contents(*datatype);
  free_derived_handle(type);
  *datatype = MPI_DATATYPE_NULL;
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Type_free)

extern "C" int PMPI_Type_get_true_extent(MPI_Datatype datatype, MPI_Aint* true_lb, MPI_Aint* true_extent) {
  Call call("MPI_Type_get_true_extent");
  const TypeInfo* type;
  if (int e = call.any_datatype(datatype, type)) return e;
  if (int e = call.arg(true_lb && true_extent, "true_lb or true_extent is null")) return e;
  *true_lb = type->derived() ? MPI_Aint(type->true_lb) : 0;
  *true_extent = type->derived() ? MPI_Aint(type->true_extent) : MPI_Aint(type->extent);
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Type_get_true_extent)

namespace {

// The MPI-1 bound queries: one number about a type.
int bound(const char* name, MPI_Datatype datatype, MPI_Aint* out, int64_t (*which)(const TypeInfo&)) {
  Call call(name);
  const TypeInfo* type;
  if (int e = call.any_datatype(datatype, type)) return e;
  if (int e = call.arg(out != nullptr, "the output argument is null")) return e;
  *out = MPI_Aint(which(*type));
  return MPI_SUCCESS;
}

}  // namespace

extern "C" int PMPI_Type_lb(MPI_Datatype datatype, MPI_Aint* displacement) {
  return bound("MPI_Type_lb", datatype, displacement, [](const TypeInfo& t) { return t.lb; });
}
PIMNIC_MPI_ALIAS(MPI_Type_lb)

extern "C" int PMPI_Type_ub(MPI_Datatype datatype, MPI_Aint* displacement) {
  return bound("MPI_Type_ub", datatype, displacement, [](const TypeInfo& t) { return t.lb + int64_t(t.extent); });
}
PIMNIC_MPI_ALIAS(MPI_Type_ub)

extern "C" int PMPI_Type_extent(MPI_Datatype datatype, MPI_Aint* extent) {
  return bound("MPI_Type_extent", datatype, extent, [](const TypeInfo& t) { return int64_t(t.extent); });
}
PIMNIC_MPI_ALIAS(MPI_Type_extent)

extern "C" int PMPI_Get_address(const void* location, MPI_Aint* address) {
  Call call("MPI_Get_address");
  if (int e = call.arg(address != nullptr, "address is null")) return e;
  *address = MPI_Aint(reinterpret_cast<uintptr_t>(location));
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Get_address)

extern "C" int PMPI_Address(void* location, MPI_Aint* address) {
  Call call("MPI_Address");
  if (int e = call.arg(address != nullptr, "address is null")) return e;
  *address = MPI_Aint(reinterpret_cast<uintptr_t>(location));
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Address)
