/* MPI_Reduce and MPI_Allreduce on every basic datatype with every predefined operation the
 * standard allows for it (C integers: MAX MIN SUM PROD LAND LOR LXOR BAND BOR BXOR; floating
 * point: MAX MIN SUM PROD; MPI_BYTE: BAND BOR BXOR; MPI_2INT, MPI_FLOAT_INT, MPI_DOUBLE_INT:
 * MINLOC MAXLOC, with ties). Values are small integers and halves, so every result is exact in
 * any order of evaluation and fits every type. Rank 0 prints each result; each rank also checks
 * the results against its own computation. Reduce roots rotate over the ranks. */
#include "mpitest.h"

#define COUNT 5
enum { OP_MAX, OP_MIN, OP_SUM, OP_PROD, OP_LAND, OP_LOR, OP_LXOR, OP_BAND, OP_BOR, OP_BXOR, NOPS };
static const char* op_name[NOPS] = {"MAX", "MIN", "SUM", "PROD", "LAND", "LOR", "LXOR", "BAND", "BOR", "BXOR"};
static MPI_Op op_handle(int op) {
  switch (op) {
    case OP_MAX: return MPI_MAX;
    case OP_MIN: return MPI_MIN;
    case OP_SUM: return MPI_SUM;
    case OP_PROD: return MPI_PROD;
    case OP_LAND: return MPI_LAND;
    case OP_LOR: return MPI_LOR;
    case OP_LXOR: return MPI_LXOR;
    case OP_BAND: return MPI_BAND;
    case OP_BOR: return MPI_BOR;
    default: return MPI_BXOR;
  }
}

static int combo; /* counts (type, op) pairs: the Reduce root is combo % size */

/* The input of rank r, element i, for an operation, as a small integer (for floating types,
 * halved). Signed types get negative values where the operation allows them. */
static long long input(int op, int r, int i, int is_signed) {
  switch (op) {
    case OP_PROD: return (r + i) % 5 == 0 ? 2 : (is_signed && (r + i) % 7 == 3 ? -1 : 1);
    case OP_LAND: case OP_LOR: case OP_LXOR: /* all true, all false, one true, every other, mixed */
      switch (i) {
        case 0: return 1 + r % 3;
        case 1: return 0;
        case 2: return r == 0 ? 5 : 0;
        case 3: return r % 2 ? 4 : 0;
        default: return r % 3 ? r % 3 + 1 : 0;
      }
    case OP_BAND: case OP_BOR: case OP_BXOR: return (1 << ((r + i) % 7)) | (r % 3) | (i == 0 ? 0x70 : 0);
    default: return (r * 7 + i * 3) % 11 - (is_signed ? 5 : 0);
  }
}

static long long combine(int op, long long a, long long b) {
  switch (op) {
    case OP_MAX: return a > b ? a : b;
    case OP_MIN: return a < b ? a : b;
    case OP_SUM: return a + b;
    case OP_PROD: return a * b;
    case OP_LAND: return a && b;
    case OP_LOR: return a || b;
    case OP_LXOR: return !a != !b;
    case OP_BAND: return a & b;
    case OP_BOR: return a | b;
    default: return a ^ b;
  }
}

/* Runs Allreduce and Reduce for one type and op; `get`/`put` convert elements to and from long
 * long (floating types carry twice the value, so halves stay integers here). */
typedef struct {
  const char* name;
  MPI_Datatype type;
  size_t size;
  int is_signed, is_float;
} TypeInfo;

static void put(const TypeInfo* t, void* p, long long v) {
  double d = t->is_float ? v / 2.0 : 0;
  switch (t->size * 10 + t->is_signed + 2 * t->is_float) {
    case 10: *(unsigned char*)p = (unsigned char)v; break;
    case 11: *(signed char*)p = (signed char)v; break;
    case 20: *(unsigned short*)p = (unsigned short)v; break;
    case 21: *(short*)p = (short)v; break;
    case 40: *(uint32_t*)p = (uint32_t)v; break;
    case 41: *(int32_t*)p = (int32_t)v; break;
    case 80: *(uint64_t*)p = (uint64_t)v; break;
    case 81: *(int64_t*)p = (int64_t)v; break;
    case 43: *(float*)p = (float)d; break;
    case 83: *(double*)p = d; break;
  }
}

static long long get(const TypeInfo* t, const void* p) {
  switch (t->size * 10 + t->is_signed + 2 * t->is_float) {
    case 10: return *(const unsigned char*)p;
    case 11: return *(const signed char*)p;
    case 20: return *(const unsigned short*)p;
    case 21: return *(const short*)p;
    case 40: return *(const uint32_t*)p;
    case 41: return *(const int32_t*)p;
    case 80: return (long long)*(const uint64_t*)p;
    case 81: return *(const int64_t*)p;
    case 43: return (long long)(*(const float*)p * 2);
    default: return (long long)(*(const double*)p * 2);
  }
}

static void print_values(const TypeInfo* t, const unsigned char* buf) {
  for (int i = 0; i < COUNT; i++) {
    long long v = get(t, buf + i * t->size);
    if (t->is_float) mt_printf(" %g", v / 2.0);
    else mt_printf(" %lld", v);
  }
}

static void reduce_one(const TypeInfo* t, int op) {
  unsigned char in[COUNT * 8], out[COUNT * 8], want[COUNT * 8];
  for (int i = 0; i < COUNT; i++) {
    /* Floating values are carried doubled (put halves them): inputs are halves, except for PROD,
     * whose inputs stay the small integers (doubled here), so that every product is exact. */
    long long scale = t->is_float && op == OP_PROD ? 2 : 1;
    long long acc = input(op, 0, i, t->is_signed || t->is_float) * scale;
    for (int r = 1; r < mt_size; r++) {
      long long v = input(op, r, i, t->is_signed || t->is_float) * scale;
      acc = t->is_float && op == OP_PROD ? acc * v / 2 : combine(op, acc, v);
    }
    put(t, in + i * t->size, input(op, mt_rank, i, t->is_signed || t->is_float) * scale);
    put(t, want + i * t->size, acc);
  }
  int root = combo++ % mt_size;
  memset(out, 0, sizeof out);
  MPI_Allreduce(in, out, COUNT, t->type, op_handle(op), MPI_COMM_WORLD);
  mt_check(memcmp(out, want, COUNT * t->size) == 0, "Allreduce %s %s", op_name[op], t->name);
  mt_say("Allreduce %-4s %-22s", op_name[op], t->name);
  if (mt_rank == 0) print_values(t, out);
  mt_say("\n");
  memset(out, 0, sizeof out);
  MPI_Reduce(in, out, COUNT, t->type, op_handle(op), root, MPI_COMM_WORLD);
  if (mt_rank == root) {
    mt_check(memcmp(out, want, COUNT * t->size) == 0, "Reduce %s %s at root %d", op_name[op], t->name, root);
    if (root != 0) MPI_Send(out, COUNT * (int)t->size, MPI_BYTE, 0, 1, MPI_COMM_WORLD);
  }
  if (mt_rank == 0 && root != 0) MPI_Recv(out, COUNT * (int)t->size, MPI_BYTE, root, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  mt_say("Reduce    %-4s %-22s", op_name[op], t->name);
  if (mt_rank == 0) print_values(t, out);
  mt_say("\n");
}

/* MINLOC and MAXLOC on the pair types: value (r * 5 + i) % 7 (with ties, broken by the lower
 * index), index = the rank. */
typedef struct { int v, k; } PairInt;
typedef struct { float v; int k; } PairFloat;
typedef struct { double v; int k; } PairDouble;

static double pair_value(int r, int i) { return ((r * 5 + i) % 7) * 0.25 - 0.5; }

static void minmaxloc(MPI_Datatype type, const char* name, int kind) {
  for (int maxloc = 0; maxloc < 2; maxloc++) {
    PairInt pi[COUNT], po[COUNT];
    PairFloat fi[COUNT], fo[COUNT];
    PairDouble di[COUNT], dout[COUNT];
    void *in = kind == 0 ? (void*)pi : kind == 1 ? (void*)fi : (void*)di;
    void *out = kind == 0 ? (void*)po : kind == 1 ? (void*)fo : (void*)dout;
    for (int i = 0; i < COUNT; i++) {
      pi[i].v = (mt_rank * 5 + i) % 7 - 2;
      pi[i].k = fi[i].k = di[i].k = mt_rank;
      fi[i].v = (float)pair_value(mt_rank, i);
      di[i].v = pair_value(mt_rank, i);
    }
    int root = combo++ % mt_size;
    for (int all = 1; all >= 0; all--) {
      if (all) MPI_Allreduce(in, out, COUNT, type, maxloc ? MPI_MAXLOC : MPI_MINLOC, MPI_COMM_WORLD);
      else MPI_Reduce(in, out, COUNT, type, maxloc ? MPI_MAXLOC : MPI_MINLOC, root, MPI_COMM_WORLD);
      int holder = all ? 0 : root;
      double v[COUNT];
      int k[COUNT];
      if (mt_rank == holder) {
        for (int i = 0; i < COUNT; i++) {
          double best = 0;
          int at = -1;
          for (int r = 0; r < mt_size; r++) {
            double x = kind == 0 ? (r * 5 + i) % 7 - 2 : pair_value(r, i);
            if (at < 0 || (maxloc ? x > best : x < best)) best = x, at = r;
          }
          v[i] = kind == 0 ? po[i].v : kind == 1 ? fo[i].v : dout[i].v;
          k[i] = kind == 0 ? po[i].k : kind == 1 ? fo[i].k : dout[i].k;
          mt_check(v[i] == best && k[i] == at, "%s %s %s element %d: (%g, %d), expected (%g, %d)",
                   all ? "Allreduce" : "Reduce", maxloc ? "MAXLOC" : "MINLOC", name, i, v[i], k[i], best, at);
        }
        if (holder != 0) {
          MPI_Send(v, COUNT, MPI_DOUBLE, 0, 2, MPI_COMM_WORLD);
          MPI_Send(k, COUNT, MPI_INT, 0, 2, MPI_COMM_WORLD);
        }
      }
      if (mt_rank == 0 && holder != 0) {
        MPI_Recv(v, COUNT, MPI_DOUBLE, holder, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Recv(k, COUNT, MPI_INT, holder, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      }
      mt_say("%-9s %-6s %-14s", all ? "Allreduce" : "Reduce", maxloc ? "MAXLOC" : "MINLOC", name);
      for (int i = 0; i < COUNT && mt_rank == 0; i++) mt_printf(" (%g,%d)", v[i], k[i]);
      mt_say("\n");
    }
  }
}

/* A reduction long enough to need the rendezvous protocol between ranks. */
static void long_vector(void) {
  const int n = 100000;
  int* in = (int*)malloc(sizeof(int) * n);
  int* out = (int*)malloc(sizeof(int) * n);
  for (int i = 0; i < n; i++) in[i] = (i % 1000) * (mt_rank + 1);
  MPI_Allreduce(in, out, n, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  long long sum = 0;
  int bad = 0;
  for (int i = 0; i < n; i++) {
    bad += out[i] != (i % 1000) * mt_size * (mt_size + 1) / 2;
    sum += out[i];
  }
  mt_check(bad == 0, "long Allreduce: %d elements wrong", bad);
  mt_say("Allreduce SUM of %d ints: total %lld\n", n, sum);
  free(in);
  free(out);
}

int main(int argc, char** argv) {
  mt_init(&argc, &argv);
  mt_require_size(1, 1);
  const TypeInfo ints[] = {
      {"MPI_SIGNED_CHAR", MPI_SIGNED_CHAR, 1, 1, 0},
      {"MPI_UNSIGNED_CHAR", MPI_UNSIGNED_CHAR, 1, 0, 0},
      {"MPI_SHORT", MPI_SHORT, sizeof(short), 1, 0},
      {"MPI_UNSIGNED_SHORT", MPI_UNSIGNED_SHORT, sizeof(short), 0, 0},
      {"MPI_INT", MPI_INT, sizeof(int), 1, 0},
      {"MPI_UNSIGNED", MPI_UNSIGNED, sizeof(int), 0, 0},
      {"MPI_LONG", MPI_LONG, sizeof(long), 1, 0},
      {"MPI_UNSIGNED_LONG", MPI_UNSIGNED_LONG, sizeof(long), 0, 0},
      {"MPI_LONG_LONG", MPI_LONG_LONG, sizeof(long long), 1, 0},
      {"MPI_LONG_LONG_INT", MPI_LONG_LONG_INT, sizeof(long long), 1, 0},
      {"MPI_UNSIGNED_LONG_LONG", MPI_UNSIGNED_LONG_LONG, sizeof(long long), 0, 0},
  };
  const TypeInfo floats[] = {
      {"MPI_FLOAT", MPI_FLOAT, sizeof(float), 1, 1},
      {"MPI_DOUBLE", MPI_DOUBLE, sizeof(double), 1, 1},
  };
  const TypeInfo byte = {"MPI_BYTE", MPI_BYTE, 1, 0, 0};
  for (size_t t = 0; t < sizeof ints / sizeof ints[0]; t++)
    for (int op = 0; op < NOPS; op++) reduce_one(&ints[t], op);
  for (size_t t = 0; t < sizeof floats / sizeof floats[0]; t++)
    for (int op = OP_MAX; op <= OP_PROD; op++) reduce_one(&floats[t], op);
  for (int op = OP_BAND; op <= OP_BXOR; op++) reduce_one(&byte, op);
  minmaxloc(MPI_2INT, "MPI_2INT", 0);
  minmaxloc(MPI_FLOAT_INT, "MPI_FLOAT_INT", 1);
  minmaxloc(MPI_DOUBLE_INT, "MPI_DOUBLE_INT", 2);
  long_vector();
  return mt_finish();
}
