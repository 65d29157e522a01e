/* Distributed graph topologies (MPI-3.1 7.5.4): MPI_Dist_graph_create_adjacent with weights and
 * with MPI_UNWEIGHTED, MPI_Dist_graph_create with every edge named by rank 0 (and weights), a
 * rank without edges (MPI_WEIGHTS_EMPTY), MPI_Topo_test, MPI_Comm_dup keeping the graph, and the
 * neighbours and weights each rank gets back. MPI_Dist_graph_create fixes no order for a rank's
 * neighbours, so they are printed sorted; the adjacent form keeps the order given. MPICH must
 * print the same. */
#include "mpitest.h"

static void sort_pairs(int n, int* ranks, int* weights) {
  for (int i = 1; i < n; i++)
    for (int j = i; j > 0 && (ranks[j] < ranks[j - 1] || (ranks[j] == ranks[j - 1] && weights[j] < weights[j - 1])); j--) {
      int r = ranks[j], w = weights[j];
      ranks[j] = ranks[j - 1], weights[j] = weights[j - 1];
      ranks[j - 1] = r, weights[j - 1] = w;
    }
}

static void show(const char* what, MPI_Comm graph, int sorted) {
  int in, out, weighted, topo;
  MPI_Topo_test(graph, &topo);
  MPI_Dist_graph_neighbors_count(graph, &in, &out, &weighted);
  int sources[16], sw[16], dests[16], dw[16];
  MPI_Dist_graph_neighbors(graph, 16, sources, weighted ? sw : MPI_UNWEIGHTED, 16, dests, weighted ? dw : MPI_UNWEIGHTED);
  if (sorted) {
    sort_pairs(in, sources, sw);
    sort_pairs(out, dests, dw);
  }
  mt_printf("rank %d %s: %s, weighted %d, in", mt_rank, what, topo == MPI_DIST_GRAPH ? "dist graph" : "other", weighted);
  for (int i = 0; i < in; i++) weighted ? mt_printf(" %d(%d)", sources[i], sw[i]) : mt_printf(" %d", sources[i]);
  mt_printf(", out");
  for (int i = 0; i < out; i++) weighted ? mt_printf(" %d(%d)", dests[i], dw[i]) : mt_printf(" %d", dests[i]);
  mt_printf("\n");
}

int main(int argc, char** argv) {
  mt_init(&argc, &argv);
  mt_require_size(2, 1);
  const int left = (mt_rank + mt_size - 1) % mt_size, right = (mt_rank + 1) % mt_size;

  /* a ring, in from the left, out to the right and to 0; weights say who */
  MPI_Comm ring, unweighted, dup, named, empty;
  int sources[1] = {left}, sw[1] = {10 * left + mt_rank}, dests[2] = {right, 0}, dw[2] = {10 * mt_rank + right, 99};
  MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, sources, sw, 2, dests, dw, MPI_INFO_NULL, 0, &ring);
  show("adjacent", ring, 0);
  MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, sources, MPI_UNWEIGHTED, 2, dests, MPI_UNWEIGHTED, MPI_INFO_NULL,
                                 0, &unweighted);
  show("adjacent unweighted", unweighted, 0);
  MPI_Comm_dup(ring, &dup);
  show("dup of adjacent", dup, 0);
  mt_flush();

  /* rank 0 names every edge i -> i+1 and i -> i+2 (mod size), weight 100 i + target */
  int n = mt_rank == 0 ? mt_size : 0;
  int src[16], degrees[16], targets[32], weights[32];
  for (int i = 0; i < n; i++) {
    src[i] = i, degrees[i] = 2;
    targets[2 * i] = (i + 1) % mt_size, targets[2 * i + 1] = (i + 2) % mt_size;
    weights[2 * i] = 100 * i + targets[2 * i], weights[2 * i + 1] = 100 * i + targets[2 * i + 1];
  }
  MPI_Dist_graph_create(MPI_COMM_WORLD, n, src, degrees, targets, n ? weights : MPI_WEIGHTS_EMPTY, MPI_INFO_NULL, 0,
                        &named);
  show("named by rank 0", named, 1);
  /* every rank names its own edge to the right, unweighted */
  int me[1] = {mt_rank}, one[1] = {1}, to[1] = {right};
  MPI_Dist_graph_create(MPI_COMM_WORLD, 1, me, one, to, MPI_UNWEIGHTED, MPI_INFO_NULL, 0, &empty);
  show("each names its own", empty, 1);
  mt_flush();

  MPI_Comm_free(&ring);
  MPI_Comm_free(&unweighted);
  MPI_Comm_free(&dup);
  MPI_Comm_free(&named);
  MPI_Comm_free(&empty);
  return mt_finish();
}
