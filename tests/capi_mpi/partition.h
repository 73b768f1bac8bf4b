// SPDX-License-Identifier: BSD-3-Clause
/* The scene of the C tests (../capi/scene.h) split over the ranks for the MPI search's tests: a
 * master face on the rank of its column of cells (the left half of the bump on rank 0 of 2), a
 * slave node and a slave face on the rank of their row, so that most slave nodes find their
 * master face on another rank. Each rank's nodes are those its faces and slave nodes use, in
 * ascending global id; global ids are the scene's node and face indices, so that the serial
 * search over the whole scene numbers everything as the ranks' global ids. */
#ifndef FECONTACT_TEST_PARTITION_H
#define FECONTACT_TEST_PARTITION_H

#include <stdint.h>

#include "scene.h"

typedef struct {
  int64_t n_nodes, node_ids[SCENE_NODES];
  int64_t local[SCENE_NODES]; /* the local index of each scene node, -1 when not on this rank */
  int64_t n_master, master_ids[MASTER_FACES], master_offsets[MASTER_FACES + 1], master_nodes[9 * MASTER_FACES];
  int64_t n_slave_faces, slave_face_ids[SLAVE_FACES], slave_offsets[SLAVE_FACES + 1], slave_faces[4 * SLAVE_FACES];
  int64_t n_slave_nodes, slave_nodes[SLAVE_NODES];
} Part;

static int master_face_rank(int f, int ranks) { return (f % MASTER_CELLS) * ranks / MASTER_CELLS; }
static int slave_face_rank(int f, int ranks) { return (f / SLAVE_CELLS) * ranks / SLAVE_CELLS; }
static int slave_node_rank(int k, int ranks) { return (k / SLAVE_SIDE) * ranks / SLAVE_SIDE; }

static void part_make(Part* p, const Scene* s, int rank, int ranks) {
  int used[SCENE_NODES] = {0};
  int f, k, n;
  for (f = 0; f < MASTER_FACES; ++f)
    if (master_face_rank(f, ranks) == rank)
      for (n = 0; n < 9; ++n) used[s->master_nodes[9 * f + n]] = 1;
  for (f = 0; f < SLAVE_FACES; ++f)
    if (slave_face_rank(f, ranks) == rank)
      for (n = 0; n < 4; ++n) used[s->slave_faces[4 * f + n]] = 1;
  for (k = 0; k < SLAVE_NODES; ++k)
    if (slave_node_rank(k, ranks) == rank) used[s->slave_nodes[k]] = 1;
  p->n_nodes = 0;
  for (k = 0; k < SCENE_NODES; ++k) {
    p->local[k] = used[k] ? p->n_nodes : -1;
    if (used[k]) p->node_ids[p->n_nodes++] = k;
  }
  p->n_master = 0;
  p->master_offsets[0] = 0;
  for (f = 0; f < MASTER_FACES; ++f)
    if (master_face_rank(f, ranks) == rank) {
      for (n = 0; n < 9; ++n) p->master_nodes[9 * p->n_master + n] = p->local[s->master_nodes[9 * f + n]];
      p->master_ids[p->n_master++] = f;
      p->master_offsets[p->n_master] = 9 * p->n_master;
    }
  p->n_slave_faces = 0;
  p->slave_offsets[0] = 0;
  for (f = 0; f < SLAVE_FACES; ++f)
    if (slave_face_rank(f, ranks) == rank) {
      for (n = 0; n < 4; ++n) p->slave_faces[4 * p->n_slave_faces + n] = p->local[s->slave_faces[4 * f + n]];
      p->slave_face_ids[p->n_slave_faces++] = f;
      p->slave_offsets[p->n_slave_faces] = 4 * p->n_slave_faces;
    }
  p->n_slave_nodes = 0;
  for (k = 0; k < SLAVE_NODES; ++k)
    if (slave_node_rank(k, ranks) == rank) p->slave_nodes[p->n_slave_nodes++] = p->local[s->slave_nodes[k]];
}

/* This rank's coordinates from the scene's. */
static void part_coordinates(const Part* p, const Scene* s, double* xyz) {
  int64_t k;
  int i;
  for (k = 0; k < p->n_nodes; ++k)
    for (i = 0; i < 3; ++i) xyz[3 * k + i] = s->xyz[3 * p->node_ids[k] + i];
}

#endif
