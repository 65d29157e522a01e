/* MPI_ANY_SOURCE and MPI_ANY_TAG in MPI order.
 * - One sender, a mix of exact and wildcard receives, messages alternating eager and rendezvous
 *   sizes: a message goes to the first posted receive it matches (the receives posted first), a
 *   receive takes the first arrived message it matches (the messages arrived first), and with one
 *   source MPI makes the pairing the same however posts and arrivals interleave. The program
 *   prints the pairing of three interleavings; MPICH's output is the reference.
 * - Many senders, wildcard receives: per-source order and content kept, every message once.
 * - MPI_ANY_SOURCE with an exact tag leaves other tags for later receives. */
#include "mpitest.h"

#define NMSG 8
#define SMALL 24
#define LARGE (192 * 1024) /* above the eager threshold of any NIC kind and of MPICH */
static const int msg_tag[NMSG] = {3, 5, 3, 4, 5, 9, 3, 4};
static long msg_size(int i) { return (i % 3 == 1) ? LARGE : SMALL + i; }
/* The receives, in the order they are posted: (source, tag), -1 meaning the wildcard. */
#define NRECV NMSG
static const int recv_src[NRECV] = {1, -1, -1, 1, -1, 1, -1, -1};
static const int recv_tag[NRECV] = {5, -1, 3, -1, 4, 3, -1, 9};

static int src_of(int s) { return s < 0 ? MPI_ANY_SOURCE : s; }
static int tag_of(int t) { return t < 0 ? MPI_ANY_TAG : t; }

/* Rank 1: send the messages; with a token communicator, tell rank 0 once every send has started
 * (the token follows the messages on the wire, so they have all arrived when it does). */
static void send_all(int seq_base, MPI_Comm token_comm) {
  MPI_Request req[NMSG + 1];
  char* buf[NMSG];
  for (int i = 0; i < NMSG; i++) {
    buf[i] = (char*)malloc(msg_size(i));
    mt_fill(buf[i], msg_size(i), 1, seq_base + i);
    MPI_Isend(buf[i], (int)msg_size(i), MPI_BYTE, 0, msg_tag[i], MPI_COMM_WORLD, &req[i]);
  }
  int n = NMSG;
  if (token_comm != MPI_COMM_NULL) MPI_Isend(NULL, 0, MPI_BYTE, 0, 0, token_comm, &req[n++]);
  MPI_Waitall(n, req, MPI_STATUSES_IGNORE);
  for (int i = 0; i < NMSG; i++) free(buf[i]);
}

/* Rank 0: post the receives, the first `pre` of them before rank 1 may send (or, with
 * messages_first, all after its messages have arrived), wait, identify each message by its
 * content and print the pairing. */
static void receive_all(const char* how, int seq_base, MPI_Comm token_comm, int pre, int messages_first) {
  MPI_Request req[NRECV];
  MPI_Status st[NRECV];
  char* buf[NRECV];
  if (messages_first) MPI_Recv(NULL, 0, MPI_BYTE, 1, 0, token_comm, MPI_STATUS_IGNORE);
  for (int k = 0; k < NRECV; k++) {
    if (k == pre && !messages_first) MPI_Send(NULL, 0, MPI_BYTE, 1, 0, token_comm);
    buf[k] = (char*)malloc(LARGE);
    MPI_Irecv(buf[k], LARGE, MPI_BYTE, src_of(recv_src[k]), tag_of(recv_tag[k]), MPI_COMM_WORLD, &req[k]);
  }
  if (pre == NRECV && !messages_first) MPI_Send(NULL, 0, MPI_BYTE, 1, 0, token_comm);
  MPI_Waitall(NRECV, req, st);
  mt_printf("%s:\n", how);
  for (int k = 0; k < NRECV; k++) {
    int count, which = -1;
    MPI_Get_count(&st[k], MPI_BYTE, &count);
    for (int i = 0; i < NMSG; i++)
      if (count == msg_size(i) && mt_first_bad(buf[k], count, 1, seq_base + i) < 0) which = i;
    mt_printf("  receive %d (source %2d, tag %2d) <- message %d (source %d, tag %d, %d bytes)\n", k,
              recv_src[k], recv_tag[k], which, st[k].MPI_SOURCE, st[k].MPI_TAG, count);
    mt_check(which >= 0 && st[k].MPI_TAG == msg_tag[which], "%s: receive %d got unknown content", how, k);
    free(buf[k]);
  }
}

/* Ranks 1..n-1 send `per_source` messages each to every other rank; every rank receives them all
 * with wildcards and checks per-source order by sequence number and content. */
static void all_to_all_wildcards(int per_source) {
  const int max_bytes = 3000;
  int nsend = per_source * (mt_size - 1);
  MPI_Request* req = (MPI_Request*)malloc(sizeof(MPI_Request) * nsend);
  char** sbuf = (char**)malloc(sizeof(char*) * nsend);
  int n = 0;
  for (int seq = 0; seq < per_source; seq++) {
    for (int d = 1; d < mt_size; d++) {
      int dest = (mt_rank + d) % mt_size;
      int bytes = (seq * 131 + dest * 17) % max_bytes + 4;
      sbuf[n] = (char*)malloc(bytes);
      mt_fill(sbuf[n], bytes, mt_rank, seq * 64 + dest);
      memcpy(sbuf[n], &seq, sizeof seq);
      MPI_Isend(sbuf[n], bytes, MPI_BYTE, dest, seq % 7, MPI_COMM_WORLD, &req[n]);
      n++;
    }
  }
  int* next_seq = (int*)calloc(mt_size, sizeof(int));
  char* rbuf = (char*)malloc(max_bytes + 4);
  for (int i = 0; i < nsend; i++) {
    MPI_Status st;
    int count, seq, expect_bytes;
    MPI_Recv(rbuf, max_bytes + 4, MPI_BYTE, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
    MPI_Get_count(&st, MPI_BYTE, &count);
    int src = st.MPI_SOURCE;
    if (!mt_check(src >= 0 && src < mt_size && src != mt_rank, "bad source %d", src)) continue;
    memcpy(&seq, rbuf, sizeof seq);
    mt_check(seq == next_seq[src], "from %d: sequence %d, expected %d", src, seq, next_seq[src]);
    seq = next_seq[src]++;
    expect_bytes = (seq * 131 + mt_rank * 17) % max_bytes + 4;
    mt_check(st.MPI_TAG == seq % 7, "from %d: message %d tag %d", src, seq, st.MPI_TAG);
    mt_check(count == expect_bytes, "from %d: message %d has %d bytes, expected %d", src, seq, count, expect_bytes);
    memcpy(rbuf, &seq, sizeof seq);
    mt_fill(rbuf, sizeof seq, src, seq * 64 + mt_rank); /* the bytes the sequence number replaced */
    if (count == expect_bytes) {
      char* want = (char*)malloc(count);
      mt_fill(want, count, src, seq * 64 + mt_rank);
      mt_check(memcmp(want + sizeof seq, rbuf + sizeof seq, count - sizeof seq) == 0, "from %d: message %d content", src, seq);
      free(want);
    }
  }
  for (int s = 0; s < mt_size; s++)
    if (s != mt_rank) mt_check(next_seq[s] == per_source, "from %d: %d messages, expected %d", s, next_seq[s], per_source);
  mt_printf("rank %d: %d messages from %d sources in per-source order\n", mt_rank, nsend, mt_size - 1);
  MPI_Waitall(nsend, req, MPI_STATUSES_IGNORE);
  for (int i = 0; i < nsend; i++) free(sbuf[i]);
  free(sbuf);
  free(req);
  free(next_seq);
  free(rbuf);
}

/* Rank 0 takes only tag 2 from anyone, then the rest with any tag: the tag-2 receives must not
 * take tag-1 messages, and the tag-1 messages keep their per-source order. */
static void exact_tag_any_source(void) {
  const int per_source = 5;
  if (mt_rank == 0) {
    int got, nothers = mt_size - 1;
    MPI_Status st;
    int* seen2 = (int*)calloc(mt_size, sizeof(int));
    int* seen1 = (int*)calloc(mt_size, sizeof(int));
    for (int i = 0; i < per_source * nothers; i++) {
      MPI_Recv(&got, 1, MPI_INT, MPI_ANY_SOURCE, 2, MPI_COMM_WORLD, &st);
      mt_check(st.MPI_TAG == 2 && got == 2000 + seen2[st.MPI_SOURCE], "tag 2 receive got tag %d value %d", st.MPI_TAG, got);
      seen2[st.MPI_SOURCE]++;
    }
    for (int i = 0; i < per_source * nothers; i++) {
      MPI_Recv(&got, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
      mt_check(st.MPI_TAG == 1 && got == 1000 + seen1[st.MPI_SOURCE], "any-tag receive got tag %d value %d", st.MPI_TAG, got);
      seen1[st.MPI_SOURCE]++;
    }
    mt_printf("exact tag, any source: %d tag-2 messages first, then %d tag-1 messages in order\n",
              per_source * nothers, per_source * nothers);
    free(seen1);
    free(seen2);
  } else {
    MPI_Request req[2 * 5];
    int vals[2 * 5];
    for (int i = 0; i < per_source; i++) {
      vals[2 * i] = 1000 + i;
      vals[2 * i + 1] = 2000 + i;
      MPI_Isend(&vals[2 * i], 1, MPI_INT, 0, 1, MPI_COMM_WORLD, &req[2 * i]);
      MPI_Isend(&vals[2 * i + 1], 1, MPI_INT, 0, 2, MPI_COMM_WORLD, &req[2 * i + 1]);
    }
    MPI_Waitall(2 * per_source, req, MPI_STATUSES_IGNORE);
  }
}

int main(int argc, char** argv) {
  mt_init(&argc, &argv);
  mt_require_size(2, 1);
  MPI_Comm token_comm;
  MPI_Comm_dup(MPI_COMM_WORLD, &token_comm);

  /* Receives posted before the sender starts (it waits for a token), then half of them. */
  for (int pre = NRECV; pre > 0; pre -= NRECV / 2) {
    if (mt_rank == 0) receive_all(pre == NRECV ? "receives posted first" : "half the receives posted first", pre, token_comm, pre, 0);
    if (mt_rank == 1) {
      MPI_Recv(NULL, 0, MPI_BYTE, 0, 0, token_comm, MPI_STATUS_IGNORE);
      send_all(pre, MPI_COMM_NULL);
    }
    mt_flush();
  }
  /* Messages sent (and their token) before the receives are posted. */
  if (mt_rank == 1) send_all(100, token_comm);
  if (mt_rank == 0) receive_all("messages sent first", 100, token_comm, 0, 1);
  mt_flush();

  exact_tag_any_source();
  mt_flush();
  all_to_all_wildcards(40);
  MPI_Comm_free(&token_comm);
  return mt_finish();
}
