#include "runtime.h"

#include <pimnic/net.h>
#include <pimnic/pim.h>
#include <pimnic/sysinfo.h>

namespace parcels {

const char* status_name(Status s) {
  switch (s) {
    case Status::ok: return "ok";
    case Status::bad_node: return "destination out of range";
    case Status::payload_too_large: return "payload too large";
    case Status::no_context: return "no free context";
    case Status::not_a_handler: return "not a parcel thread";
    case Status::refused: return "refused";
  }
  return "?";
}

uint32_t node_count() { return pimnic_node_count(); }
uint32_t here() { return pimnic_node_id(); }
uint32_t max_payload() { return pimnic_net_max_payload() - PARCEL_REG_BYTES; }

Status spawn_at(uint32_t node, Handler fn, const Args& args, const void* payload, uint32_t len, void* dest) {
  if (node >= node_count()) return Status::bad_node;
  if (len > max_payload()) return Status::payload_too_large;
  return pim_parcel_send(node, fn, args.w, payload, len, dest) == 0 ? Status::ok : Status::refused;
}

Status migrate_to(uint32_t node) {
  if (node >= node_count()) return Status::bad_node;
  return pim_migrate(node) == 0 ? Status::ok : Status::not_a_handler;
}

void Reply::arm() { pim_feempty(&value); }
uint32_t Reply::wait() { return pim_readff(&value); }
bool Reply::ready() { return pim_fetest(&value) != 0; }

namespace {
uint32_t word(const volatile void* p) { return static_cast<uint32_t>(reinterpret_cast<uintptr_t>(p)); }
template <class T> T* ptr(uint32_t w) { return reinterpret_cast<T*>(static_cast<uintptr_t>(w)); }

void fill_reply(uint32_t reply, uint32_t value, uint32_t, uint32_t, uint32_t, uint32_t, uint32_t) {
  pim_writef(ptr<volatile uint32_t>(reply), value);
}
// The remote halves: a0 = asking node, a1 = its Reply, a2 = address, a3 = operand.
void do_get(uint32_t from, uint32_t reply, uint32_t addr, uint32_t, uint32_t, uint32_t, uint32_t) {
  reply_to(from, ptr<Reply>(reply), *ptr<volatile uint32_t>(addr));
}
void do_put(uint32_t from, uint32_t reply, uint32_t addr, uint32_t value, uint32_t, uint32_t, uint32_t) {
  *ptr<volatile uint32_t>(addr) = value;
  reply_to(from, ptr<Reply>(reply), 0);
}
void do_add(uint32_t from, uint32_t reply, uint32_t addr, uint32_t delta, uint32_t, uint32_t, uint32_t) {
  auto* w = ptr<volatile uint32_t>(addr);
  const uint32_t old = pim_readfe(w);
  pim_writeef(w, old + delta);
  reply_to(from, ptr<Reply>(reply), old);
}

Status ask(uint32_t node, Handler remote, const volatile void* addr, uint32_t operand, uint32_t* out) {
  Reply reply;
  reply.arm();
  Args a;
  a.w[0] = here(), a.w[1] = word(&reply.value), a.w[2] = word(addr), a.w[3] = operand;
  const Status s = spawn_at(node, remote, a);
  if (s != Status::ok) return s;
  const uint32_t v = reply.wait();
  if (out) *out = v;
  return Status::ok;
}
}  // namespace

Status reply_to(uint32_t node, Reply* reply, uint32_t value) {
  Args a;
  a.w[0] = word(&reply->value), a.w[1] = value;
  Status s;
  // The engine refuses only a bad node or payload, both checked; a busy engine is retried.
  while ((s = spawn_at(node, fill_reply, a)) == Status::refused) pim_yield();
  return s;
}

Status get(uint32_t node, const volatile uint32_t* addr, uint32_t* out) { return ask(node, do_get, addr, 0, out); }
Status put(uint32_t node, volatile uint32_t* addr, uint32_t value) { return ask(node, do_put, addr, value, nullptr); }
Status atomic_add(uint32_t node, volatile uint32_t* addr, uint32_t delta, uint32_t* old_out) {
  return ask(node, do_add, addr, delta, old_out);
}

}  // namespace parcels
