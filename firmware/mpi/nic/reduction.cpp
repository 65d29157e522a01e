#include "reduction.h"

#include "reduction_arith.h"

namespace nic {

void ReductionEngine::init(Port* port, HostLink* host, EagerPool* pool, ReductionSlots* slots) {
  port_ = port;
  host_ = host;
  pool_ = pool;
  slots_ = slots ? slots->desc : nullptr;
  slot_count_ = slots ? kReduceSlots : 0;
  for (Instance& i : inst_) i = {};
  for (Buffer& b : buffers_) b.used = false;
  for (uint32_t& w : refused_) w = 0;
  stats_ = {};
  host_->mailbox().reduce_slots = uint32_t(uintptr_t(slots_));
  host_->mailbox().reduce_slot_count = slot_count_;
  host_->mailbox().reduce_stats = uint32_t(uintptr_t(&stats_));
}

int ReductionEngine::find(uint16_t context, uint32_t instance, uint8_t state) const {
  for (uint32_t s = 0; s < slot_count_; ++s)
    if (inst_[s].state == state && slots_[s].context == context && slots_[s].instance == instance) return int(s);
  return -1;
}

// Every packet of the engine leaves here (one copy of the port's inline send: the image is tight).
__attribute__((noinline)) uint32_t ReductionEngine::send(uint32_t node, uint8_t type, uint16_t context,
                                                         uint32_t instance, uint32_t payload, uint32_t n) {
  mpiw_packet h{};
  h.type = type;
  h.context = context;
  h.tag = int32_t(instance);
  h.length = n;
  return port_->send(node, h, payload, n);
}

uint32_t ReductionEngine::send_values(uint32_t node, uint8_t type, const mpiw_reduce_desc& d) {
  return send(node, type, d.context, d.instance, uint32_t(uintptr_t(d.values)), bytes(d));
}

void ReductionEngine::post(uint32_t slot) {  // (slot_count_ is 0 without slots: nothing is taken)
  if (slot >= slot_count_ || inst_[slot].state != Instance::Free) return;
  ++stats_.posted;
  inst_[slot] = {Instance::Folding, false, false, false, 0, 0};
  advance(slot);
}

void ReductionEngine::fold(uint32_t slot, const uint8_t* contribution) {
  mpiw_reduce_desc& d = slots_[slot];
  reduce_fold(d.op, d.element, d.count, reinterpret_cast<uint8_t*>(d.values), contribution);
  ++inst_[slot].next;
  ++stats_.folded;
}

void ReductionEngine::advance(uint32_t slot) {
  const mpiw_reduce_desc& d = slots_[slot];
  while (inst_[slot].next < d.children) {
    Buffer* b = buffered(d.context, d.instance, d.child[inst_[slot].next]);
    if (!b) break;
    fold(slot, reinterpret_cast<const uint8_t*>(uintptr_t(b->data)));
    free_buffer(b);
  }
  if (inst_[slot].next == d.children) finish(slot);
  // A contribution we refused may be the one wanted now (or fit in a freed buffer): ask again.
  if (any_refused_) ask_again();
}

void ReductionEngine::finish(uint32_t slot) {
  const mpiw_reduce_desc& d = slots_[slot];
  Instance& in = inst_[slot];
  if (d.parent >= 0) {
    in.state = Instance::Up;
    send_values(uint32_t(d.parent), MPIW_PKT_REDUCE_UP, d);
    return;
  }
  if (d.flags & MPIW_REDF_TO_ALL) return send_down(slot);
  hand_back(slot);
}

// The result to the children (reduce-to-all); the slot is handed back once the packets are out.
void ReductionEngine::send_down(uint32_t slot) {
  const mpiw_reduce_desc& d = slots_[slot];
  if (!d.children) return hand_back(slot);
  for (uint32_t c = 0; c < d.children; ++c)
    inst_[slot].ticket = send_values(d.child[c], MPIW_PKT_REDUCE_DOWN, d);
  inst_[slot].state = Instance::Draining;
  ++draining_;
}

void ReductionEngine::maybe_done(uint32_t slot) {
  const Instance& in = inst_[slot];
  if (in.state != Instance::Up || !in.acked) return;
  if (!(slots_[slot].flags & MPIW_REDF_TO_ALL)) return hand_back(slot);
  if (in.down) send_down(slot);
}

void ReductionEngine::hand_back(uint32_t slot) {
  inst_[slot].state = Instance::Free;
  const auto* w = reinterpret_cast<const uint32_t*>(slots_[slot].values);
  host_->push(MPIW_CQ_REDUCE, slot, w[0], w[1]);
}

bool ReductionEngine::poll() {
  port_->refresh_tx();
  bool any = false;
  for (uint32_t s = 0; s < slot_count_; ++s)
    if (inst_[s].state == Instance::Draining && port_->sent(inst_[s].ticket)) {
      --draining_;
      hand_back(s);
      any = true;
    }
  return any;
}

ReductionEngine::Buffer* ReductionEngine::buffered(uint16_t context, uint32_t instance, uint16_t src) {
  if (!buffers_used_) return nullptr;
  for (Buffer& b : buffers_)
    if (b.used && b.context == context && b.instance == instance && b.src == src) return &b;
  return nullptr;
}

ReductionEngine::Buffer* ReductionEngine::new_buffer(uint32_t n) {
  for (Buffer& b : buffers_)
    if (!b.used) {
      if (!(b.data = pool_->alloc(n, b.chunks))) return nullptr;
      b.used = true;
      if (++buffers_used_ > stats_.buffers_high) stats_.buffers_high = buffers_used_;
      return &b;
    }
  return nullptr;
}

void ReductionEngine::free_buffer(Buffer* b) {
  pool_->free(b->data, b->chunks);
  b->used = false;
  --buffers_used_;
  freed_ = true;
}

void ReductionEngine::refuse(const mpiw_packet& h, uint32_t src) {
  ++stats_.rejected;
  refused_[src / 32] |= 1u << (src % 32);
  any_refused_ = true;
  send(src, MPIW_PKT_REDUCE_REJECT, h.context, uint32_t(h.tag), 0, 0);
}

void ReductionEngine::ask_again() {
  any_refused_ = false;
  for (uint32_t w = 0; w < kMaxPeers / 32; ++w)
    for (uint32_t bits = refused_[w]; bits; bits &= bits - 1)
      send(w * 32 + uint32_t(__builtin_ctz(bits)), MPIW_PKT_REDUCE_RESEND, 0, 0, 0, 0);
  for (uint32_t& w : refused_) w = 0;
}

void ReductionEngine::on_packet(const mpiw_packet& h, uint32_t src, uint32_t payload, uint32_t n) {
  const uint32_t instance = uint32_t(h.tag);
  const auto* data = reinterpret_cast<const uint8_t*>(uintptr_t(payload));
  switch (h.type) {
    case MPIW_PKT_REDUCE_UP: {
      const int s = find(h.context, instance, Instance::Folding);
      if (s >= 0 && slots_[s].child[inst_[s].next] == src) {  // its turn: straight from the packet
        fold(uint32_t(s), data);
        advance(uint32_t(s));
        send(src, MPIW_PKT_REDUCE_ACK, h.context, instance, 0, 0);
        return;
      }
      Buffer* b = n <= MPIW_REDUCE_MAX_COUNT * 8 ? new_buffer(n) : nullptr;
      if (!b) return refuse(h, src);
      b->context = h.context;
      b->instance = instance;
      b->src = uint16_t(src);
      __builtin_memcpy(reinterpret_cast<uint8_t*>(uintptr_t(b->data)), data, n);
      ++stats_.unexpected;
      send(src, MPIW_PKT_REDUCE_ACK, h.context, instance, 0, 0);
      return;
    }
    case MPIW_PKT_REDUCE_ACK:
    case MPIW_PKT_REDUCE_REJECT: {
      const int s = find(h.context, instance, Instance::Up);
      if (s < 0) return;
      if (h.type == MPIW_PKT_REDUCE_REJECT) inst_[s].refused = true;
      else inst_[s].acked = true;
      return maybe_done(uint32_t(s));
    }
    case MPIW_PKT_REDUCE_RESEND:
      for (uint32_t s = 0; s < slot_count_; ++s) {
        const mpiw_reduce_desc& d = slots_[s];
        if (inst_[s].state != Instance::Up || !inst_[s].refused || uint32_t(d.parent) != src) continue;
        inst_[s].refused = false;
        ++stats_.resent;
        send_values(src, MPIW_PKT_REDUCE_UP, d);
      }
      return;
    case MPIW_PKT_REDUCE_DOWN: {
      const int s = find(h.context, instance, Instance::Up);
      if (s < 0 || n != bytes(slots_[s])) return;
      __builtin_memcpy(slots_[s].values, data, n);
      inst_[s].down = true;
      return maybe_done(uint32_t(s));
    }
    default: return;
  }
}

}  // namespace nic
