// SPDX-License-Identifier: BSD-3-Clause
#include <stdio.h>
#include <fecontact/fecontact_mpi.h>

int main(int argc, char** argv) { /* 2 ranks: a unit square each, side by side; a slave node above the other's */
  const int64_t ids[2][5] = {{0, 1, 3, 4, 7}, {1, 2, 4, 5, 6}}; /* global ids of each rank's nodes */
  const double xyz[2][15] = {{0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0, 1.5, 0.5, -0.02},
                             {1, 0, 0, 2, 0, 0, 1, 1, 0, 2, 1, 0, 0.5, 0.5, 0.01}};
  const int64_t offsets[] = {0, 4}, face[] = {0, 1, 3, 2}, slave[] = {4}; /* over the rank's nodes */
  int64_t face_id, node, master_face; double gap; int rank, ranks, face_rank;
  fecontact_mpi_search* s;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  if (ranks != 2) return fprintf(stderr, "run on 2 ranks\n"), MPI_Finalize(), 1;
  face_id = rank; /* face 0 on rank 0, face 1 on rank 1 */
  s = fecontact_mpi_search_new(MPI_COMM_WORLD);
  if (fecontact_mpi_set_nodes(s, 5, ids[rank]) < 0 ||
      fecontact_mpi_add_node_to_surface(s, 1, offsets, face, &face_id, 1, slave, 0.05) < 0 ||
      fecontact_mpi_search_step(s, 5, xyz[rank]) < 0 || /* collective */
      fecontact_mpi_get_contacts(s, 0, 1, &node, &master_face, &face_rank, &gap, NULL, NULL) < 0)
    return fprintf(stderr, "%s\n", fecontact_last_error()), MPI_Abort(MPI_COMM_WORLD, 1), 1;
  printf("rank %d: node %lld on face %lld of rank %d, gap %g\n", rank, (long long)node, (long long)master_face,
         face_rank, gap);
  fecontact_mpi_search_free(s);
  MPI_Finalize();
  return 0;
}
