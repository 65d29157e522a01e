// Collectives on intercommunicators (MPI-3.1 section 5.2.2): data flows between the two groups.
// Rooted ones name the root MPI_ROOT in its own group, MPI_PROC_NULL in the rest of that group, and
// the root's remote rank in the other group. The API functions of coll_*.cpp hand an
// intercommunicator to these.
#pragma once
#include "core/call.h"
#include "core/comm.h"
#include "mpi.h"

namespace pimnic::mpi {

int inter_barrier(Call& call, Comm& comm);
int inter_bcast(Call& call, Comm& comm, void* buf, int count, MPI_Datatype type, int root);
int inter_reduce(Call& call, Comm& comm, const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op,
                 int root);
int inter_allreduce(Call& call, Comm& comm, const void* sendbuf, void* recvbuf, int count, MPI_Datatype type,
                    MPI_Op op);
int inter_reduce_scatter(Call& call, Comm& comm, const void* sendbuf, void* recvbuf, const int* recvcounts,
                         MPI_Datatype type, MPI_Op op);
// Gather(v) and scatter(v): counts/displs null for the uniform forms.
int inter_gather(Call& call, Comm& comm, const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                 int recvcount, const int* recvcounts, const int* displs, MPI_Datatype recvtype, int root);
int inter_scatter(Call& call, Comm& comm, const void* sendbuf, int sendcount, const int* sendcounts,
                  const int* displs, MPI_Datatype sendtype, void* recvbuf, int recvcount, MPI_Datatype recvtype,
                  int root);
int inter_allgather(Call& call, Comm& comm, const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                    int recvcount, const int* recvcounts, const int* displs, MPI_Datatype recvtype);
// Alltoall(v,w): per-peer counts, byte or item displacements and types (uniform when arrays are null).
int inter_alltoall(Call& call, Comm& comm, const void* sendbuf, int sendcount, const int* sendcounts,
                   const int* sdispls, const MPI_Datatype* sendtypes, MPI_Datatype sendtype, void* recvbuf,
                   int recvcount, const int* recvcounts, const int* rdispls, const MPI_Datatype* recvtypes,
                   MPI_Datatype recvtype, bool byte_displacements);

}  // namespace pimnic::mpi
