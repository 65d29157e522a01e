/* MPI_Barrier, MPI_Bcast, MPI_Gather, MPI_Scatter, MPI_Allgather and MPI_Alltoall on every basic
 * datatype (and the pair types), roots rotating over the ranks, small counts and large ones (a
 * 4 MiB broadcast, an all-to-all above the eager threshold). Every rank checks every element it
 * receives; rank 0 prints a sum over what it holds after each call. The barrier is checked with
 * MPI_Wtime: ranks enter it at staggered times, and no rank leaves before the last one entered. */
#include "mpitest.h"

typedef enum { K_CHAR, K_SCHAR, K_UCHAR, K_BYTE, K_SHORT, K_USHORT, K_INT, K_UNSIGNED, K_LONG, K_ULONG,
               K_LLONG, K_ULLONG, K_FLOAT, K_DOUBLE, K_2INT, K_FLOAT_INT, K_DOUBLE_INT, NKINDS } Kind;
typedef struct { int v, k; } PairInt;
typedef struct { float v; int k; } PairFloat;
typedef struct { double v; int k; } PairDouble;

static const char* kind_name[NKINDS] = {"MPI_CHAR", "MPI_SIGNED_CHAR", "MPI_UNSIGNED_CHAR", "MPI_BYTE",
    "MPI_SHORT", "MPI_UNSIGNED_SHORT", "MPI_INT", "MPI_UNSIGNED", "MPI_LONG", "MPI_UNSIGNED_LONG",
    "MPI_LONG_LONG", "MPI_UNSIGNED_LONG_LONG", "MPI_FLOAT", "MPI_DOUBLE", "MPI_2INT", "MPI_FLOAT_INT",
    "MPI_DOUBLE_INT"};
static MPI_Datatype kind_type(Kind k) {
  switch (k) {
    case K_CHAR: return MPI_CHAR;
    case K_SCHAR: return MPI_SIGNED_CHAR;
    case K_UCHAR: return MPI_UNSIGNED_CHAR;
    case K_BYTE: return MPI_BYTE;
    case K_SHORT: return MPI_SHORT;
    case K_USHORT: return MPI_UNSIGNED_SHORT;
    case K_INT: return MPI_INT;
    case K_UNSIGNED: return MPI_UNSIGNED;
    case K_LONG: return MPI_LONG;
    case K_ULONG: return MPI_UNSIGNED_LONG;
    case K_LLONG: return MPI_LONG_LONG;
    case K_ULLONG: return MPI_UNSIGNED_LONG_LONG;
    case K_FLOAT: return MPI_FLOAT;
    case K_DOUBLE: return MPI_DOUBLE;
    case K_2INT: return MPI_2INT;
    case K_FLOAT_INT: return MPI_FLOAT_INT;
    default: return MPI_DOUBLE_INT;
  }
}
static size_t kind_size(Kind k) {
  static const size_t sizes[NKINDS] = {1, 1, 1, 1, sizeof(short), sizeof(short), sizeof(int), sizeof(int),
      sizeof(long), sizeof(long), sizeof(long long), sizeof(long long), sizeof(float), sizeof(double),
      sizeof(PairInt), sizeof(PairFloat), sizeof(PairDouble)};
  return sizes[k];
}

/* Element i of what rank r contributes (for Alltoall: to rank d), as a value every type holds. */
static double value(int r, long i) { return (double)((r * 31 + i * 7) % 100); }

static void put(Kind k, void* base, long i, double v, int r) {
  char* p = (char*)base + i * kind_size(k);
  switch (k) {
    case K_CHAR: *(char*)p = (char)v; break;
    case K_SCHAR: *(signed char*)p = (signed char)v; break;
    case K_UCHAR: case K_BYTE: *(unsigned char*)p = (unsigned char)v; break;
    case K_SHORT: *(short*)p = (short)v; break;
    case K_USHORT: *(unsigned short*)p = (unsigned short)v; break;
    case K_INT: *(int*)p = (int)v; break;
    case K_UNSIGNED: *(unsigned*)p = (unsigned)v; break;
    case K_LONG: *(long*)p = (long)v; break;
    case K_ULONG: *(unsigned long*)p = (unsigned long)v; break;
    case K_LLONG: *(long long*)p = (long long)v; break;
    case K_ULLONG: *(unsigned long long*)p = (unsigned long long)v; break;
    case K_FLOAT: *(float*)p = (float)(v + 0.5); break;
    case K_DOUBLE: *(double*)p = v + 0.25; break;
    case K_2INT: ((PairInt*)p)->v = (int)v, ((PairInt*)p)->k = r; break;
    case K_FLOAT_INT: ((PairFloat*)p)->v = (float)(v + 0.5), ((PairFloat*)p)->k = r; break;
    default: ((PairDouble*)p)->v = v + 0.25, ((PairDouble*)p)->k = r; break;
  }
}

/* Compares element i with what put(k, v, r) stores, field by field (pair types have padding). */
static int same(Kind k, const void* base, long i, double v, int r) {
  union { PairDouble pd; PairFloat pf; PairInt pi; long long ll; double d; char c[16]; } want;
  memset(&want, 0, sizeof want);
  put(k, &want, 0, v, r);
  const char* p = (const char*)base + i * kind_size(k);
  switch (k) {
    case K_2INT: return ((const PairInt*)p)->v == want.pi.v && ((const PairInt*)p)->k == r;
    case K_FLOAT_INT: return ((const PairFloat*)p)->v == want.pf.v && ((const PairFloat*)p)->k == r;
    case K_DOUBLE_INT: return ((const PairDouble*)p)->v == want.pd.v && ((const PairDouble*)p)->k == r;
    default: return memcmp(p, &want, kind_size(k)) == 0;
  }
}

/* A platform-independent sum of a buffer (for rank 0's line): values plus pair indices. */
static double sum_of(Kind k, const void* base, long n) {
  double s = 0;
  for (long i = 0; i < n; i++) {
    const char* p = (const char*)base + i * kind_size(k);
    switch (k) {
      case K_CHAR: s += *(const char*)p; break;
      case K_SCHAR: s += *(const signed char*)p; break;
      case K_UCHAR: case K_BYTE: s += *(const unsigned char*)p; break;
      case K_SHORT: s += *(const short*)p; break;
      case K_USHORT: s += *(const unsigned short*)p; break;
      case K_INT: s += *(const int*)p; break;
      case K_UNSIGNED: s += *(const unsigned*)p; break;
      case K_LONG: s += (double)*(const long*)p; break;
      case K_ULONG: s += (double)*(const unsigned long*)p; break;
      case K_LLONG: s += (double)*(const long long*)p; break;
      case K_ULLONG: s += (double)*(const unsigned long long*)p; break;
      case K_FLOAT: s += *(const float*)p; break;
      case K_DOUBLE: s += *(const double*)p; break;
      case K_2INT: s += ((const PairInt*)p)->v + 1000.0 * ((const PairInt*)p)->k; break;
      case K_FLOAT_INT: s += ((const PairFloat*)p)->v + 1000.0 * ((const PairFloat*)p)->k; break;
      default: s += ((const PairDouble*)p)->v + 1000.0 * ((const PairDouble*)p)->k; break;
    }
  }
  return s;
}

static int calls; /* rotates the roots */

static void report(const char* coll, Kind k, int n, int root, const void* buf, long count) {
  char where[24] = "";
  if (root >= 0) snprintf(where, sizeof where, " root %d", root);
  mt_say("%-9s %-22s count %5d%s: sum %.2f\n", coll, kind_name[k], n, where, mt_rank == 0 ? sum_of(k, buf, count) : 0.0);
}

static void bcast(Kind k, int n) {
  int root = calls++ % mt_size;
  char* buf = (char*)malloc(n * kind_size(k));
  for (long i = 0; i < n; i++) put(k, buf, i, mt_rank == root ? value(root, i) : 0, mt_rank == root ? root : -1);
  MPI_Bcast(buf, n, kind_type(k), root, MPI_COMM_WORLD);
  int bad = 0;
  for (long i = 0; i < n; i++) bad += !same(k, buf, i, value(root, i), root);
  mt_check(!bad, "Bcast %s count %d root %d: %d elements wrong", kind_name[k], n, root, bad);
  report("Bcast", k, n, root, buf, n);
  free(buf);
}

static void gather(Kind k, int n, int all) {
  int root = all ? 0 : calls++ % mt_size;
  char* in = (char*)malloc(n * kind_size(k));
  char* out = (char*)calloc((size_t)n * mt_size, kind_size(k));
  for (long i = 0; i < n; i++) put(k, in, i, value(mt_rank, i), mt_rank);
  if (all) MPI_Allgather(in, n, kind_type(k), out, n, kind_type(k), MPI_COMM_WORLD);
  else MPI_Gather(in, n, kind_type(k), out, n, kind_type(k), root, MPI_COMM_WORLD);
  if (all || mt_rank == root) {
    int bad = 0;
    for (int r = 0; r < mt_size; r++)
      for (long i = 0; i < n; i++) bad += !same(k, out, r * (long)n + i, value(r, i), r);
    mt_check(!bad, "%s %s count %d: %d elements wrong", all ? "Allgather" : "Gather", kind_name[k], n, bad);
    if (root != 0 && !all) MPI_Send(out, n * mt_size * (int)kind_size(k), MPI_BYTE, 0, 3, MPI_COMM_WORLD);
  }
  if (!all && root != 0 && mt_rank == 0)
    MPI_Recv(out, n * mt_size * (int)kind_size(k), MPI_BYTE, root, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  report(all ? "Allgather" : "Gather", k, n, all ? -1 : root, out, (long)n * mt_size);
  free(in);
  free(out);
}

static void scatter(Kind k, int n) {
  int root = calls++ % mt_size;
  char* in = (char*)malloc((size_t)n * mt_size * kind_size(k));
  char* out = (char*)malloc(n * kind_size(k));
  for (int r = 0; r < mt_size && mt_rank == root; r++)
    for (long i = 0; i < n; i++) put(k, in, r * (long)n + i, value(r, i + 1), r);
  MPI_Scatter(in, n, kind_type(k), out, n, kind_type(k), root, MPI_COMM_WORLD);
  int bad = 0;
  for (long i = 0; i < n; i++) bad += !same(k, out, i, value(mt_rank, i + 1), mt_rank);
  mt_check(!bad, "Scatter %s count %d root %d: %d elements wrong", kind_name[k], n, root, bad);
  report("Scatter", k, n, root, out, n);
  free(in);
  free(out);
}

static void alltoall(Kind k, int n) {
  char* in = (char*)malloc((size_t)n * mt_size * kind_size(k));
  char* out = (char*)malloc((size_t)n * mt_size * kind_size(k));
  /* Block d of rank r's input goes to rank d: values from (r, d). */
  for (int d = 0; d < mt_size; d++)
    for (long i = 0; i < n; i++) put(k, in, d * (long)n + i, value(mt_rank * 17 + d, i), mt_rank);
  MPI_Alltoall(in, n, kind_type(k), out, n, kind_type(k), MPI_COMM_WORLD);
  int bad = 0;
  for (int r = 0; r < mt_size; r++)
    for (long i = 0; i < n; i++) bad += !same(k, out, r * (long)n + i, value(r * 17 + mt_rank, i), r);
  mt_check(!bad, "Alltoall %s count %d: %d elements wrong", kind_name[k], n, bad);
  report("Alltoall", k, n, -1, out, (long)n * mt_size);
  free(in);
  free(out);
}

/* 4 MiB broadcast from the last rank, checked with the cheap word pattern. */
static void bcast_4mib(void) {
  const long n = 4L << 20;
  int root = mt_size - 1;
  char* buf = (char*)calloc(n, 1);
  if (mt_rank == root) mt_fill(buf, n, root, 77);
  MPI_Bcast(buf, (int)n, MPI_BYTE, root, MPI_COMM_WORLD);
  mt_check(mt_first_bad(buf, n, root, 77) < 0, "4 MiB Bcast: content");
  mt_say("Bcast     4 MiB of MPI_BYTE from rank %d\n", root);
  free(buf);
}

/* Rank r enters the barrier r * 40 us after a common start; nobody may leave before the last
 * entered. Times are gathered to rank 0 (MPI_Wtime is global on both MPICH's node and pimnic). */
static void barrier(void) {
  double times[2], *all = (double*)malloc(sizeof(double) * 2 * mt_size);
  MPI_Barrier(MPI_COMM_WORLD);
  double start = MPI_Wtime();
  while (MPI_Wtime() - start < mt_rank * 40e-6) {
  }
  times[0] = MPI_Wtime();
  MPI_Barrier(MPI_COMM_WORLD);
  times[1] = MPI_Wtime();
  MPI_Gather(times, 2, MPI_DOUBLE, all, 2, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  if (mt_rank == 0) {
    double last_in = all[0], first_out = all[1];
    for (int r = 1; r < mt_size; r++) {
      if (all[2 * r] > last_in) last_in = all[2 * r];
      if (all[2 * r + 1] < first_out) first_out = all[2 * r + 1];
    }
    mt_check(first_out >= last_in, "a rank left the barrier %g s before the last entered", last_in - first_out);
  }
  mt_say("Barrier: no rank left before the last entered\n");
  free(all);
}

int main(int argc, char** argv) {
  mt_init(&argc, &argv);
  mt_require_size(1, 1);
  barrier();
  for (int k = 0; k < NKINDS; k++) {
    bcast((Kind)k, 3);
    gather((Kind)k, 3, 0);
    scatter((Kind)k, 3);
    gather((Kind)k, 2, 1);
    alltoall((Kind)k, 2);
  }
  mt_flush();
  /* Large: above any eager threshold. */
  bcast_4mib();
  bcast(K_DOUBLE, 20000);
  gather(K_INT, 20000, 0);
  scatter(K_DOUBLE, 10000);
  gather(K_LLONG, 5000, 1);
  alltoall(K_INT, 10000);
  return mt_finish();
}
