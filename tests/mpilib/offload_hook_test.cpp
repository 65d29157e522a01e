// The offloaded-collective hook (Transport::reduce, firmware/mpi/host/transport/transport.h) as the
// MPI layer uses it: MPI_Reduce and MPI_Allreduce offer the transport what it can take, use its
// result when it accepts, and run their own algorithm when it declines (the default). The transport
// here is a one-rank fixture registered by name like a NIC kind's; it records what it was offered.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <mpi.h>

#include "transport/registry.h"

using namespace pimnic::mpi;

namespace {

// One rank alone: the host algorithms move no messages, so send and receive are never called.
class HookTransport final : public Transport {
 public:
  bool accept = false;     // take reductions (writing kMarker into every result element)
  int offered = 0;         // reductions offered so far
  Reduction last{};        // the last one offered
  static constexpr int32_t kMarker = 4242;

  const char* name() const override { return "test-hook"; }
  int rank() const override { return 0; }
  int size() const override { return 1; }
  void send(Operation&, const void*, uint32_t, int32_t, int32_t, uint32_t, SendMode) override { unused("send"); }
  void recv(Operation&, void*, uint32_t, int32_t, int32_t, uint32_t) override { unused("recv"); }
  void cancel(Operation&) override { unused("cancel"); }
  bool iprobe(int32_t, int32_t, uint32_t, Found&) override { unused("iprobe"); }
  void probe(int32_t, int32_t, uint32_t, Found&) override { unused("probe"); }
  void progress(bool) override {}
  double wtime() const override { return 0; }
  double wtick() const override { return 1; }
  void finalize() override {}
  bool reduce(const Reduction& r) override {
    ++offered;
    last = r;
    if (!accept) return false;
    for (uint32_t i = 0; i < r.count; ++i) memcpy(static_cast<char*>(r.result) + 4 * i, &kMarker, 4);
    return true;
  }

 private:
  [[noreturn]] static void unused(const char* what) {
    fprintf(stderr, "test-hook transport: unexpected %s\n", what);
    abort();
  }
};

HookTransport hook;

Transport* open_hook(const char**) { return &hook; }

// MPI_Init once per process (ctest runs each case in a process of its own), MPI_Finalize at exit.
void init_once() {
  static bool done = false;
  if (done) return;
  setenv("PIMNIC_TRANSPORT", "test-hook", 1);
  REQUIRE(MPI_Init(nullptr, nullptr) == MPI_SUCCESS);
  atexit([] { MPI_Finalize(); });
  done = true;
}

void user_sum(void* in, void* inout, int* len, MPI_Datatype*) {
  for (int i = 0; i < *len; ++i) static_cast<int*>(inout)[i] += static_cast<int*>(in)[i];
}

}  // namespace

PIMNIC_MPI_TRANSPORT("test-hook", open_hook);

TEST_SUITE("mpilib") {
  TEST_CASE("offload hook: a declined MPI_Allreduce runs the host algorithm, after offering it whole") {
    init_once();
    hook.accept = false;
    const int mine[3] = {7, -2, 40};
    int out[3] = {};
    const int before = hook.offered;
    REQUIRE(MPI_Allreduce(mine, out, 3, MPI_INT, MPI_SUM, MPI_COMM_WORLD) == MPI_SUCCESS);
    CHECK(hook.offered == before + 1);
    CHECK(out[0] == 7);
    CHECK(out[1] == -2);
    CHECK(out[2] == 40);
    const Reduction& r = hook.last;
    CHECK(r.to_all);
    CHECK(r.op == ReduceOp::Sum);
    CHECK(r.element == ReduceElement::I32);
    CHECK(r.count == 3);
    CHECK(r.mine == mine);
    CHECK(r.result == out);
    CHECK(r.size == 1);
    CHECK(r.me == 0);
    CHECK(r.world == nullptr);  // MPI_COMM_WORLD: member i is world rank i
    CHECK(r.context == 1);      // MPI_COMM_WORLD's collective context
  }

  TEST_CASE("offload hook: an accepted MPI_Reduce leaves the transport's result, untouched by the host") {
    init_once();
    hook.accept = true;
    const int mine[2] = {1, 2};
    int out[2] = {};
    REQUIRE(MPI_Reduce(mine, out, 2, MPI_INT, MPI_MAX, 0, MPI_COMM_WORLD) == MPI_SUCCESS);
    CHECK(out[0] == HookTransport::kMarker);
    CHECK(out[1] == HookTransport::kMarker);
    CHECK_FALSE(hook.last.to_all);
    CHECK(hook.last.op == ReduceOp::Max);
    CHECK(hook.last.root == 0);
    // MPI_IN_PLACE: the root's contribution and result are one buffer.
    int inout[2] = {5, 6};
    REQUIRE(MPI_Allreduce(MPI_IN_PLACE, inout, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD) == MPI_SUCCESS);
    CHECK(hook.last.mine == inout);
    CHECK(hook.last.result == inout);
    CHECK(inout[0] == HookTransport::kMarker);
    hook.accept = false;
  }

  TEST_CASE("offload hook: ops and types map to the transport's terms") {
    init_once();
    hook.accept = false;
    double d = 1.5, dout = 0;
    REQUIRE(MPI_Allreduce(&d, &dout, 1, MPI_DOUBLE, MPI_PROD, MPI_COMM_WORLD) == MPI_SUCCESS);
    CHECK(hook.last.element == ReduceElement::F64);
    CHECK(hook.last.op == ReduceOp::Prod);
    CHECK(dout == 1.5);
    unsigned char b = 0x5a, bout = 0;
    REQUIRE(MPI_Reduce(&b, &bout, 1, MPI_BYTE, MPI_BXOR, 0, MPI_COMM_WORLD) == MPI_SUCCESS);
    CHECK(hook.last.element == ReduceElement::U8);
    CHECK(hook.last.op == ReduceOp::Bxor);
    CHECK(bout == 0x5a);
    long long q = -3, qout = 0;
    REQUIRE(MPI_Allreduce(&q, &qout, 1, MPI_LONG_LONG, MPI_MIN, MPI_COMM_WORLD) == MPI_SUCCESS);
    CHECK(hook.last.element == ReduceElement::I64);
    CHECK(qout == -3);
  }

  TEST_CASE("offload hook: user ops, MINLOC pairs and long double never reach the transport") {
    init_once();
    hook.accept = true;  // it would take anything: the layer must not offer these
    const int before = hook.offered;
    MPI_Op op;
    REQUIRE(MPI_Op_create(user_sum, 1, &op) == MPI_SUCCESS);
    int v = 9, vout = 0;
    REQUIRE(MPI_Allreduce(&v, &vout, 1, MPI_INT, op, MPI_COMM_WORLD) == MPI_SUCCESS);
    CHECK(vout == 9);
    MPI_Op_free(&op);
    struct {
      int value, index;
    } pair = {3, 0}, pair_out = {0, 0};
    REQUIRE(MPI_Allreduce(&pair, &pair_out, 1, MPI_2INT, MPI_MINLOC, MPI_COMM_WORLD) == MPI_SUCCESS);
    CHECK(pair_out.value == 3);
    long double x = 2.0L, xout = 0;
    REQUIRE(MPI_Allreduce(&x, &xout, 1, MPI_LONG_DOUBLE, MPI_SUM, MPI_COMM_WORLD) == MPI_SUCCESS);
    CHECK(xout == 2.0L);
    CHECK(hook.offered == before);
    hook.accept = false;
  }
}
