/* Randomized MPI matching. Usage: random_matching [SEED [MESSAGES [PER_ROUND]]]
 *
 * Messages go in rounds (PER_ROUND messages per rank and round, default 64). Each round every rank
 * draws the same plan from SEED: a source, a destination (now and then the sender itself), a
 * communicator (MPI_COMM_WORLD or a duplicate), a tag from a small set and a size (mostly eager,
 * some well above any rendezvous threshold, up to 40 KiB) for every message. Each rank then posts
 * its sends (MPI_Isend, in a random order) and its receives (MPI_Irecv with exact, MPI_ANY_SOURCE
 * and MPI_ANY_TAG envelopes, in a random order) interleaved at random, polls with MPI_Test now
 * and then, and waits for all of them. Receive envelopes are drawn so that every receive is
 * certain to match whatever the timing (below), so the run cannot deadlock, and there are as many
 * receives as messages, so every message must be taken.
 *
 * The program checks each message's content and prints a log: every send (in the order the
 * sender started them) and every receive (in the order it was posted) with what it got. The log is
 * checked against the reference model of MPI matching, tests/mpi/matching_model.py: nothing lost,
 * nothing taken twice, every envelope respected, non-overtaking kept. Each rank prints its log
 * in turn through rank 0 at the end of every round.
 *
 * Why every receive matches: a receive r can only lose a message it matches to a receive posted
 * before it (a message that arrives goes to the first posted receive that matches it; r takes an
 * already-arrived message when posted). So if more messages match r than there are earlier
 * receives that could take any of them, r will be matched. */
#include "mpitest.h"

enum { NTAGS = 5, NCOMMS = 2, MAX_BYTES = 40960 };

/* xorshift64*, seeded per purpose so that every rank draws the same plan. */
typedef struct { uint64_t s; } Rng;
static Rng rng_for(uint64_t seed, uint64_t a, uint64_t b) {
  Rng r = {seed * 0x9e3779b97f4a7c15ull ^ (a + 1) * 0xbf58476d1ce4e5b9ull ^ (b + 7) * 0x94d049bb133111ebull};
  if (!r.s) r.s = 1;
  return r;
}
static uint32_t next_u32(Rng* r) {
  r->s ^= r->s >> 12;
  r->s ^= r->s << 25;
  r->s ^= r->s >> 27;
  return (uint32_t)((r->s * 0x2545f4914f6cdd1dull) >> 32);
}
static int below(Rng* r, int n) { return (int)(next_u32(r) % (uint32_t)n); }

typedef struct { int src, dst, comm, tag, bytes; long id; } Msg;
typedef struct { int comm, src, tag; } Env; /* src/tag -1: wildcard */

static int env_matches(const Env* e, const Msg* m) {
  return e->comm == m->comm && (e->src < 0 || e->src == m->src) && (e->tag < 0 || e->tag == m->tag);
}

static int draw_bytes(Rng* r) {
  int k = below(r, 100);
  if (k < 60) return below(r, 257);               /* small, eager everywhere */
  if (k < 90) return 257 + below(r, 8192 - 257);  /* medium */
  return 8192 + below(r, MAX_BYTES - 8192 + 1);   /* large: rendezvous on any NIC */
}

/* Which of the rank's messages an envelope matches, as a bit set. */
enum { MASK_WORDS = 8 }; /* up to 512 messages to one rank per round */
typedef struct { uint64_t w[MASK_WORDS]; } Mask;
static Mask mask_of(const Env* e, const Msg* mine, int n) {
  Mask m;
  memset(&m, 0, sizeof m);
  for (int i = 0; i < n; i++)
    if (env_matches(e, &mine[i])) m.w[i / 64] |= 1ull << (i % 64);
  return m;
}
static int popcount(const Mask* m) {
  int c = 0;
  for (int i = 0; i < MASK_WORDS; i++)
    for (uint64_t x = m->w[i]; x; x &= x - 1) c++;
  return c;
}
static int overlaps(const Mask* a, const Mask* b) {
  for (int i = 0; i < MASK_WORDS; i++)
    if (a->w[i] & b->w[i]) return 1;
  return 0;
}

/* The receives for this rank's messages mine[0..n), in posting order, each certain to match
 * (more messages match it than earlier receives could take any of them). A drawn envelope that
 * fails is made more general until it passes; any source and tag on the message's communicator
 * always passes while that communicator has more messages than receives so far. */
static void draw_receives(Rng* r, const Msg* mine, int n, Env* out, Mask* masks) {
  for (int k = 0; k < n; k++) {
    const Msg* m = &mine[below(r, n)];
    int kind = below(r, 100);
    /* exact 50%, any tag 20%, any source 20%, both 10% */
    Env e = {m->comm, kind < 70 ? m->src : -1, kind < 50 || (kind >= 70 && kind < 90) ? m->tag : -1};
    int swapped = 0;
    for (;;) {
      masks[k] = mask_of(&e, mine, n);
      int rivals = 0;
      for (int j = 0; j < k; j++) rivals += overlaps(&masks[j], &masks[k]);
      if (popcount(&masks[k]) > rivals) break;
      if (e.src >= 0 && e.tag >= 0) { /* exact: widen one side at random */
        if (below(r, 2)) e.src = -1;
        else e.tag = -1;
      } else if ((e.src >= 0 || e.tag >= 0) && !swapped) { /* the other side instead */
        e.src = e.src >= 0 ? -1 : m->src;
        e.tag = e.tag >= 0 ? -1 : m->tag;
        swapped = 1;
      } else if (e.src >= 0 || e.tag >= 0) {
        e.src = e.tag = -1;
      } else {
        e.comm = !e.comm; /* this communicator is used up: the other one has messages left */
      }
    }
    out[k] = e;
  }
}

static MPI_Comm comms[NCOMMS];

/* Payload: the message id in the first 4 bytes, then mt_fill's pattern of (source, id). Messages
 * shorter than 4 bytes carry a pattern of their envelope only: identical ones are interchangeable,
 * and the model pairs them in order. */
static void make_payload(char* p, const Msg* m) {
  uint32_t id = (uint32_t)m->id;
  if (m->bytes >= 4) {
    mt_fill(p, m->bytes, m->src, m->id);
    memcpy(p, &id, 4);
  } else {
    mt_fill(p, m->bytes, m->src, -1 - (m->comm * NTAGS + m->tag));
  }
}

/* The id in a received payload (-1 when too short to carry one), checking the rest of it against
 * the message with that id among this rank's messages of the round. */
static long check_payload(char* p, int bytes, int src, int tag, int comm, const Msg* mine, int nmine, int* ok) {
  *ok = 1;
  if (bytes < 4) {
    *ok = mt_first_bad(p, bytes, src, -1 - (comm * NTAGS + tag)) < 0;
    return -1;
  }
  uint32_t id;
  memcpy(&id, p, 4);
  for (int i = 0; i < nmine; i++) {
    if ((uint32_t)mine[i].id != id) continue;
    const Msg* m = &mine[i];
    /* The envelope is the model's to judge; here only the bytes. */
    mt_fill(p, 4, m->src, m->id);
    *ok = m->bytes == bytes && m->src == src && mt_first_bad(p, bytes, m->src, m->id) < 0;
    memcpy(p, &id, 4);
    return (long)id;
  }
  *ok = 0;
  return (long)id;
}

int main(int argc, char** argv) {
  mt_init(&argc, &argv);
  uint64_t seed = argc > 1 ? strtoull(argv[1], NULL, 0) : 1;
  long total = argc > 2 ? atol(argv[2]) : 100000;
  int per_rank = argc > 3 ? atoi(argv[3]) : 64;
  if (total < 1 || per_rank < 1) {
    if (mt_rank == 0) fprintf(stderr, "usage: random_matching [SEED [MESSAGES [PER_ROUND]]]\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  int per_round = per_rank * mt_size;
  if (per_round > 64 * MASK_WORDS) per_round = 64 * MASK_WORDS; /* a rank could get them all */
  long rounds = (total + per_round - 1) / per_round;
  comms[0] = MPI_COMM_WORLD;
  MPI_Comm_dup(MPI_COMM_WORLD, &comms[1]);
  mt_say("# random_matching seed %llu ranks %d messages %ld rounds %ld\n", (unsigned long long)seed, mt_size, total, rounds);

  Msg* plan = (Msg*)malloc(sizeof(Msg) * per_round);
  Msg* mine = (Msg*)malloc(sizeof(Msg) * per_round);     /* messages to this rank */
  Msg** sends = (Msg**)malloc(sizeof(Msg*) * per_round); /* messages from this rank */
  Env* recvs = (Env*)malloc(sizeof(Env) * per_round);
  Mask* masks = (Mask*)malloc(sizeof(Mask) * per_round);
  char** rbuf = (char**)calloc(per_round, sizeof(char*));
  MPI_Request* req = (MPI_Request*)malloc(sizeof(MPI_Request) * 2 * per_round);
  MPI_Status* st = (MPI_Status*)malloc(sizeof(MPI_Status) * 2 * per_round);
  MPI_Status* early = (MPI_Status*)malloc(sizeof(MPI_Status) * 2 * per_round);
  char* early_done = (char*)malloc(2 * per_round);
  int* recv_of = (int*)malloc(sizeof(int) * 2 * per_round); /* request -> receive index, or -1 */

  for (long round = 0; round < rounds; round++) {
    long first_id = round * per_round;
    int n_round = (int)(total - first_id < per_round ? total - first_id : per_round);
    Rng pr = rng_for(seed, (uint64_t)round, 0xffff);
    int nmine = 0, nsend = 0;
    size_t send_bytes = 0;
    for (int i = 0; i < n_round; i++) {
      Msg* m = &plan[i];
      m->src = below(&pr, mt_size);
      m->dst = mt_size == 1 || below(&pr, 50) == 0 ? m->src : (m->src + 1 + below(&pr, mt_size - 1)) % mt_size;
      m->comm = below(&pr, NCOMMS);
      m->tag = below(&pr, NTAGS);
      m->bytes = draw_bytes(&pr);
      m->id = first_id + i;
      if (m->dst == mt_rank) mine[nmine++] = *m;
      if (m->src == mt_rank) sends[nsend++] = m, send_bytes += (size_t)m->bytes;
    }
    /* This rank's own draws: its receives, the order of its sends, the interleaving, the tests. */
    Rng rr = rng_for(seed, (uint64_t)round, (uint64_t)mt_rank);
    draw_receives(&rr, mine, nmine, recvs, masks);
    for (int i = nsend - 1; i > 0; i--) {
      int j = below(&rr, i + 1);
      Msg* t = sends[i];
      sends[i] = sends[j];
      sends[j] = t;
    }
    char* sbuf = (char*)malloc(send_bytes + 1);
    size_t off = 0;
    int si = 0, ri = 0, nreq = 0;
    while (si < nsend || ri < nmine) {
      if (ri == nmine || (si < nsend && below(&rr, 2))) {
        Msg* m = sends[si++];
        make_payload(sbuf + off, m);
        recv_of[nreq] = -1;
        early_done[nreq] = 0;
        MPI_Isend(sbuf + off, m->bytes, MPI_BYTE, m->dst, m->tag, comms[m->comm], &req[nreq++]);
        off += (size_t)m->bytes;
        mt_printf("S %d %d %d %d %d %ld\n", m->src, m->dst, m->comm, m->tag, m->bytes, m->id);
      } else {
        Env* e = &recvs[ri];
        if (!rbuf[ri]) rbuf[ri] = (char*)malloc(MAX_BYTES);
        recv_of[nreq] = ri;
        early_done[nreq] = 0;
        MPI_Irecv(rbuf[ri], MAX_BYTES, MPI_BYTE, e->src < 0 ? MPI_ANY_SOURCE : e->src, e->tag < 0 ? MPI_ANY_TAG : e->tag,
                  comms[e->comm], &req[nreq++]);
        ri++;
      }
      if (below(&rr, 8) == 0) {
        int q = below(&rr, nreq), flag = 0;
        if (!early_done[q]) {
          MPI_Test(&req[q], &flag, &early[q]);
          early_done[q] = (char)flag;
        }
      }
    }
    MPI_Waitall(nreq, req, st);
    for (int q = 0; q < nreq; q++) {
      int k = recv_of[q];
      if (k < 0) continue;
      const MPI_Status* s = early_done[q] ? &early[q] : &st[q];
      const Env* e = &recvs[k];
      int bytes, ok;
      MPI_Get_count(s, MPI_BYTE, &bytes);
      long id = check_payload(rbuf[k], bytes, s->MPI_SOURCE, s->MPI_TAG, e->comm, mine, nmine, &ok);
      mt_check(ok, "round %ld receive %d: content of %d bytes from %d (id %ld)", round, k, bytes, s->MPI_SOURCE, id);
      mt_printf("R %d %d %d %d %d %d %d %d %ld %d\n", mt_rank, k, e->comm, e->src, e->tag, s->MPI_SOURCE, s->MPI_TAG,
                bytes, id, ok);
    }
    free(sbuf);
    mt_flush(); /* prints the round's log and keeps the rounds apart */
  }
  MPI_Comm_free(&comms[1]);
  for (int i = 0; i < per_round; i++) free(rbuf[i]);
  free(plan), free(mine), free(sends), free(recvs), free(rbuf), free(req), free(st), free(early), free(early_done);
  free(recv_of), free(masks);
  return mt_finish();
}
