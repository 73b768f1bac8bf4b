// SPDX-License-Identifier: BSD-3-Clause
/* The C interface's contact search against the C++ object (fecontact::ContactSearch searched
 * afresh at every step: reference_search.cpp) on the scene of scene.h, for every kind of
 * bounding volume, with and without a skin; closed-form gaps on a flat plate; what a change of
 * interfaces, options or node count does; and a rejected step, which keeps the last results. */
#include <stdlib.h>

#include "check.h"
#include "reference_search.h"
#include "scene.h"

enum { CAPACITY = 4096, INTERFACES = 3 };
static const double tolerance[INTERFACES] = {0.05, 0.05, 0.25}; /* self: faces two apart are 0.233 apart */

static int64_t expected_slave[CAPACITY], expected_master[CAPACITY], slave[CAPACITY], master[CAPACITY];
static double expected_value[CAPACITY], expected_normal[3 * CAPACITY], expected_point[3 * CAPACITY];
static double value[CAPACITY], normal[3 * CAPACITY], point[3 * CAPACITY];

/* How many contacts, and how many of them penetrate, at the last comparison. */
static int64_t last_contacts = 0, last_penetrations = 0;

/* The search's results of interface i (as added by add_interfaces) equal the C++ object's on
 * the scene's coordinates with n_nodes nodes, entry for entry and bit for bit. */
static void compare(const fecontact_search* s, int i, const Scene* scene, int64_t n_nodes, const double* xyz,
                    double interface_tolerance) {
  int kind;
  for (kind = REFERENCE_NODE_CONTACTS; kind <= REFERENCE_SELF_PAIRS; ++kind) {
    const int contacts = kind == REFERENCE_NODE_CONTACTS;
    int64_t expected, count, k, mismatches = 0;
    if ((i == 0) != (kind <= REFERENCE_NODE_PAIRS) || (i == 1 && kind != REFERENCE_FACE_PAIRS) ||
        (i == 2 && kind != REFERENCE_SELF_PAIRS))
      continue;
    if (i == 1)
      expected = reference_search(kind, n_nodes, xyz, MASTER_FACES, scene->master_offsets, scene->master_nodes,
                                  SLAVE_FACES, scene->slave_offsets, scene->slave_faces, interface_tolerance, CAPACITY,
                                  expected_slave, expected_master, expected_value, NULL, NULL);
    else if (i == 2)
      expected = reference_search(kind, n_nodes, xyz, SLAVE_FACES, scene->slave_offsets, scene->slave_faces, 0, NULL,
                                  NULL, interface_tolerance, CAPACITY, expected_slave, expected_master,
                                  expected_value, NULL, NULL);
    else
      expected = reference_search(kind, n_nodes, xyz, MASTER_FACES, scene->master_offsets, scene->master_nodes,
                                  SLAVE_NODES, NULL, scene->slave_nodes, interface_tolerance, CAPACITY,
                                  expected_slave, expected_master, expected_value, expected_normal, expected_point);
    count = contacts ? fecontact_contact_count(s, i) : fecontact_pair_count(s, i);
    CHECK(expected >= 0 && expected <= CAPACITY);
    CHECK(count == expected);
    if (count != expected || expected < 0 || expected > CAPACITY) continue;
    if (contacts) {
      CHECK(fecontact_get_contacts(s, i, CAPACITY, slave, master, value, normal, point) == 0);
      last_contacts = count;
      last_penetrations = 0;
    } else {
      CHECK(fecontact_get_pairs(s, i, CAPACITY, slave, master, value) == 0);
    }
    for (k = 0; k < count; ++k) {
      mismatches += slave[k] != expected_slave[k] || master[k] != expected_master[k] || value[k] != expected_value[k];
      if (contacts) {
        mismatches += memcmp(normal + 3 * k, expected_normal + 3 * k, 3 * sizeof(double)) != 0;
        mismatches += memcmp(point + 3 * k, expected_point + 3 * k, 3 * sizeof(double)) != 0;
        last_penetrations += value[k] < 0;
      }
    }
    if (mismatches) fprintf(stderr, "interface %d, kind %d: %lld of %lld differ\n", i, kind, (long long)mismatches,
                            (long long)count);
    CHECK(mismatches == 0);
    CHECK(count > 0);
  }
}

/* The scene's three interfaces, options set in between the additions (any order is allowed). */
static void add_interfaces(fecontact_search* s, const Scene* scene, const char* bv, const char* skin) {
  CHECK(fecontact_add_node_to_surface(s, MASTER_FACES, scene->master_offsets, scene->master_nodes, SLAVE_NODES,
                                      scene->slave_nodes, tolerance[0]) == 0);
  CHECK(fecontact_set_option(s, 0, "bv", bv) == 0);
  CHECK(fecontact_add_surface_to_surface(s, MASTER_FACES, scene->master_offsets, scene->master_nodes, SLAVE_FACES,
                                         scene->slave_offsets, scene->slave_faces, tolerance[1]) == 1);
  CHECK(fecontact_set_option(s, 0, "skin", skin) == 0);
  CHECK(fecontact_add_self_contact(s, SLAVE_FACES, scene->slave_offsets, scene->slave_faces, tolerance[2]) == 2);
  CHECK(fecontact_set_option(s, 1, "bv", bv) == 0 && fecontact_set_option(s, 2, "bv", bv) == 0);
  CHECK(fecontact_set_option(s, 1, "skin", skin) == 0 && fecontact_set_option(s, 2, "skin", skin) == 0);
}

static void results_equal_the_cpp_object(void) {
  static const char* volumes[] = {"aabb", "obb", "dual"};
  static const char* skins[] = {"0", "0.01"};
  static Scene scene;
  int v, k, i, penetrations = 0, contacts = 0;
  scene_make(&scene);
  for (v = 0; v < 6; ++v) {
    fecontact_search* s = fecontact_search_new();
    CHECK(s != NULL);
    add_interfaces(s, &scene, volumes[v / 2], skins[v % 2]);
    for (k = 0; k < 4; ++k) {
      scene_coordinates(&scene, k);
      CHECK(fecontact_search_step(s, SCENE_NODES, scene.xyz) == 0);
      for (i = 0; i < INTERFACES; ++i) compare(s, i, &scene, SCENE_NODES, scene.xyz, tolerance[i]);
      contacts += (int)last_contacts;
      penetrations += (int)last_penetrations;
    }
    fecontact_search_free(s);
  }
  CHECK(penetrations > 0 && penetrations < contacts); /* gaps of both signs */
}

/* A flat quad4 plate of 2 x 2 faces at z = 0 over [0, 2]^2 and nodes above and below it: the gap
 * is the node's z, the normal +z, the point below the node (closed form). */
static void closed_form_gaps_on_a_flat_plate(void) {
  const double xyz[] = {0, 0, 0, 1, 0, 0, 2, 0, 0, 0, 1, 0, 1, 1, 0, 2, 1, 0, 0, 2, 0, 1, 2, 0, 2, 2, 0,
                        0.5, 0.25, 0.01, 1.75, 1.5, -0.02, 1.2, 0.3, 0.2, 0.3, 1.9, 0.049};
  const int64_t offsets[] = {0, 4, 8, 12, 16};
  const int64_t faces[] = {0, 1, 4, 3, 1, 2, 5, 4, 3, 4, 7, 6, 4, 5, 8, 7};
  const int64_t slaves[] = {12, 10, 9, 11, 9}; /* any order, repeats: results ascending, once each */
  const int64_t expected_node[] = {9, 10, 12}, expected_face[] = {0, 3, 2};
  int64_t k;
  fecontact_search* s = fecontact_search_new();
  CHECK(fecontact_add_node_to_surface(s, 4, offsets, faces, 5, slaves, 0.05) == 0);
  CHECK(fecontact_search_step(s, 13, xyz) == 0);
  CHECK(fecontact_contact_count(s, 0) == 3); /* node 11 is 0.2 away */
  CHECK(fecontact_get_contacts(s, 0, 3, slave, master, value, normal, point) == 0);
  for (k = 0; k < 3; ++k) {
    const double* x = xyz + 3 * expected_node[k];
    CHECK(slave[k] == expected_node[k] && master[k] == expected_face[k]);
    CHECK_CLOSE(value[k], x[2], 1e-15);
    CHECK(normal[3 * k] == 0 && normal[3 * k + 1] == 0 && normal[3 * k + 2] == 1);
    CHECK_CLOSE(point[3 * k], x[0], 1e-15);
    CHECK_CLOSE(point[3 * k + 1], x[1], 1e-15);
    CHECK(fabs(point[3 * k + 2]) <= 1e-15);
  }
  /* NULL for the arrays not wanted */
  value[0] = 7;
  CHECK(fecontact_get_contacts(s, 0, 3, NULL, NULL, value, NULL, NULL) == 0 && value[0] == 0.01);
  /* arrays too small for the three contacts: nothing written, -1 and a message */
  value[0] = 7;
  CHECK(fecontact_get_contacts(s, 0, 2, NULL, NULL, value, NULL, NULL) == -1 && value[0] == 7);
  CHECK(strstr(fecontact_last_error(), "capacity = 2 is less than the 3 contacts") != NULL);
  CHECK(fecontact_get_pairs(s, 0, 2, NULL, NULL, value) == -1 && value[0] == 7);
  CHECK(strstr(fecontact_last_error(), "capacity = 2 is less than the 3 pairs") != NULL);
  CHECK(fecontact_get_pairs(s, 0, -1, NULL, NULL, NULL) == -1);
  CHECK(strstr(fecontact_last_error(), "capacity = -1 is negative") != NULL);
  CHECK(fecontact_pair_count(s, 0) == 3); /* each node within 0.05 of one face only */
  fecontact_search_free(s);
}

/* An interface added after a step has no results until the next step; the others keep theirs.
 * An option changed or another node count: the next step rebuilds and agrees with the C++
 * object again. */
static void changes_rebuild_the_search(void) {
  static Scene scene;
  static double more[3 * (SCENE_NODES + 4)];
  int i;
  fecontact_search* s = fecontact_search_new();
  scene_make(&scene);
  CHECK(fecontact_add_node_to_surface(s, MASTER_FACES, scene.master_offsets, scene.master_nodes, SLAVE_NODES,
                                      scene.slave_nodes, tolerance[0]) == 0);
  CHECK(fecontact_search_step(s, SCENE_NODES, scene.xyz) == 0);
  CHECK(fecontact_add_surface_to_surface(s, MASTER_FACES, scene.master_offsets, scene.master_nodes, SLAVE_FACES,
                                         scene.slave_offsets, scene.slave_faces, tolerance[1]) == 1);
  CHECK_REJECTED(fecontact_pair_count(s, 1), "fecontact_pair_count", "no successful step since it was added");
  compare(s, 0, &scene, SCENE_NODES, scene.xyz, tolerance[0]);
  scene_coordinates(&scene, 2);
  CHECK(fecontact_search_step(s, SCENE_NODES, scene.xyz) == 0);
  for (i = 0; i < 2; ++i) compare(s, i, &scene, SCENE_NODES, scene.xyz, tolerance[i]);
  CHECK(fecontact_set_option(s, 0, "tolerance", "0.02") == 0);
  CHECK(fecontact_set_option(s, 1, "bv", "OBB") == 0);
  CHECK(fecontact_search_step(s, SCENE_NODES, scene.xyz) == 0);
  compare(s, 0, &scene, SCENE_NODES, scene.xyz, 0.02);
  compare(s, 1, &scene, SCENE_NODES, scene.xyz, tolerance[1]);
  /* four more nodes, in no interface, far away */
  memcpy(more, scene.xyz, sizeof scene.xyz);
  for (i = 3 * SCENE_NODES; i < 3 * (SCENE_NODES + 4); ++i) more[i] = 100 + i;
  CHECK(fecontact_search_step(s, SCENE_NODES + 4, more) == 0);
  compare(s, 0, &scene, SCENE_NODES + 4, more, 0.02);
  compare(s, 1, &scene, SCENE_NODES + 4, more, tolerance[1]);
  fecontact_search_free(s);
}

/* A step with a slave node's coordinate NaN fails and keeps the last step's results; the next
 * good step goes on as if it had not happened. */
static void a_rejected_step_keeps_the_results(void) {
  static Scene scene;
  const int64_t bad = 3 * (MASTER_NODES + 40) + 2;
  int i;
  fecontact_search* s = fecontact_search_new();
  scene_make(&scene);
  add_interfaces(s, &scene, "aabb", "0.01");
  scene_coordinates(&scene, 1);
  CHECK(fecontact_search_step(s, SCENE_NODES, scene.xyz) == 0);
  scene.xyz[bad] = NAN;
  CHECK_REJECTED(fecontact_search_step(s, SCENE_NODES, scene.xyz), "fecontact_search_step",
                 "node 209 are not finite");
  scene_coordinates(&scene, 1);
  for (i = 0; i < INTERFACES; ++i) compare(s, i, &scene, SCENE_NODES, scene.xyz, tolerance[i]);
  scene_coordinates(&scene, 2);
  CHECK(fecontact_search_step(s, SCENE_NODES, scene.xyz) == 0);
  for (i = 0; i < INTERFACES; ++i) compare(s, i, &scene, SCENE_NODES, scene.xyz, tolerance[i]);
  fecontact_search_free(s);
}

int main(void) {
  results_equal_the_cpp_object();
  closed_form_gaps_on_a_flat_plate();
  changes_rebuild_the_search();
  a_rejected_step_keeps_the_results();
  return finish();
}
