// SPDX-License-Identifier: BSD-3-Clause
/* Every invalid argument of the C interface returns -1 (NULL, or a count of -1) with a message
 * that names the function and the argument, and changes nothing: null pointers, bad counts,
 * offsets and node indices, indices that do not fit 32 bits, NaN coordinates, unknown options
 * and values, inverted elements. */
#include <stdint.h>

#include "check.h"

/* Two quad4 faces (nodes 0..5) and two slave nodes above them (6, 7). */
static const double xyz[] = {0, 0, 0, 1, 0, 0, 2, 0, 0, 0, 1, 0, 1, 1, 0, 2, 1, 0, 0.5, 0.5, 0.01, 1.5, 0.5, 0.02};
static const int64_t offsets[] = {0, 4, 8}, faces[] = {0, 1, 4, 3, 1, 2, 5, 4}, slaves[] = {6, 7};

static void search_arguments(void) {
  const char* add = "fecontact_add_node_to_surface";
  const int64_t bad_start[] = {1, 4, 8}, decreasing[] = {0, 4, 3}, five[] = {0, 4, 9};
  const int64_t negative[] = {0, 1, 4, 3, -1, 2, 5, 4}, huge[] = {0, 1, 4, 3, 1, 2, 5, INT64_C(4294967296)};
  const int64_t outside[] = {6, 70};
  double nan_xyz[24];
  fecontact_search* s = fecontact_search_new();
  fecontact_search* other = fecontact_search_new();

  CHECK_REJECTED(fecontact_add_node_to_surface(NULL, 2, offsets, faces, 2, slaves, 0.1), add, "s is NULL");
  CHECK_REJECTED(fecontact_add_node_to_surface(s, -1, offsets, faces, 2, slaves, 0.1), add, "n_faces = -1");
  CHECK_REJECTED(fecontact_add_node_to_surface(s, 2, NULL, faces, 2, slaves, 0.1), add, "face_offsets is NULL");
  CHECK_REJECTED(fecontact_add_node_to_surface(s, 2, offsets, NULL, 2, slaves, 0.1), add, "face_nodes is NULL");
  CHECK_REJECTED(fecontact_add_node_to_surface(s, 2, bad_start, faces, 2, slaves, 0.1), add, "face_offsets[0] = 1");
  CHECK_REJECTED(fecontact_add_node_to_surface(s, 2, decreasing, faces, 2, slaves, 0.1), add, "face_offsets[2] = 3");
  CHECK_REJECTED(fecontact_add_node_to_surface(s, 2, five, faces, 2, slaves, 0.1), add, "face 1 has 5 nodes");
  CHECK_REJECTED(fecontact_add_node_to_surface(s, 2, offsets, negative, 2, slaves, 0.1), add, "face_nodes[4] = -1");
  CHECK_REJECTED(fecontact_add_node_to_surface(s, 2, offsets, huge, 2, slaves, 0.1), add,
                 "face_nodes[7] = 4294967296 is not an index from 0 to 2147483647");
  CHECK_REJECTED(fecontact_add_node_to_surface(s, 2, offsets, faces, -2, slaves, 0.1), add, "n_slave_nodes = -2");
  CHECK_REJECTED(fecontact_add_node_to_surface(s, 2, offsets, faces, 2, NULL, 0.1), add, "slave_nodes is NULL");
  CHECK_REJECTED(fecontact_add_node_to_surface(s, 2, offsets, faces, 2, huge + 6, 0.1), add, "slave_nodes[1]");
  CHECK_REJECTED(fecontact_add_node_to_surface(s, 2, offsets, faces, 2, slaves, NAN), add, "tolerance = nan");
  CHECK_REJECTED(fecontact_add_node_to_surface(s, 2, offsets, faces, 2, slaves, -1), add, "tolerance = -1");
  CHECK_REJECTED(fecontact_add_surface_to_surface(s, 2, offsets, faces, 1, bad_start, faces, 0.1),
                 "fecontact_add_surface_to_surface", "slave_offsets[0] = 1");
  CHECK_REJECTED(fecontact_add_surface_to_surface(s, 2, offsets, faces, 1, offsets, NULL, 0.1),
                 "fecontact_add_surface_to_surface", "slave_nodes is NULL");
  CHECK_REJECTED(fecontact_add_self_contact(s, 2, offsets, negative, 0.1), "fecontact_add_self_contact",
                 "face_nodes[4] = -1");
  /* nothing was added: the first good interface is 0 */
  CHECK(fecontact_add_node_to_surface(s, 2, offsets, faces, 2, slaves, 0.1) == 0);

  CHECK_REJECTED(fecontact_set_option(s, 1, "bv", "obb"), "fecontact_set_option", "interface_index = 1");
  CHECK_REJECTED(fecontact_set_option(s, -1, "bv", "obb"), "fecontact_set_option", "interface_index = -1");
  CHECK_REJECTED(fecontact_set_option(NULL, 0, "bv", "obb"), "fecontact_set_option", "s is NULL");
  CHECK_REJECTED(fecontact_set_option(s, 0, NULL, "obb"), "fecontact_set_option", "name is NULL");
  CHECK_REJECTED(fecontact_set_option(s, 0, "bv", NULL), "fecontact_set_option", "value is NULL");
  CHECK_REJECTED(fecontact_set_option(s, 0, "volume", "obb"), "fecontact_set_option", "name \"volume\" is not an option");
  CHECK_REJECTED(fecontact_set_option(s, 0, "bv", "sphere"), "fecontact_set_option",
                 "\"sphere\" of option \"bv\" is not 'aabb', 'obb' or 'dual'");
  CHECK_REJECTED(fecontact_set_option(s, 0, "skin", "-0.1"), "fecontact_set_option", "\"-0.1\" of option \"skin\"");
  CHECK_REJECTED(fecontact_set_option(s, 0, "skin", "0.1mm"), "fecontact_set_option", "\"0.1mm\" of option \"skin\"");
  CHECK_REJECTED(fecontact_set_option(s, 0, "skin", ""), "fecontact_set_option", "\"\" of option \"skin\"");
  CHECK_REJECTED(fecontact_set_option(s, 0, "tolerance", "nan"), "fecontact_set_option", "of option \"tolerance\"");
  CHECK_REJECTED(fecontact_set_option(s, 0, "rebuild_factor", "0.5"), "fecontact_set_option",
                 "of option \"rebuild_factor\" is not a finite number >= 1");

  CHECK_REJECTED(fecontact_contact_count(s, 0), "fecontact_contact_count", "no successful step");
  CHECK_REJECTED(fecontact_search_step(NULL, 8, xyz), "fecontact_search_step", "s is NULL");
  CHECK_REJECTED(fecontact_search_step(s, 8, NULL), "fecontact_search_step", "xyz is NULL");
  CHECK_REJECTED(fecontact_search_step(s, -8, xyz), "fecontact_search_step", "n_nodes = -8");
  CHECK_REJECTED(fecontact_search_step(s, 7, xyz), "fecontact_search_step", "slave node 7 is outside the 7 nodes");
  memcpy(nan_xyz, xyz, sizeof nan_xyz);
  nan_xyz[3 * 7 + 1] = NAN;
  CHECK_REJECTED(fecontact_search_step(s, 8, nan_xyz), "fecontact_search_step", "node 7 are not finite");
  nan_xyz[3 * 7 + 1] = INFINITY;
  CHECK_REJECTED(fecontact_search_step(s, 8, nan_xyz), "fecontact_search_step", "node 7 are not finite");
  CHECK(fecontact_search_step(s, 8, xyz) == 0);
  CHECK(fecontact_contact_count(s, 0) == 2);

  /* an interface whose node is outside the step's nodes: the step fails, the results stay */
  CHECK(fecontact_add_node_to_surface(s, 2, offsets, faces, 2, outside, 0.1) == 1);
  CHECK_REJECTED(fecontact_search_step(s, 8, xyz), "fecontact_search_step",
                 "contact interface 1: slave node 70 is outside the 8 nodes");
  CHECK(fecontact_contact_count(s, 0) == 2);
  CHECK_REJECTED(fecontact_contact_count(s, 1), "fecontact_contact_count", "interface_index = 1: no successful step");

  CHECK_REJECTED(fecontact_contact_count(NULL, 0), "fecontact_contact_count", "s is NULL");
  CHECK_REJECTED(fecontact_contact_count(s, 2), "fecontact_contact_count", "interface_index = 2 is not one of the 2");
  CHECK_REJECTED(fecontact_get_contacts(s, 7, 0, NULL, NULL, NULL, NULL, NULL), "fecontact_get_contacts",
                 "interface_index = 7");
  CHECK_REJECTED(fecontact_pair_count(NULL, 0), "fecontact_pair_count", "s is NULL");
  CHECK_REJECTED(fecontact_get_pairs(s, -1, 0, NULL, NULL, NULL), "fecontact_get_pairs", "interface_index = -1");

  /* node contacts of a surface-to-surface interface: none, its results are pairs */
  CHECK(fecontact_add_surface_to_surface(other, 1, offsets, faces, 1, offsets, faces + 4, 0.1) == 0);
  CHECK(fecontact_search_step(other, 8, xyz) == 0);
  CHECK_REJECTED(fecontact_contact_count(other, 0), "fecontact_contact_count", "is not node-to-surface");
  CHECK(fecontact_pair_count(other, 0) == 1); /* the two faces share an edge: 0 apart */

  fecontact_search_free(s);
  fecontact_search_free(other);
  fecontact_search_free(NULL);
}

static void geometry_arguments(void) {
  const char* mass = "fecontact_mass_properties";
  /* unit cube as one hex8 */
  const double cube[] = {0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0, 1, 1, 0, 1, 1, 1, 1, 0, 1, 1};
  const int hex8[] = {FECONTACT_HEX8}, tri3[] = {8}, unknown[] = {-3};
  const int64_t hex_offsets[] = {0, 8}, seven[] = {0, 7}, nodes[] = {0, 1, 2, 3, 4, 5, 6, 7};
  const int64_t inverted[] = {4, 5, 6, 7, 0, 1, 2, 3}, outside[] = {0, 1, 2, 3, 4, 5, 6, 8};
  const double zero_density[] = {0};
  double nan_cube[24], volume = -1, a[9] = {1, 0, 0, 0, 2, 0, 0, 0, 3}, out[9];

  CHECK_REJECTED(fecontact_mass_properties(1, hex8, hex_offsets, nodes, NULL, 8, NULL, &volume, NULL, NULL, NULL),
                 mass, "xyz is NULL");
  CHECK_REJECTED(fecontact_mass_properties(1, NULL, hex_offsets, nodes, NULL, 8, cube, &volume, NULL, NULL, NULL),
                 mass, "element_types is NULL");
  CHECK_REJECTED(fecontact_mass_properties(1, hex8, NULL, nodes, NULL, 8, cube, &volume, NULL, NULL, NULL), mass,
                 "element_offsets is NULL");
  CHECK_REJECTED(fecontact_mass_properties(1, hex8, hex_offsets, NULL, NULL, 8, cube, &volume, NULL, NULL, NULL),
                 mass, "element_nodes is NULL");
  CHECK_REJECTED(fecontact_mass_properties(-1, hex8, hex_offsets, nodes, NULL, 8, cube, &volume, NULL, NULL, NULL),
                 mass, "n_elements = -1");
  CHECK_REJECTED(fecontact_mass_properties(1, hex8, hex_offsets, nodes, NULL, -8, cube, &volume, NULL, NULL, NULL),
                 mass, "n_nodes = -8");
  CHECK_REJECTED(fecontact_mass_properties(1, tri3, hex_offsets, nodes, NULL, 8, cube, &volume, NULL, NULL, NULL),
                 mass, "element_types[0] = 8 is not a volume element type");
  CHECK_REJECTED(fecontact_mass_properties(1, unknown, hex_offsets, nodes, NULL, 8, cube, &volume, NULL, NULL, NULL),
                 mass, "element_types[0] = -3");
  CHECK_REJECTED(fecontact_mass_properties(1, hex8, seven, nodes, NULL, 8, cube, &volume, NULL, NULL, NULL), mass,
                 "element 0 has 7 nodes; a hex8 has 8");
  CHECK_REJECTED(fecontact_mass_properties(1, hex8, hex_offsets, outside, NULL, 8, cube, &volume, NULL, NULL, NULL),
                 mass, "element_nodes[7] = 8 (element 0) is outside the 8 nodes");
  CHECK_REJECTED(fecontact_mass_properties(1, hex8, hex_offsets, nodes, zero_density, 8, cube, &volume, NULL, NULL,
                                           NULL),
                 mass, "densities[0] = 0");
  memcpy(nan_cube, cube, sizeof cube);
  nan_cube[13] = NAN;
  CHECK_REJECTED(fecontact_mass_properties(1, hex8, hex_offsets, nodes, NULL, 8, nan_cube, &volume, NULL, NULL, NULL),
                 mass, "xyz[13] (point 4) is not finite");
  CHECK_REJECTED(fecontact_mass_properties(1, hex8, hex_offsets, inverted, NULL, 8, cube, &volume, NULL, NULL, NULL),
                 mass, "element 0 is inverted or degenerate");
  CHECK(volume == -1); /* no output written by a failed call */

  CHECK_REJECTED(fecontact_fit_aabb(0, cube, out, out + 3), "fecontact_fit_aabb", "n_points = 0");
  CHECK_REJECTED(fecontact_fit_aabb(-2, cube, out, out + 3), "fecontact_fit_aabb", "n_points = -2");
  CHECK_REJECTED(fecontact_fit_aabb(8, NULL, out, out + 3), "fecontact_fit_aabb", "xyz is NULL");
  CHECK_REJECTED(fecontact_fit_aabb(8, nan_cube, out, out + 3), "fecontact_fit_aabb", "xyz[13] (point 4)");
  CHECK_REJECTED(fecontact_fit_obb(8, nan_cube, out, NULL, NULL), "fecontact_fit_obb", "xyz[13] (point 4)");
  CHECK_REJECTED(fecontact_fit_obb(0, cube, out, NULL, NULL), "fecontact_fit_obb", "n_points = 0");
  CHECK_REJECTED(fecontact_eigen_symmetric3(NULL, out, NULL), "fecontact_eigen_symmetric3", "a is NULL");
  a[5] = NAN; /* (2, 1): lower triangle */
  CHECK_REJECTED(fecontact_eigen_symmetric3(a, out, NULL), "fecontact_eigen_symmetric3", "a holds NaN or infinity");

  /* the last error is kept by a later success, and fecontact_report_error sets it */
  CHECK(fecontact_fit_aabb(8, cube, out, out + 3) == 0);
  CHECK(strstr(fecontact_last_error(), "a holds NaN") != NULL);
  CHECK_REJECTED(fecontact_report_error("binding: xyz has 2 rows"), "binding", "xyz has 2 rows");
}

int main(void) {
  CHECK(strcmp(fecontact_last_error(), "") == 0);
  search_arguments();
  geometry_arguments();
  return finish();
}
