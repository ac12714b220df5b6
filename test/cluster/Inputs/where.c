/* where.c - each rank prints its rank, its host's name and how many ranks share its node (MPI's
 * shared-memory split, which lsc's hierarchical mode divides a node's cores by), so check-cluster.py can see
 * that every rank ran on the host the hostfile gave it. The lines may arrive in any order; the checker sorts
 * them by rank. */
#define _POSIX_C_SOURCE 200809L
#include <mpi.h>
#include <stdio.h>
#include <unistd.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size, on_node;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Comm node;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
  MPI_Comm_size(node, &on_node);
  char host[256] = "";
  gethostname(host, sizeof host - 1);
  for (int r = 0; r < size; r++) {
    if (r == rank) {
      printf("rank %d host %s node_ranks %d\n", rank, host, on_node);
      fflush(stdout);
    }
    MPI_Barrier(MPI_COMM_WORLD);
  }
  MPI_Comm_free(&node);
  MPI_Finalize();
  return 0;
}
