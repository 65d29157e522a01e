/* Shared helpers of the MPI test programs (tests/mpi/programs). Header only, plain C99 and MPI-1,
 * so that the same program builds with Debian's MPICH and with pimnic-mpicc.
 *
 * Output must not depend on how ranks interleave (mpirun merges their stdout in any order), so a
 * rank never prints directly: it appends lines with mt_printf/mt_check, and mt_flush (collective
 * over MPI_COMM_WORLD) prints rank 0's lines, then rank 1's, ... from rank 0. The lines travel by
 * point-to-point messages on a private duplicate of MPI_COMM_WORLD, so they never match a test's
 * wildcard receives. mt_finish prints the error count and gives the exit status. */
#ifndef PIMNIC_MPITEST_H
#define PIMNIC_MPITEST_H

#include <mpi.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* MPICH before 4.2 returns source 0 and tag 0, not MPI_PROC_NULL and MPI_ANY_TAG, in the status
 * of a nonblocking receive from MPI_PROC_NULL (pmodels/mpich#6805, fixed by #6819). */
#if defined(MPICH_NUMVERSION) && MPICH_NUMVERSION < 40200000
#define MT_IRECV_PROC_NULL_STATUS_BROKEN 1
#else
#define MT_IRECV_PROC_NULL_STATUS_BROKEN 0
#endif

static int mt_rank, mt_size;
static MPI_Comm mt_out_comm;
static char* mt_text;
static size_t mt_len, mt_cap;
static long mt_errors;         /* failed checks on this rank */
static long mt_errors_shown;   /* at most a few are described, the rest only counted */

static inline void mt_vappend(const char* fmt, va_list ap) {
  va_list copy;
  va_copy(copy, ap);
  int n = vsnprintf(NULL, 0, fmt, copy);
  va_end(copy);
  if (n < 0) return;
  if (mt_len + (size_t)n + 1 > mt_cap) {
    mt_cap = 2 * (mt_len + (size_t)n + 1);
    mt_text = (char*)realloc(mt_text, mt_cap);
  }
  vsnprintf(mt_text + mt_len, (size_t)n + 1, fmt, ap);
  mt_len += (size_t)n;
}

/* Append text to this rank's output (printed at the next mt_flush, in rank order). */
static inline void mt_printf(const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  mt_vappend(fmt, ap);
  va_end(ap);
}

/* Count a failed check and describe the first few ("rank R: FAIL ..."). Returns cond. */
static inline int mt_check(int cond, const char* fmt, ...) {
  if (cond) return 1;
  mt_errors++;
  if (mt_errors_shown++ < 8) {
    va_list ap;
    va_start(ap, fmt);
    mt_printf("rank %d: FAIL ", mt_rank);
    mt_vappend(fmt, ap);
    mt_printf("\n");
    va_end(ap);
  }
  return 0;
}

/* After MPI_Init (or MPI_Init_thread): the rank, the size and the output communicator. */
static inline void mt_attach(void) {
  MPI_Comm_rank(MPI_COMM_WORLD, &mt_rank);
  MPI_Comm_size(MPI_COMM_WORLD, &mt_size);
  MPI_Comm_dup(MPI_COMM_WORLD, &mt_out_comm);
}

static inline void mt_init(int* argc, char*** argv) {
  MPI_Init(argc, argv);
  mt_attach();
}

/* Collective: rank 0 prints every rank's pending text in rank order. It also synchronises like a
 * barrier (rank 0 answers every rank after printing), so that phases of a test do not overlap. */
static inline void mt_flush(void) {
  const int tag = 7;
  if (mt_rank == 0) {
    if (mt_len) fwrite(mt_text, 1, mt_len, stdout);
    for (int r = 1; r < mt_size; r++) {
      int len;
      MPI_Recv(&len, 1, MPI_INT, r, tag, mt_out_comm, MPI_STATUS_IGNORE);
      if (len > 0) {
        char* buf = (char*)malloc((size_t)len);
        MPI_Recv(buf, len, MPI_CHAR, r, tag, mt_out_comm, MPI_STATUS_IGNORE);
        fwrite(buf, 1, (size_t)len, stdout);
        free(buf);
      }
    }
    fflush(stdout);
    for (int r = 1; r < mt_size; r++) MPI_Send(NULL, 0, MPI_BYTE, r, tag, mt_out_comm);
  } else {
    int len = (int)mt_len;
    MPI_Send(&len, 1, MPI_INT, 0, tag, mt_out_comm);
    if (len > 0) MPI_Send(mt_text, len, MPI_CHAR, 0, tag, mt_out_comm);
    MPI_Recv(NULL, 0, MPI_BYTE, 0, tag, mt_out_comm, MPI_STATUS_IGNORE);
  }
  mt_len = 0;
}

/* Rank 0 prints `line` once (every rank may call it; only rank 0's text is kept). */
static inline void mt_say(const char* fmt, ...) {
  if (mt_rank != 0) return;
  va_list ap;
  va_start(ap, fmt);
  mt_vappend(fmt, ap);
  va_end(ap);
}

/* Collective: print what is pending and the total error count, finalize, return the exit status. */
static inline int mt_finish(void) {
  mt_flush();
  long total = mt_errors;
  const int tag = 8;
  if (mt_rank == 0) {
    for (int r = 1; r < mt_size; r++) {
      long e;
      MPI_Recv(&e, 1, MPI_LONG, r, tag, mt_out_comm, MPI_STATUS_IGNORE);
      total += e;
    }
    printf("errors: %ld\n", total);
    fflush(stdout);
  } else {
    MPI_Send(&total, 1, MPI_LONG, 0, tag, mt_out_comm);
  }
  /* Every rank learns the total so that all agree on the exit status. */
  MPI_Bcast(&total, 1, MPI_LONG, 0, mt_out_comm);
  MPI_Comm_free(&mt_out_comm);
  MPI_Finalize();
  free(mt_text);
  return total ? 1 : 0;
}

/* The deterministic content of message `seq` from `src`, in 32-bit words (cheap to fill and to
 * check on an emulated core); sender and receiver are the same build, so byte order is theirs. */
static inline uint32_t mt_word0(int src, long seq) {
  return (uint32_t)src * 2654435761u ^ (uint32_t)seq * 40503u ^ 0x5bd1e995u;
}
#define MT_STEP 0x9e3779b9u

static inline void mt_fill(void* buf, long n, int src, long seq) {
  unsigned char* p = (unsigned char*)buf;
  uint32_t w = mt_word0(src, seq);
  long i = 0;
  for (; i + 4 <= n; i += 4, w += MT_STEP) memcpy(p + i, &w, 4);
  if (i < n) memcpy(p + i, &w, (size_t)(n % 4)); /* the tail: n - i < 4 */
}

/* Index of the first byte (rounded down to its word) that differs from mt_fill's content, or -1. */
static inline long mt_first_bad(const void* buf, long n, int src, long seq) {
  const unsigned char* p = (const unsigned char*)buf;
  uint32_t w = mt_word0(src, seq), got;
  long i = 0;
  for (; i + 4 <= n; i += 4, w += MT_STEP) {
    memcpy(&got, p + i, 4);
    if (got != w) return i;
  }
  if (i < n && memcmp(p + i, &w, (size_t)(n % 4)) != 0) return i;
  return -1;
}

/* Exits with a message when the program needs a different number of ranks. */
static inline void mt_require_size(int min, int multiple) {
  if (mt_size < min || mt_size % multiple) {
    if (mt_rank == 0) fprintf(stderr, "needs at least %d ranks, a multiple of %d\n", min, multiple);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
}

#endif
