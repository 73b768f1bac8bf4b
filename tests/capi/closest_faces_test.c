// SPDX-License-Identifier: BSD-3-Clause
/* The closest-face search through the C interface, against closed forms: a flat 4 x 4 grid of
 * quad4 faces over [0, 4]^2, points above its cells (the cell below, the height as the distance,
 * the local coordinates of the cell), beyond its border (the nearest edge), out of reach; the
 * grid moved; and every refusal, which leaves the outputs as they were. */
#include <stdlib.h>

#include "check.h"

enum { cells = 4, nodes_per_side = cells + 1, n_nodes = nodes_per_side * nodes_per_side, n_faces = cells * cells };

static double xyz[3 * n_nodes];
static int64_t offsets[n_faces + 1], face_nodes[4 * n_faces];

/* Nodes j * 5 + i at (i, j, z); face j * 4 + i the cell [i, i + 1] x [j, j + 1], normal +z. */
static void grid(double z) {
  int i, j;
  for (j = 0; j < nodes_per_side; ++j)
    for (i = 0; i < nodes_per_side; ++i) {
      double* x = xyz + 3 * (j * nodes_per_side + i);
      x[0] = i;
      x[1] = j;
      x[2] = z;
    }
  offsets[0] = 0;
  for (j = 0; j < cells; ++j)
    for (i = 0; i < cells; ++i) {
      const int f = j * cells + i, n = j * nodes_per_side + i;
      int64_t* f_nodes = face_nodes + 4 * f;
      f_nodes[0] = n;
      f_nodes[1] = n + 1;
      f_nodes[2] = n + 1 + nodes_per_side;
      f_nodes[3] = n + nodes_per_side;
      offsets[f + 1] = 4 * (f + 1);
    }
}

static void closed_forms(void) {
  /* Over cell (1, 2) at height 0.5; under cell (3, 0) at depth 0.25; beyond the edge x = 4 by
   * 1 at y = 2.25 (the edge of cell (3, 2)); far above, out of reach of 10. */
  const double points[] = {1.25, 2.75, 0.5, 3.5, 0.5, -0.25, 5, 2.25, 0, 2, 2, 50};
  int64_t face[4];
  double distance[4], point[12], local[8];
  fecontact_closest_face_search* c;
  grid(0);
  c = fecontact_closest_face_search_new(n_faces, offsets, face_nodes);
  CHECK(c != NULL);
  CHECK(fecontact_closest_face_search_update(c, n_nodes, xyz) == 0);
  CHECK(fecontact_find_closest_faces(c, 4, points, 10, 0, face, distance, point, local) == 0);
  CHECK(face[0] == 2 * cells + 1);
  CHECK_CLOSE(distance[0], 0.5, 1e-15);
  CHECK_CLOSE(point[0], 1.25, 1e-15);
  CHECK_CLOSE(point[1], 2.75, 1e-15);
  CHECK(fabs(point[2]) <= 1e-15);
  CHECK_CLOSE(local[0], -0.5, 1e-14); /* 2 (x - i) - 1 */
  CHECK_CLOSE(local[1], 0.5, 1e-14);
  CHECK(face[1] == 3);
  CHECK_CLOSE(distance[1], 0.25, 1e-15);
  CHECK(face[2] == 2 * cells + 3);
  CHECK_CLOSE(distance[2], 1, 1e-15);
  CHECK_CLOSE(point[6], 4, 1e-15);
  CHECK_CLOSE(point[7], 2.25, 1e-15);
  CHECK(face[3] == -1);
  CHECK(isinf(distance[3]) && distance[3] > 0);
  CHECK(isnan(point[9]) && isnan(local[6]));
  /* At any distance the far point gets a face: the four around (2, 2) tie at 50; the tie
   * distance is not needed for an exact tie, and of the four corner means at equal distance
   * the lowest index wins. Only face and distance asked. */
  CHECK(fecontact_find_closest_faces(c, 1, points + 9, INFINITY, 0, face, distance, NULL, NULL) == 0);
  CHECK(face[0] == 1 * cells + 1);
  CHECK_CLOSE(distance[0], 50, 1e-15);
  /* The grid raised by 2: the first point is now 1.5 below cell (1, 2). */
  grid(2);
  CHECK(fecontact_closest_face_search_update(c, n_nodes, xyz) == 0);
  CHECK(fecontact_find_closest_faces(c, 1, points, INFINITY, 0, face, distance, NULL, NULL) == 0);
  CHECK(face[0] == 2 * cells + 1);
  CHECK_CLOSE(distance[0], 1.5, 1e-15);
  fecontact_closest_face_search_free(c);
  fecontact_closest_face_search_free(NULL);
}

static void refusals(void) {
  const double points[] = {1, 1, 1}, nan_point[] = {1, NAN, 1};
  int64_t face[1] = {-7}, five_nodes[] = {0, 5};
  double distance[1] = {-7};
  fecontact_closest_face_search* c;
  grid(0);
  CHECK(fecontact_closest_face_search_new(1, five_nodes, face_nodes) == NULL);
  CHECK(strstr(fecontact_last_error(), "fecontact_closest_face_search_new: face_offsets: face 0 has 5 nodes") != NULL);
  c = fecontact_closest_face_search_new(n_faces, offsets, face_nodes);
  CHECK_REJECTED(fecontact_find_closest_faces(c, 1, points, 1, 0, face, distance, NULL, NULL),
                 "fecontact_find_closest_faces", "no update yet");
  CHECK_REJECTED(fecontact_closest_face_search_update(c, n_nodes - 1, xyz), "fecontact_closest_face_search_update",
                 "face 15 has node 24, outside the 24 coordinates");
  CHECK_REJECTED(fecontact_closest_face_search_update(NULL, n_nodes, xyz), "fecontact_closest_face_search_update",
                 "c is NULL");
  CHECK(fecontact_closest_face_search_update(c, n_nodes, xyz) == 0);
  CHECK_REJECTED(fecontact_find_closest_faces(c, 1, nan_point, 1, 0, face, distance, NULL, NULL),
                 "fecontact_find_closest_faces", "point 0 is not finite");
  CHECK_REJECTED(fecontact_find_closest_faces(c, 1, points, -1, 0, face, distance, NULL, NULL),
                 "fecontact_find_closest_faces", "max_distance");
  CHECK_REJECTED(fecontact_find_closest_faces(c, 1, points, 1, INFINITY, face, distance, NULL, NULL),
                 "fecontact_find_closest_faces", "tie_distance");
  CHECK_REJECTED(fecontact_find_closest_faces(c, 1, points, 1, 0, NULL, distance, NULL, NULL),
                 "fecontact_find_closest_faces", "face is NULL");
  CHECK(face[0] == -7 && distance[0] == -7); /* nothing written */
  CHECK(fecontact_find_closest_faces(c, 1, points, 1, 0, face, distance, NULL, NULL) == 0);
  CHECK(face[0] == 0);
  CHECK_CLOSE(distance[0], 1, 1e-15);
  fecontact_closest_face_search_free(c);
}

int main(void) {
  closed_forms();
  refusals();
  return finish();
}
