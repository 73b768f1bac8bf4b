// SPDX-License-Identifier: BSD-3-Clause
/* "No heap allocation once sizes settle": steps of the same size through the C interface, and
 * reading their results, allocate nothing (every operator new of the process is counted,
 * allocation_count.h, the library's inside libfecontact_capi included), for every kind of
 * bounding volume, with and without a skin. ctest runs it with 1 and 2 OpenMP threads. */
#include "allocation_count.h"
#include "check.h"
#include "scene.h"

enum { CAPACITY = 4096 };
static int64_t slave[CAPACITY], master[CAPACITY];
static double value[CAPACITY], normal[3 * CAPACITY], point[3 * CAPACITY];

/* Six steps, each followed by reading every result; returns the allocations they made. */
static long steps(fecontact_search* s, Scene* scene, int64_t* contacts) {
  const long before = allocation_count();
  int k, i;
  *contacts = 0;
  for (k = 0; k < 6; ++k) {
    scene_coordinates(scene, k);
    CHECK(fecontact_search_step(s, SCENE_NODES, scene->xyz) == 0);
    *contacts += fecontact_contact_count(s, 0);
    CHECK(fecontact_contact_count(s, 0) <= CAPACITY);
    CHECK(fecontact_get_contacts(s, 0, CAPACITY, slave, master, value, normal, point) == 0);
    for (i = 0; i < 3; ++i) {
      CHECK(fecontact_pair_count(s, i) <= CAPACITY);
      CHECK(fecontact_get_pairs(s, i, CAPACITY, slave, master, value) == 0);
    }
  }
  return allocation_count() - before;
}

int main(void) {
  static const char* volumes[] = {"aabb", "obb", "dual"};
  static const char* skins[] = {"0", "0.004"};
  static Scene scene;
  int v;
  scene_make(&scene);
  for (v = 0; v < 6; ++v) {
    int64_t contacts;
    long count;
    int i;
    fecontact_search* s = fecontact_search_new();
    CHECK(fecontact_add_node_to_surface(s, MASTER_FACES, scene.master_offsets, scene.master_nodes, SLAVE_NODES,
                                        scene.slave_nodes, 0.05) == 0);
    CHECK(fecontact_add_surface_to_surface(s, MASTER_FACES, scene.master_offsets, scene.master_nodes, SLAVE_FACES,
                                           scene.slave_offsets, scene.slave_faces, 0.05) == 1);
    CHECK(fecontact_add_self_contact(s, SLAVE_FACES, scene.slave_offsets, scene.slave_faces, 0.25) == 2);
    for (i = 0; i < 3; ++i)
      CHECK(fecontact_set_option(s, i, "bv", volumes[v / 2]) == 0 && fecontact_set_option(s, i, "skin", skins[v % 2]) == 0);
    CHECK(steps(s, &scene, &contacts) > 0); /* the build and the results' growth: the count sees the library */
    count = steps(s, &scene, &contacts);
    if (count != 0) fprintf(stderr, "bv %s, skin %s: %ld allocations\n", volumes[v / 2], skins[v % 2], count);
    CHECK(count == 0);
    CHECK(contacts > 0);
    fecontact_search_free(s);
  }
  return finish();
}
