// SPDX-License-Identifier: BSD-3-Clause
/* The contact scene of the C tests (the Fortran test builds the same one): a curved quad9 master
 * surface (a bump over [-1, 1]^2) and a quad4 slave sheet above it, bent down at its edges so
 * that some of its nodes are within the tolerance, some penetrate and some are far. Master nodes
 * come first, then the slave sheet's. */
#ifndef FECONTACT_TEST_SCENE_H
#define FECONTACT_TEST_SCENE_H

#include <math.h>
#include <stdint.h>

enum {
  MASTER_CELLS = 6,                           /* quad9 faces per side */
  MASTER_SIDE = 2 * MASTER_CELLS + 1,         /* nodes per side */
  MASTER_NODES = MASTER_SIDE * MASTER_SIDE,
  MASTER_FACES = MASTER_CELLS * MASTER_CELLS,
  SLAVE_CELLS = 6,                            /* quad4 faces per side */
  SLAVE_SIDE = SLAVE_CELLS + 1,
  SLAVE_NODES = SLAVE_SIDE * SLAVE_SIDE,
  SLAVE_FACES = SLAVE_CELLS * SLAVE_CELLS,
  SCENE_NODES = MASTER_NODES + SLAVE_NODES
};

typedef struct {
  double xyz[3 * SCENE_NODES];
  int64_t master_offsets[MASTER_FACES + 1], master_nodes[9 * MASTER_FACES];
  int64_t slave_offsets[SLAVE_FACES + 1], slave_faces[4 * SLAVE_FACES];
  int64_t slave_nodes[SLAVE_NODES];
} Scene;

static const double scene_pi = 3.14159265358979323846;

/* The nodes at step k: the sheet slides and sinks, the bump tilts. */
static void scene_coordinates(Scene* s, int k) {
  int i, j;
  for (j = 0; j < MASTER_SIDE; ++j)
    for (i = 0; i < MASTER_SIDE; ++i) {
      double* p = s->xyz + 3 * (j * MASTER_SIDE + i);
      p[0] = -1 + 2.0 * i / (MASTER_SIDE - 1);
      p[1] = -1 + 2.0 * j / (MASTER_SIDE - 1);
      p[2] = 0.05 * cos(scene_pi * p[0] / 2) * cos(scene_pi * p[1] / 2) + 0.002 * k * p[0];
    }
  for (j = 0; j < SLAVE_SIDE; ++j)
    for (i = 0; i < SLAVE_SIDE; ++i) {
      double* p = s->xyz + 3 * (MASTER_NODES + j * SLAVE_SIDE + i);
      const double x = -0.7 + 1.4 * i / (SLAVE_SIDE - 1), y = -0.7 + 1.4 * j / (SLAVE_SIDE - 1);
      p[0] = x + 0.01 * k;
      p[1] = y + 0.005 * k;
      p[2] = 0.06 - 0.08 * (x * x + y * y) - 0.004 * k;
    }
}

static void scene_make(Scene* s) {
  int a, b, f = 0;
  s->master_offsets[0] = 0;
  for (b = 0; b < MASTER_CELLS; ++b)
    for (a = 0; a < MASTER_CELLS; ++a, ++f) {
      const int i = 2 * a, j = 2 * b;
      /* corners counter-clockwise seen from +z (outward normal up), then mid-edges, centre */
      const int grid[9][2] = {{i, j}, {i + 2, j}, {i + 2, j + 2}, {i, j + 2}, {i + 1, j},
                              {i + 2, j + 1}, {i + 1, j + 2}, {i, j + 1}, {i + 1, j + 1}};
      int n;
      for (n = 0; n < 9; ++n) s->master_nodes[9 * f + n] = grid[n][1] * MASTER_SIDE + grid[n][0];
      s->master_offsets[f + 1] = 9 * (f + 1);
    }
  f = 0;
  s->slave_offsets[0] = 0;
  for (b = 0; b < SLAVE_CELLS; ++b)
    for (a = 0; a < SLAVE_CELLS; ++a, ++f) {
      const int64_t first = MASTER_NODES + b * SLAVE_SIDE + a;
      /* clockwise seen from +z: the sheet's outward normal points down, at the bump */
      s->slave_faces[4 * f + 0] = first;
      s->slave_faces[4 * f + 1] = first + SLAVE_SIDE;
      s->slave_faces[4 * f + 2] = first + SLAVE_SIDE + 1;
      s->slave_faces[4 * f + 3] = first + 1;
      s->slave_offsets[f + 1] = 4 * (f + 1);
    }
  for (a = 0; a < SLAVE_NODES; ++a) s->slave_nodes[a] = MASTER_NODES + a;
  scene_coordinates(s, 0);
}

#endif
