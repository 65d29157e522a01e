#include "devices/parcel_engine.h"

#include <algorithm>

#include "devices/nic_window.h"
#include "net/network.h"
#include "pimnic/memmap.h"
#include "sim/stats.h"
#include "util/bits.h"

namespace pimnic {

namespace {
constexpr uint32_t kParcel = 1, kMigrate = 2;
constexpr Tick kRetry = 100'000;  // an arrival without a free context looks again 100 ns later

// A migrating thread's registers on the wire: 32 GPRs, pc, cr, lr, ctr, xer, msr, vrsave, vscr,
// then the 32 vector registers (32 bytes each), all big-endian.
constexpr uint32_t kStateWords = 32 + 8;
constexpr uint32_t kStateBytes = kStateWords * 4 + 32 * 32;

void put_state(const Hart& h, uint8_t* p) {
  for (unsigned i = 0; i < 32; ++i) store_be<uint32_t>(p + 4 * i, h.gpr[i]);
  const uint32_t extra[8] = {h.pc, h.cr, h.lr, h.ctr, h.xer, h.msr, h.vrsave, h.vscr};
  for (unsigned i = 0; i < 8; ++i) store_be<uint32_t>(p + 128 + 4 * i, extra[i]);
  for (unsigned i = 0; i < 32; ++i) std::copy(h.vr[i].b, h.vr[i].b + 32, p + kStateWords * 4 + 32 * i);
}

void get_state(Hart& h, const uint8_t* p) {
  for (unsigned i = 0; i < 32; ++i) h.gpr[i] = load_be<uint32_t>(p + 4 * i);
  uint32_t* extra[8] = {&h.pc, &h.cr, &h.lr, &h.ctr, &h.xer, &h.msr, &h.vrsave, &h.vscr};
  for (unsigned i = 0; i < 8; ++i) *extra[i] = load_be<uint32_t>(p + 128 + 4 * i);
  for (unsigned i = 0; i < 32; ++i) std::copy(p + kStateWords * 4 + 32 * i, p + kStateWords * 4 + 32 * (i + 1), h.vr[i].b);
}
}  // namespace

ParcelEngine::ParcelEngine(uint32_t node, EventQueue& events, net::Network& net, std::vector<Core*> cores,
                           AddressSpace& mem, Tick bus)
    : node_(node), events_(events), net_(net), cores_(std::move(cores)), mem_(mem), bus_(bus) {
  for (Core* c : cores_) c->set_parcels(this);
}

// The packet leaves after a NIC-bus access, at the sending hart's time.
void ParcelEngine::send(net::Packet&& p, const Hart& from) {
  p.channel = net::Packet::kParcel;
  p.src_node = node_;
  events_.schedule(access_time(events_, &from) + bus_, [this, q = std::move(p)]() mutable { net_.send(std::move(q)); },
                   kPrioDeviceUpdate, "parcel.send");
}

bool ParcelEngine::send_parcel(Hart& h, uint32_t desc) {
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
  send(std::move(p), h);
  return true;
}

bool ParcelEngine::migrate(Hart& h, uint32_t node, uint32_t stack_bytes) {
  if (node >= net_.config().nodes || stack_bytes > net_.config().max_payload - kStateBytes) return ++rejected_, false;
  net::Packet p;
  p.dst_node = node;
  p.header[0] = kMigrate;
  // It resumes in the same context (core and thread number), so the stack addresses it carries
  // are its own there too.
  uint32_t core_index = 0;
  while (core_index < cores_.size() && cores_[core_index] != &h.core()) ++core_index;
  p.header[1] = core_index << 16 | h.index();
  p.header[2] = stack_bytes;
  p.payload.resize(kStateBytes + stack_bytes);
  put_state(h, p.payload.data());
  if (stack_bytes && !mem_.read_bytes(h.gpr[1], p.payload.data() + kStateBytes, stack_bytes)) return ++rejected_, false;
  ++migrations_out_;
  send(std::move(p), h);
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
    for (Core* c : cores_) {
      Hart* t = c->start_thread(c->hart(0), p.header[1], 0);
      if (!t) continue;
      const uint32_t len = uint32_t(p.payload.size()) - PARCEL_REG_BYTES;
      if (len) mem_.write_bytes(p.header[2], p.payload.data() + PARCEL_REG_BYTES, len);
      for (unsigned i = 0; i < 8; ++i) t->gpr[3 + i] = load_be<uint32_t>(p.payload.data() + 4 * i);
      ++parcels_run_;
      return true;
    }
    return false;
  }
  const uint32_t core_index = p.header[1] >> 16, index = p.header[1] & 0xFFFF, stack_bytes = p.header[2];
  if (core_index >= cores_.size() || index >= cores_[core_index]->num_harts()) return ++rejected_, true;  // no such context here: dropped, counted
  Core* c = cores_[core_index];
  if (c->hart(index).thread_state != ThreadState::Free) return false;
  Hart* t = c->start_thread_at(index, c->hart(0));
  get_state(*t, p.payload.data());
  if (stack_bytes) mem_.write_bytes(t->gpr[1], p.payload.data() + kStateBytes, stack_bytes);
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
