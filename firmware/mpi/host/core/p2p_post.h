// A user's send or receive, checked and described in a request (api_p2p.cpp), then started
// (start = true: MPI_Isend, MPI_Recv, ...) or left for MPI_Start (the persistent-request calls).
#pragma once
#include "core/call.h"
#include "mpi.h"
#include "core/request.h"

namespace pimnic::mpi {

int post_send(Call& call, const void* buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
              SendMode mode, bool start, Request*& out);
int post_recv(Call& call, void* buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm, bool start,
              Request*& out);

}  // namespace pimnic::mpi
