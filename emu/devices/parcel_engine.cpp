#include "devices/parcel_engine.h"

#include <algorithm>

#include "net/network.h"
#include "pimnic/memmap.h"
#include "sim/stats.h"
#include "util/bits.h"

namespace pimnic {

namespace {
constexpr uint32_t kParcel = 1, kMigrate = 2;
constexpr Tick kRetry = 100'000;  // an arrival without a free context looks again 100 ns later
}  // namespace

ParcelEngine::ParcelEngine(uint32_t node, EventQueue& events, net::Network& net, std::vector<ThreadContexts*> cores,
                           AddressSpace& mem, Tick bus)
    : node_(node), events_(events), net_(net), cores_(std::move(cores)), mem_(mem), bus_(bus) {
  for (ThreadContexts* c : cores_) c->connect_parcels(this);
}

// The packet leaves after a NIC-bus access, at the sending hart's time.
void ParcelEngine::send(net::Packet&& p, Tick time) {
  p.channel = net::Packet::kParcel;
  p.src_node = node_;
  events_.schedule(time + bus_, [this, q = std::move(p)]() mutable { net_.send(std::move(q)); },
                   kPrioDeviceUpdate, "parcel.send");
}

bool ParcelEngine::send_parcel(uint32_t desc, Tick time) {
  uint8_t d[PARCEL_DESC_SIZE];
  if (!mem_.read_bytes(desc, d, sizeof d)) return ++rejected_, false;
  net::Packet p;
  p.dst_node = load_be<uint32_t>(d + PARCEL_DESC_NODE);
  const uint32_t len = load_be<uint32_t>(d + PARCEL_DESC_LENGTH);
  if (p.dst_node >= net_.config().nodes || len > net_.config().max_payload - PARCEL_REG_BYTES) return ++rejected_, false;
  p.header[0] = kParcel;
  p.header[1] = load_be<uint32_t>(d + PARCEL_DESC_HANDLER);
  p.header[2] = load_be<uint32_t>(d + PARCEL_DESC_DEST);
  p.payload.resize(PARCEL_REG_BYTES + len);
  std::copy(d + PARCEL_DESC_REGS, d + PARCEL_DESC_REGS + PARCEL_REG_BYTES, p.payload.begin());
  if (len && !mem_.read_bytes(load_be<uint32_t>(d + PARCEL_DESC_PAYLOAD), p.payload.data() + PARCEL_REG_BYTES, len))
    return ++rejected_, false;
  ++parcels_sent_;
  send(std::move(p), time);
  return true;
}

bool ParcelEngine::migrate(const Migration& m) {
  const uint32_t stack_bytes = m.stack_bytes;
  if (m.node >= net_.config().nodes || stack_bytes > net_.config().max_payload - kThreadStateBytes)
    return ++rejected_, false;
  net::Packet p;
  p.dst_node = m.node;
  p.header[0] = kMigrate;
  // It resumes in the same context (core and thread number), so the stack addresses it carries
  // are its own there too.
  uint32_t core_index = 0;
  while (core_index < cores_.size() && cores_[core_index] != m.from) ++core_index;
  p.header[1] = core_index << 16 | m.context;
  p.header[2] = stack_bytes;
  p.payload.resize(kThreadStateBytes + stack_bytes);
  std::copy(m.state, m.state + kThreadStateBytes, p.payload.begin());
  if (stack_bytes && !mem_.read_bytes(m.stack, p.payload.data() + kThreadStateBytes, stack_bytes))
    return ++rejected_, false;
  ++migrations_out_;
  send(std::move(p), m.time);
  return true;
}

void ParcelEngine::deliver(net::Packet&& p) {
  if (pending_.empty() && start(p)) return;
  ++waits_;
  pending_.push_back(std::move(p));
  max_pending_ = std::max<uint64_t>(max_pending_, pending_.size());
  drain_pending();
}

void ParcelEngine::drain_pending() {
  while (!pending_.empty() && start(pending_.front())) pending_.pop_front();
  if (pending_.empty() || retry_scheduled_) return;
  retry_scheduled_ = true;
  events_.schedule_in(kRetry, [this] {
    retry_scheduled_ = false;
    drain_pending();
  }, kPrioDeviceUpdate, "parcel.retry");
}

// A context: for a parcel the first free one on any PIM core; for a migrating thread the context
// with its own core and thread number (machines of one kind share the layout). Its memory effects
// (payload, stack) land first.
bool ParcelEngine::start(const net::Packet& p) {
  if (p.header[0] == kParcel) {
    uint32_t regs[PARCEL_REG_BYTES / 4];  // r3..r10
    for (unsigned i = 0; i < PARCEL_REG_BYTES / 4; ++i) regs[i] = load_be<uint32_t>(p.payload.data() + 4 * i);
    for (ThreadContexts* c : cores_) {
      if (c->start_thread_with(p.header[1], regs, PARCEL_REG_BYTES / 4, nullptr) < 0) continue;
      const uint32_t len = uint32_t(p.payload.size()) - PARCEL_REG_BYTES;
      if (len) mem_.write_bytes(p.header[2], p.payload.data() + PARCEL_REG_BYTES, len);
      ++parcels_run_;
      return true;
    }
    return false;
  }
  const uint32_t core_index = p.header[1] >> 16, index = p.header[1] & 0xFFFF, stack_bytes = p.header[2];
  if (core_index >= cores_.size() || index >= cores_[core_index]->contexts()) return ++rejected_, true;  // no such context here: dropped, counted
  ThreadContexts* c = cores_[core_index];
  if (!c->context_free(index)) return false;
  c->resume_thread(index, p.payload.data());
  const uint32_t stack = load_be<uint32_t>(p.payload.data() + 4);  // its r1
  if (stack_bytes) mem_.write_bytes(stack, p.payload.data() + kThreadStateBytes, stack_bytes);
  ++migrations_in_;
  return true;
}

void ParcelEngine::register_stats(StatRegistry& s, const std::string& p) {
  s.counter(p + "parcels_sent", &parcels_sent_, "parcels this node's PIM cores sent");
  s.counter(p + "parcels_run", &parcels_run_, "parcels that started a handler thread here");
  s.counter(p + "migrations_out", &migrations_out_, "threads that migrated away from this node");
  s.counter(p + "migrations_in", &migrations_in_, "threads that migrated to this node");
  s.counter(p + "rejected", &rejected_, "parcel or migrate instructions refused (bad node, too long, bad address)");
  s.counter(p + "waits", &waits_, "arrivals that found no free thread context and waited");
  s.counter(p + "max_pending", &max_pending_, "most arrivals waiting for a context");
}

}  // namespace pimnic
