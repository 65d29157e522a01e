/* 4 MiB messages: pairwise exchange both ways at once, a ring of nonblocking sends, a receive
 * posted long after its send started, buffers at odd addresses and odd lengths, a 4 MiB message
 * into a larger buffer, two in flight at once. Every byte is checked. */
#include "mpitest.h"

#define MIB4 (4L << 20)

static char *sbuf, *rbuf;

static void check(const char* what, const char* p, long n, int src, long seq, const MPI_Status* st, int tag) {
  int count;
  MPI_Get_count(st, MPI_BYTE, &count);
  mt_check(count == n && st->MPI_SOURCE == src && st->MPI_TAG == tag, "%s: %d bytes from %d tag %d", what, count,
           st->MPI_SOURCE, st->MPI_TAG);
  long bad = mt_first_bad(p, n, src, seq);
  mt_check(bad < 0, "%s: byte %ld of %ld differs", what, bad, n);
}

/* Partners (r, r^1) send each other 4 MiB at the same time with Isend/Irecv. */
static void exchange(void) {
  int partner = mt_rank ^ 1;
  MPI_Request req[2];
  MPI_Status st[2];
  mt_fill(sbuf, MIB4, mt_rank, 1);
  MPI_Irecv(rbuf, (int)MIB4, MPI_BYTE, partner, 1, MPI_COMM_WORLD, &req[0]);
  MPI_Isend(sbuf, (int)MIB4, MPI_BYTE, partner, 1, MPI_COMM_WORLD, &req[1]);
  MPI_Waitall(2, req, st);
  check("exchange", rbuf, MIB4, partner, 1, &st[0], 1);
  mt_say("4 MiB exchanged both ways between pairs\n");
}

/* Every rank sends 4 MiB to the next rank; odd offsets and an odd length (4 MiB - 3). */
static void ring_unaligned(void) {
  int next = (mt_rank + 1) % mt_size, prev = (mt_rank + mt_size - 1) % mt_size;
  long n = MIB4 - 3;
  MPI_Request req[2];
  MPI_Status st[2];
  mt_fill(sbuf + 1, n, mt_rank, 2);
  MPI_Isend(sbuf + 1, (int)n, MPI_BYTE, next, 2, MPI_COMM_WORLD, &req[1]);
  MPI_Irecv(rbuf + 3, (int)n, MPI_BYTE, prev, 2, MPI_COMM_WORLD, &req[0]);
  MPI_Waitall(2, req, st);
  check("ring from offset 1 to offset 3", rbuf + 3, n, prev, 2, &st[0], 2);
  mt_say("4 MiB - 3 bytes around the ring, buffers at odd addresses\n");
}

/* The send starts, the receiver does other messages first and posts the 4 MiB receive late, into
 * a buffer larger than the message; the rest of that buffer is untouched. */
static void late_receive_larger_buffer(void) {
  if (mt_rank == 0) {
    MPI_Request req;
    mt_fill(sbuf, MIB4, 0, 3);
    MPI_Isend(sbuf, (int)MIB4, MPI_BYTE, 1, 3, MPI_COMM_WORLD, &req);
    for (int i = 0; i < 10; i++) MPI_Send(&i, 1, MPI_INT, 1, 4, MPI_COMM_WORLD);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
  } else if (mt_rank == 1) {
    MPI_Status st;
    int x;
    for (int i = 0; i < 10; i++) {
      MPI_Recv(&x, 1, MPI_INT, 0, 4, MPI_COMM_WORLD, &st);
      mt_check(x == i, "small message %d is %d", i, x);
    }
    memset(rbuf + MIB4, 0xab, 64);
    MPI_Recv(rbuf, (int)(MIB4 + 64), MPI_BYTE, 0, 3, MPI_COMM_WORLD, &st);
    check("late receive", rbuf, MIB4, 0, 3, &st, 3);
    int untouched = 1;
    for (int i = 0; i < 64; i++) untouched &= (unsigned char)rbuf[MIB4 + i] == 0xab;
    mt_check(untouched, "bytes past the message were written");
  }
  mt_say("4 MiB received late into a larger buffer; the rest of the buffer untouched\n");
}

/* Two 4 MiB messages in flight from one sender to one receiver, received in order. */
static void two_in_flight(void) {
  if (mt_rank == 0) {
    MPI_Request req[2];
    for (int i = 0; i < 2; i++) {
      mt_fill(sbuf + i * MIB4, MIB4, 0, 10 + i);
      MPI_Isend(sbuf + i * MIB4, (int)MIB4, MPI_BYTE, 1, 5, MPI_COMM_WORLD, &req[i]);
    }
    MPI_Waitall(2, req, MPI_STATUSES_IGNORE);
  } else if (mt_rank == 1) {
    MPI_Status st;
    for (int i = 0; i < 2; i++) {
      MPI_Recv(rbuf, (int)MIB4, MPI_BYTE, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
      check("in flight", rbuf, MIB4, 0, 10 + i, &st, 5);
    }
  }
  mt_say("two 4 MiB messages in flight, received in order\n");
}

int main(int argc, char** argv) {
  mt_init(&argc, &argv);
  mt_require_size(2, 2);
  sbuf = (char*)malloc(2 * MIB4 + 64);
  rbuf = (char*)malloc(MIB4 + 64);
  exchange();
  mt_flush();
  ring_unaligned();
  mt_flush();
  late_receive_larger_buffer();
  mt_flush();
  two_in_flight();
  free(sbuf);
  free(rbuf);
  return mt_finish();
}
