// The nonblocking collectives (MPI_Ibarrier ... MPI_Ialltoallw) and the persistent ones
// (MPI_Barrier_init ...): each runs its blocking counterpart as a task (core/progress.h) that every
// progress call advances; the arguments are kept until it completes (the standard forbids touching
// the buffers and arrays meanwhile).
#include "api/api.h"
#include "core/call.h"
#include "core/progress.h"

using namespace pimnic::mpi;

namespace {

template <class F>
int start(const char* name, MPI_Comm comm_handle, MPI_Request* request, bool persistent, const F& body) {
  return start_call_task(name, comm_handle, request, true, persistent, body);
}

}  // namespace

// Both forms of one collective: PMPI_I<name>(args..., request) and PMPI_<name>_init(args..., info,
// request).
#define PIMNIC_NONBLOCKING(Name, name, params, args)                                            \
  extern "C" int PMPI_I##name(PIMNIC_UNPAREN params, MPI_Request* request) {                          \
    return start("MPI_I" #name, comm, request, false, [=] { return PMPI_##Name args; });              \
  }                                                                                                   \
  PIMNIC_MPI_ALIAS(MPI_I##name)                                                                       \
  extern "C" int PMPI_##Name##_init(PIMNIC_UNPAREN params, MPI_Info, MPI_Request* request) {          \
    return start("MPI_" #Name "_init", comm, request, true, [=] { return PMPI_##Name args; });        \
  }                                                                                                   \
  PIMNIC_MPI_ALIAS(MPI_##Name##_init)
#define PIMNIC_UNPAREN(...) __VA_ARGS__

PIMNIC_NONBLOCKING(Barrier, barrier, (MPI_Comm comm), (comm))
PIMNIC_NONBLOCKING(Bcast, bcast, (void* buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm),
                   (buffer, count, datatype, root, comm))
PIMNIC_NONBLOCKING(Reduce, reduce,
                   (const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op, int root,
                    MPI_Comm comm),
                   (sendbuf, recvbuf, count, datatype, op, root, comm))
PIMNIC_NONBLOCKING(Allreduce, allreduce,
                   (const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm),
                   (sendbuf, recvbuf, count, datatype, op, comm))
PIMNIC_NONBLOCKING(Reduce_scatter, reduce_scatter,
                   (const void* sendbuf, void* recvbuf, const int recvcounts[], MPI_Datatype datatype, MPI_Op op,
                    MPI_Comm comm),
                   (sendbuf, recvbuf, recvcounts, datatype, op, comm))
PIMNIC_NONBLOCKING(Reduce_scatter_block, reduce_scatter_block,
                   (const void* sendbuf, void* recvbuf, int recvcount, MPI_Datatype datatype, MPI_Op op,
                    MPI_Comm comm),
                   (sendbuf, recvbuf, recvcount, datatype, op, comm))
PIMNIC_NONBLOCKING(Scan, scan,
                   (const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm),
                   (sendbuf, recvbuf, count, datatype, op, comm))
PIMNIC_NONBLOCKING(Exscan, exscan,
                   (const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm),
                   (sendbuf, recvbuf, count, datatype, op, comm))
PIMNIC_NONBLOCKING(Gather, gather,
                   (const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                    MPI_Datatype recvtype, int root, MPI_Comm comm),
                   (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm))
PIMNIC_NONBLOCKING(Gatherv, gatherv,
                   (const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, const int recvcounts[],
                    const int displs[], MPI_Datatype recvtype, int root, MPI_Comm comm),
                   (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm))
PIMNIC_NONBLOCKING(Scatter, scatter,
                   (const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                    MPI_Datatype recvtype, int root, MPI_Comm comm),
                   (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm))
PIMNIC_NONBLOCKING(Scatterv, scatterv,
                   (const void* sendbuf, const int sendcounts[], const int displs[], MPI_Datatype sendtype,
                    void* recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm),
                   (sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm))
PIMNIC_NONBLOCKING(Allgather, allgather,
                   (const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                    MPI_Datatype recvtype, MPI_Comm comm),
                   (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm))
PIMNIC_NONBLOCKING(Allgatherv, allgatherv,
                   (const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, const int recvcounts[],
                    const int displs[], MPI_Datatype recvtype, MPI_Comm comm),
                   (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm))
PIMNIC_NONBLOCKING(Alltoall, alltoall,
                   (const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                    MPI_Datatype recvtype, MPI_Comm comm),
                   (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm))
PIMNIC_NONBLOCKING(Alltoallv, alltoallv,
                   (const void* sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,
                    void* recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm),
                   (sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm))
PIMNIC_NONBLOCKING(Alltoallw, alltoallw,
                   (const void* sendbuf, const int sendcounts[], const int sdispls[], const MPI_Datatype sendtypes[],
                    void* recvbuf, const int recvcounts[], const int rdispls[], const MPI_Datatype recvtypes[],
                    MPI_Comm comm),
                   (sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm))

// MPI_Comm_idup: *newcomm is set when the request completes.
extern "C" int PMPI_Comm_idup(MPI_Comm comm, MPI_Comm* newcomm, MPI_Request* request) {
  return start("MPI_Comm_idup", comm, request, false, [=] { return PMPI_Comm_dup(comm, newcomm); });
}
PIMNIC_MPI_ALIAS(MPI_Comm_idup)
