// Reductions offered to the transport first (Transport::reduce: a NIC that combines contributions
// itself), in its terms: predefined ops on packed basic elements. Anything else - user ops,
// MINLOC/MAXLOC pairs, complex numbers, derived or long double types - never leaves the host algorithm.
#include "coll/coll.h"
#include "core/progress.h"
#include "core/runtime.h"
#include "transport/transport.h"

namespace pimnic::mpi {

// The transport's enums follow the layer's order (one subtraction, no table: this runs in front of
// every reduction, offloaded or not).
static_assert(int(OpCode::Max) == 1 && int(OpCode::Bxor) == 10 && int(ReduceOp::Bxor) == 9 &&
              int(OpCode::Lxor) - int(OpCode::Max) == int(ReduceOp::Lxor));
static_assert(int(Scalar::F64) == int(ReduceElement::F64) && int(Scalar::I8) == int(ReduceElement::I8) &&
              int(Scalar::FLong) == int(ReduceElement::Bool) && int(Scalar::Bool) == int(Scalar::FLong) + 1);

bool coll_offload_reduction(Comm& comm, const void* mine, void* result, int count, const TypeInfo& type,
                            const OpInfo& op, int root, bool to_all) {
  // MINLOC, MAXLOC and user ops; pairs, complex numbers, derived types and long double stay on the host.
  if (op.code < OpCode::Max || op.code > OpCode::Bxor) return false;
  if (type.derived() || type.type_class == TypeClass::Pair || type.type_class == TypeClass::Complex ||
      type.scalar == Scalar::FLong)
    return false;
  Operation done;
  done.state = Operation::State::Done;
  const Reduction r = {
      .to_all = to_all,
      .op = ReduceOp(uint8_t(op.code) - uint8_t(OpCode::Max)),
      .element = type.scalar == Scalar::Bool ? ReduceElement::Bool : ReduceElement(type.scalar),
      .count = uint32_t(count),
      .mine = mine,
      .result = result,
      .root = root,
      .size = comm.size,
      .me = comm.rank,
      .world = comm.identity ? nullptr : comm.world_of.data(),
      .context = comm.coll_context(),
      .sequence = comm.offload_sequence,
      .done = &done,
  };
  if (!runtime().transport->reduce(r)) return false;
  ++comm.offload_sequence;  // every member: they all decide alike
  // The transport completes `done` when the NIC hands the result back. A nonblocking collective's
  // task polls and yields (tasks await requests, not transport operations); a blocking call sleeps.
  while (!done.done()) {
    if (in_task()) runtime().transport->progress(false);
    wait_progress();
  }
  return true;
}

}  // namespace pimnic::mpi
