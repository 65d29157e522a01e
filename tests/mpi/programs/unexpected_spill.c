/* Unexpected messages past the NIC's header slots while the receiver waits for other traffic
 * (issue 33 item 1): every rank but 0 starts SMALL small messages and LARGE large (rendezvous)
 * ones to rank 0, then enters MPI_Barrier; rank 0 enters the barrier first and only then receives
 * them, by exact source and tag in reverse tag order. The barrier's messages are sent after the
 * flood, on another communicator: MPI requires them to arrive whatever the flood holds, so the
 * number of unexpected messages may be bounded only by memory. Every byte is checked.
 * Usage: unexpected_spill [SMALL [LARGE]] (defaults 400 and 4: the reproducer) */
#include "mpitest.h"

enum { kTags = 8, kSmallMax = 64, kLargeBytes = 64 * 1024 };

static int small_bytes(long s) { return (int)((s * 7) % (kSmallMax + 1)); }

int main(int argc, char** argv) {
  mt_init(&argc, &argv);
  mt_require_size(2, 1);
  const long small = argc > 1 ? atol(argv[1]) : 400;
  const long large = argc > 2 ? atol(argv[2]) : 4;
  const long n = small + large;
  if (mt_rank != 0) {
    char* buf = (char*)malloc((size_t)small * kSmallMax + (size_t)large * kLargeBytes + 1);
    MPI_Request* req = (MPI_Request*)malloc(sizeof(MPI_Request) * (size_t)(n ? n : 1));
    char* p = buf;
    for (long s = 0; s < n; s++) {  /* tag s % kTags; the large ones last, tag kTags */
      const int bytes = s < small ? small_bytes(s) : kLargeBytes;
      const int tag = s < small ? (int)(s % kTags) : kTags;
      mt_fill(p, bytes, mt_rank, s);
      MPI_Isend(p, bytes, MPI_BYTE, 0, tag, MPI_COMM_WORLD, &req[s]);
      p += bytes;
    }
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Waitall((int)n, req, MPI_STATUSES_IGNORE);
    free(buf);
    free(req);
  } else {
    MPI_Barrier(MPI_COMM_WORLD);
    char* buf = (char*)malloc(kLargeBytes);
    long received = 0;
    for (int tag = kTags; tag >= 0; tag--)
      for (int r = 1; r < mt_size; r++) {
        long first = tag == kTags ? small : tag, step = tag == kTags ? 1 : kTags, end = tag == kTags ? n : small;
        for (long s = first; s < end; s += step) {
          MPI_Status st;
          int count;
          MPI_Recv(buf, kLargeBytes, MPI_BYTE, r, tag, MPI_COMM_WORLD, &st);
          MPI_Get_count(&st, MPI_BYTE, &count);
          const int bytes = s < small ? small_bytes(s) : kLargeBytes;
          mt_check(count == bytes && mt_first_bad(buf, count, r, s) < 0,
                   "from %d tag %d: message %ld has %d bytes (expected %d) or wrong content", r, tag, s, count, bytes);
          received++;
        }
      }
    int flag;
    MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
    mt_check(!flag, "a message is left over");
    free(buf);
    mt_printf("%ld messages from %d senders, unexpected behind a barrier, received last tag first\n", received,
              mt_size - 1);
  }
  return mt_finish();
}
