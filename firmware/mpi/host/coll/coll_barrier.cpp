// MPI_Barrier: the dissemination algorithm (ceil(log2 n) rounds; in round k every rank signals
// rank + 2^k and waits for rank - 2^k).
#include "api/api.h"
#include "coll/coll.h"
#include "coll/coll_inter.h"
#include "core/p2p.h"

namespace pimnic::mpi {

int coll_barrier(Call& call, Comm& comm) {
  const int n = comm.size;
  for (int distance = 1; distance < n; distance <<= 1) {
    Request* pair[2] = {
        start_bytes_recv(comm, comm.coll_context(), nullptr, 0, (comm.rank - distance + n) % n, kTagBarrier),
        start_bytes_send(comm, comm.coll_context(), nullptr, 0, (comm.rank + distance) % n, kTagBarrier,
                         SendMode::Standard),
    };
    if (int e = coll_finish_all(call, pair, 2)) return e;
  }
  return MPI_SUCCESS;
}

}  // namespace pimnic::mpi

using namespace pimnic::mpi;

extern "C" int PMPI_Barrier(MPI_Comm comm_handle) {
  Call call("MPI_Barrier");
  if (Comm* ic = find_comm(comm_handle); ic && ic->inter) return inter_barrier(call, *ic);
  Comm* comm;
  if (int e = call.comm(comm_handle, comm)) return e;
  return coll_barrier(call, *comm);
}
PIMNIC_MPI_ALIAS(MPI_Barrier)
