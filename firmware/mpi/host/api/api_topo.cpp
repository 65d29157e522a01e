// Cartesian topologies: MPI_Dims_create, MPI_Cart_create, _coords, _rank, _shift, _get, _sub,
// MPI_Cartdim_get, MPI_Topo_test. Ranks are never reordered (the standard allows it: reorder is a
// hint), so the Cartesian communicator of MPI_Cart_create(comm, ...) keeps comm's first ranks.
#include "api/api.h"
#include "core/call.h"
#include "coll/coll.h"
#include "core/comm_create.h"
#include "core/split_order.h"

using namespace pimnic::mpi;

namespace {

int cartesian(Call& call, MPI_Comm handle, Comm*& comm) {
  if (int e = call.comm(handle, comm)) return e;
  return comm->cartesian ? MPI_SUCCESS : call.fail(MPI_ERR_TOPOLOGY, "the communicator has no Cartesian topology");
}

}  // namespace

extern "C" int PMPI_Dims_create(int nnodes, int ndims, int dims[]) {
  Call call("MPI_Dims_create");
  if (int e = call.arg(nnodes > 0, "nnodes must be positive")) return e;
  if (ndims < 0) return call.fail(MPI_ERR_DIMS, "negative ndims %d", ndims);
  if (int e = call.arg(dims || ndims == 0, "dims is null")) return e;
  for (int d = 0; d < ndims; ++d) {
    if (dims[d] < 0) return call.fail(MPI_ERR_DIMS, "dims[%d] is negative (%d)", d, dims[d]);
  }
  if (!dims_create(nnodes, ndims, dims)) {
    return call.fail(MPI_ERR_DIMS, "%d nodes cannot be laid out with the dimensions given", nnodes);
  }
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Dims_create)

extern "C" int PMPI_Cart_create(MPI_Comm comm_old, int ndims, const int dims[], const int periods[], int reorder,
                                MPI_Comm* comm_cart) {
  Call call("MPI_Cart_create");
  (void)reorder;
  Comm* comm;
  if (int e = call.comm(comm_old, comm)) return e;
  if (ndims < 0) return call.fail(MPI_ERR_DIMS, "negative ndims %d", ndims);
  if (int e = call.arg(((dims && periods) || ndims == 0) && comm_cart, "dims, periods or comm_cart is null")) return e;
  CartGrid grid;
  int64_t nodes = 1;
  for (int d = 0; d < ndims; ++d) {
    if (dims[d] <= 0) return call.fail(MPI_ERR_DIMS, "dims[%d] is %d", d, dims[d]);
    nodes *= dims[d];
    if (nodes > comm->size) {
      return call.fail(MPI_ERR_DIMS, "a grid of more nodes than the communicator's %d ranks", comm->size);
    }
    grid.dims.push_back(dims[d]);
    grid.periods.push_back(periods[d] ? 1 : 0);
  }
  Vec<int32_t> members;
  for (int r = 0; r < int(nodes); ++r) members.push_back(comm->world_rank(r));
  if (int e = create_from_members(call, *comm, members.data(), int(nodes), *comm_cart)) return e;
  if (*comm_cart != MPI_COMM_NULL) copy_grid(*find_comm(*comm_cart), grid);
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Cart_create)

extern "C" int PMPI_Cartdim_get(MPI_Comm handle, int* ndims) {
  Call call("MPI_Cartdim_get");
  Comm* comm;
  if (int e = cartesian(call, handle, comm)) return e;
  if (int e = call.arg(ndims != nullptr, "ndims is null")) return e;
  *ndims = comm->grid.ndims();
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Cartdim_get)

extern "C" int PMPI_Cart_get(MPI_Comm handle, int maxdims, int dims[], int periods[], int coords[]) {
  Call call("MPI_Cart_get");
  Comm* comm;
  if (int e = cartesian(call, handle, comm)) return e;
  const int n = comm->grid.ndims() < maxdims ? comm->grid.ndims() : maxdims;
  if (int e = call.arg((dims && periods && coords) || n <= 0, "dims, periods or coords is null")) return e;
  Vec<int> mine;
  mine.resize(uint32_t(comm->grid.ndims()));
  comm->grid.coords(comm->rank, mine.data());
  for (int d = 0; d < n; ++d) {
    dims[d] = comm->grid.dims[uint32_t(d)];
    periods[d] = comm->grid.periods[uint32_t(d)];
    coords[d] = mine[uint32_t(d)];
  }
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Cart_get)

extern "C" int PMPI_Cart_coords(MPI_Comm handle, int rank, int maxdims, int coords[]) {
  Call call("MPI_Cart_coords");
  Comm* comm;
  if (int e = cartesian(call, handle, comm)) return e;
  if (rank < 0 || rank >= comm->size) return call.fail(MPI_ERR_RANK, "invalid rank %d (communicator of %d)", rank, comm->size);
  if (maxdims < comm->grid.ndims()) return call.fail(MPI_ERR_DIMS, "maxdims %d < %d dimensions", maxdims, comm->grid.ndims());
  if (int e = call.arg(coords || comm->grid.ndims() == 0, "coords is null")) return e;
  comm->grid.coords(rank, coords);
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Cart_coords)

extern "C" int PMPI_Cart_rank(MPI_Comm handle, const int coords[], int* rank) {
  Call call("MPI_Cart_rank");
  Comm* comm;
  if (int e = cartesian(call, handle, comm)) return e;
  if (int e = call.arg((coords || comm->grid.ndims() == 0) && rank, "coords or rank is null")) return e;
  *rank = comm->grid.rank(coords);
  if (*rank < 0) return call.fail(MPI_ERR_ARG, "coordinates outside a non-periodic dimension");
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Cart_rank)

// The ranks `disp` steps down and up dimension `direction` from me: MPI_PROC_NULL off the edge of a
// non-periodic dimension.
extern "C" int PMPI_Cart_shift(MPI_Comm handle, int direction, int disp, int* rank_source, int* rank_dest) {
  Call call("MPI_Cart_shift");
  Comm* comm;
  if (int e = cartesian(call, handle, comm)) return e;
  if (direction < 0 || direction >= comm->grid.ndims()) {
    return call.fail(MPI_ERR_ARG, "direction %d (of %d dimensions)", direction, comm->grid.ndims());
  }
  if (int e = call.arg(rank_source && rank_dest, "rank_source or rank_dest is null")) return e;
  Vec<int> at;
  at.resize(uint32_t(comm->grid.ndims()));
  comm->grid.coords(comm->rank, at.data());
  const int mine = at[uint32_t(direction)];
  at[uint32_t(direction)] = mine + disp;
  *rank_dest = comm->grid.rank(at.data());
  at[uint32_t(direction)] = mine - disp;
  *rank_source = comm->grid.rank(at.data());
  if (*rank_dest < 0) *rank_dest = MPI_PROC_NULL;
  if (*rank_source < 0) *rank_source = MPI_PROC_NULL;
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Cart_shift)

// The sub-grids that keep the dimensions `remain_dims` says: one communicator per position in the
// dropped dimensions, ranked in the kept ones' order (an MPI_Comm_split).
extern "C" int PMPI_Cart_sub(MPI_Comm handle, const int remain_dims[], MPI_Comm* newcomm) {
  Call call("MPI_Cart_sub");
  Comm* comm;
  if (int e = cartesian(call, handle, comm)) return e;
  const int n = comm->grid.ndims();
  if (int e = call.arg((remain_dims || n == 0) && newcomm, "remain_dims or newcomm is null")) return e;
  const int size = comm->size;
  Scratch key_color(sizeof(int) * 2 * uint32_t(size));
  int* color_key = reinterpret_cast<int*>(key_color.bytes());
  Vec<int> at;
  at.resize(uint32_t(n));
  CartGrid kept;
  for (int r = 0; r < size; ++r) {  // every rank's (color, key) from the grid: no exchange needed
    comm->grid.coords(r, at.data());
    int color = 0, key = 0;
    for (int d = 0; d < n; ++d) {
      if (remain_dims[d]) key = key * comm->grid.dims[uint32_t(d)] + at[uint32_t(d)];
      else color = color * comm->grid.dims[uint32_t(d)] + at[uint32_t(d)];
    }
    color_key[2 * r] = color;
    color_key[2 * r + 1] = key;
  }
  for (int d = 0; d < n; ++d) {
    if (!remain_dims[d]) continue;
    kept.dims.push_back(comm->grid.dims[uint32_t(d)]);
    kept.periods.push_back(comm->grid.periods[uint32_t(d)]);
  }
  Vec<int> members;
  members.resize(uint32_t(size));
  const int count = split_members(color_key, size, color_key[2 * comm->rank], members.data());
  Vec<int32_t> world;
  for (int i = 0; i < count; ++i) world.push_back(comm->world_rank(members[uint32_t(i)]));
  if (int e = create_from_members(call, *comm, world.data(), count, *newcomm)) return e;
  copy_grid(*find_comm(*newcomm), kept);
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Cart_sub)

extern "C" int PMPI_Topo_test(MPI_Comm handle, int* status) {
  Call call("MPI_Topo_test");
  Comm* comm;
  if (int e = call.comm(handle, comm)) return e;
  if (int e = call.arg(status != nullptr, "status is null")) return e;
  *status = comm->cartesian ? MPI_CART : comm->graph ? MPI_GRAPH : comm->dist_graph ? MPI_DIST_GRAPH : MPI_UNDEFINED;
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Topo_test)
