#include "coll/coll_inter.h"

#include "coll/coll.h"
#include "core/intercomm.h"
#include "core/p2p.h"
#include "core/reduction_data.h"

namespace pimnic::mpi {
namespace {

// Messages to and from single remote ranks: `count` items of `type` at `user`, each travelling
// packed through one buffer.
class Pieces {
 public:
  int add(Call& call, int peer, const void* user, int count, MPI_Datatype handle) {
    const TypeInfo* type;
    if (int e = call.count(count)) return e;
    if (int e = call.datatype(handle, type)) return e;
    uint32_t bytes;
    if (int e = call.packed_bytes(count, *type, bytes)) return e;
    if (int e = call.buffer(user, count)) return e;
    list_.push_back(Piece{peer, static_cast<char*>(const_cast<void*>(user)), count, type, total_, bytes});
    total_ += bytes;
    return MPI_SUCCESS;
  }
  uint32_t size() const { return list_.size(); }
  void pack() {
    buffer_.allocate(total_ + 1);
    for (uint32_t i = 0; i < list_.size(); ++i) {
      pack_items(*list_[i].type, list_[i].user, uint32_t(list_[i].count), buffer_.bytes() + list_[i].offset);
    }
  }
  void unpack() {
    for (uint32_t i = 0; i < list_.size(); ++i) {
      unpack_items(*list_[i].type, buffer_.bytes() + list_[i].offset, uint32_t(list_[i].count), list_[i].user);
    }
  }
  void start(Comm& comm, bool send, Vec<Request*>& requests) {
    if (!send) buffer_.allocate(total_ + 1);
    for (uint32_t i = 0; i < list_.size(); ++i) {
      const Piece& p = list_[i];
      requests.push_back(send ? start_bytes_send(comm, comm.coll_context(), buffer_.bytes() + p.offset, p.bytes, p.peer,
                                                 kTagInter, SendMode::Standard)
                              : start_bytes_recv(comm, comm.coll_context(), buffer_.bytes() + p.offset, p.bytes, p.peer,
                                                 kTagInter));
    }
  }

 private:
  struct Piece {
    int peer;
    char* user;
    int count;
    const TypeInfo* type;
    uint32_t offset, bytes;
  };
  Vec<Piece> list_;
  uint32_t total_ = 0;
  Scratch buffer_;
};

int exchange(Call& call, Comm& comm, Pieces& sends, Pieces& receives) {
  Vec<Request*> requests;
  receives.start(comm, false, requests);
  sends.pack();
  sends.start(comm, true, requests);
  if (int e = coll_finish_all(call, requests.data(), int(requests.size()))) return e;
  receives.unpack();
  return MPI_SUCCESS;
}

char* at(const void* buf, int64_t offset) { return static_cast<char*>(const_cast<void*>(buf)) + offset; }

int extent_of(Call& call, MPI_Datatype handle, int64_t& extent) {
  const TypeInfo* type;
  if (int e = call.datatype(handle, type)) return e;
  extent = type->extent;
  return MPI_SUCCESS;
}

// My group's `count` items reduced into `result` at local rank 0.
int reduce_local(Call& call, Comm& comm, const void* sendbuf, void* result, int count, MPI_Datatype handle,
                 MPI_Op op_handle) {
  Comm* checked;
  const TypeInfo* type;
  const OpInfo* op;
  uint32_t bytes;
  if (int e = call.reduction(comm.handle, checked, count, handle, type, op_handle, op, bytes)) return e;
  if (int e = call.buffer(sendbuf, count)) return e;
  return coll_reduce_to_zero(call, *comm.local, sendbuf, result, count, *type, handle, *op);
}

uint32_t dense_bytes(MPI_Datatype handle, int count) { return reduction_bytes(*find_type(handle), count); }

}  // namespace

int inter_barrier(Call& call, Comm& comm) {
  char none = 0, other;
  if (int e = coll_barrier(call, *comm.local)) return e;
  return leaders_swap(call, comm, &none, 0, &other, 0);
}

int inter_bcast(Call& call, Comm& comm, void* buf, int count, MPI_Datatype type, int root) {
  if (int e = call.root(comm, root)) return e;
  if (root == MPI_PROC_NULL) return MPI_SUCCESS;
  Pieces sends, receives;
  if (root == MPI_ROOT) {
    if (int e = sends.add(call, 0, buf, count, type)) return e;
  } else if (comm.rank == 0) {
    if (int e = receives.add(call, root, buf, count, type)) return e;
  }
  if (int e = exchange(call, comm, sends, receives)) return e;
  if (root == MPI_ROOT) return MPI_SUCCESS;
  return PMPI_Bcast(buf, count, type, 0, comm.local->handle);
}

int inter_reduce(Call& call, Comm& comm, const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op,
                 int root) {
  if (int e = call.root(comm, root)) return e;
  if (root == MPI_PROC_NULL) return MPI_SUCCESS;
  if (root == MPI_ROOT) return coll_recv(call, comm, recvbuf, dense_bytes(type, count), 0, kTagInter);
  Scratch result(dense_bytes(type, count) + 1);
  if (int e = reduce_local(call, comm, sendbuf, result.bytes(), count, type, op)) return e;
  if (comm.rank != 0) return MPI_SUCCESS;
  return coll_send(call, comm, result.bytes(), dense_bytes(type, count), root, kTagInter);
}

int inter_allreduce(Call& call, Comm& comm, const void* sendbuf, void* recvbuf, int count, MPI_Datatype type,
                    MPI_Op op) {
  Scratch result(dense_bytes(type, count) + 1);
  if (int e = reduce_local(call, comm, sendbuf, result.bytes(), count, type, op)) return e;
  return leaders_swap(call, comm, result.bytes(), dense_bytes(type, count), recvbuf, dense_bytes(type, count));
}

int inter_reduce_scatter(Call& call, Comm& comm, const void* sendbuf, void* recvbuf, const int* recvcounts,
                         MPI_Datatype type, MPI_Op op) {
  if (int e = call.arg(recvcounts != nullptr, "recvcounts is null")) return e;
  int total = 0;
  for (int i = 0; i < comm.size; ++i) total += recvcounts[i];
  const uint32_t bytes = dense_bytes(type, total);
  Scratch mine(bytes + 1), theirs(bytes + 1);
  if (int e = reduce_local(call, comm, sendbuf, mine.bytes(), total, type, op)) return e;
  if (int e = leaders_swap(call, comm, mine.bytes(), bytes, theirs.bytes(), bytes)) return e;
  Vec<int> displs;
  for (int i = 0, d = 0; i < comm.size; d += recvcounts[i], ++i) displs.push_back(d);
  return PMPI_Scatterv(theirs.bytes(), recvcounts, displs.data(), type, recvbuf, recvcounts[comm.rank], type, 0,
                       comm.local->handle);
}

namespace {

// Gather (to_root) or scatter: the root's blocks (counts/displs, or `count` each one after the
// other) to or from every remote rank's single block.
int rooted(Call& call, Comm& comm, bool to_root, int root, const void* root_buf, int count, const int* counts,
           const int* displs, MPI_Datatype root_type, const void* member_buf, int member_count,
           MPI_Datatype member_type) {
  if (int e = call.root(comm, root)) return e;
  Pieces sends, receives;
  Pieces& at_root = to_root ? receives : sends;
  Pieces& at_member = to_root ? sends : receives;
  if (root == MPI_ROOT) {
    int64_t extent;
    if (int e = extent_of(call, root_type, extent)) return e;
    if (int e = call.arg(!counts || displs, "displs is null")) return e;
    for (int i = 0; i < comm.peer_count(); ++i) {
      const int64_t place = counts ? displs[i] : int64_t(i) * count;
      if (int e = at_root.add(call, i, at(root_buf, place * extent), counts ? counts[i] : count, root_type)) return e;
    }
  } else if (root != MPI_PROC_NULL) {
    if (int e = at_member.add(call, root, member_buf, member_count, member_type)) return e;
  }
  return exchange(call, comm, sends, receives);
}

}  // namespace

int inter_gather(Call& call, Comm& comm, const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                 int recvcount, const int* recvcounts, const int* displs, MPI_Datatype recvtype, int root) {
  return rooted(call, comm, true, root, recvbuf, recvcount, recvcounts, displs, recvtype, sendbuf, sendcount,
                sendtype);
}

int inter_scatter(Call& call, Comm& comm, const void* sendbuf, int sendcount, const int* sendcounts,
                  const int* displs, MPI_Datatype sendtype, void* recvbuf, int recvcount, MPI_Datatype recvtype,
                  int root) {
  return rooted(call, comm, false, root, sendbuf, sendcount, sendcounts, displs, sendtype, recvbuf, recvcount,
                recvtype);
}

int inter_allgather(Call& call, Comm& comm, const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                    int recvcount, const int* recvcounts, const int* displs, MPI_Datatype recvtype) {
  Pieces sends, receives;
  int64_t extent;
  if (int e = extent_of(call, recvtype, extent)) return e;
  if (int e = call.arg(!recvcounts || displs, "displs is null")) return e;
  for (int i = 0; i < comm.peer_count(); ++i) {
    const int count = recvcounts ? recvcounts[i] : recvcount;
    const int64_t place = recvcounts ? displs[i] : int64_t(i) * recvcount;
    if (int e = receives.add(call, i, at(recvbuf, place * extent), count, recvtype)) return e;
    if (int e = sends.add(call, i, sendbuf, sendcount, sendtype)) return e;
  }
  return exchange(call, comm, sends, receives);
}

int inter_alltoall(Call& call, Comm& comm, const void* sendbuf, int sendcount, const int* sendcounts,
                   const int* sdispls, const MPI_Datatype* sendtypes, MPI_Datatype sendtype, void* recvbuf,
                   int recvcount, const int* recvcounts, const int* rdispls, const MPI_Datatype* recvtypes,
                   MPI_Datatype recvtype, bool byte_displacements) {
  Pieces sends, receives;
  for (int i = 0; i < comm.peer_count(); ++i) {
    const MPI_Datatype st = sendtypes ? sendtypes[i] : sendtype, rt = recvtypes ? recvtypes[i] : recvtype;
    int64_t sext = 1, rext = 1;
    if (!byte_displacements) {
      if (int e = extent_of(call, st, sext)) return e;
      if (int e = extent_of(call, rt, rext)) return e;
    }
    const int scount = sendcounts ? sendcounts[i] : sendcount, rcount = recvcounts ? recvcounts[i] : recvcount;
    const int64_t splace = sendcounts ? sdispls[i] : int64_t(i) * sendcount;
    const int64_t rplace = recvcounts ? rdispls[i] : int64_t(i) * recvcount;
    if (int e = receives.add(call, i, at(recvbuf, rplace * rext), rcount, rt)) return e;
    if (int e = sends.add(call, i, at(sendbuf, splace * sext), scount, st)) return e;
  }
  return exchange(call, comm, sends, receives);
}

}  // namespace pimnic::mpi
