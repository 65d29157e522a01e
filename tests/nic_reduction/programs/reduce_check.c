/* NIC-based reduction against a reference (issue 34, docs/nic-reduction.md): every predefined op the
 * NIC combines on every datatype, 1, 3 and 64 elements, MPI_Reduce to each root, MPI_Allreduce,
 * MPI_Ireduce and MPI_Iallreduce (Test loops and Waitall with several outstanding). Values are
 * random and, for floats, include NaNs, infinities, signed zeros and subnormals. The reference is
 * computed here from everyone's contributions (MPI_Allgather) in the documented order: in the tree
 * the host library builds (PIMNIC_REDUCE_TREE, as the ranks see it), each member's result is its own
 * value combined with each child's subtree result in child order, acc = acc OP child; float results
 * must be the same bits. Argument: a skew seed (0: none): each rank then waits a random while before
 * each reduction, and the root of the first round waits long, so that contributions come early and
 * out of order and the NIC's unexpected-contribution buffers run out. Prints a digest of every
 * result: runs with different skews must print the same one. */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../../firmware/bench/reduce_tree.h"

#define MAXC 64

static int size, me;
static unsigned degree; /* 0: binomial */

static uint64_t rng_state;
static uint64_t rnd(void) {
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return rng_state;
}

/* Children of member m in the tree rooted at root, in folding order. */
static int children_of(int m, int root, int* out) {
  int parent;
  return reduce_tree_links(degree, size, root, m, &parent, out);
}

enum { MAX, MIN, SUM, PROD, LAND, BAND, LOR, BOR, LXOR, BXOR, NOPS };
static const MPI_Op mpi_op[NOPS] = {MPI_MAX, MPI_MIN, MPI_SUM, MPI_PROD, MPI_LAND, MPI_BAND, MPI_LOR, MPI_BOR, MPI_LXOR, MPI_BXOR};
static const char* op_name[NOPS] = {"MAX", "MIN", "SUM", "PROD", "LAND", "BAND", "LOR", "BOR", "LXOR", "BXOR"};

enum { I8, U8, I16, U16, I32, U32, I64, U64, F32, F64, BOOL, NTYPES };
static MPI_Datatype mpi_type[NTYPES];
static const char* type_name[NTYPES] = {"int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64", "float", "double", "bool"};
static const int type_size[NTYPES] = {1, 1, 2, 2, 4, 4, 8, 8, 4, 8, 1};

static int valid(int op, int t) {
  const int bitwise = op == BAND || op == BOR || op == BXOR, logical = op == LAND || op == LOR || op == LXOR;
  if (t == F32 || t == F64) return !bitwise && !logical;  /* MPI: logical ops are for integers and bool */
  if (t == BOOL) return logical;
  return 1;
}

/* acc = acc OP in, elementwise, with the host library's meaning (signed integers wrap): each
 * element loaded as a and b, OPS computes r. */
#define FOLD(T, OPS)                                 \
  for (int i = 0; i < n; ++i) {                      \
    T a, b, r;                                       \
    memcpy(&a, acc + i * sizeof(T), sizeof a);       \
    memcpy(&b, in + i * sizeof(T), sizeof b);        \
    switch (op) { OPS }                              \
    memcpy(acc + i * sizeof(T), &r, sizeof r);       \
  }                                                  \
  return;
#define ORDER_OPS                                    \
  case MAX: r = a > b ? a : b; break;                \
  case MIN: r = a < b ? a : b; break;
#define INT_OPS(T, U)                                                          \
  ORDER_OPS                                                                    \
  case SUM: r = (T)(U)((U)a + (U)b); break;                                    \
  case PROD: r = (T)(U)((unsigned long long)(U)a * (unsigned long long)(U)b); break; \
  case LAND: r = (T)(a != 0 && b != 0); break;                                 \
  case LOR: r = (T)(a != 0 || b != 0); break;                                  \
  case LXOR: r = (T)((a != 0) != (b != 0)); break;                             \
  case BAND: r = (T)(a & b); break;                                            \
  case BOR: r = (T)(a | b); break;                                             \
  default: r = (T)(a ^ b); break;
#define FLOAT_OPS                                    \
  ORDER_OPS                                          \
  case SUM: r = a + b; break;                        \
  default: r = a * b; break;
#define INT_CASE(T, U) FOLD(T, INT_OPS(T, U))
#define FLOAT_CASE(T) FOLD(T, FLOAT_OPS)
static void fold(int op, int t, int n, unsigned char* acc, const unsigned char* in) {
  switch (t) {
    case I8: INT_CASE(int8_t, uint8_t)
    case U8: case BOOL: INT_CASE(uint8_t, uint8_t)
    case I16: INT_CASE(int16_t, uint16_t)
    case U16: INT_CASE(uint16_t, uint16_t)
    case I32: INT_CASE(int32_t, uint32_t)
    case U32: INT_CASE(uint32_t, uint32_t)
    case I64: INT_CASE(int64_t, uint64_t)
    case U64: INT_CASE(uint64_t, uint64_t)
    case F32: FLOAT_CASE(float)
    default: FLOAT_CASE(double)
  }
}

/* The subtree result of member m: its value, then each child's subtree in order. */
static void subtree(int m, int root, int op, int t, int n, const unsigned char* all, unsigned char* out) {
  const int bytes = n * type_size[t];
  int kids[MAXC * 2];
  unsigned char part[MAXC * 8];
  memcpy(out, all + (size_t)m * bytes, (size_t)bytes);
  const int k = children_of(m, root, kids);
  for (int c = 0; c < k; ++c) {
    subtree(kids[c], root, op, t, n, all, part);
    fold(op, t, n, out, part);
  }
}

static const uint64_t f64_special[] = {0x7FF8000000000000ull, 0xFFF8000000000123ull, 0x7FF0000000000001ull,
                                       0x7FF0000000000000ull, 0xFFF0000000000000ull, 0x0000000000000000ull,
                                       0x8000000000000000ull, 0x0000000000000001ull, 0x800FFFFFFFFFFFFFull,
                                       0x7FEFFFFFFFFFFFFFull, 0x3FF0000000000000ull, 0xBFF8000000000000ull};
static const uint32_t f32_special[] = {0x7FC00000u, 0xFFC00123u, 0x7F800001u, 0x7F800000u, 0xFF800000u, 0x00000000u,
                                       0x80000000u, 0x00000001u, 0x807FFFFFu, 0x7F7FFFFFu, 0x3F800000u, 0xBFC00000u};

/* Rank r's contribution: the same for a given (seed, r) wherever it is computed. */
static void values(uint64_t seed, int r, int t, int n, unsigned char* out) {
  rng_state = seed * 0x9E3779B97F4A7C15ull + (uint64_t)r * 0xD1B54A32D192ED03ull + 1;
  for (int i = 0; i < n; ++i) {
    const uint64_t x = rnd(), pick = rnd() % 4;
    if (t == F64) {
      double d = (double)(int64_t)(x % 2000001) / 1024.0 - 976.0;
      uint64_t bits;
      memcpy(&bits, &d, 8);
      if (pick == 0) bits = f64_special[rnd() % 12];
      else if (pick == 1) bits = x;  /* any bits at all */
      memcpy(out + 8 * i, &bits, 8);
    } else if (t == F32) {
      float f = (float)(int64_t)(x % 20001) / 64.0f - 150.0f;
      uint32_t bits;
      memcpy(&bits, &f, 4);
      if (pick == 0) bits = f32_special[rnd() % 12];
      else if (pick == 1) bits = (uint32_t)x;
      memcpy(out + 4 * i, &bits, 4);
    } else if (t == BOOL) {
      out[i] = (unsigned char)(x & 1);
    } else {
      /* small values often (so PROD and SUM stay interesting), any bits otherwise */
      uint64_t v = pick < 2 ? x % 7 : x;
      if (pick == 2) v = (uint64_t)-(int64_t)(x % 5);
      memcpy(out + type_size[t] * i, (unsigned char*)&v + (8 - type_size[t]), (size_t)type_size[t]);
    }
  }
}

static uint32_t digest = 2166136261u;
static void absorb(const unsigned char* p, int n) {
  for (int i = 0; i < n; ++i) digest = (digest ^ p[i]) * 16777619u;
}

static uint64_t skew_seed;
static void maybe_skew(int long_wait) {
  if (!skew_seed) return;
  volatile unsigned spin = 0;
  unsigned n = (unsigned)(rnd() % 3000);
  if (long_wait) n += 200000;
  while (spin < n) ++spin;
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  skew_seed = argc > 1 ? strtoull(argv[1], 0, 0) : 0;
  degree = reduce_tree_degree();
  const MPI_Datatype types[NTYPES] = {MPI_INT8_T, MPI_UINT8_T, MPI_INT16_T, MPI_UINT16_T, MPI_INT32_T, MPI_UINT32_T,
                                      MPI_INT64_T, MPI_UINT64_T, MPI_FLOAT, MPI_DOUBLE, MPI_C_BOOL};
  memcpy(mpi_type, types, sizeof types);
  static const int counts[] = {1, 3, MAXC};
  unsigned char mine[MAXC * 8], got[MAXC * 8], want[MAXC * 8];
  unsigned char* all = malloc((size_t)size * MAXC * 8);
  long checked = 0, wrong = 0, round = 0;
  for (int t = 0; t < NTYPES; ++t)
    for (int op = 0; op < NOPS; ++op) {
      if (!valid(op, t)) continue;
      for (int ci = 0; ci < 3; ++ci) {
        const int n = counts[ci], bytes = n * type_size[t];
        for (int kind = 0; kind < 4; ++kind) {  /* Reduce, Allreduce, Ireduce, Iallreduce */
          const uint64_t seed = (uint64_t)(round++);
          const int root = kind & 1 ? 0 : (int)(seed % (uint64_t)size);
          values(seed, me, t, n, mine);
          for (int r = 0; r < size; ++r) values(seed, r, t, n, all + (size_t)r * bytes);
          rng_state = skew_seed * 7919u + (uint64_t)me * 104729u + seed;
          maybe_skew(skew_seed && round == 1 && me == root);
          memset(got, 0xA5, sizeof got);
          MPI_Request req;
          int flag = 0;
          switch (kind) {
            case 0: MPI_Reduce(mine, got, n, mpi_type[t], mpi_op[op], root, MPI_COMM_WORLD); break;
            case 1: MPI_Allreduce(mine, got, n, mpi_type[t], mpi_op[op], MPI_COMM_WORLD); break;
            case 2:
              MPI_Ireduce(mine, got, n, mpi_type[t], mpi_op[op], root, MPI_COMM_WORLD, &req);
              while (!flag) MPI_Test(&req, &flag, MPI_STATUS_IGNORE);
              break;
            default:
              MPI_Iallreduce(mine, got, n, mpi_type[t], mpi_op[op], MPI_COMM_WORLD, &req);
              MPI_Wait(&req, MPI_STATUS_IGNORE);
          }
          if (kind & 1 || me == root) {
            subtree(root, root, op, t, n, all, want);
            ++checked;
            if (memcmp(got, want, (size_t)bytes)) {
              if (++wrong <= 5)
                printf("rank %d: %s %s x%d (%s, root %d) differs from the reference\n", me, op_name[op], type_name[t], n,
                       kind == 0 ? "Reduce" : kind == 1 ? "Allreduce" : kind == 2 ? "Ireduce" : "Iallreduce", root);
            }
            absorb(got, bytes);
          }
        }
      }
    }
  /* Several outstanding at once: more Iallreduces than the NIC has slots, waited for together. */
  enum { OUT = 9 };
  MPI_Request reqs[OUT];
  double in[OUT], sum[OUT];
  for (int i = 0; i < OUT; ++i) {
    in[i] = 1.0 / (me + 1 + i);
    MPI_Iallreduce(&in[i], &sum[i], 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, &reqs[i]);
  }
  MPI_Waitall(OUT, reqs, MPI_STATUSES_IGNORE);
  for (int i = 0; i < OUT; ++i) absorb((unsigned char*)&sum[i], 8);
  long totals[2] = {checked, wrong}, sums[2];
  MPI_Reduce(totals, sums, 2, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
  uint32_t digests[1024];
  MPI_Gather(&digest, 1, MPI_UINT32_T, digests, 1, MPI_UINT32_T, 0, MPI_COMM_WORLD);
  if (me == 0) {
    uint32_t d = 2166136261u;
    for (int r = 0; r < size; ++r) d = (d ^ digests[r]) * 16777619u;
    printf("checked %ld results, %ld differ from the reference\ndigest %08x\n", sums[0], sums[1], (unsigned)d);
  }
  free(all);
  MPI_Finalize();
  return 0;  /* (check_reduce.py judges: with PIMNIC_REDUCE=host float results differ by design) */
}
