// The parcel runtime on two nodes or more (tests/machine: machine.all_pim.parcel_runtime): errors as
// return values, remote spawn with a reply, payload integrity at the largest payload, a thread that
// migrates there and back with its stack, remote get/put/atomic add, and THREADS concurrent
// migrating threads none of which is lost, and the full/empty-bit locked queue under QUEUE_THREADS
// concurrent inserts and removes against a model of what it must hold.
#include <pimnic/pim.h>
#include <pimnic/sysinfo.h>
#include <stdio.h>

#include "feb_queue.h"
#include "runtime.h"

using parcels::Args;
using parcels::Reply;
using parcels::Status;

namespace {
constexpr uint32_t THREADS = 10000;
constexpr uint32_t QUEUE_THREADS = 600;

parcels::FebQueue queue;
parcels::FebElement elements[QUEUE_THREADS];
volatile uint32_t queue_done __attribute__((aligned(4)));  // FEB counter
volatile uint32_t queue_wrong __attribute__((aligned(4)));

volatile uint32_t finish __attribute__((aligned(4)));
volatile uint32_t cell __attribute__((aligned(4)));     // node 1's word for get/put/add
volatile uint32_t returned __attribute__((aligned(4))); // node 0: travelers back home (FEB counter)
volatile uint32_t visits __attribute__((aligned(4)));   // node 1: travelers seen there
volatile uint8_t landing[4096] __attribute__((aligned(4)));

uint8_t pattern(uint32_t i) { return static_cast<uint8_t>(i * 131u + 7u); }
uint32_t addr(const volatile void* p) { return static_cast<uint32_t>(reinterpret_cast<uintptr_t>(p)); }
Reply* reply_at(uint32_t w) { return reinterpret_cast<Reply*>(static_cast<uintptr_t>(w)); }
void add(volatile uint32_t* w, uint32_t n) { pim_writeef(w, pim_readfe(w) + n); }

void answer_where(uint32_t from, uint32_t reply, uint32_t x, uint32_t, uint32_t, uint32_t, uint32_t) {
  parcels::reply_to(from, reply_at(reply), parcels::here() * 1000 + x);
}
void check_landing(uint32_t from, uint32_t reply, uint32_t len, uint32_t, uint32_t, uint32_t, uint32_t) {
  uint32_t bad = 0;
  for (uint32_t i = 0; i < len; ++i) bad += landing[i] != pattern(i);
  parcels::reply_to(from, reply_at(reply), bad);
}
// Thread-local state across migration: a stack buffer and locals go there and back.
void round_trip(uint32_t from, uint32_t reply, uint32_t seed, uint32_t, uint32_t, uint32_t, uint32_t) {
  uint32_t buf[64];
  for (uint32_t i = 0; i < 64; ++i) buf[i] = seed ^ (i * 2654435761u);
  const uint32_t start = parcels::here();
  uint32_t ok = parcels::migrate_to(1) == Status::ok && parcels::here() == 1;
  add(&visits, 1);
  ok &= parcels::migrate_to(start) == Status::ok && parcels::here() == start;
  for (uint32_t i = 0; i < 64; ++i) ok &= buf[i] == (seed ^ (i * 2654435761u));
  if (reply) parcels::reply_to(from, reply_at(reply), ok);
  else add(&returned, ok ? 1 : 0x10000);
}
// Model: thread t inserts key t; every third thread then removes its own key (it must get its own
// element back) and asks for an absent key (it must get nothing). The queue ends holding exactly
// the keys t with t % 3 != 0, each once.
void queue_worker(uint32_t t, uint32_t, uint32_t, uint32_t, uint32_t, uint32_t, uint32_t) {
  elements[t].key = t;
  queue.push_back(&elements[t]);
  uint32_t wrong = 0;
  if (t % 3 == 0) {
    pim_yield();
    wrong += queue.remove(t) != &elements[t];
    wrong += queue.remove(t + 0x100000) != nullptr;
  }
  if (wrong) add(&queue_wrong, wrong);
  add(&queue_done, 1);
}
void finish_handler(uint32_t, uint32_t, uint32_t, uint32_t, uint32_t, uint32_t, uint32_t) { pim_writef(&finish, 1); }

int failures = 0;
void expect(bool ok, const char* what) {
  printf("parcel-runtime: %s: %s\n", what, ok ? "ok" : "FAILED");
  failures += !ok;
}

void run() {
  const uint32_t far = 1;
  // Errors come back as values.
  Args none;
  expect(parcels::spawn_at(parcels::node_count(), answer_where, none) == Status::bad_node, "spawn at a node out of range");
  static uint8_t big[4096];
  expect(parcels::spawn_at(far, answer_where, none, big, parcels::max_payload() + 1, (void*)landing) ==
             Status::payload_too_large, "payload too large");
  expect(parcels::migrate_to(far) == Status::not_a_handler, "migrate from the main thread");
  expect(parcels::migrate_to(99) == Status::bad_node, "migrate to a node out of range");
  uint32_t v = 0;
  expect(parcels::get(7, &cell, &v) == Status::bad_node, "get from a node out of range");

  Reply r;
  Args a;
  r.arm();
  a.w[0] = 0, a.w[1] = addr(&r.value), a.w[2] = 42;
  expect(parcels::spawn_at(far, answer_where, a) == Status::ok && r.wait() == 1042, "remote spawn with reply");

  const uint32_t len = parcels::max_payload() < sizeof big ? parcels::max_payload() : sizeof big;
  for (uint32_t i = 0; i < len; ++i) big[i] = pattern(i);
  r.arm();
  a.w[2] = len;
  expect(parcels::spawn_at(far, check_landing, a, big, len, (void*)landing) == Status::ok && r.wait() == 0,
         "payload integrity (largest payload)");

  r.arm();
  a.w[2] = 0xC0FFEE;
  expect(parcels::spawn_at(0, round_trip, a) == Status::ok && r.wait() == 1, "migrate there and back with its stack");

  uint32_t old = 0;
  expect(parcels::put(far, &cell, 77) == Status::ok && parcels::get(far, &cell, &v) == Status::ok && v == 77,
         "remote put then get");
  expect(parcels::atomic_add(far, &cell, 5, &old) == Status::ok && old == 77 && parcels::get(far, &cell, &v) == Status::ok &&
             v == 82, "remote atomic add");

  pim_writef(&returned, 0);
  Args t;
  for (uint32_t k = 0; k < THREADS; ++k) {
    t.w[2] = k;
    while (parcels::spawn_at(0, round_trip, t) != Status::ok) pim_yield();
  }
  while (pim_readff(&returned) < THREADS) pim_yield();
  uint32_t seen = 0;
  parcels::get(far, &visits, &seen);
  const uint32_t back = pim_readff(&returned);
  printf("parcel-runtime: %u migrating threads: %u back intact, %u visits on node 1\n", (unsigned)THREADS,
         (unsigned)back, (unsigned)seen - 1);
  expect(back == THREADS && seen == THREADS + 1, "concurrent migrating threads, none lost");

  pim_writef(&queue_done, 0);
  pim_writef(&queue_wrong, 0);
  for (uint32_t k = 0; k < QUEUE_THREADS; ++k) {
    t.w[0] = k;
    while (parcels::spawn_at(0, queue_worker, t) != Status::ok) pim_yield();
  }
  while (pim_readff(&queue_done) < QUEUE_THREADS) pim_yield();
  static uint32_t keys[QUEUE_THREADS + 1];
  static uint8_t seen_key[QUEUE_THREADS];
  const uint32_t n = queue.snapshot(keys, QUEUE_THREADS + 1);
  uint32_t mismatch = 0, expected = 0;
  for (uint32_t i = 0; i < n; ++i) {
    if (keys[i] >= QUEUE_THREADS || keys[i] % 3 == 0 || seen_key[keys[i]]++) ++mismatch;
  }
  for (uint32_t k = 0; k < QUEUE_THREADS; ++k) expected += k % 3 != 0;
  printf("parcel-runtime: FEB queue: %u threads, %u elements left (model %u), %u wrong removes, %u mismatches\n",
         (unsigned)QUEUE_THREADS, (unsigned)n, (unsigned)expected, (unsigned)pim_readff(&queue_wrong), (unsigned)mismatch);
  expect(n == expected && mismatch == 0 && pim_readff(&queue_wrong) == 0, "FEB-locked queue against its model");
}
}  // namespace

int main() {
  pim_feempty(&finish);
  if (parcels::node_count() < 2) {
    printf("parcel-runtime: needs two nodes\n");
    return 1;
  }
  if (parcels::here() != 0) {
    (void)pim_readff(&finish);
    return 0;
  }
  run();
  for (uint32_t n = 1; n < parcels::node_count(); ++n) parcels::spawn_at(n, finish_handler, Args{});
  printf("parcel-runtime: %s\n", failures ? "FAILED" : "all passed");
  return failures ? 1 : 0;
}
