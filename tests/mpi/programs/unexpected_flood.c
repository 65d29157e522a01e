/* An unexpected-message flood far beyond a NIC's buffer space: the other ranks start 20,000 eager
 * messages (0 to 256 bytes, about 2.5 MB in all) to rank 0 and tell it so on another
 * communicator before rank 0 posts a single receive; then rank 0 receives them all with
 * wildcards. Nothing may be lost or duplicated, per-source order is kept, every byte checked.
 * Then the same with rank 0 receiving by exact tag in reverse tag order (the unexpected queue is
 * searched, not just popped). Usage: unexpected_flood [MESSAGES] */
#include "mpitest.h"

static int bytes_of(long seq) { return (int)((seq * 37) % 257); }

static void flood(long total, int phase) {
  int senders = mt_size - 1;
  long per_sender = total / senders + (mt_rank <= total % senders ? 1 : 0);
  MPI_Comm token_comm;
  MPI_Comm_dup(MPI_COMM_WORLD, &token_comm);
  const int ntags = 4;
  if (mt_rank != 0) {
    char* buf = (char*)malloc((size_t)per_sender * 260);
    MPI_Request* req = (MPI_Request*)malloc(sizeof(MPI_Request) * (size_t)(per_sender + 1));
    for (long s = 0; s < per_sender; s++) {
      char* p = buf + s * 260;
      mt_fill(p, bytes_of(s), mt_rank, s + phase * 1000000L);
      MPI_Isend(p, bytes_of(s), MPI_BYTE, 0, (int)(s % ntags), MPI_COMM_WORLD, &req[s]);
    }
    MPI_Isend(&per_sender, 1, MPI_LONG, 0, 0, token_comm, &req[per_sender]);
    MPI_Waitall((int)per_sender + 1, req, MPI_STATUSES_IGNORE);
    free(buf);
    free(req);
    MPI_Comm_free(&token_comm);
    return;
  }
  long* count_of = (long*)calloc(mt_size, sizeof(long));
  long expected = 0;
  for (int r = 1; r < mt_size; r++) {
    MPI_Recv(&count_of[r], 1, MPI_LONG, r, 0, token_comm, MPI_STATUS_IGNORE);
    expected += count_of[r];
  }
  char buf[260];
  long received = 0;
  MPI_Status st;
  if (phase == 0) {
    /* Wildcards: per source, sequence numbers in order. */
    long* seq = (long*)calloc(mt_size, sizeof(long));
    for (long m = 0; m < expected; m++) {
      int count;
      MPI_Recv(buf, sizeof buf, MPI_BYTE, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
      MPI_Get_count(&st, MPI_BYTE, &count);
      int src = st.MPI_SOURCE;
      long s = seq[src]++;
      mt_check(st.MPI_TAG == s % ntags && count == bytes_of(s) && mt_first_bad(buf, count, src, s) < 0,
               "from %d: message %ld has tag %d, %d bytes (expected tag %ld, %d bytes) or wrong content", src, s,
               st.MPI_TAG, count, s % ntags, bytes_of(s));
      received++;
    }
    for (int r = 1; r < mt_size; r++) mt_check(seq[r] == count_of[r], "from %d: %ld of %ld", r, seq[r], count_of[r]);
    free(seq);
    mt_printf("%ld unexpected messages from %d senders received with wildcards, per-source order kept\n", received, senders);
  } else {
    /* Exact source and tag, tags from the last to the first: each receive searches the queue. */
    for (int tag = ntags - 1; tag >= 0; tag--) {
      for (int r = 1; r < mt_size; r++) {
        for (long s = tag; s < count_of[r]; s += ntags) {
          int count;
          MPI_Recv(buf, sizeof buf, MPI_BYTE, r, tag, MPI_COMM_WORLD, &st);
          MPI_Get_count(&st, MPI_BYTE, &count);
          mt_check(count == bytes_of(s) && mt_first_bad(buf, count, r, s + phase * 1000000L) < 0,
                   "from %d tag %d: message %ld has %d bytes or wrong content", r, tag, s, count);
          received++;
        }
      }
    }
    mt_printf("%ld unexpected messages received by exact source and tag, last tag first, in order\n", received);
  }
  int flag;
  MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
  mt_check(!flag, "a message is left over");
  free(count_of);
  MPI_Comm_free(&token_comm);
}

int main(int argc, char** argv) {
  mt_init(&argc, &argv);
  mt_require_size(2, 1);
  long total = argc > 1 ? atol(argv[1]) : 20000;
  flood(total, 0);
  mt_flush();
  flood(total / 4, 1);
  return mt_finish();
}
