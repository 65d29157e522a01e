// MPI_Alltoall(v): every rank posts all its receives, then starts its sends beginning with its right
// neighbour (rank + 1, rank + 2, ...: not everyone at rank 0 first), then waits for all of them.
#include <cstring>

#include "api/api.h"
#include "coll/coll.h"
#include "coll/coll_inter.h"
#include "coll/coll_layout.h"
#include "core/p2p.h"

namespace pimnic::mpi {
namespace {

int exchange(Call& call, Comm& comm, const char* sendbuf, Layout& sends, char* recvbuf, Layout& receives) {
  const int n = comm.size;
  const int me = comm.rank;
  if (sends.lengths()[me] > receives.lengths()[me]) {
    return call.fail(MPI_ERR_TRUNCATE, "message of %u bytes truncated to %u", unsigned(sends.lengths()[me]),
                     unsigned(receives.lengths()[me]));
  }
  memmove(recvbuf + receives.offsets()[me], sendbuf + sends.offsets()[me], sends.lengths()[me]);
  Vec<Request*> requests;
  requests.reserve(2 * uint32_t(n));
  for (int step = 1; step < n; ++step) {
    const int from = (me - step + n) % n;
    requests.push_back(start_bytes_recv(comm, comm.coll_context(), recvbuf + receives.offsets()[from],
                                        receives.lengths()[from], from, kTagAlltoall));
  }
  for (int step = 1; step < n; ++step) {
    const int to = (me + step) % n;
    requests.push_back(start_bytes_send(comm, comm.coll_context(), sendbuf + sends.offsets()[to], sends.lengths()[to],
                                        to, kTagAlltoall, SendMode::Standard));
  }
  return coll_finish_all(call, requests.data(), int(requests.size()));
}

// Alltoall and Alltoallv differ only in the layouts (varying: counts and displacements).
int alltoall(Call& call, const void* sendbuf, int sendcount, const int* sendcounts, const int* sdispls,
             MPI_Datatype sendtype, void* recvbuf, int recvcount, const int* recvcounts, const int* rdispls,
             MPI_Datatype recvtype, MPI_Comm comm_handle, bool varying) {
  Comm* comm;
  if (int e = call.comm(comm_handle, comm)) return e;
  const TypeInfo* rtype;
  if (int e = call.datatype(recvtype, rtype)) return e;
  Layout receives(comm->size);
  int e = varying ? receives.displaced(call, recvcounts, rdispls, *rtype) : receives.uniform(call, recvcount, *rtype);
  if (e) return e;
  if (int e = call.buffer(recvbuf, receives.total() ? 1 : 0)) return e;
  char* out = receives.view(recvbuf);
  if (sendbuf == MPI_IN_PLACE) {  // the data to send is in recvbuf, laid out as the receives
    receives.pack(recvbuf);
    Scratch copy(receives.span());
    memcpy(copy.bytes(), out, receives.span());
    if (int e = exchange(call, *comm, copy.bytes(), receives, out, receives)) return e;
    receives.unpack(recvbuf);
    return MPI_SUCCESS;
  }
  const TypeInfo* stype;
  if (int e = call.datatype(sendtype, stype)) return e;
  Layout sends(comm->size);
  e = varying ? sends.displaced(call, sendcounts, sdispls, *stype) : sends.uniform(call, sendcount, *stype);
  if (e) return e;
  if (int e = call.buffer(sendbuf, sends.total() ? 1 : 0)) return e;
  const char* in = sends.view(const_cast<void*>(sendbuf));
  sends.pack(sendbuf);
  if (int e = exchange(call, *comm, in, sends, out, receives)) return e;
  receives.unpack(recvbuf);
  return MPI_SUCCESS;
}

}  // namespace
}  // namespace pimnic::mpi

using namespace pimnic::mpi;

extern "C" int PMPI_Alltoall(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                             MPI_Datatype recvtype, MPI_Comm comm) {
  Call call("MPI_Alltoall");
  if (Comm* ic = find_comm(comm); ic && ic->inter) return inter_alltoall(call, *ic, sendbuf, sendcount, nullptr, nullptr, nullptr, sendtype, recvbuf, recvcount, nullptr, nullptr, nullptr, recvtype, false);
  return alltoall(call, sendbuf, sendcount, nullptr, nullptr, sendtype, recvbuf, recvcount, nullptr, nullptr, recvtype,
                  comm, false);
}
PIMNIC_MPI_ALIAS(MPI_Alltoall)

extern "C" int PMPI_Alltoallv(const void* sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,
                              void* recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype,
                              MPI_Comm comm) {
  Call call("MPI_Alltoallv");
  if (Comm* ic = find_comm(comm); ic && ic->inter) return inter_alltoall(call, *ic, sendbuf, 0, sendcounts, sdispls, nullptr, sendtype, recvbuf, 0, recvcounts, rdispls, nullptr, recvtype, false);
  return alltoall(call, sendbuf, 0, sendcounts, sdispls, sendtype, recvbuf, 0, recvcounts, rdispls, recvtype, comm,
                  true);
}
PIMNIC_MPI_ALIAS(MPI_Alltoallv)
