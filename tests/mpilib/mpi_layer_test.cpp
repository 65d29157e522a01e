// Unit tests of the portable parts of the MPI layer (firmware/mpi/host), natively: no NIC and no
// transport. Expected values are worked out by hand from the MPI standard; the ops are also
// compared with Debian's MPICH for every type (test mpilib.ops_vs_mpich).
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <climits>
#include <cstring>

#include "core/cart.h"
#include "core/context_ids.h"
#include "core/datatype.h"
#include "core/datatype_derived.h"
#include "core/handles.h"
#include "core/op.h"
#include "core/pair_types.h"
#include "core/split_order.h"

using namespace pimnic::mpi;

TEST_SUITE("mpilib") {
  TEST_CASE("split orders by key, then by parent rank, and keeps colors apart") {
    // parent rank:        0      1      2       3      4      5       6
    const int color_key[] = {1, 5, 0, 2, 1, 5, 1, -3, 0, 2, 1, 0, 7, 9};
    int members[7];
    REQUIRE(split_members(color_key, 7, 1, members) == 4);
    // color 1: rank 0 (key 5), 2 (key 5), 3 (key -3), 5 (key 0) -> 3, 5, 0, 2
    CHECK(members[0] == 3);
    CHECK(members[1] == 5);
    CHECK(members[2] == 0);
    CHECK(members[3] == 2);
    REQUIRE(split_members(color_key, 7, 0, members) == 2);
    CHECK(members[0] == 1);  // equal keys: parent order
    CHECK(members[1] == 4);
    REQUIRE(split_members(color_key, 7, 7, members) == 1);
    CHECK(members[0] == 6);
    CHECK(split_members(color_key, 7, 3, members) == 0);
  }

  TEST_CASE("split of many ranks with keys in reverse order reverses them") {
    constexpr int n = 300;
    int color_key[2 * n], members[n];
    for (int r = 0; r < n; ++r) {
      color_key[2 * r] = r % 3;
      color_key[2 * r + 1] = n - r;
    }
    REQUIRE(split_members(color_key, n, 2, members) == n / 3);
    for (int i = 0; i < n / 3; ++i) CHECK(members[i] == n - 1 - 3 * i);
  }

  TEST_CASE("context pairs: the lowest pair free everywhere, reused after release") {
    ContextIdPool a, b;
    a.reset(100);
    b.reset(100);
    a.claim(0);
    a.claim(1);
    b.claim(0);
    b.claim(1);
    a.claim(2);  // a has a communicator on pair 2 that b is not in
    uint32_t agreed[ContextIdPool::kWords];
    for (uint32_t w = 0; w < ContextIdPool::kWords; ++w) agreed[w] = a.free_mask()[w] & b.free_mask()[w];
    CHECK(ContextIdPool::lowest_free(agreed) == 3);
    a.release(2);
    for (uint32_t w = 0; w < ContextIdPool::kWords; ++w) agreed[w] = a.free_mask()[w] & b.free_mask()[w];
    CHECK(ContextIdPool::lowest_free(agreed) == 2);
    CHECK_FALSE(a.is_free(100));  // beyond what the transport carries
    ContextIdPool full;
    full.reset(40);
    for (uint32_t p = 0; p < 40; ++p) full.claim(p);
    CHECK(ContextIdPool::lowest_free(full.free_mask()) == -1);
    full.reset(ContextIdPool::kMaxPairs + 5);  // clamped
    CHECK(full.is_free(ContextIdPool::kMaxPairs - 1));
  }

  TEST_CASE("datatype sizes: data bytes, not padding") {
    CHECK(find_type(MPI_INT)->size == sizeof(int));
    CHECK(find_type(MPI_DOUBLE_INT)->size == sizeof(double) + sizeof(int));
    CHECK(find_type(MPI_DOUBLE_INT)->extent == sizeof(Pair<double>));
    CHECK_FALSE(find_type(MPI_DOUBLE_INT)->contiguous());
    CHECK(find_type(MPI_SHORT_INT)->size == 6);
    CHECK(find_type(MPI_2INT)->contiguous());
    CHECK(find_type(MPI_LONG_LONG) == find_type(MPI_LONG_LONG_INT));
    CHECK(find_type(MPI_DATATYPE_NULL) == nullptr);
    CHECK(find_type(MPI_COMM_WORLD) == nullptr);  // a handle of another kind
    CHECK(find_type(make_handle(HandleKind::Datatype, 0xffff)) == nullptr);
  }

  TEST_CASE("padded pairs pack to value then index and back") {
    const TypeInfo& t = *find_type(MPI_DOUBLE_INT);
    Pair<double> items[2], back[2];
    memset(items, 0xee, sizeof items);  // padding that must not travel
    items[0] = {2.5, 7};
    items[1] = {-1.0, 9};
    unsigned char packed[24];
    pack_items(t, items, 2, packed);
    double d;
    int i;
    memcpy(&d, packed, 8);
    memcpy(&i, packed + 8, 4);
    CHECK(d == 2.5);
    CHECK(i == 7);
    memcpy(&d, packed + 12, 8);
    memcpy(&i, packed + 20, 4);
    CHECK(d == -1.0);
    CHECK(i == 9);
    unpack_items(t, packed, 2, back);
    CHECK(back[0].value == 2.5);
    CHECK(back[0].index == 7);
    CHECK(back[1].value == -1.0);
    CHECK(back[1].index == 9);
  }

  TEST_CASE("ops follow the standard's type rules") {
    auto applies = [](MPI_Op op, MPI_Datatype type) { return op_applies(*find_op(op), *find_type(type)); };
    CHECK(applies(MPI_SUM, MPI_DOUBLE));
    CHECK_FALSE(applies(MPI_SUM, MPI_CHAR));  // characters take no op (MPICH allows it)
    CHECK_FALSE(applies(MPI_SUM, MPI_BYTE));
    CHECK(applies(MPI_BXOR, MPI_BYTE));
    CHECK_FALSE(applies(MPI_BAND, MPI_FLOAT));
    CHECK(applies(MPI_LAND, MPI_C_BOOL));
    CHECK_FALSE(applies(MPI_MAX, MPI_C_BOOL));
    CHECK(applies(MPI_MAXLOC, MPI_2INT));
    CHECK_FALSE(applies(MPI_MAXLOC, MPI_INT));
    CHECK_FALSE(applies(MPI_SUM, MPI_DOUBLE_INT));
    CHECK(find_op(MPI_OP_NULL) == nullptr);
    CHECK(find_op(MPI_INT) == nullptr);
  }

  TEST_CASE("integer ops wrap, unsigned compare as unsigned") {
    const OpInfo& sum = *find_op(MPI_SUM);
    const OpInfo& prod = *find_op(MPI_PROD);
    const OpInfo& max = *find_op(MPI_MAX);
    const OpInfo& min = *find_op(MPI_MIN);
    int a[2] = {0x7fffffff, -7}, b[2] = {1, 3};
    reduce_items(sum, a, b, 2, *find_type(MPI_INT), MPI_INT);
    CHECK(b[0] == int(0x80000000u));
    CHECK(b[1] == -4);
    short s[1] = {300}, t[1] = {300};
    reduce_items(prod, s, t, 1, *find_type(MPI_SHORT), MPI_SHORT);
    CHECK(t[0] == short(90000 - 131072));  // 90000 mod 2^16, as a signed short
    unsigned u[2] = {7, 0xfffffff7u}, v[2] = {0xfffffff7u, 7};
    reduce_items(max, u, v, 2, *find_type(MPI_UNSIGNED), MPI_UNSIGNED);
    CHECK(v[0] == 0xfffffff7u);
    CHECK(v[1] == 0xfffffff7u);
    unsigned char c[1] = {250}, d[1] = {3};
    reduce_items(min, c, d, 1, *find_type(MPI_UNSIGNED_CHAR), MPI_UNSIGNED_CHAR);
    CHECK(d[0] == 3);
    long long x[1] = {-(1LL << 40)}, y[1] = {5};
    reduce_items(min, x, y, 1, *find_type(MPI_LONG_LONG), MPI_LONG_LONG);
    CHECK(y[0] == -(1LL << 40));
  }

  TEST_CASE("logical and bitwise ops") {
    int a[3] = {0, 5, -2}, b[3] = {3, 0, 4};
    int land[3], lxor[3], bor[3];
    memcpy(land, b, sizeof b);
    memcpy(lxor, b, sizeof b);
    memcpy(bor, b, sizeof b);
    reduce_items(*find_op(MPI_LAND), a, land, 3, *find_type(MPI_INT), MPI_INT);
    reduce_items(*find_op(MPI_LXOR), a, lxor, 3, *find_type(MPI_INT), MPI_INT);
    reduce_items(*find_op(MPI_BOR), a, bor, 3, *find_type(MPI_INT), MPI_INT);
    CHECK(land[0] == 0);
    CHECK(land[1] == 0);
    CHECK(land[2] == 1);
    CHECK(lxor[0] == 1);
    CHECK(lxor[1] == 1);
    CHECK(lxor[2] == 0);
    CHECK(bor[0] == 3);
    CHECK(bor[1] == 5);
    CHECK(bor[2] == -2);
  }

  TEST_CASE("MINLOC and MAXLOC take the smaller index on a tie") {
    Pair<double> in[3] = {{1.0, 4}, {2.0, 1}, {-3.0, 9}};
    Pair<double> io_min[3] = {{1.0, 2}, {2.0, 0}, {5.0, 3}};
    Pair<double> io_max[3] = {{1.0, 6}, {3.0, 8}, {-3.0, 2}};
    reduce_items(*find_op(MPI_MINLOC), in, io_min, 3, *find_type(MPI_DOUBLE_INT), MPI_DOUBLE_INT);
    reduce_items(*find_op(MPI_MAXLOC), in, io_max, 3, *find_type(MPI_DOUBLE_INT), MPI_DOUBLE_INT);
    CHECK(io_min[0].index == 2);  // tie: min(4, 2)
    CHECK(io_min[1].index == 0);  // tie: min(1, 0)
    CHECK(io_min[2].value == -3.0);
    CHECK(io_min[2].index == 9);
    CHECK(io_max[0].index == 4);  // tie: min(4, 6)
    CHECK(io_max[1].value == 3.0);
    CHECK(io_max[1].index == 8);
    CHECK(io_max[2].index == 2);  // tie: min(9, 2)
  }

  TEST_CASE("user ops get (in, inout, len, type) and their handles die when freed") {
    static int calls = 0;
    auto concat = [](void* in, void* inout, int* len, MPI_Datatype* type) {
      ++calls;
      CHECK(*type == MPI_INT);
      int* a = static_cast<int*>(in);
      int* b = static_cast<int*>(inout);
      for (int i = 0; i < *len; ++i) b[i] = a[i] * 10 + b[i];  // not commutative
    };
    const MPI_Op op = create_user_op(concat, false);
    const OpInfo* info = find_op(op);
    REQUIRE(info != nullptr);
    CHECK_FALSE(info->commutative);
    CHECK(op_applies(*info, *find_type(MPI_DOUBLE)));
    int a[2] = {1, 2}, b[2] = {3, 4};
    reduce_items(*info, a, b, 2, *find_type(MPI_INT), MPI_INT);
    CHECK(calls == 1);
    CHECK(b[0] == 13);
    CHECK(b[1] == 24);
    CHECK_FALSE(free_user_op(MPI_SUM));
    CHECK(free_user_op(op));
    CHECK(find_op(op) == nullptr);
    CHECK_FALSE(free_user_op(op));
  }

  TEST_CASE("derived types flatten, merge runs, and know their bounds") {
    const TypeInfo& dbl = *find_type(MPI_DOUBLE);
    const char* why = "";
    // vector(3 blocks of 2 doubles, stride 4): runs at 0, 32, 64
    Placement blocks[3] = {{0, &dbl, 2}, {32, &dbl, 2}, {64, &dbl, 2}};
    const TypeInfo* v = build_derived(blocks, 3, false, &why);
    REQUIRE(v != nullptr);
    CHECK(v->segment_count == 3);
    CHECK(v->size == 48);
    CHECK(v->extent == 80);
    CHECK_FALSE(v->dense);
    CHECK(v->basic_elements() == 6);
    // contiguous runs merge; a contiguous type of a dense type is dense
    Placement two[2] = {{0, &dbl, 2}, {16, &dbl, 3}};
    const TypeInfo* c = build_derived(two, 2, false, &why);
    CHECK(c->segment_count == 1);
    CHECK(c->dense);
    // two of v: v's segments again at its extent (80), where the first copy's last run (64..80)
    // continues into the second's first (80..96): 5 runs
    Placement of_v[1] = {{0, v, 2}};
    const TypeInfo* vv = build_derived(of_v, 1, false, &why);
    CHECK(vv->segment_count == 5);
    CHECK(vv->segments[2].offset == 64);
    CHECK(vv->segments[2].count == 4);
    CHECK(vv->segments[3].offset == 112);
    CHECK(vv->extent == 160);
    // structs pad their extent to their largest alignment, as C does
    Placement s[2] = {{0, find_type(MPI_INT), 1}, {4, find_type(MPI_FLOAT), 1}};
    const TypeInfo* padded = build_derived(s, 2, true, &why);
    CHECK(padded->extent == 8);
    CHECK(padded->dense);  // int and float back to back: no hole, no padding
    Placement t[2] = {{0, &dbl, 1}, {8, find_type(MPI_INT), 1}};
    const TypeInfo* with_tail = build_derived(t, 2, true, &why);
    CHECK(with_tail->size == 12);
    CHECK(with_tail->extent == sizeof(Pair<double>));
    CHECK_FALSE(with_tail->dense);
    // resized: another lower bound and extent, the same data
    const TypeInfo* r = resize_derived(*v, -8, 16, &why);
    CHECK(r->lb == -8);
    CHECK(r->extent == 16);
    CHECK(r->true_lb == 0);
    CHECK(r->true_extent == 80);
    const TypeInfo* backwards = resize_derived(*v, 0, -4, &why);  // items before each other (MPI-3.1 4.1.7)
    CHECK(backwards->extent == -4);
    CHECK(resize_derived(*v, 0, int64_t(INT_MAX) + 1, &why) == nullptr);
    for (const TypeInfo* type : {v, c, vv, padded, with_tail, r, backwards}) free_derived_handle(type);
  }

  TEST_CASE("derived items pack in typemap order and unpack around their holes") {
    const TypeInfo& i32 = *find_type(MPI_INT);
    const char* why = "";
    Placement blocks[2] = {{8, &i32, 1}, {0, &i32, 2}};  // typemap order is not address order
    const TypeInfo* t = build_derived(blocks, 2, false, &why);
    const int items[6] = {1, 2, 3, 4, 5, 6};  // two items, extent 12
    int packed[6];
    pack_items(*t, items, 2, packed);
    const int expected[6] = {3, 1, 2, 6, 4, 5};
    for (int i = 0; i < 6; ++i) CHECK(packed[i] == expected[i]);
    int back[6] = {0, 0, 0, 0, 0, 0};
    unpack_items(*t, packed, 2, back);
    for (int i = 0; i < 6; ++i) CHECK(back[i] == items[i]);
    // elements: 3 per item; 20 bytes are one item and two ints; 18 bytes end inside an int
    CHECK(elements_in(*t, 24) == 6);
    CHECK(elements_in(*t, 20) == 5);
    CHECK(elements_in(*t, 18) == -1);
    // a pair counts two elements; its value alone is one
    CHECK(elements_in(*find_type(MPI_DOUBLE_INT), 12 + 8) == 3);
    free_derived_handle(t);
  }

  TEST_CASE("dims_create balances the grid as MPICH does") {
    auto dims = [](int n, int k, int d0 = 0, int d1 = 0, int d2 = 0) {
      int d[4] = {d0, d1, d2, 0};
      CHECK(dims_create(n, k, d));
      return (d[0] * 100 + (k > 1 ? d[1] : 0)) * 100 + (k > 2 ? d[2] : 0);
    };
    CHECK(dims(12, 2) == 40300);
    CHECK(dims(72, 2) == 90800);
    CHECK(dims(100, 3) == 50504);
    CHECK(dims(1024, 3) == 160808);
    CHECK(dims(7, 2) == 70100);
    CHECK(dims(360, 3) == 100606);  // MPICH 4.0.2's 10 6 6 (max - min 4, as 9 8 5; MPICH's choice between them)
    CHECK(dims(5040, 3) == 211615);  // 21 16 15, not 20 18 14 (MPICH's topo/dims5)
    CHECK(dims(18, 3, 0, 2, 0) == 30203);
    int d[2] = {0, 5};
    CHECK_FALSE(dims_create(12, 2, d));  // 12 is not a multiple of 5
    CartGrid g;
    g.dims.push_back(3);
    g.dims.push_back(4);
    g.periods.push_back(1);
    g.periods.push_back(0);
    int c[2];
    g.coords(7, c);
    CHECK(c[0] == 1);
    CHECK(c[1] == 3);
    const int wrapped[2] = {-2, 3}, off_edge[2] = {0, 4};
    CHECK(g.rank(wrapped) == 7);
    CHECK(g.rank(off_edge) == -1);
  }
}
