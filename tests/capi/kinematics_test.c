// SPDX-License-Identifier: BSD-3-Clause
/* The contact kinematics through the C interface (fecontact_get_contact_frames, _weights, _slip)
 * against the C++ object (reference_kinematics: a fecontact::ContactSearch with track_slip over
 * the same steps) bit for bit, with and without a skin, on the curved quad9 scene of scene.h,
 * with trial steps before each accepted one (fecontact_accept_step);
 * the weights against their closed-form properties (they sum to 1 and interpolate the contact
 * point); and the arguments rejected: capacity below the count, NULL search, an interface
 * without track_slip, the option's values. */
#include <stdlib.h>

#include "check.h"
#include "reference_search.h"
#include "scene.h"

enum { CAPACITY = SLAVE_NODES, STEPS = 4 };
static const double tolerance = 0.05;

static double steps_xyz[STEPS][3 * SCENE_NODES];
static double local[2 * CAPACITY], tangent1[3 * CAPACITY], tangent2[3 * CAPACITY], weights[9 * CAPACITY];
static double slip[3 * CAPACITY], point[3 * CAPACITY];
static int64_t nodes[9 * CAPACITY];
static int new_contact[CAPACITY];
static double expected_local[2 * CAPACITY], expected_tangent1[3 * CAPACITY], expected_tangent2[3 * CAPACITY];
static double expected_weights[9 * CAPACITY], expected_slip[3 * CAPACITY];
static int64_t expected_nodes[9 * CAPACITY];
static int expected_new_contact[CAPACITY];

static fecontact_search* node_to_surface(const Scene* scene, const char* track_slip, const char* skin) {
  fecontact_search* s = fecontact_search_new();
  CHECK(fecontact_add_node_to_surface(s, MASTER_FACES, scene->master_offsets, scene->master_nodes, SLAVE_NODES,
                                      scene->slave_nodes, tolerance) == 0);
  CHECK(fecontact_set_option(s, 0, "track_slip", track_slip) == 0);
  CHECK(fecontact_set_option(s, 0, "skin", skin) == 0);
  return s;
}

#define SAME(a, b, n) (memcmp((a), (b), (size_t)(n) * sizeof(*(a))) == 0)

static void kinematics_equal_the_cpp_object(void) {
  static Scene scene;
  static const char* skins[] = {"0", "0.02"};
  int k, v;
  scene_make(&scene);
  for (k = 0; k < STEPS; ++k) {
    scene_coordinates(&scene, k);
    memcpy(steps_xyz[k], scene.xyz, sizeof(scene.xyz));
  }
  for (v = 0; v < 2; ++v) {
    fecontact_search* s = node_to_surface(&scene, "ON", skins[v]);
    int64_t count = 0, expected, c, i;
    int moved = 0;
    for (k = 0; k < STEPS; ++k) {
      /* Two trial steps with the slave sheet moved aside, as a Newton solver's iterates, then the
       * converged one, accepted: the slip is measured from the accepted step, as the reference's
       * (one step at a time, each accepted), so the results are equal bit for bit only if the
       * trials left the history alone. */
      static double trial_xyz[3 * SCENE_NODES];
      int trial, n;
      for (trial = 1; trial <= 2 && k > 0; ++trial) {
        memcpy(trial_xyz, steps_xyz[k], sizeof(trial_xyz));
        for (n = MASTER_NODES; n < SCENE_NODES; ++n) trial_xyz[3 * n] += 0.003 * trial, trial_xyz[3 * n + 1] -= 0.002;
        CHECK(fecontact_search_step(s, SCENE_NODES, trial_xyz) == 0);
      }
      CHECK(fecontact_search_step(s, SCENE_NODES, steps_xyz[k]) == 0);
      CHECK(fecontact_accept_step(s) == 0);
      count = fecontact_contact_count(s, 0);
      CHECK(count > 0 && count <= CAPACITY);
      CHECK(fecontact_get_contact_slip(s, 0, CAPACITY, slip, new_contact) == 0);
      for (c = 0; c < count; ++c) {
        CHECK(k > 0 || new_contact[c] == 1);
        moved += new_contact[c] == 0 && (slip[3 * c] != 0 || slip[3 * c + 1] != 0);
      }
    }
    CHECK(moved > 0); /* the sheet slides: slip was reported */
    expected = reference_kinematics(SCENE_NODES, STEPS, &steps_xyz[0][0], MASTER_FACES, scene.master_offsets,
                                    scene.master_nodes, SLAVE_NODES, scene.slave_nodes, tolerance, CAPACITY,
                                    expected_local, expected_tangent1, expected_tangent2, expected_nodes,
                                    expected_weights, expected_slip, expected_new_contact);
    CHECK(expected == count);
    CHECK(fecontact_get_contact_frames(s, 0, count, local, tangent1, tangent2) == 0);
    CHECK(fecontact_get_contact_weights(s, 0, count, nodes, weights) == 0);
    CHECK(fecontact_get_contact_slip(s, 0, count, slip, new_contact) == 0);
    CHECK(fecontact_get_contacts(s, 0, count, NULL, NULL, NULL, NULL, point) == 0);
    CHECK(SAME(local, expected_local, 2 * count) && SAME(tangent1, expected_tangent1, 3 * count) &&
          SAME(tangent2, expected_tangent2, 3 * count));
    CHECK(SAME(nodes, expected_nodes, 9 * count) && SAME(weights, expected_weights, 9 * count));
    CHECK(SAME(slip, expected_slip, 3 * count) && SAME(new_contact, expected_new_contact, count));
    /* Closed-form properties: weights sum to 1 and interpolate the point from the master nodes. */
    for (c = 0; c < count; ++c) {
      double sum = 0, x[3] = {0, 0, 0};
      for (i = 0; i < 9; ++i) {
        const int64_t n = nodes[9 * c + i];
        int d;
        CHECK((n >= 0 && n < MASTER_NODES) == (i < 9)); /* quad9: nine nodes, all on the master */
        sum += weights[9 * c + i];
        for (d = 0; d < 3 && n >= 0; ++d) x[d] += weights[9 * c + i] * steps_xyz[STEPS - 1][3 * n + d];
      }
      CHECK_CLOSE(sum, 1, 1e-12);
      for (i = 0; i < 3; ++i) CHECK_CLOSE(x[i], point[3 * c + i], 1e-12);
    }
    fecontact_search_free(s);
  }
}

static void bad_arguments_are_rejected(void) {
  static Scene scene;
  fecontact_search* s;
  int64_t count;
  scene_make(&scene);
  s = node_to_surface(&scene, "off", "0");
  CHECK(fecontact_search_step(s, SCENE_NODES, scene.xyz) == 0);
  count = fecontact_contact_count(s, 0);
  CHECK(count > 1);
  CHECK_REJECTED(fecontact_get_contact_frames(s, 0, count - 1, local, NULL, NULL), "fecontact_get_contact_frames",
                 "capacity");
  CHECK_REJECTED(fecontact_get_contact_weights(s, 0, 0, nodes, weights), "fecontact_get_contact_weights", "capacity");
  CHECK_REJECTED(fecontact_get_contact_slip(s, 0, -1, slip, new_contact), "fecontact_get_contact_slip",
                 "capacity = -1 is negative");
  CHECK_REJECTED(fecontact_get_contact_slip(s, 0, count, slip, new_contact), "fecontact_get_contact_slip",
                 "track_slip");
  CHECK_REJECTED(fecontact_get_contact_frames(NULL, 0, count, local, NULL, NULL), "fecontact_get_contact_frames",
                 "s is NULL");
  CHECK_REJECTED(fecontact_get_contact_weights(NULL, 0, count, nodes, weights), "fecontact_get_contact_weights",
                 "s is NULL");
  CHECK_REJECTED(fecontact_get_contact_slip(NULL, 0, count, slip, new_contact), "fecontact_get_contact_slip",
                 "s is NULL");
  CHECK_REJECTED(fecontact_accept_step(NULL), "fecontact_accept_step", "s is NULL");
  CHECK_REJECTED(fecontact_get_contact_frames(s, 1, count, local, NULL, NULL), "fecontact_get_contact_frames",
                 "interface_index");
  CHECK_REJECTED(fecontact_set_option(s, 0, "track_slip", "yes"), "fecontact_set_option", "on or off");
  CHECK_REJECTED(fecontact_set_option(s, 0, "track_slip", ""), "fecontact_set_option", "on or off");
  CHECK(fecontact_get_contact_frames(s, 0, count, NULL, NULL, NULL) == 0); /* any pointer may be NULL */
  /* Turned on, it takes effect at the next step (which rebuilds the search: every contact is new). */
  CHECK(fecontact_set_option(s, 0, "track_slip", "on") == 0);
  CHECK_REJECTED(fecontact_get_contact_slip(s, 0, count, slip, new_contact), "fecontact_get_contact_slip",
                 "track_slip");
  CHECK(fecontact_search_step(s, SCENE_NODES, scene.xyz) == 0);
  CHECK(fecontact_get_contact_slip(s, 0, count, slip, new_contact) == 0);
  CHECK(new_contact[0] == 1 && new_contact[count - 1] == 1);
  /* A surface-to-surface interface has pairs, not contacts. */
  CHECK(fecontact_add_surface_to_surface(s, MASTER_FACES, scene.master_offsets, scene.master_nodes, SLAVE_FACES,
                                         scene.slave_offsets, scene.slave_faces, tolerance) == 1);
  CHECK(fecontact_search_step(s, SCENE_NODES, scene.xyz) == 0);
  CHECK_REJECTED(fecontact_get_contact_weights(s, 1, CAPACITY, nodes, weights), "fecontact_get_contact_weights",
                 "not node-to-surface");
  fecontact_search_free(s);
}

int main(void) {
  kinematics_equal_the_cpp_object();
  bad_arguments_are_rejected();
  return finish();
}
