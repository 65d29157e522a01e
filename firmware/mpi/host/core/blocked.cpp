#include "core/blocked.h"

#include "core/runtime.h"

PimnicMpiBlocked pimnic_mpi_blocked = {pimnic::mpi::kBlockedMagic, nullptr, nullptr, 0, 0, 0, 0, 0, 0, 0};

namespace pimnic::mpi {

BlockedOn::BlockedOn(const Request& r, int32_t requests) {
  set(*r.comm, r.kind == Request::Kind::Send ? Send : Receive, r.peer, r.tag, (r.context & 1) != 0, requests);
}

BlockedOn::BlockedOn(const Comm& comm, int source, int tag) { set(comm, Probe, source, tag, false, 1); }

BlockedOn::~BlockedOn() { pimnic_mpi_blocked.call = nullptr; }

void BlockedOn::set(const Comm& comm, Kind kind, int peer, int tag, bool collective, int32_t requests) {
  PimnicMpiBlocked& b = pimnic_mpi_blocked;
  b.comm_name = comm.name;
  b.comm = int32_t(comm.handle);
  b.kind = kind;
  b.peer = peer;
  b.peer_world = peer >= 0 && peer < comm.size ? comm.world_rank(peer) : -1;
  b.tag = tag;
  b.collective = collective;
  b.requests = requests;
  b.call = runtime().current_call;  // last: the record is whole once call is set
}

}  // namespace pimnic::mpi
