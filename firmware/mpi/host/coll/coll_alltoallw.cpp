// MPI_Alltoallw: per-peer datatypes and byte displacements. Every block travels packed (count *
// size bytes of its type), so sender and receiver types need only agree in their signatures.
#include <cstring>

#include "api/api.h"
#include "coll/coll.h"
#include "coll/coll_inter.h"
#include "core/p2p.h"

using namespace pimnic::mpi;

namespace {

// Each block's type, count and bytes, checked; offsets[i] is block i's place in one packed buffer.
int blocks(Call& call, int n, const int* counts, const MPI_Datatype* types, Vec<const TypeInfo*>& info,
           Vec<uint32_t>& offsets) {
  if (int e = call.arg(counts && types, "counts or datatypes array is null")) return e;
  info.resize(uint32_t(n));
  offsets.resize(uint32_t(n) + 1);
  offsets[0] = 0;
  for (int i = 0; i < n; ++i) {
    uint32_t bytes;
    if (int e = call.count(counts[i])) return e;
    if (int e = call.datatype(types[i], info[uint32_t(i)])) return e;
    if (int e = call.packed_bytes(counts[i], *info[uint32_t(i)], bytes)) return e;
    offsets[uint32_t(i) + 1] = offsets[uint32_t(i)] + bytes;
  }
  return MPI_SUCCESS;
}

}  // namespace

extern "C" int PMPI_Alltoallw(const void* sendbuf, const int sendcounts[], const int sdispls[],
                              const MPI_Datatype sendtypes[], void* recvbuf, const int recvcounts[],
                              const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm_handle) {
  Call call("MPI_Alltoallw");
  if (Comm* ic = find_comm(comm_handle); ic && ic->inter) return inter_alltoall(call, *ic, sendbuf, 0, sendcounts, sdispls, sendtypes, 0, recvbuf, 0, recvcounts, rdispls, recvtypes, 0, true);
  Comm* comm;
  if (int e = call.comm(comm_handle, comm)) return e;
  const int n = comm->size;
  Vec<const TypeInfo*> rinfo, sinfo;
  Vec<uint32_t> roff, soff;
  if (int e = blocks(call, n, recvcounts, recvtypes, rinfo, roff)) return e;
  if (int e = call.arg(rdispls != nullptr, "rdispls is null")) return e;
  const bool in_place = sendbuf == MPI_IN_PLACE;
  if (in_place) {  // the data to send is in recvbuf, laid out as the receives
    sendbuf = recvbuf, sendcounts = recvcounts, sdispls = rdispls, sendtypes = recvtypes;
  }
  if (int e = blocks(call, n, sendcounts, sendtypes, sinfo, soff)) return e;
  if (int e = call.arg(sdispls != nullptr, "sdispls is null")) return e;
  Scratch out(soff[uint32_t(n)] + 1), in(roff[uint32_t(n)] + 1);
  for (int i = 0; i < n; ++i) {
    pack_items(*sinfo[uint32_t(i)], static_cast<const char*>(sendbuf) + sdispls[i], uint32_t(sendcounts[i]),
               out.bytes() + soff[uint32_t(i)]);
  }
  Vec<Request*> requests;
  for (int i = 0; i < n; ++i) {
    requests.push_back(start_bytes_recv(*comm, comm->coll_context(), in.bytes() + roff[uint32_t(i)],
                                        roff[uint32_t(i) + 1] - roff[uint32_t(i)], i, kTagAlltoall));
  }
  for (int step = 0; step < n; ++step) {
    const int to = (comm->rank + step) % n;
    requests.push_back(start_bytes_send(*comm, comm->coll_context(), out.bytes() + soff[uint32_t(to)],
                                        soff[uint32_t(to) + 1] - soff[uint32_t(to)], to, kTagAlltoall,
                                        SendMode::Standard));
  }
  if (int e = coll_finish_all(call, requests.data(), int(requests.size()))) return e;
  for (int i = 0; i < n; ++i) {
    unpack_items(*rinfo[uint32_t(i)], in.bytes() + roff[uint32_t(i)], uint32_t(recvcounts[i]),
                 static_cast<char*>(recvbuf) + rdispls[i]);
  }
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Alltoallw)
