// What a rank waits for while it blocks in an MPI call. pimnic reads the record from the rank's
// memory (symbol pimnic_mpi_blocked) when a run deadlocks and names the call, communicator, peer
// and tag of every rank (docs/mpi.md, "Deadlocks"); nothing else reads it.
#pragma once
#include <cstdint>

#include "core/comm.h"
#include "core/request.h"

// The layout is read by emu/cli/mpi_deadlock_report.cpp: 32-bit words, big-endian, in this order.
extern "C" struct PimnicMpiBlocked {
  uint32_t magic;         // kBlockedMagic: this layout
  const char* call;       // the MPI function waiting ("MPI_Recv"); null while the rank does not wait
  const char* comm_name;  // its communicator's name ("MPI_COMM_WORLD"; "" for an unnamed one)
  int32_t comm;           // the communicator's handle
  int32_t kind;           // a Kind below
  int32_t peer;           // source or destination: a rank of comm, MPI_ANY_SOURCE
  int32_t peer_world;     // ... as a world rank (-1 for MPI_ANY_SOURCE)
  int32_t tag;            // MPI_ANY_TAG for any
  int32_t collective;     // 1: a message of a collective on comm (its tag is the library's own)
  int32_t requests;       // requests the call waits for (MPI_Waitall and the like), else 1
};
extern "C" PimnicMpiBlocked pimnic_mpi_blocked;

namespace pimnic::mpi {

inline constexpr uint32_t kBlockedMagic = 0x504d4231;  // "PMB1"

// For as long as it lives, the rank waits for this request (or probe) in the running API call.
class BlockedOn {
 public:
  enum Kind : int32_t { Receive = 1, Send = 2, Probe = 3 };
  BlockedOn(const Request& request, int32_t requests = 1);
  BlockedOn(const Comm& comm, int source, int tag);  // MPI_Probe
  ~BlockedOn();
  BlockedOn(const BlockedOn&) = delete;
  BlockedOn& operator=(const BlockedOn&) = delete;

 private:
  void set(const Comm& comm, Kind kind, int peer, int tag, bool collective, int32_t requests);
};

}  // namespace pimnic::mpi
