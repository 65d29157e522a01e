// MPI_Bcast: a binomial tree from the root (ranks taken relative to it): ceil(log2 n) steps.
#include "api/api.h"
#include "coll/coll.h"
#include "coll/coll_inter.h"
#include "coll/coll_layout.h"

namespace pimnic::mpi {

int coll_bcast(Call& call, Comm& comm, void* data, uint32_t bytes, int root) {
  const int n = comm.size;
  const int me = (comm.rank - root + n) % n;
  int mask = 1;
  while (mask < n) {  // receive from the rank that differs in my lowest set bit
    if (me & mask) {
      if (int e = coll_recv(call, comm, data, bytes, (me - mask + root) % n, kTagBcast)) return e;
      break;
    }
    mask <<= 1;
  }
  for (mask >>= 1; mask > 0; mask >>= 1) {  // then pass it to the ranks below that bit
    if (me + mask < n) {
      if (int e = coll_send(call, comm, data, bytes, (me + mask + root) % n, kTagBcast)) return e;
    }
  }
  return MPI_SUCCESS;
}

}  // namespace pimnic::mpi

using namespace pimnic::mpi;

extern "C" int PMPI_Bcast(void* buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm_handle) {
  Call call("MPI_Bcast");
  if (Comm* ic = find_comm(comm_handle); ic && ic->inter) return inter_bcast(call, *ic, buffer, count, datatype, root);
  Comm* comm;
  const TypeInfo* type;
  uint32_t bytes;
  if (int e = call.message(comm_handle, comm, buffer, count, datatype, type)) return e;
  if (int e = call.memory_bytes(count, *type, bytes)) return e;
  if (int e = call.root(*comm, root)) return e;
  Block items(*type, count, buffer);
  if (comm->rank == root) items.pack();
  if (int e = coll_bcast(call, *comm, items.data(), items.bytes(), root)) return e;
  if (comm->rank != root) items.unpack();
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Bcast)
