// MPI_Type_create_subarray and MPI_Type_create_darray (MPI-3.1 sections 4.1.3, 4.1.4), built from
// the other constructors: dimension by dimension, fastest first, the chosen index runs of a
// dimension as an hindexed type of the next inner dimension's row; the result spans the whole
// array (lower bound 0, extent the array's), so consecutive items tile whole arrays.
#include <initializer_list>
#include <new>

#include "api/api.h"
#include "api/api_type_envelope.h"
#include "core/call.h"
#include "core/vec.h"

using namespace pimnic::mpi;

namespace {

struct Run {
  int first, length;  // indices [first, first + length) of one dimension
};

// The type of the runs of each dimension (dims[d] elements; runs[d]) of `oldtype`, order C
// (the last dimension fastest) or Fortran (the first fastest).
int build(Call& call, int ndims, const int* sizes, Vec<Run>* runs, int order, MPI_Datatype oldtype,
          MPI_Datatype* newtype) {
  MPI_Aint lb, extent;
  PMPI_Type_get_extent(oldtype, &lb, &extent);
  MPI_Datatype inner = oldtype;
  MPI_Aint stride = extent;  // bytes from one index of the dimension to the next
  for (int step = 0; step < ndims; ++step) {
    const int d = order == MPI_ORDER_C ? ndims - 1 - step : step;
    Vec<int> lengths;
    Vec<MPI_Aint> displacements;
    for (uint32_t i = 0; i < runs[d].size(); ++i) {
      lengths.push_back(runs[d][i].length);
      displacements.push_back(MPI_Aint(runs[d][i].first) * stride);
    }
    MPI_Datatype row, spanned;
    int e = PMPI_Type_create_hindexed(int(lengths.size()), lengths.data(), displacements.data(), inner, &row);
    if (!e) e = PMPI_Type_create_resized(row, 0, stride * sizes[d], &spanned);
    if (inner != oldtype) PMPI_Type_free(&inner);
    if (!e) PMPI_Type_free(&row);
    if (e) return call.fail(e, "building dimension %d failed", d);
    inner = spanned;
    stride *= sizes[d];
  }
  if (ndims == 0) return PMPI_Type_dup(oldtype, newtype);
  *newtype = inner;
  return MPI_SUCCESS;
}

int check_common(Call& call, int ndims, const void* a, const void* b, int order, MPI_Datatype oldtype,
                 MPI_Datatype* newtype) {
  const TypeInfo* type;
  if (int e = call.arg(ndims >= 0, "negative ndims")) return e;
  if (int e = call.arg((a && b) || ndims == 0, "an array argument is null")) return e;
  if (int e = call.arg(order == MPI_ORDER_C || order == MPI_ORDER_FORTRAN, "order is neither C nor Fortran")) return e;
  if (int e = call.any_datatype(oldtype, type)) return e;
  return call.arg(newtype != nullptr, "newtype is null");
}

}  // namespace

extern "C" int PMPI_Type_create_subarray(int ndims, const int sizes[], const int subsizes[], const int starts[],
                                         int order, MPI_Datatype oldtype, MPI_Datatype* newtype) {
  Call call("MPI_Type_create_subarray");
  if (int e = check_common(call, ndims, sizes, subsizes, order, oldtype, newtype)) return e;
  if (int e = call.arg(starts || ndims == 0, "starts is null")) return e;
  Scratch holder(sizeof(Vec<Run>) * uint32_t(ndims) + 1);
  Vec<Run>* runs = reinterpret_cast<Vec<Run>*>(holder.bytes());
  for (int d = 0; d < ndims; ++d) {
    new (&runs[d]) Vec<Run>;
    if (sizes[d] < 1 || subsizes[d] < 1 || starts[d] < 0 || starts[d] + subsizes[d] > sizes[d]) {
      for (int i = 0; i <= d; ++i) runs[i].~Vec<Run>();
      return call.fail(MPI_ERR_ARG, "dimension %d: size %d, subsize %d, start %d", d, sizes[d], subsizes[d],
                       starts[d]);
    }
    runs[d].push_back(Run{starts[d], subsizes[d]});
  }
  const int e = build(call, ndims, sizes, runs, order, oldtype, newtype);
  for (int d = 0; d < ndims; ++d) runs[d].~Vec<Run>();
  if (!e) {
    Vec<int> ints;
    ints.push_back(ndims);
    for (const int* a : {sizes, subsizes, starts}) {
      for (int d = 0; d < ndims; ++d) ints.push_back(a[d]);
    }
    ints.push_back(order);
    record_contents(*newtype, MPI_COMBINER_SUBARRAY, int(ints.size()), ints.data(), 0, nullptr, 1, &oldtype);
  }
  return e;
}
PIMNIC_MPI_ALIAS(MPI_Type_create_subarray)

// Process `rank` of a row-major grid of psizes holds, in each dimension, the blocks its
// distribution gives its coordinate.
extern "C" int PMPI_Type_create_darray(int size, int rank, int ndims, const int gsizes[], const int distribs[],
                                       const int dargs[], const int psizes[], int order, MPI_Datatype oldtype,
                                       MPI_Datatype* newtype) {
  Call call("MPI_Type_create_darray");
  if (int e = check_common(call, ndims, gsizes, psizes, order, oldtype, newtype)) return e;
  if (int e = call.arg((distribs && dargs) || ndims == 0, "distribs or dargs is null")) return e;
  int64_t processes = 1;
  for (int d = 0; d < ndims; ++d) processes *= psizes[d];
  if (int e = call.arg(processes == size && rank >= 0 && rank < size, "psizes do not multiply to size, or bad rank")) {
    return e;
  }
  Scratch holder(sizeof(Vec<Run>) * uint32_t(ndims) + 1);
  Vec<Run>* runs = reinterpret_cast<Vec<Run>*>(holder.bytes());
  int error = MPI_SUCCESS;
  int rest = rank;
  for (int d = ndims - 1; d >= 0; --d) {  // coordinates: row-major, the last dimension fastest
    new (&runs[d]) Vec<Run>;
    const int p = psizes[d], coord = rest % p, g = gsizes[d];
    rest /= p;
    if (distribs[d] == MPI_DISTRIBUTE_NONE) {
      if (p != 1) error = MPI_ERR_ARG;
      runs[d].push_back(Run{0, g});
    } else if (distribs[d] == MPI_DISTRIBUTE_BLOCK) {
      const int b = dargs[d] == MPI_DISTRIBUTE_DFLT_DARG ? (g + p - 1) / p : dargs[d];
      if (b <= 0 || int64_t(b) * p < g) error = MPI_ERR_ARG;
      const int first = coord * b, last = first + b < g ? first + b : g;
      if (last > first) runs[d].push_back(Run{first, last - first});
    } else if (distribs[d] == MPI_DISTRIBUTE_CYCLIC) {
      const int b = dargs[d] == MPI_DISTRIBUTE_DFLT_DARG ? 1 : dargs[d];
      if (b <= 0) error = MPI_ERR_ARG;
      for (int64_t first = int64_t(coord) * b; b > 0 && first < g; first += int64_t(b) * p) {
        runs[d].push_back(Run{int(first), first + b < g ? b : int(g - first)});
      }
    } else {
      error = MPI_ERR_ARG;
    }
  }
  if (!error) error = build(call, ndims, gsizes, runs, order, oldtype, newtype);
  else error = call.fail(error, "a distribution, its argument or the grid does not fit the array");
  for (int d = 0; d < ndims; ++d) runs[d].~Vec<Run>();
  if (!error) {
    Vec<int> ints;
    ints.push_back(size);
    ints.push_back(rank);
    ints.push_back(ndims);
    for (const int* a : {gsizes, distribs, dargs, psizes}) {
      for (int d = 0; d < ndims; ++d) ints.push_back(a[d]);
    }
    ints.push_back(order);
    record_contents(*newtype, MPI_COMBINER_DARRAY, int(ints.size()), ints.data(), 0, nullptr, 1, &oldtype);
  }
  return error;
}
PIMNIC_MPI_ALIAS(MPI_Type_create_darray)
