// The boundary between the MPI layer (mpi.h semantics: communicators, datatypes, collectives,
// requests, errors) and what moves bytes (a NIC kind: the offloaded matching NIC of seed
// pim-nic-mpi-matching on a conventional or PIM NIC, later Portals and parcels). The MPI layer
// never knows which transport runs; a transport never knows about communicators or datatypes.
//
// A transport moves contiguous bytes between world ranks (one rank per node) and matches them by
// envelope: (context id, source world rank, tag), with kAnySource / kAnyTag as wildcards on the
// receive side. It keeps MPI's rules: messages between one pair on one context are non-overtaking;
// a receive takes the oldest matching message; a message goes to the oldest matching receive
// posted before it arrived.
#pragma once
#include <cstdint>

namespace pimnic::mpi {

inline constexpr int32_t kAnySource = -1;
inline constexpr int32_t kAnyTag = -1;

// What a completed receive (or a probe) found. `bytes` is the length the sender sent, even when
// the receive was truncated to its capacity.
struct Found {
  int32_t source = 0;  // world rank
  int32_t tag = 0;
  uint32_t bytes = 0;
};

enum class SendMode : uint8_t {
  Standard,     // completes when the buffer may be reused (eager or rendezvous: the transport chooses)
  Synchronous,  // completes only once a matching receive has started (MPI_Ssend)
  Ready,        // the receive is known to be posted (MPI_Rsend); the transport may treat it as Standard
};

// One send or receive in flight. The MPI layer owns it (inside its request object) and must keep it
// at the same address until done(); the transport fills the result fields and sets the state.
struct Operation {
  enum class State : uint8_t { Idle, Pending, Done };
  State state = State::Idle;
  bool is_recv = false;
  bool cancelled = false;  // a receive that MPI_Cancel removed before it matched
  bool truncated = false;  // a receive whose message was longer than its capacity
  Found found;             // receives: the message's envelope and length
  uint32_t handle = 0;     // the transport's own reference (meaningless to the MPI layer)
  bool done() const { return state == State::Done; }
};

// A reduction over a group of world ranks (MPI_Reduce, MPI_Allreduce on a communicator) in the
// transport's terms: predefined operations on packed elements of a basic type. A transport that can
// combine contributions itself (on the NIC: NIC-based reduction) takes it through Transport::reduce.
enum class ReduceOp : uint8_t { Max, Min, Sum, Prod, Land, Band, Lor, Bor, Lxor, Bxor };
enum class ReduceElement : uint8_t { I8, U8, I16, U16, I32, U32, I64, U64, F32, F64, Bool };

struct Reduction {
  bool to_all;            // MPI_Allreduce: every member gets the result; otherwise only `root`
  ReduceOp op;
  ReduceElement element;  // big-endian in memory as the host stores it; Bool is one byte (C _Bool)
  uint32_t count;         // elements, packed
  const void* mine;       // this member's contribution
  void* result;           // count elements: at the root, or at every member with to_all; may equal mine
  int32_t root;           // the member that gets the result (index into the group; ignored with to_all)
  int32_t size;           // members
  int32_t me;             // this process's index
  const int32_t* world;   // world rank of each member; null when member i is world rank i
  uint32_t context;       // the communicator's collective context id (its own messages may use it)
  uint32_t sequence;      // reductions the transport took on this communicator before (alike everywhere)
  Operation* done;        // Done when the call starts; a transport that accepts but finishes later
                          // sets it Pending and Done once the result is in place (the layer waits)
};

class Transport {
 public:
  virtual ~Transport() = default;
  virtual const char* name() const = 0;  // the NIC kind: "conv", "pim", ...
  virtual int rank() const = 0;           // world rank of this process
  virtual int size() const = 0;           // world size

  // Start a send of `bytes` from `buf` to world rank `dest` (never kAnySource; MPI_PROC_NULL is the
  // MPI layer's business; dest may be this rank). The buffer must stay untouched until op.done().
  virtual void send(Operation& op, const void* buf, uint32_t bytes, int32_t dest, int32_t tag, uint32_t context,
                    SendMode mode) = 0;
  // Post a receive into `buf` of `capacity` bytes; source and tag may be wildcards.
  virtual void recv(Operation& op, void* buf, uint32_t capacity, int32_t source, int32_t tag, uint32_t context) = 0;
  // Cancel a pending receive: it becomes done, either cancelled (nothing received) or received
  // normally if it had already matched. Returns at once; progress() completes it.
  virtual void cancel(Operation& op) = 0;
  // A message that a receive posted now with this envelope would take, without taking it.
  // iprobe answers at once; probe waits until one exists.
  virtual bool iprobe(int32_t source, int32_t tag, uint32_t context, Found& found) = 0;
  virtual void probe(int32_t source, int32_t tag, uint32_t context, Found& found) = 0;
  // Advance every operation. With wait=true, return only after at least one operation has become
  // done since the last call (or something else happened that the caller may be waiting for);
  // waiting costs no emulated instructions (it sleeps until the NIC signals).
  virtual void progress(bool wait) = 0;
  // The largest tag the transport carries: MPI_TAG_UB. The MPI layer refuses larger tags (MPI_ERR_TAG)
  // and never passes negative ones except kAnyTag on receives. MPI needs at least 32767; pimnic's
  // issue 20 asks for at least 2^20 - 1.
  virtual int32_t max_tag() const { return INT32_MAX; }
  // How many context ids the transport carries: the MPI layer uses only ids below this (two per
  // communicator: point to point 2k, collectives 2k+1; k = 0 is MPI_COMM_WORLD, k = 1 MPI_COMM_SELF),
  // and at most 4096 of them.
  virtual uint32_t context_ids() const { return 4096; }
  // ---- offloaded collectives (optional) ----
  // Carry out `r` and return true once its result is in place (or, with r.done left Pending, once
  // it is under way: a NIC-based reduction), or return false at once having done nothing: the MPI layer then runs its own algorithm over send/recv (coll/). Every member must
  // give the same answer, so decide from what all members pass alike (op, element, count, size,
  // to_all) and the transport's own settings, never from timing or this member's data. The
  // operation is the predefined one (the MPI layer never passes user ops). Default: not offered.
  virtual bool reduce(const Reduction& r) { return false; }
  // Simulated wall-clock time in seconds (MPI_Wtime) and its resolution.
  virtual double wtime() const = 0;
  virtual double wtick() const = 0;
  // After the MPI layer's final synchronisation: every operation is done; release the NIC.
  virtual void finalize() = 0;
};

// The transport of this process: the one registered (transport/registry.h) under the name in
// PIMNIC_TRANSPORT, which `pimnic mpirun` sets from the NIC kind's row in emu/cli/nic_kinds.cpp.
// Null, with a one-line reason in *why, when the variable is not set, names no registered
// transport, or that transport cannot start (the NIC does not answer).
Transport* open_transport(const char** why);

}  // namespace pimnic::mpi
