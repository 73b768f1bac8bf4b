// SPDX-License-Identifier: BSD-3-Clause
/* The two-configuration (swept) step of the C interface: a node and a face that pass through a
 * flat plate within one step are found by fecontact_search_step_swept and missed by
 * fecontact_search_step at either end (closed-form gaps at both ends); on the scene of scene.h
 * the swept results equal the C++ object's (reference_swept_search) bit for bit; the predicted
 * getters refuse a one-configuration step, and a rejected step keeps the last results. */
#include <stdlib.h>

#include "check.h"
#include "reference_search.h"
#include "scene.h"

enum { CAPACITY = 4096, INTERFACES = 3 };
static const double tolerance[INTERFACES] = {0.05, 0.05, 0.25};

/* A flat quad4 plate of 2 x 2 faces at z = 0 over [0, 2]^2 (nodes 0-8, outward +z); node 9 at
 * (0.5, 0.5, z) and a small slave quad4 (nodes 10-13, outward -z) over [0.8, 1.2]^2 at height z:
 * both at z = 0.3 at the start of the step and z = -0.3 at its end. */
enum { PLATE_NODES = 14 };
static const int64_t plate_offsets[] = {0, 4, 8, 12, 16};
static const int64_t plate_faces[] = {0, 1, 4, 3, 1, 2, 5, 4, 3, 4, 7, 6, 4, 5, 8, 7};
static const int64_t slave_offsets[] = {0, 4};
static const int64_t slave_face[] = {10, 13, 12, 11}; /* clockwise from +z: outward -z */
static const int64_t slave_node[] = {9};

static void plate_at(double z, double* xyz) {
  static const double square[4][2] = {{0.8, 0.8}, {1.2, 0.8}, {1.2, 1.2}, {0.8, 1.2}};
  int i, j, k;
  for (j = 0; j < 3; ++j)
    for (i = 0; i < 3; ++i) {
      xyz[3 * (3 * j + i)] = i;
      xyz[3 * (3 * j + i) + 1] = j;
      xyz[3 * (3 * j + i) + 2] = 0;
    }
  xyz[27] = 0.5, xyz[28] = 0.5, xyz[29] = z;
  for (k = 0; k < 4; ++k) {
    xyz[3 * (10 + k)] = square[k][0];
    xyz[3 * (10 + k) + 1] = square[k][1];
    xyz[3 * (10 + k) + 2] = z;
  }
}

static void tunnelling_is_found_by_the_swept_step_only(void) {
  double start[3 * PLATE_NODES], end[3 * PLATE_NODES], bad[3 * PLATE_NODES];
  int64_t node = -1, face = -1, predicted_face = -1, pairs;
  double gap = 0, predicted_gap = 0, normal[3] = {0}, point[3] = {0}, distance[4] = {0};
  fecontact_search* s = fecontact_search_new();
  plate_at(0.3, start);
  plate_at(-0.3, end);
  CHECK(fecontact_add_node_to_surface(s, 4, plate_offsets, plate_faces, 1, slave_node, 0.05) == 0);
  CHECK(fecontact_add_surface_to_surface(s, 4, plate_offsets, plate_faces, 1, slave_offsets, slave_face, 0.05) == 1);
  /* one configuration, at either end: 0.3 away, or 0.3 deep (deeper than the tolerance) */
  CHECK(fecontact_search_step(s, PLATE_NODES, start) == 0);
  CHECK(fecontact_contact_count(s, 0) == 0 && fecontact_pair_count(s, 1) == 0);
  CHECK_REJECTED(fecontact_get_predicted_contacts(s, 0, 1, NULL, NULL, NULL, NULL, NULL),
                 "fecontact_get_predicted_contacts", "interface_index = 0: the last step had one configuration");
  CHECK(fecontact_search_step(s, PLATE_NODES, end) == 0);
  CHECK(fecontact_contact_count(s, 0) == 0 && fecontact_pair_count(s, 1) == 0);
  /* the swept step: the node over face 0, gap 0.3 at the start and -0.3 at the end */
  CHECK(fecontact_search_step_swept(s, PLATE_NODES, start, end) == 0);
  CHECK(fecontact_contact_count(s, 0) == 1);
  CHECK(fecontact_get_contacts(s, 0, 1, &node, &face, &gap, NULL, NULL) == 0);
  CHECK(node == 9 && face == 0);
  CHECK_CLOSE(gap, 0.3, 1e-15);
  node = -1;
  CHECK(fecontact_get_predicted_contacts(s, 0, 1, &node, &predicted_face, &predicted_gap, normal, point) == 0);
  CHECK(node == 9 && predicted_face == 0);
  CHECK_CLOSE(predicted_gap, -0.3, 1e-15);
  CHECK(normal[0] == 0 && normal[1] == 0 && normal[2] == 1);
  CHECK_CLOSE(point[0], 0.5, 1e-15);
  CHECK_CLOSE(point[1], 0.5, 1e-15);
  CHECK(fabs(point[2]) <= 1e-15);
  /* the slave face over all four plate faces */
  pairs = fecontact_pair_count(s, 1);
  CHECK(pairs == 4);
  CHECK(fecontact_get_predicted_pair_distances(s, 1, 4, distance) == 0);
  CHECK(distance[0] > 0 && distance[0] <= 0.3 + 1e-15); /* face_distance: a lower bound, 0.3 apart */
  CHECK_REJECTED(fecontact_get_predicted_pair_distances(s, 0, 4, distance), "fecontact_get_predicted_pair_distances",
                 "is node-to-surface");
  CHECK_REJECTED(fecontact_get_predicted_pair_distances(s, 1, 3, distance), "fecontact_get_predicted_pair_distances",
                 "capacity = 3 is less than the 4 pairs");
  CHECK_REJECTED(fecontact_get_predicted_contacts(s, 0, 0, NULL, NULL, NULL, NULL, NULL),
                 "fecontact_get_predicted_contacts", "capacity = 0 is less than the 1 contacts");
  /* bad arguments: -1, a message, and the last results kept */
  CHECK_REJECTED(fecontact_search_step_swept(s, PLATE_NODES, start, NULL), "fecontact_search_step_swept",
                 "predicted is NULL");
  CHECK_REJECTED(fecontact_search_step_swept(s, PLATE_NODES, NULL, end), "fecontact_search_step_swept",
                 "current is NULL");
  CHECK_REJECTED(fecontact_search_step_swept(NULL, PLATE_NODES, start, end), "fecontact_search_step_swept",
                 "s is NULL");
  memcpy(bad, end, sizeof bad);
  bad[29] = NAN;
  CHECK(fecontact_search_step_swept(s, PLATE_NODES, start, bad) == -1);
  CHECK(strstr(fecontact_last_error(), "fecontact_search_step_swept") == fecontact_last_error());
  CHECK(fecontact_contact_count(s, 0) == 1 && fecontact_pair_count(s, 1) == 4);
  CHECK(fecontact_get_predicted_contacts(s, 0, 1, NULL, NULL, &predicted_gap, NULL, NULL) == 0);
  CHECK_CLOSE(predicted_gap, -0.3, 1e-15);
  fecontact_search_free(s);
}

static int64_t expected_slave[CAPACITY], expected_master[CAPACITY], expected_predicted_master[CAPACITY];
static double expected_value[CAPACITY], expected_predicted_value[CAPACITY];
static int64_t slave[CAPACITY], master[CAPACITY], predicted_master[CAPACITY];
static double value[CAPACITY], predicted_value[CAPACITY];

/* Interface i of the scene's swept step from `start` to `end` equals the C++ object's. */
static void compare(const fecontact_search* s, int i, const Scene* scene, const double* start, const double* end) {
  const int kind = i == 0 ? REFERENCE_NODE_CONTACTS : i == 1 ? REFERENCE_FACE_PAIRS : REFERENCE_SELF_PAIRS;
  int64_t expected, count, k, mismatches = 0;
  if (i == 0)
    expected = reference_swept_search(kind, SCENE_NODES, start, end, MASTER_FACES, scene->master_offsets,
                                      scene->master_nodes, SLAVE_NODES, NULL, scene->slave_nodes, tolerance[i],
                                      CAPACITY, expected_slave, expected_master, expected_value,
                                      expected_predicted_master, expected_predicted_value);
  else if (i == 1)
    expected = reference_swept_search(kind, SCENE_NODES, start, end, MASTER_FACES, scene->master_offsets,
                                      scene->master_nodes, SLAVE_FACES, scene->slave_offsets, scene->slave_faces,
                                      tolerance[i], CAPACITY, expected_slave, expected_master, expected_value, NULL,
                                      expected_predicted_value);
  else
    expected = reference_swept_search(kind, SCENE_NODES, start, end, SLAVE_FACES, scene->slave_offsets,
                                      scene->slave_faces, 0, NULL, NULL, tolerance[i], CAPACITY, expected_slave,
                                      expected_master, expected_value, NULL, expected_predicted_value);
  count = i == 0 ? fecontact_contact_count(s, i) : fecontact_pair_count(s, i);
  CHECK(expected > 0 && expected <= CAPACITY && count == expected);
  if (count != expected || expected <= 0 || expected > CAPACITY) return;
  if (i == 0) {
    CHECK(fecontact_get_contacts(s, i, CAPACITY, slave, master, value, NULL, NULL) == 0);
    CHECK(fecontact_get_predicted_contacts(s, i, CAPACITY, NULL, predicted_master, predicted_value, NULL, NULL) == 0);
  } else {
    CHECK(fecontact_get_pairs(s, i, CAPACITY, slave, master, value) == 0);
    CHECK(fecontact_get_predicted_pair_distances(s, i, CAPACITY, predicted_value) == 0);
  }
  for (k = 0; k < count; ++k) {
    mismatches += slave[k] != expected_slave[k] || master[k] != expected_master[k] || value[k] != expected_value[k];
    mismatches += predicted_value[k] != expected_predicted_value[k];
    if (i == 0) mismatches += predicted_master[k] != expected_predicted_master[k];
  }
  if (mismatches) fprintf(stderr, "interface %d: %lld of %lld differ\n", i, (long long)mismatches, (long long)count);
  CHECK(mismatches == 0);
}

static void swept_results_equal_the_cpp_object(void) {
  static Scene scene;
  static double start[3 * SCENE_NODES];
  int k, i;
  fecontact_search* s = fecontact_search_new();
  scene_make(&scene);
  CHECK(fecontact_add_node_to_surface(s, MASTER_FACES, scene.master_offsets, scene.master_nodes, SLAVE_NODES,
                                      scene.slave_nodes, tolerance[0]) == 0);
  CHECK(fecontact_add_surface_to_surface(s, MASTER_FACES, scene.master_offsets, scene.master_nodes, SLAVE_FACES,
                                         scene.slave_offsets, scene.slave_faces, tolerance[1]) == 1);
  CHECK(fecontact_add_self_contact(s, SLAVE_FACES, scene.slave_offsets, scene.slave_faces, tolerance[2]) == 2);
  for (k = 0; k < 3; ++k) { /* steps from k to k + 2: the same search refitted */
    scene_coordinates(&scene, k);
    memcpy(start, scene.xyz, sizeof start);
    scene_coordinates(&scene, k + 2);
    CHECK(fecontact_search_step_swept(s, SCENE_NODES, start, scene.xyz) == 0);
    for (i = 0; i < INTERFACES; ++i) compare(s, i, &scene, start, scene.xyz);
  }
  fecontact_search_free(s);
}

int main(void) {
  tunnelling_is_found_by_the_swept_step_only();
  swept_results_equal_the_cpp_object();
  return finish();
}
