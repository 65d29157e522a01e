/* Order and content across the eager/rendezvous boundary: every rank sends one stream of messages
 * from 0 B to 4 MiB (sizes around each power of two up to 64 KiB, then a few up to 4 MiB; tags
 * repeating) to the next rank in a ring and receives the previous rank's stream, four ways:
 * receives pre-posted with exact tags, posted with MPI_ANY_TAG while the messages arrive, posted
 * only after every message is already sent (unexpected), and blocking MPI_Send/MPI_Recv. MPI's
 * non-overtaking rule fixes which receive takes which message in each case; every byte is checked. */
#include "mpitest.h"

#define MAX_MSGS 64
static long sizes[MAX_MSGS];
static int tags[MAX_MSGS];
static int nmsgs;

static void make_stream(void) {
  sizes[nmsgs++] = 0;
  sizes[nmsgs++] = 1;
  for (int k = 2; k <= 16; k++) { /* every protocol threshold a NIC is likely to use */
    sizes[nmsgs++] = (1L << k) - 1;
    sizes[nmsgs++] = (1L << k) + 1;
  }
  for (int k = 17; k <= 22; k += 2) sizes[nmsgs++] = 1L << k;
  sizes[nmsgs++] = 1L << 22; /* 4 MiB */
  sizes[nmsgs++] = 3;        /* and small again after the largest */
  for (int i = 0; i < nmsgs; i++) tags[i] = 100 + (i * 7) % 5;
}

static char* send_buf[MAX_MSGS];
static char* recv_buf[MAX_MSGS];
static int next_rank, prev_rank;

/* The sequence number of message i in phase p (each phase sends fresh content). */
static long seq_of(int phase, int i) { return phase * 1000L + i; }

static void fill_sends(int phase) {
  for (int i = 0; i < nmsgs; i++) mt_fill(send_buf[i], sizes[i], mt_rank, seq_of(phase, i));
}

static void check_received(const char* how, int phase, int i, const MPI_Status* st) {
  int count;
  MPI_Get_count(st, MPI_BYTE, &count);
  mt_check(st->MPI_SOURCE == prev_rank, "%s: message %d from %d, expected %d", how, i, st->MPI_SOURCE, prev_rank);
  mt_check(st->MPI_TAG == tags[i], "%s: message %d has tag %d, expected %d", how, i, st->MPI_TAG, tags[i]);
  mt_check(count == sizes[i], "%s: message %d has %d bytes, expected %ld", how, i, count, sizes[i]);
  long bad = mt_first_bad(recv_buf[i], sizes[i], prev_rank, seq_of(phase, i));
  mt_check(bad < 0, "%s: message %d (%ld bytes) differs at byte %ld", how, i, sizes[i], bad);
}

/* Receives pre-posted with exact tags before any send starts. */
static void preposted(int phase) {
  MPI_Request rreq[MAX_MSGS], sreq[MAX_MSGS];
  MPI_Status st[MAX_MSGS];
  for (int i = 0; i < nmsgs; i++)
    MPI_Irecv(recv_buf[i], (int)sizes[i], MPI_BYTE, prev_rank, tags[i], MPI_COMM_WORLD, &rreq[i]);
  fill_sends(phase);
  MPI_Barrier(MPI_COMM_WORLD);
  for (int i = 0; i < nmsgs; i++)
    MPI_Isend(send_buf[i], (int)sizes[i], MPI_BYTE, next_rank, tags[i], MPI_COMM_WORLD, &sreq[i]);
  MPI_Waitall(nmsgs, sreq, MPI_STATUSES_IGNORE);
  MPI_Waitall(nmsgs, rreq, st);
  for (int i = 0; i < nmsgs; i++) check_received("pre-posted", phase, i, &st[i]);
}

/* Receives with MPI_ANY_TAG posted one by one while the stream arrives. */
static void any_tag_streaming(int phase) {
  MPI_Request sreq[MAX_MSGS];
  MPI_Status st;
  fill_sends(phase);
  for (int i = 0; i < nmsgs; i++)
    MPI_Isend(send_buf[i], (int)sizes[i], MPI_BYTE, next_rank, tags[i], MPI_COMM_WORLD, &sreq[i]);
  for (int i = 0; i < nmsgs; i++) {
    MPI_Recv(recv_buf[i], (int)sizes[i], MPI_BYTE, prev_rank, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
    check_received("any-tag", phase, i, &st);
  }
  MPI_Waitall(nmsgs, sreq, MPI_STATUSES_IGNORE);
}

/* Every send is started, and a token on another communicator says so, before any receive is
 * posted: eager messages are unexpected when the receives come, rendezvous ones wait for them. */
static void unexpected(int phase, MPI_Comm token_comm) {
  MPI_Request sreq[MAX_MSGS], rreq[MAX_MSGS];
  MPI_Status st[MAX_MSGS];
  MPI_Request token_req;
  int token = 0, got;
  fill_sends(phase);
  for (int i = 0; i < nmsgs; i++)
    MPI_Isend(send_buf[i], (int)sizes[i], MPI_BYTE, next_rank, tags[i], MPI_COMM_WORLD, &sreq[i]);
  MPI_Isend(&token, 1, MPI_INT, next_rank, 0, token_comm, &token_req);
  MPI_Recv(&got, 1, MPI_INT, prev_rank, 0, token_comm, MPI_STATUS_IGNORE);
  MPI_Wait(&token_req, MPI_STATUS_IGNORE);
  for (int i = 0; i < nmsgs; i++)
    MPI_Irecv(recv_buf[i], (int)sizes[i], MPI_BYTE, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &rreq[i]);
  MPI_Waitall(nmsgs, rreq, st);
  for (int i = 0; i < nmsgs; i++) check_received("unexpected", phase, i, &st[i]);
  MPI_Waitall(nmsgs, sreq, MPI_STATUSES_IGNORE);
}

/* Blocking sends and receives: even ranks send first, odd ranks receive first (a ring of two
 * halves cannot deadlock on a rendezvous). */
static void blocking(int phase) {
  MPI_Status st;
  fill_sends(phase);
  for (int i = 0; i < nmsgs; i++) {
    for (int turn = 0; turn < 2; turn++) {
      if ((turn == 0) == (mt_rank % 2 == 0)) {
        MPI_Send(send_buf[i], (int)sizes[i], MPI_BYTE, next_rank, tags[i], MPI_COMM_WORLD);
      } else {
        MPI_Recv(recv_buf[i], (int)sizes[i], MPI_BYTE, prev_rank, tags[i], MPI_COMM_WORLD, &st);
        check_received("blocking", phase, i, &st);
      }
    }
  }
}

int main(int argc, char** argv) {
  mt_init(&argc, &argv);
  mt_require_size(2, 2);
  next_rank = (mt_rank + 1) % mt_size;
  prev_rank = (mt_rank + mt_size - 1) % mt_size;
  make_stream();
  long total = 0;
  for (int i = 0; i < nmsgs; i++) {
    send_buf[i] = (char*)malloc(sizes[i] ? sizes[i] : 1);
    recv_buf[i] = (char*)malloc(sizes[i] ? sizes[i] : 1);
    total += sizes[i];
  }
  mt_say("stream of %d messages, %ld bytes, sizes 0 to %ld, ring of %d ranks\n", nmsgs, total, 1L << 22, mt_size);
  MPI_Comm token_comm;
  MPI_Comm_dup(MPI_COMM_WORLD, &token_comm);

  preposted(0);
  mt_say("pre-posted receives: done\n");
  mt_flush();
  any_tag_streaming(1);
  mt_say("any-tag receives: done\n");
  mt_flush();
  unexpected(2, token_comm);
  mt_say("unexpected messages: done\n");
  mt_flush();
  blocking(3);
  mt_say("blocking send/recv: done\n");

  MPI_Comm_free(&token_comm);
  for (int i = 0; i < nmsgs; i++) {
    free(send_buf[i]);
    free(recv_buf[i]);
  }
  return mt_finish();
}
