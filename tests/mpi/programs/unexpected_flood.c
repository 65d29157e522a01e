/* Unexpected-message floods beyond a NIC's buffer space; nothing may be lost or duplicated,
 * per-source order is kept, every byte is checked.
 *
 * 1. Beyond the eager buffer: the other ranks start TOKEN_MESSAGES eager messages in all (0 to 4 KiB,
 *    about 11 times a conventional NIC's 64 KiB of eager buffer) to rank 0 and tell it so on
 *    another communicator before rank 0 posts a single receive; rank 0 receives the count first
 *    (it must overtake the flood: another communicator), then the messages with wildcards; then a
 *    quarter as many by exact source and tag in reverse tag order (the queue is searched).
 *    The count stays below the NIC's unexpected header slots (384 on the conventional NIC): a
 *    receive that waits for a message queued behind refused ones cannot be met once every slot
 *    holds a message nobody receives yet (docs/mpi-protocol.md, Capacities).
 * 2. Beyond the header slots: the other ranks start SLOW_MESSAGES small messages in all while rank 0
 *    computes for a millisecond, then rank 0 receives them all with wildcards: the senders are held
 *    back (NACK, RESUME with credits) and resume as rank 0 takes messages.
 * Usage: unexpected_flood [TOKEN_MESSAGES [SLOW_MESSAGES]] */
#include "mpitest.h"

enum { kTags = 4, kMaxBytes = 4096 };

static int token_bytes(long seq) { return (int)((seq * 1237) % (kMaxBytes + 1)); }
static int slow_bytes(long seq) { return (int)((seq * 13) % 65); }

/* Messages this rank sends out of `total`, spread over ranks 1..size-1. */
static long share(long total, int rank) {
  int senders = mt_size - 1;
  return total / senders + (rank <= total % senders ? 1 : 0);
}

/* Rank 0: one message from anyone, checked against the sender's next number (seq[src]). */
static void receive_checked(char* buf, long* seq, int (*bytes_of)(long), long salt) {
  MPI_Status st;
  int count;
  MPI_Recv(buf, kMaxBytes, MPI_BYTE, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
  MPI_Get_count(&st, MPI_BYTE, &count);
  int src = st.MPI_SOURCE;
  long s = seq[src]++;
  mt_check(st.MPI_TAG == s % kTags && count == bytes_of(s) && mt_first_bad(buf, count, src, s + salt) < 0,
           "from %d: message %ld has tag %d, %d bytes (expected tag %ld, %d bytes) or wrong content", src, s,
           st.MPI_TAG, count, s % kTags, bytes_of(s));
}

static void no_leftover(void) {
  int flag;
  MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
  mt_check(!flag, "a message is left over");
}

/* Senders: start `n` messages to rank 0 (sizes from bytes_of, content numbered from salt), then
 * the count on token_comm if there is one, and wait for all. */
static void send_all(long n, int (*bytes_of)(long), long salt, MPI_Comm token_comm) {
  char* buf = (char*)malloc((size_t)(n ? n : 1) * (kMaxBytes + 4));
  MPI_Request* req = (MPI_Request*)malloc(sizeof(MPI_Request) * (size_t)(n + 1));
  for (long s = 0; s < n; s++) {
    char* p = buf + s * (kMaxBytes + 4);
    mt_fill(p, bytes_of(s), mt_rank, s + salt);
    MPI_Isend(p, bytes_of(s), MPI_BYTE, 0, (int)(s % kTags), MPI_COMM_WORLD, &req[s]);
  }
  int requests = (int)n;
  if (token_comm != MPI_COMM_NULL) MPI_Isend(&n, 1, MPI_LONG, 0, 0, token_comm, &req[requests++]);
  MPI_Waitall(requests, req, MPI_STATUSES_IGNORE);
  free(buf);
  free(req);
}

static void beyond_eager_buffer(long total, int phase) {
  MPI_Comm token_comm;
  MPI_Comm_dup(MPI_COMM_WORLD, &token_comm);
  const long salt = phase * 1000000L;
  if (mt_rank != 0) {
    send_all(share(total, mt_rank), token_bytes, salt, token_comm);
    MPI_Comm_free(&token_comm);
    return;
  }
  long* count_of = (long*)calloc(mt_size, sizeof(long));
  long expected = 0;
  for (int r = 1; r < mt_size; r++) {
    MPI_Recv(&count_of[r], 1, MPI_LONG, r, 0, token_comm, MPI_STATUS_IGNORE);
    expected += count_of[r];
  }
  char buf[kMaxBytes];
  long received = 0;
  if (phase == 0) {
    long* seq = (long*)calloc(mt_size, sizeof(long));
    for (long m = 0; m < expected; m++, received++) receive_checked(buf, seq, token_bytes, salt);
    for (int r = 1; r < mt_size; r++) mt_check(seq[r] == count_of[r], "from %d: %ld of %ld", r, seq[r], count_of[r]);
    free(seq);
    mt_printf("%ld unexpected messages (up to %d bytes) from %d senders received with wildcards, per-source order kept\n",
              received, kMaxBytes, mt_size - 1);
  } else {
    for (int tag = kTags - 1; tag >= 0; tag--) {
      for (int r = 1; r < mt_size; r++) {
        for (long s = tag; s < count_of[r]; s += kTags) {
          MPI_Status st;
          int count;
          MPI_Recv(buf, sizeof buf, MPI_BYTE, r, tag, MPI_COMM_WORLD, &st);
          MPI_Get_count(&st, MPI_BYTE, &count);
          mt_check(count == token_bytes(s) && mt_first_bad(buf, count, r, s + salt) < 0,
                   "from %d tag %d: message %ld has %d bytes or wrong content", r, tag, s, count);
          received++;
        }
      }
    }
    mt_printf("%ld unexpected messages received by exact source and tag, last tag first, in order\n", received);
  }
  no_leftover();
  free(count_of);
  MPI_Comm_free(&token_comm);
}

static void beyond_header_slots(long total) {
  const long salt = 2000000L;
  if (mt_rank != 0) {
    send_all(share(total, mt_rank), slow_bytes, salt, MPI_COMM_NULL);
    return;
  }
  double start = MPI_Wtime();
  while (MPI_Wtime() - start < 1e-3) {
  }
  long* seq = (long*)calloc(mt_size, sizeof(long));
  char buf[kMaxBytes];
  for (long m = 0; m < total; m++) receive_checked(buf, seq, slow_bytes, salt);
  for (int r = 1; r < mt_size; r++)
    mt_check(seq[r] == share(total, r), "from %d: %ld of %ld", r, seq[r], share(total, r));
  free(seq);
  no_leftover();
  mt_printf("%ld messages from %d senders to a receiver that started late, per-source order kept\n", total, mt_size - 1);
}

int main(int argc, char** argv) {
  mt_init(&argc, &argv);
  mt_require_size(2, 1);
  long token_total = argc > 1 ? atol(argv[1]) : 360;
  long slow_total = argc > 2 ? atol(argv[2]) : 2000;
  beyond_eager_buffer(token_total, 0);
  mt_flush();
  beyond_eager_buffer(token_total / 4, 1);
  mt_flush();
  beyond_header_slots(slow_total);
  return mt_finish();
}
