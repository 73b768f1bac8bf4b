// SPDX-License-Identifier: BSD-3-Clause
/* The search options from C: the string form and the typed forms (fecontact_set_option_double,
 * fecontact_set_option_int) reach the search, and each refuses a value of another type, out of
 * range or not finite with -1 and a message naming the option, keeping the options as they were.
 * Reference values: the closed-form gaps of a flat plate (relative and absolute tolerances), and
 * the face-leaf search's contacts for the spectral-patch leaves (the same contacts by design). */
#include <stdlib.h>

#include "check.h"
#include "scene.h"

enum { CAPACITY = 4096 };

/* A flat quad4 plate of 2 x 2 faces of side 2 at z = 0 over [0, 4]^2 (mean face size 2: every
 * edge is 2 long) and slave nodes above and below it at the heights plate_height. */
enum { PLATE_NODES = 9 + 4, PLATE_SLAVES = 4 };
static const double plate_height[PLATE_SLAVES] = {0.01, -0.02, 0.08, 0.2};
static double plate_xyz[3 * PLATE_NODES];
static const int64_t plate_offsets[] = {0, 4, 8, 12, 16};
static const int64_t plate_faces[] = {0, 1, 4, 3, 1, 2, 5, 4, 3, 4, 7, 6, 4, 5, 8, 7};
static const int64_t plate_slaves[PLATE_SLAVES] = {9, 10, 11, 12};

static void plate_make(void) {
  int i, j, k;
  for (j = 0; j < 3; ++j)
    for (i = 0; i < 3; ++i) {
      plate_xyz[3 * (3 * j + i)] = 2.0 * i;
      plate_xyz[3 * (3 * j + i) + 1] = 2.0 * j;
      plate_xyz[3 * (3 * j + i) + 2] = 0;
    }
  for (k = 0; k < PLATE_SLAVES; ++k) {
    plate_xyz[3 * (9 + k)] = 0.5 + 0.9 * k;
    plate_xyz[3 * (9 + k) + 1] = 3.5 - 0.8 * k;
    plate_xyz[3 * (9 + k) + 2] = plate_height[k];
  }
}

static fecontact_search* plate_search(double tolerance) {
  fecontact_search* s = fecontact_search_new();
  CHECK(fecontact_add_node_to_surface(s, 4, plate_offsets, plate_faces, PLATE_SLAVES, plate_slaves, tolerance) == 0);
  return s;
}

/* The plate's slave nodes whose |height| <= tolerance: the contacts of a search at it. */
static int64_t plate_expected(double tolerance) {
  int64_t k, n = 0;
  for (k = 0; k < PLATE_SLAVES; ++k) n += fabs(plate_height[k]) <= tolerance;
  return n;
}

/* The contacts of interface 0 after one step: their count, and every gap equal to its node's
 * height (closed form). */
static int64_t plate_contacts(fecontact_search* s) {
  static int64_t node[PLATE_SLAVES];
  static double gap[PLATE_SLAVES];
  int64_t n, k;
  CHECK(fecontact_search_step(s, PLATE_NODES, plate_xyz) == 0);
  n = fecontact_contact_count(s, 0);
  CHECK(n >= 0 && n <= PLATE_SLAVES);
  if (n < 0 || n > PLATE_SLAVES) return -1;
  CHECK(fecontact_get_contacts(s, 0, PLATE_SLAVES, node, NULL, gap, NULL, NULL) == 0);
  for (k = 0; k < n; ++k) CHECK_CLOSE(gap[k], plate_height[node[k] - 9], 1e-15);
  return n;
}

/* "relative" multiplies the tolerance by the master's mean face size (2 here): 0.05 finds the
 * nodes within 0.1, as the absolute tolerance 0.1 does; off again, those within 0.05. */
static void relative_tolerance_scales_with_the_face_size(void) {
  fecontact_search* s = plate_search(0.05);
  CHECK(plate_expected(0.05) == 2 && plate_expected(0.1) == 3); /* the heights tell them apart */
  CHECK(plate_contacts(s) == plate_expected(0.05));
  CHECK(fecontact_set_option_int(s, 0, "relative", 1) == 0);
  CHECK(plate_contacts(s) == plate_expected(0.1));
  CHECK(fecontact_set_option(s, 0, "relative", "off") == 0);
  CHECK(plate_contacts(s) == plate_expected(0.05));
  CHECK(fecontact_set_option(s, 0, "relative", "ON") == 0);
  CHECK(plate_contacts(s) == plate_expected(0.1));
  /* the typed tolerance replaces the one given at the addition; relative still applies */
  CHECK(fecontact_set_option_double(s, 0, "tolerance", 0.1) == 0);
  CHECK(plate_contacts(s) == plate_expected(0.2));
  CHECK(fecontact_set_option_int(s, 0, "relative", 0) == 0);
  CHECK(plate_contacts(s) == plate_expected(0.1));
  fecontact_search_free(s);
}

/* track_slip as 1 | 0: the slip getter works with it and refuses without it. */
static void track_slip_as_an_integer(void) {
  static double slip[3 * PLATE_SLAVES];
  static int new_contact[PLATE_SLAVES];
  fecontact_search* s = plate_search(0.1);
  CHECK(fecontact_set_option_int(s, 0, "track_slip", 1) == 0);
  CHECK(plate_contacts(s) == 3);
  CHECK(fecontact_get_contact_slip(s, 0, PLATE_SLAVES, slip, new_contact) == 0 && new_contact[0] == 1);
  CHECK(fecontact_set_option_int(s, 0, "track_slip", 0) == 0);
  CHECK(plate_contacts(s) == 3);
  CHECK_REJECTED(fecontact_get_contact_slip(s, 0, PLATE_SLAVES, slip, new_contact), "fecontact_get_contact_slip",
                 "track_slip");
  fecontact_search_free(s);
}

/* Interface 0 (node-to-surface) and 1 (surface-to-surface) of the scene with the given leaves
 * and patch size, after one step: contacts and pairs into the arrays. 0, or -1 when the library
 * has no spectral patches (built without Spectra). */
static int scene_results(const Scene* scene, const char* leaves, int64_t patch_faces, int64_t* counts,
                         int64_t* node, int64_t* face, double* gap, int64_t* pair_slave, int64_t* pair_master,
                         double* distance) {
  fecontact_search* s = fecontact_search_new();
  int i, status;
  CHECK(fecontact_add_node_to_surface(s, MASTER_FACES, scene->master_offsets, scene->master_nodes, SLAVE_NODES,
                                      scene->slave_nodes, 0.05) == 0);
  CHECK(fecontact_add_surface_to_surface(s, MASTER_FACES, scene->master_offsets, scene->master_nodes, SLAVE_FACES,
                                         scene->slave_offsets, scene->slave_faces, 0.05) == 1);
  for (i = 0; i < 2; ++i) {
    CHECK(fecontact_set_option(s, i, "leaves", leaves) == 0);
    CHECK(fecontact_set_option_int(s, i, "patch_faces", patch_faces) == 0);
  }
  status = fecontact_search_step(s, SCENE_NODES, scene->xyz);
  if (status != 0) {
    CHECK(strstr(fecontact_last_error(), "Spectra") != NULL); /* the one reason it may fail */
    fecontact_search_free(s);
    return -1;
  }
  counts[0] = fecontact_contact_count(s, 0);
  counts[1] = fecontact_pair_count(s, 1);
  CHECK(counts[0] > 0 && counts[0] <= CAPACITY && counts[1] > 0 && counts[1] <= CAPACITY);
  CHECK(fecontact_get_contacts(s, 0, CAPACITY, node, face, gap, NULL, NULL) == 0);
  CHECK(fecontact_get_pairs(s, 1, CAPACITY, pair_slave, pair_master, distance) == 0);
  fecontact_search_free(s);
  return 0;
}

/* Spectral-patch leaves (either spelling, any patch size) find the contacts and pairs of face
 * leaves, bit for bit: the leaves change the trees, not the narrow phase. */
static void spectral_patch_leaves_find_what_face_leaves_find(void) {
  static Scene scene;
  static int64_t counts[2], node[CAPACITY], face[CAPACITY], pair_slave[CAPACITY], pair_master[CAPACITY];
  static double gap[CAPACITY], distance[CAPACITY];
  static int64_t p_counts[2], p_node[CAPACITY], p_face[CAPACITY], p_slave[CAPACITY], p_master[CAPACITY];
  static double p_gap[CAPACITY], p_distance[CAPACITY];
  static const char* spellings[] = {"spectral-patch", "spectral_patch", "Spectral_Patch"};
  static const int64_t patch_sizes[] = {1, 4, 8};
  int k;
  scene_make(&scene);
  scene_coordinates(&scene, 2);
  CHECK(scene_results(&scene, "face", 8, counts, node, face, gap, pair_slave, pair_master, distance) == 0);
  for (k = 0; k < 3; ++k) {
    if (scene_results(&scene, spellings[k], patch_sizes[k], p_counts, p_node, p_face, p_gap, p_slave, p_master,
                      p_distance) != 0) {
      printf("spectral-patch leaves: library built without Spectra, comparison skipped\n");
      return;
    }
    CHECK(p_counts[0] == counts[0] && p_counts[1] == counts[1]);
    if (p_counts[0] != counts[0] || p_counts[1] != counts[1]) continue;
    CHECK(memcmp(p_node, node, (size_t)counts[0] * sizeof(int64_t)) == 0);
    CHECK(memcmp(p_face, face, (size_t)counts[0] * sizeof(int64_t)) == 0);
    CHECK(memcmp(p_gap, gap, (size_t)counts[0] * sizeof(double)) == 0);
    CHECK(memcmp(p_slave, pair_slave, (size_t)counts[1] * sizeof(int64_t)) == 0);
    CHECK(memcmp(p_master, pair_master, (size_t)counts[1] * sizeof(int64_t)) == 0);
    CHECK(memcmp(p_distance, distance, (size_t)counts[1] * sizeof(double)) == 0);
  }
}

/* Every option through each form it takes; the other forms refused, naming the option. */
static void each_form_takes_its_options_only(void) {
  fecontact_search* s = plate_search(0.05);
  CHECK(fecontact_set_option_double(s, 0, "skin", 0.01) == 0);
  CHECK(fecontact_set_option_double(s, 0, "tolerance", 0.05) == 0);
  CHECK(fecontact_set_option_double(s, 0, "rebuild_factor", 2.0) == 0);
  CHECK(fecontact_set_option_int(s, 0, "patch_faces", 3) == 0);
  CHECK(fecontact_set_option_int(s, 0, "relative", 0) == 0);
  CHECK(fecontact_set_option_int(s, 0, "track_slip", 0) == 0);
  CHECK(fecontact_set_option(s, 0, "patch_faces", "5") == 0);
  CHECK(fecontact_set_option(s, 0, "leaves", "face") == 0);

  CHECK_REJECTED(fecontact_set_option_double(s, 0, "bv", 1.0), "fecontact_set_option_double",
                 "option \"bv\" takes a name");
  CHECK_REJECTED(fecontact_set_option_double(s, 0, "patch_faces", 4.0), "fecontact_set_option_double",
                 "option \"patch_faces\" takes an integer");
  CHECK_REJECTED(fecontact_set_option_double(s, 0, "relative", 1.0), "fecontact_set_option_double",
                 "option \"relative\" takes on | off");
  CHECK_REJECTED(fecontact_set_option_int(s, 0, "skin", 1), "fecontact_set_option_int",
                 "option \"skin\" takes a number");
  CHECK_REJECTED(fecontact_set_option_int(s, 0, "leaves", 1), "fecontact_set_option_int",
                 "option \"leaves\" takes a name");
  CHECK_REJECTED(fecontact_set_option_double(s, 0, "skin", NAN), "fecontact_set_option_double",
                 "value nan of option \"skin\" is not a finite number >= 0");
  CHECK_REJECTED(fecontact_set_option_double(s, 0, "tolerance", INFINITY), "fecontact_set_option_double",
                 "of option \"tolerance\" is not a finite number >= 0");
  CHECK_REJECTED(fecontact_set_option_double(s, 0, "tolerance", -1e-3), "fecontact_set_option_double",
                 "of option \"tolerance\" is not a finite number >= 0");
  CHECK_REJECTED(fecontact_set_option_double(s, 0, "rebuild_factor", 0.5), "fecontact_set_option_double",
                 "value 0.5 of option \"rebuild_factor\" is not a finite number >= 1");
  CHECK_REJECTED(fecontact_set_option_int(s, 0, "patch_faces", 0), "fecontact_set_option_int",
                 "value 0 of option \"patch_faces\" is not an integer from 1");
  CHECK_REJECTED(fecontact_set_option_int(s, 0, "patch_faces", (int64_t)1 << 40), "fecontact_set_option_int",
                 "of option \"patch_faces\" is not an integer from 1");
  CHECK_REJECTED(fecontact_set_option_int(s, 0, "relative", 2), "fecontact_set_option_int",
                 "value 2 of option \"relative\" is not 1 or 0");
  CHECK_REJECTED(fecontact_set_option(s, 0, "patch_faces", "4.5"), "fecontact_set_option",
                 "value \"4.5\" of option \"patch_faces\" is not an integer");
  CHECK_REJECTED(fecontact_set_option(s, 0, "leaves", "cell"), "fecontact_set_option",
                 "value \"cell\" of option \"leaves\" is not 'face' or 'spectral-patch'");
  CHECK_REJECTED(fecontact_set_option(s, 0, "relative", "1"), "fecontact_set_option",
                 "value \"1\" of option \"relative\" is not on or off");
  CHECK_REJECTED(fecontact_set_option_double(s, 0, "colour", 1.0), "fecontact_set_option_double",
                 "name \"colour\" is not an option (bv, leaves, skin, tolerance, rebuild_factor, patch_faces, "
                 "relative, track_slip)");
  CHECK_REJECTED(fecontact_set_option_int(s, 1, "patch_faces", 4), "fecontact_set_option_int", "interface_index = 1");
  CHECK_REJECTED(fecontact_set_option_double(NULL, 0, "skin", 0.1), "fecontact_set_option_double", "s is NULL");
  CHECK_REJECTED(fecontact_set_option_int(s, 0, NULL, 4), "fecontact_set_option_int", "name is NULL");
  /* the refused values changed nothing: the tolerance is still 0.05, absolute */
  CHECK(plate_contacts(s) == plate_expected(0.05));
  fecontact_search_free(s);
}

int main(void) {
  plate_make();
  relative_tolerance_scales_with_the_face_size();
  track_slip_as_an_integer();
  spectral_patch_leaves_find_what_face_leaves_find();
  each_form_takes_its_options_only();
  return finish();
}
