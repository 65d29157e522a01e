#include "transport/offload/nic_reduction.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "transport/offload/offload_transport.h"

namespace pimnic::mpi {

// The transport's enums are the wire's (one cast, no table).
static_assert(int(ReduceOp::Max) == MPIW_RED_MAX && int(ReduceOp::Bxor) == MPIW_RED_BXOR &&
              int(ReduceOp::Lxor) == MPIW_RED_LXOR && int(ReduceOp::Land) == MPIW_RED_LAND);
static_assert(int(ReduceElement::I8) == MPIW_REL_I8 && int(ReduceElement::F64) == MPIW_REL_F64 &&
              int(ReduceElement::Bool) == MPIW_REL_BOOL);

bool NicReduction::open(uint32_t slots, uint32_t slot_count, uint32_t stats, const char** why) {
  slots_ = slots;
  stats_ = stats;
  slot_.assign(slots ? slot_count : 0, Slot{});
  const char* mode = getenv("PIMNIC_REDUCE");
  if (mode && strcmp(mode, "nic") && strcmp(mode, "host")) {
    *why = "PIMNIC_REDUCE must be nic or host";
    return false;
  }
  forced_host_ = mode && !strcmp(mode, "host");
  report_ = getenv("PIMNIC_REDUCE_STATS") && !strcmp(getenv("PIMNIC_REDUCE_STATS"), "1");
  return tree_.configure(getenv("PIMNIC_REDUCE_TREE"), why);
}

// Every member decides alike: from the op, element, count, group size and the settings.
bool NicReduction::qualifies(const Reduction& r) const {
  return !forced_host_ && !slot_.empty() && r.size >= 2 && r.count >= 1 && r.count <= MPIW_REDUCE_MAX_COUNT &&
         mpiw_reduce_supported(uint32_t(r.op), uint32_t(r.element)) &&
         tree_.max_children(r.size) <= MPIW_REDUCE_MAX_CHILDREN && r.context <= 0xFFFF;
}

uint32_t NicReduction::free_slot() {
  for (;;) {
    for (uint32_t s = 0; s < slot_.size(); ++s)
      if (!slot_[s].busy) return s;
    link_.progress(true);
  }
}

bool NicReduction::reduce(const Reduction& r) {
  if (!qualifies(r)) {
    ++on_host_;
    return false;
  }
  ++on_nic_;
  auto world = [&](int32_t member) { return r.world ? r.world[member] : member; };
  const int32_t root = r.to_all ? 0 : r.root;
  int32_t parent = -1;
  int32_t children[MPIW_REDUCE_MAX_CHILDREN];
  const uint32_t n = tree_.links(r.size, root, r.me, parent, children);

  mpiw_reduce_desc d;  // the parts the NIC reads: header, values, children
  memset(&d, 0, offsetof(mpiw_reduce_desc, values));
  d.op = uint8_t(r.op);
  d.element = uint8_t(r.element);
  d.flags = r.to_all ? MPIW_REDF_TO_ALL : 0;
  d.context = uint16_t(r.context);
  d.count = uint16_t(r.count);
  d.instance = r.sequence;  // with the context: which instance a contribution belongs to
  d.parent = int16_t(parent < 0 ? -1 : world(parent));
  d.children = uint16_t(n);
  const uint32_t bytes = r.count * mpiw_reduce_element_size(uint32_t(r.element));
  memset(d.values, 0, (bytes + 7) & ~7u);
  memcpy(d.values, r.mine, bytes);
  for (uint32_t c = 0; c < n; ++c) d.child[c] = uint16_t(world(children[c]));

  const uint32_t s = free_slot();
  const uint32_t at = slots_ + s * uint32_t(sizeof(mpiw_reduce_desc));
  link_.window_write(at, &d, offsetof(mpiw_reduce_desc, values));
  link_.window_write(at + offsetof(mpiw_reduce_desc, values), d.values, (bytes + 3) & ~3u);
  if (n) link_.window_write(at + offsetof(mpiw_reduce_desc, child), d.child, (n * 2 + 3) & ~3u);
  Slot& slot = slot_[s];
  slot = {true, nullptr, nullptr, bytes};
  if (r.to_all || r.me == root) {  // waits for the result
    slot.done = r.done;
    slot.result = r.result;
    r.done->state = Operation::State::Pending;
  }
  ++busy_;
  mpiw_cmd c{};
  c.op = MPIW_OP_REDUCE;
  c.aux = s;
  link_.post(c);
  return true;
}

void NicReduction::on_completion(const mpiw_completion& c) {
  if (c.request >= slot_.size() || !slot_[c.request].busy) link_.fatal("a reduction completion for no slot", c.request);
  Slot& slot = slot_[c.request];
  if (slot.result) {
    if (slot.bytes <= 8) {  // in the completion itself
      const uint32_t w[2] = {uint32_t(c.tag), c.length};
      memcpy(slot.result, w, slot.bytes);
    } else {  // word reads through the window
      uint32_t w[MPIW_REDUCE_MAX_COUNT * 2];
      const uint32_t at = slots_ + c.request * uint32_t(sizeof(mpiw_reduce_desc)) + offsetof(mpiw_reduce_desc, values);
      for (uint32_t i = 0; i < (slot.bytes + 3) / 4; ++i) w[i] = link_.window_read(at + 4 * i);
      memcpy(slot.result, w, slot.bytes);
    }
    slot.done->state = Operation::State::Done;
  }
  slot.busy = false;
  --busy_;
}

void NicReduction::report() const {
  if (!report_) return;
  mpiw_reduce_stats s{};
  if (stats_)
    for (uint32_t i = 0; i < sizeof s / 4; ++i) reinterpret_cast<uint32_t*>(&s)[i] = link_.window_read(stats_ + 4 * i);
  fprintf(stderr,
          "pimnic-mpi: rank %d: reductions on the NIC %llu, on the host %llu; NIC: posted %u folded %u "
          "unexpected %u rejected %u resent %u buffers_high %u\n",
          link_.rank(), (unsigned long long)on_nic_, (unsigned long long)on_host_, s.posted, s.folded, s.unexpected,
          s.rejected, s.resent, s.buffers_high);
}

}  // namespace pimnic::mpi
