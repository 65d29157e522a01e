/* The pre-posted receive queue benchmark of seed pim-nic-mpi-matching (section V-A, Fig. 4),
 * between ranks 0 and 1, timed with MPI_Wtime (simulated time under pimnic). Each iteration:
 *
 *   both ranks: post T "traversed" receives (they never match: every incoming message is compared
 *               with them first), then F "latency" receives, then U "untraversed" receives (posted
 *               behind the latency receives: they lengthen the queue but a match stops before
 *               them); barrier
 *   rank 0:     start the timer; send F messages; wait for F responses; stop the timer
 *   rank 1:     wait for the F messages; send F responses
 *   both:       cancel the pre-posted receives (clear the queue)
 *
 * Three degrees of freedom, as in the seed: traversed pre-posts, untraversed pre-posts, messages in
 * flight (F, 25 in the seed), and the message size. Output, one row per point (columns separated
 * by spaces, `#` lines are comments, numbers first so that table parsers find the rows):
 *   traversed untraversed inflight bytes iterations time_us latency_us bandwidth_MBps msgs_per_s kind
 * kind is `latency` (0-byte messages, -l in flight, default 1: latency = half the round trip) or
 * `bandwidth` (-f in flight, default 25: bandwidth = inflight * bytes / half the time; MB = 10^6
 * bytes); time_us is the mean time of one iteration's timed part; latency_us is half of it per
 * message in flight; msgs_per_s counts both ways. With -W rank 0 also prints, before each row, a
 * comment `# window START END` per timed iteration (MPI_Wtime at the timer's start and stop), so
 * that a trace of the run can be cut to the timed part (the experiment's profile figure).
 *
 * Usage: preposted [-q TRAVERSED,...] [-u UNTRAVERSED] [-f INFLIGHT] [-l LATENCY_INFLIGHT]
 *                  [-s BYTES,...] [-i ITERATIONS] [-w WARMUP] [-t latency|bandwidth|both] [-W] */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { TAG_MESSAGE = 1, TAG_NEVER = 2, MAX_LIST = 64 };

static int parse_list(const char* text, long* out) {
  int n = 0;
  char* copy = strdup(text);
  for (char* tok = strtok(copy, ","); tok && n < MAX_LIST; tok = strtok(NULL, ",")) {
    char* end;
    long v = strtol(tok, &end, 0);
    if (*end || v < 0) {
      n = -1;
      break;
    }
    out[n++] = v;
  }
  free(copy);
  return n;
}

static void usage(void) {
  fprintf(stderr, "usage: preposted [-q TRAVERSED,...] [-u UNTRAVERSED] [-f INFLIGHT] [-l LATENCY_INFLIGHT] "
                  "[-s BYTES,...] [-i ITERATIONS] [-w WARMUP] [-t latency|bandwidth|both] [-W]\n");
}

static int print_windows; /* -W */

/* One point: the mean time of the timed part over `iterations` (after `warmup` untimed ones). */
static double run_point(int rank, long traversed, long untraversed, int inflight, long bytes, int iterations,
                        int warmup, char* data) {
  int peer = 1 - rank;
  long npre = traversed + untraversed;
  MPI_Request* pre = (MPI_Request*)malloc(sizeof(MPI_Request) * (npre + 1));
  MPI_Request* lat = (MPI_Request*)malloc(sizeof(MPI_Request) * inflight);
  MPI_Request* snd = (MPI_Request*)malloc(sizeof(MPI_Request) * inflight);
  char never;
  double total = 0;
  double* window = (double*)malloc(sizeof(double) * 2 * (size_t)iterations);
  for (int it = -warmup; it < iterations; it++) {
    long p = 0;
    for (long i = 0; i < traversed; i++) MPI_Irecv(&never, 1, MPI_BYTE, peer, TAG_NEVER, MPI_COMM_WORLD, &pre[p++]);
    for (int i = 0; i < inflight; i++)
      MPI_Irecv(data + (long)i * bytes, (int)bytes, MPI_BYTE, peer, TAG_MESSAGE, MPI_COMM_WORLD, &lat[i]);
    for (long i = 0; i < untraversed; i++) MPI_Irecv(&never, 1, MPI_BYTE, peer, TAG_NEVER, MPI_COMM_WORLD, &pre[p++]);
    MPI_Barrier(MPI_COMM_WORLD);
    char* out = data + (long)inflight * bytes;
    if (rank == 0) {
      double start = MPI_Wtime();
      for (int i = 0; i < inflight; i++)
        MPI_Isend(out + (long)i * bytes, (int)bytes, MPI_BYTE, peer, TAG_MESSAGE, MPI_COMM_WORLD, &snd[i]);
      MPI_Waitall(inflight, lat, MPI_STATUSES_IGNORE);
      MPI_Waitall(inflight, snd, MPI_STATUSES_IGNORE);
      if (it >= 0) {
        double stop = MPI_Wtime();
        total += stop - start;
        window[2 * it] = start, window[2 * it + 1] = stop;
      }
    } else {
      MPI_Waitall(inflight, lat, MPI_STATUSES_IGNORE);
      for (int i = 0; i < inflight; i++)
        MPI_Isend(out + (long)i * bytes, (int)bytes, MPI_BYTE, peer, TAG_MESSAGE, MPI_COMM_WORLD, &snd[i]);
      MPI_Waitall(inflight, snd, MPI_STATUSES_IGNORE);
    }
    for (long i = 0; i < p; i++) MPI_Cancel(&pre[i]);
    MPI_Waitall((int)p, pre, MPI_STATUSES_IGNORE);
  }
  if (rank == 0 && print_windows)  /* after the loop: printing takes no time from the iterations */
    for (int it = 0; it < iterations; it++) printf("# window %.9f %.9f\n", window[2 * it], window[2 * it + 1]);
  free(window);
  free(pre);
  free(lat);
  free(snd);
  return total / iterations;
}

int main(int argc, char** argv) {
  int rank, size, opt, inflight = 25, lat_inflight = 1, iterations = 10, warmup = 1, do_lat = 1, do_bw = 1;
  long traversed[MAX_LIST] = {0, 1, 5, 10, 25, 50, 100, 250, 500, 1000}, untraversed = 0;
  long sizes[MAX_LIST] = {0, 4, 16, 64, 256, 1024, 4096, 16384, 65536, 262144, 1048576};
  int ntrav = 10, nsizes = 11, bad = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  while ((opt = getopt(argc, argv, "q:u:f:l:s:i:w:t:W")) != -1) {
    switch (opt) {
      case 'q': ntrav = parse_list(optarg, traversed), bad |= ntrav < 1; break;
      case 'u': untraversed = atol(optarg), bad |= untraversed < 0; break;
      case 'f': inflight = atoi(optarg), bad |= inflight < 1; break;
      case 'l': lat_inflight = atoi(optarg), bad |= lat_inflight < 1; break;
      case 's': nsizes = parse_list(optarg, sizes), bad |= nsizes < 1; break;
      case 'i': iterations = atoi(optarg), bad |= iterations < 1; break;
      case 'w': warmup = atoi(optarg), bad |= warmup < 0; break;
      case 't':
        do_lat = !strcmp(optarg, "latency") || !strcmp(optarg, "both");
        do_bw = !strcmp(optarg, "bandwidth") || !strcmp(optarg, "both");
        bad |= !do_lat && !do_bw;
        break;
      case 'W': print_windows = 1; break;
      default: bad = 1;
    }
  }
  if (bad || size < 2) {
    if (rank == 0) {
      if (size < 2) fprintf(stderr, "preposted: needs at least 2 ranks\n");
      else usage();
    }
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  long max_bytes = 0;
  for (int i = 0; i < nsizes; i++)
    if (sizes[i] > max_bytes) max_bytes = sizes[i];
  int most = inflight > lat_inflight ? inflight : lat_inflight;
  char* data = (char*)calloc((size_t)(2 * most) * (size_t)(max_bytes ? max_bytes : 1), 1);
  if (rank == 0) {
    printf("# pre-posted queue benchmark (seed pim-nic-mpi-matching, Fig. 4), ranks 0 and 1 of %d, %d iterations\n",
           size, iterations);
    printf("# latency: 0-byte messages, half the round trip; bandwidth: inflight * bytes / half the time\n");
    printf("%9s %11s %8s %8s %10s %12s %12s %14s %12s %s\n", "traversed", "untraversed", "inflight", "bytes",
           "iterations", "time_us", "latency_us", "bandwidth_MBps", "msgs_per_s", "kind");
    fflush(stdout);
  }
  for (int pass = 0; pass < 2; pass++) {
    if ((pass == 0 && !do_lat) || (pass == 1 && !do_bw)) continue;
    for (int q = 0; q < ntrav; q++) {
      for (int s = 0; s < (pass ? nsizes : 1); s++) {
        int f = pass ? inflight : lat_inflight;
        long bytes = pass ? sizes[s] : 0;
        double t = 0;
        if (rank < 2) t = run_point(rank, traversed[q], untraversed, f, bytes, iterations, warmup, data);
        else
          for (int it = 0; it < iterations + warmup; it++) MPI_Barrier(MPI_COMM_WORLD);
        if (rank == 0) {
          double half = t / 2;
          printf("%9ld %11ld %8d %8ld %10d %12.3f %12.3f %14.2f %12.0f %s\n", traversed[q], untraversed, f, bytes,
                 iterations, t * 1e6, half * 1e6 / (pass ? f : 1), half > 0 ? f * (double)bytes / half / 1e6 : 0.0,
                 t > 0 ? 2.0 * f / t : 0.0, pass ? "bandwidth" : "latency");
          fflush(stdout);
        }
      }
    }
  }
  free(data);
  MPI_Finalize();
  return 0;
}
