// SPDX-License-Identifier: BSD-3-Clause
/* The MPI search of the C interface (fecontact_mpi.h) on the scene of the C tests split over the
 * ranks (partition.h), against the serial C search (fecontact.h) over the whole scene on each
 * rank: every contact of a rank's slave nodes and every pair of its slave faces, at each of four
 * steps (a skin, slip since the accepted step), equal bit for bit, as
 * distributed_search.hpp promises; and the errors, on one rank and on all together. */
#include <stdlib.h>
#include <string.h>

#include <mpi.h>

#include <fecontact/fecontact_mpi.h>

#include "check.h"
#include "partition.h"

enum { STEPS = 4 };
static const double tolerance = 0.05;

static int rank = 0, ranks = 1;

/* The options of both searches' interfaces: the serial one's as text, the MPI one's by the
 * typed setters where the option has a type (track_slip without effect would fail the slip
 * getter below). */
static int set_serial_options(fecontact_search* s) {
  return fecontact_set_option(s, 0, "track_slip", "on") | fecontact_set_option(s, 0, "skin", "0.02") |
         fecontact_set_option(s, 1, "bv", "obb");
}
static int set_mpi_options(fecontact_mpi_search* s) {
  return fecontact_mpi_set_option_int(s, 0, "track_slip", 1) | fecontact_mpi_set_option_double(s, 0, "skin", 0.02) |
         fecontact_mpi_set_option(s, 1, "bv", "obb");
}

/* One contact's arrays. */
typedef struct {
  int64_t node, face, master_nodes[9];
  double gap, normal[3], point[3], local[2], tangent1[3], tangent2[3], weights[9], slip[3];
  int new_contact, face_rank;
} Contacts;

static Contacts* serial_contacts(const fecontact_search* s, int64_t* n) {
  int64_t k, i;
  Contacts* c;
  int64_t *node, *face, *master_nodes;
  double *gap, *normal, *point, *local, *t1, *t2, *weights, *slip;
  int* new_contact;
  *n = fecontact_contact_count(s, 0);
  if (*n < 0) return NULL;
  c = calloc((size_t)*n + 1, sizeof *c);
  node = malloc(sizeof(int64_t) * ((size_t)*n + 1));
  face = malloc(sizeof(int64_t) * ((size_t)*n + 1));
  master_nodes = malloc(sizeof(int64_t) * 9 * ((size_t)*n + 1));
  gap = malloc(sizeof(double) * ((size_t)*n + 1));
  normal = malloc(sizeof(double) * 3 * ((size_t)*n + 1));
  point = malloc(sizeof(double) * 3 * ((size_t)*n + 1));
  local = malloc(sizeof(double) * 2 * ((size_t)*n + 1));
  t1 = malloc(sizeof(double) * 3 * ((size_t)*n + 1));
  t2 = malloc(sizeof(double) * 3 * ((size_t)*n + 1));
  weights = malloc(sizeof(double) * 9 * ((size_t)*n + 1));
  slip = malloc(sizeof(double) * 3 * ((size_t)*n + 1));
  new_contact = malloc(sizeof(int) * ((size_t)*n + 1));
  CHECK(fecontact_get_contacts(s, 0, *n, node, face, gap, normal, point) == 0);
  CHECK(fecontact_get_contact_frames(s, 0, *n, local, t1, t2) == 0);
  CHECK(fecontact_get_contact_weights(s, 0, *n, master_nodes, weights) == 0);
  CHECK(fecontact_get_contact_slip(s, 0, *n, slip, new_contact) == 0);
  for (k = 0; k < *n; ++k) {
    c[k].node = node[k];
    c[k].face = face[k];
    c[k].gap = gap[k];
    c[k].new_contact = new_contact[k];
    for (i = 0; i < 2; ++i) c[k].local[i] = local[2 * k + i];
    for (i = 0; i < 3; ++i) {
      c[k].normal[i] = normal[3 * k + i];
      c[k].point[i] = point[3 * k + i];
      c[k].tangent1[i] = t1[3 * k + i];
      c[k].tangent2[i] = t2[3 * k + i];
      c[k].slip[i] = slip[3 * k + i];
    }
    for (i = 0; i < 9; ++i) {
      c[k].master_nodes[i] = master_nodes[9 * k + i];
      c[k].weights[i] = weights[9 * k + i];
    }
  }
  free(node), free(face), free(master_nodes), free(gap), free(normal), free(point), free(local), free(t1), free(t2);
  free(weights), free(slip), free(new_contact);
  return c;
}

static Contacts* mpi_contacts(const fecontact_mpi_search* s, int64_t* n) {
  int64_t k, i;
  Contacts* c;
  int64_t *node, *face, *master_nodes;
  double *gap, *normal, *point, *local, *t1, *t2, *weights, *slip;
  int *new_contact, *face_rank;
  *n = fecontact_mpi_contact_count(s, 0);
  if (*n < 0) return NULL;
  c = calloc((size_t)*n + 1, sizeof *c);
  node = malloc(sizeof(int64_t) * ((size_t)*n + 1));
  face = malloc(sizeof(int64_t) * ((size_t)*n + 1));
  master_nodes = malloc(sizeof(int64_t) * 9 * ((size_t)*n + 1));
  gap = malloc(sizeof(double) * ((size_t)*n + 1));
  normal = malloc(sizeof(double) * 3 * ((size_t)*n + 1));
  point = malloc(sizeof(double) * 3 * ((size_t)*n + 1));
  local = malloc(sizeof(double) * 2 * ((size_t)*n + 1));
  t1 = malloc(sizeof(double) * 3 * ((size_t)*n + 1));
  t2 = malloc(sizeof(double) * 3 * ((size_t)*n + 1));
  weights = malloc(sizeof(double) * 9 * ((size_t)*n + 1));
  slip = malloc(sizeof(double) * 3 * ((size_t)*n + 1));
  new_contact = malloc(sizeof(int) * ((size_t)*n + 1));
  face_rank = malloc(sizeof(int) * ((size_t)*n + 1));
  CHECK(fecontact_mpi_get_contacts(s, 0, *n, node, face, face_rank, gap, normal, point) == 0);
  CHECK(fecontact_mpi_get_contact_frames(s, 0, *n, local, t1, t2) == 0);
  CHECK(fecontact_mpi_get_contact_weights(s, 0, *n, master_nodes, weights) == 0);
  CHECK(fecontact_mpi_get_contact_slip(s, 0, *n, slip, new_contact) == 0);
  for (k = 0; k < *n; ++k) {
    c[k].node = node[k];
    c[k].face = face[k];
    c[k].face_rank = face_rank[k];
    c[k].gap = gap[k];
    c[k].new_contact = new_contact[k];
    for (i = 0; i < 2; ++i) c[k].local[i] = local[2 * k + i];
    for (i = 0; i < 3; ++i) {
      c[k].normal[i] = normal[3 * k + i];
      c[k].point[i] = point[3 * k + i];
      c[k].tangent1[i] = t1[3 * k + i];
      c[k].tangent2[i] = t2[3 * k + i];
      c[k].slip[i] = slip[3 * k + i];
    }
    for (i = 0; i < 9; ++i) {
      c[k].master_nodes[i] = master_nodes[9 * k + i];
      c[k].weights[i] = weights[9 * k + i];
    }
  }
  free(node), free(face), free(master_nodes), free(gap), free(normal), free(point), free(local), free(t1), free(t2);
  free(weights), free(slip), free(new_contact), free(face_rank);
  return c;
}

/* Bit for bit: the same doubles (memcmp, so that -0 differs from 0) and indices. */
static int same_contact(const Contacts* a, const Contacts* b) {
  return a->node == b->node && a->face == b->face && a->new_contact == b->new_contact &&
         memcmp(a->master_nodes, b->master_nodes, sizeof a->master_nodes) == 0 && memcmp(&a->gap, &b->gap, sizeof a->gap) == 0 &&
         memcmp(a->normal, b->normal, sizeof a->normal) == 0 && memcmp(a->point, b->point, sizeof a->point) == 0 &&
         memcmp(a->local, b->local, sizeof a->local) == 0 && memcmp(a->tangent1, b->tangent1, sizeof a->tangent1) == 0 &&
         memcmp(a->tangent2, b->tangent2, sizeof a->tangent2) == 0 && memcmp(a->weights, b->weights, sizeof a->weights) == 0 &&
         memcmp(a->slip, b->slip, sizeof a->slip) == 0;
}

/* This rank's contacts are the serial search's contacts of its slave nodes, in order; returns the
 * contacts whose master face lives on another rank. */
static int64_t check_contacts(const fecontact_search* serial, const fecontact_mpi_search* s, int64_t* total) {
  int64_t n_serial = 0, n = 0, k, j = 0, remote = 0;
  Contacts* expected = serial_contacts(serial, &n_serial);
  Contacts* found = mpi_contacts(s, &n);
  CHECK(expected != NULL && found != NULL);
  if (!expected || !found) return 0;
  for (k = 0; k < n_serial; ++k) {
    if (slave_node_rank((int)(expected[k].node - MASTER_NODES), ranks) != rank) continue;
    CHECK(j < n);
    if (j >= n) break;
    CHECK(same_contact(&found[j], &expected[k]));
    CHECK(found[j].face_rank == master_face_rank((int)found[j].face, ranks));
    remote += found[j].face_rank != rank;
    ++j;
  }
  CHECK(j == n);
  *total += n;
  free(expected);
  free(found);
  return remote;
}

/* This rank's pairs are the serial search's pairs of its slave faces, in order. */
static void check_pairs(const fecontact_search* serial, const fecontact_mpi_search* s, int64_t* total) {
  const int64_t n_serial = fecontact_pair_count(serial, 1), n = fecontact_mpi_pair_count(s, 1);
  int64_t *slave = malloc(sizeof(int64_t) * (size_t)(n_serial + 1)), *master = malloc(sizeof(int64_t) * (size_t)(n_serial + 1));
  int64_t *my_slave = malloc(sizeof(int64_t) * (size_t)(n + 1)), *my_master = malloc(sizeof(int64_t) * (size_t)(n + 1));
  double *distance = malloc(sizeof(double) * (size_t)(n_serial + 1)), *my_distance = malloc(sizeof(double) * (size_t)(n + 1));
  int* master_rank = malloc(sizeof(int) * (size_t)(n + 1));
  int64_t k, j = 0;
  CHECK(n_serial >= 0 && n >= 0);
  CHECK(fecontact_get_pairs(serial, 1, n_serial, slave, master, distance) == 0);
  CHECK(fecontact_mpi_get_pairs(s, 1, n, my_slave, my_master, master_rank, my_distance) == 0);
  for (k = 0; k < n_serial; ++k) {
    if (slave_face_rank((int)slave[k], ranks) != rank) continue;
    CHECK(j < n);
    if (j >= n) break;
    CHECK(my_slave[j] == slave[k] && my_master[j] == master[k]);
    CHECK(memcmp(&my_distance[j], &distance[k], sizeof(double)) == 0);
    CHECK(master_rank[j] == master_face_rank((int)master[k], ranks));
    ++j;
  }
  CHECK(j == n);
  *total += n;
  free(slave), free(master), free(my_slave), free(my_master), free(distance), free(my_distance), free(master_rank);
}

static void test_against_serial(void) {
  static Scene scene;
  static Part part;
  double xyz[3 * SCENE_NODES];
  int64_t counts[3] = {0, 0, 0}; /* contacts, of them with a master face on another rank, pairs */
  fecontact_search* serial = fecontact_search_new();
  fecontact_mpi_search* s = fecontact_mpi_search_new(MPI_COMM_WORLD);
  int k;
  scene_make(&scene);
  part_make(&part, &scene, rank, ranks);
  CHECK(serial != NULL && s != NULL);
  CHECK(fecontact_add_node_to_surface(serial, MASTER_FACES, scene.master_offsets, scene.master_nodes, SLAVE_NODES,
                                      scene.slave_nodes, tolerance) == 0);
  CHECK(fecontact_add_surface_to_surface(serial, MASTER_FACES, scene.master_offsets, scene.master_nodes, SLAVE_FACES,
                                         scene.slave_offsets, scene.slave_faces, tolerance) == 1);
  CHECK(set_serial_options(serial) == 0);
  CHECK(fecontact_mpi_set_nodes(s, part.n_nodes, part.node_ids) == 0);
  CHECK(fecontact_mpi_add_node_to_surface(s, part.n_master, part.master_offsets, part.master_nodes, part.master_ids,
                                          part.n_slave_nodes, part.slave_nodes, tolerance) == 0);
  CHECK(fecontact_mpi_add_surface_to_surface(s, part.n_master, part.master_offsets, part.master_nodes,
                                             part.master_ids, part.n_slave_faces, part.slave_offsets,
                                             part.slave_faces, part.slave_face_ids, tolerance) == 1);
  CHECK(set_mpi_options(s) == 0);
  for (k = 0; k < STEPS; ++k) {
    scene_coordinates(&scene, k);
    part_coordinates(&part, &scene, xyz);
    if (k == 2) {
      /* Values of the wrong type: -1 and a message naming the setter the option takes, and the
       * options unchanged (a tolerance of 1 would find other contacts than the serial search's,
       * track_slip off would fail the slip getter, a rebuild would forget the accepted step). */
      CHECK_REJECTED(fecontact_mpi_set_option_int(s, 0, "tolerance", 1), "fecontact_mpi_set_option_int",
                     "option \"tolerance\" takes a number (fecontact_mpi_set_option_double)");
      CHECK_REJECTED(fecontact_mpi_set_option_double(s, 0, "track_slip", 0.0), "fecontact_mpi_set_option_double",
                     "option \"track_slip\" takes on | off (fecontact_mpi_set_option) or 1 | 0 "
                     "(fecontact_mpi_set_option_int)");
      CHECK_REJECTED(fecontact_mpi_set_option_double(s, 1, "bv", 1.0), "fecontact_mpi_set_option_double",
                     "option \"bv\" takes a name (fecontact_mpi_set_option)");
      CHECK_REJECTED(fecontact_mpi_set_option_double(s, 0, "tolerance", -1.0), "fecontact_mpi_set_option_double",
                     "value -1 of option \"tolerance\" is not a finite number >= 0");
      /* The distributed search takes an absolute tolerance only. */
      CHECK_REJECTED(fecontact_mpi_set_option_int(s, 0, "relative", 1), "fecontact_mpi_set_option_int",
                     "option \"relative\" on is not supported by the distributed search");
      CHECK_REJECTED(fecontact_mpi_set_option(s, 0, "relative", "on"), "fecontact_mpi_set_option",
                     "option \"relative\" on is not supported by the distributed search");
    }
    CHECK(fecontact_search_step(serial, SCENE_NODES, scene.xyz) == 0);
    if (fecontact_mpi_search_step(s, part.n_nodes, xyz) != 0) {
      CHECK(!"fecontact_mpi_search_step failed");
      fprintf(stderr, "%s\n", fecontact_last_error());
      break;
    }
    counts[1] += check_contacts(serial, s, &counts[0]);
    check_pairs(serial, s, &counts[2]);
    CHECK(fecontact_accept_step(serial) == 0 && fecontact_mpi_accept_step(s) == 0);
  }
  /* The comparison saw contacts, across ranks, and pairs. */
  MPI_Allreduce(MPI_IN_PLACE, counts, 3, MPI_INT64_T, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0)
    printf("%lld contacts (%lld with the master face on another rank), %lld pairs over %d steps\n",
           (long long)counts[0], (long long)counts[1], (long long)counts[2], STEPS);
  CHECK(counts[0] > 0 && counts[2] > 0);
  CHECK(ranks == 1 || counts[1] > 0);
  fecontact_mpi_search_free(s);
  fecontact_search_free(serial);
}

static void test_errors(void) {
  const int64_t offsets[] = {0, 3}, bad_face[] = {0, 1, -1}, face[] = {0, 1, 2}, ids[] = {0, 1, 2};
  const double xyz[9] = {0, 0, 0, 1, 0, 0, 0, 1, 0};
  int64_t face_id = rank, out[1];
  fecontact_mpi_search* s;
  CHECK_REJECTED(fecontact_mpi_search_new(MPI_COMM_NULL) == NULL ? -1 : 0, "fecontact_mpi_search_new", "MPI_COMM_NULL");
  s = fecontact_mpi_search_new(MPI_COMM_WORLD);
  CHECK(s != NULL);
  /* This rank's arguments: -1 on this rank, nothing added. */
  CHECK_REJECTED(fecontact_mpi_add_node_to_surface(s, 1, offsets, bad_face, &face_id, 0, NULL, 0.1),
                 "fecontact_mpi_add_node_to_surface", "face_nodes[2] = -1");
  CHECK_REJECTED(fecontact_mpi_add_node_to_surface(s, 1, offsets, face, NULL, 0, NULL, 0.1),
                 "fecontact_mpi_add_node_to_surface", "face_ids is NULL");
  CHECK_REJECTED(fecontact_mpi_set_option(s, 0, "skin", "0.1"), "fecontact_mpi_set_option", "interface_index = 0");
  CHECK_REJECTED(fecontact_mpi_contact_count(s, 0), "fecontact_mpi_contact_count", "interface_index = 0");
  /* A step before the nodes: -1 on every rank. */
  CHECK_REJECTED(fecontact_mpi_search_step(s, 3, xyz), "fecontact_mpi_search_step", "rank 0: no nodes");
  /* One face per rank (its own id), over 3 nodes of its own; on the last rank a node index past
   * its nodes: every rank's step fails, with that rank's message. */
  CHECK(fecontact_mpi_set_nodes(s, 3, ids) == 0);
  {
    const int64_t last_face[] = {0, 1, 3};
    CHECK(fecontact_mpi_add_node_to_surface(s, 1, offsets, rank == ranks - 1 ? last_face : face, &face_id, 0, NULL,
                                            0.1) == 0);
  }
  {
    char expected[64];
    snprintf(expected, sizeof expected, "rank %d: ", ranks - 1);
    CHECK_REJECTED(fecontact_mpi_search_step(s, 3, xyz), "fecontact_mpi_search_step", expected);
    CHECK(strstr(fecontact_last_error(), "has node 3, outside the 3 nodes") != NULL);
  }
  CHECK_REJECTED(fecontact_mpi_contact_count(s, 0), "fecontact_mpi_contact_count", "no successful step");
  fecontact_mpi_search_free(s);

  /* A good search of one face per rank: the getters' own checks. */
  s = fecontact_mpi_search_new(MPI_COMM_WORLD);
  CHECK(fecontact_mpi_set_nodes(s, 3, ids) == 0);
  CHECK(fecontact_mpi_add_self_contact(s, 1, offsets, face, &face_id, 0.1) == 0);
  CHECK(fecontact_mpi_search_step(s, 3, xyz) == 0);
  CHECK(fecontact_mpi_pair_count(s, 0) >= 0);
  CHECK_REJECTED(fecontact_mpi_get_contacts(s, 0, 1, out, NULL, NULL, NULL, NULL, NULL), "fecontact_mpi_get_contacts",
                 "not node-to-surface");
  /* Every rank's face is the same triangle: self contact pairs faces of distinct ids that share
   * no node id (here all share them), so none. */
  CHECK(fecontact_mpi_pair_count(s, 0) == 0);
  CHECK_REJECTED(fecontact_mpi_search_step(s, -1, xyz), "fecontact_mpi_search_step", "n_nodes = -1");
  CHECK_REJECTED(fecontact_mpi_search_step(s, 3, NULL), "fecontact_mpi_search_step", "xyz is NULL");
  CHECK(fecontact_mpi_pair_count(s, 0) == 0); /* the results of the last successful step stay */
  /* The typed setters change the option itself: the ranks agree on a skin set by double on rank
   * 0 and as text on the others, and a step fails on every rank once rank 0's differs. */
  CHECK((rank == 0 ? fecontact_mpi_set_option_double(s, 0, "skin", 0.25)
                   : fecontact_mpi_set_option(s, 0, "skin", "0.25")) == 0);
  CHECK(fecontact_mpi_search_step(s, 3, xyz) == 0);
  if (ranks > 1) {
    CHECK((rank == 0 ? fecontact_mpi_set_option_double(s, 0, "skin", 0.5) : 0) == 0);
    CHECK_REJECTED(fecontact_mpi_search_step(s, 3, xyz), "fecontact_mpi_search_step", "options differ between ranks");
  }
  CHECK(fecontact_mpi_set_option_int(s, 0, "relative", 0) == 0); /* off: the one value accepted */
  fecontact_mpi_search_free(s);
  fecontact_mpi_search_free(NULL);
}

int main(int argc, char** argv) {
  int status;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  test_against_serial();
  test_errors();
  status = finish(); /* each rank's checks: mpiexec fails when one rank does */
  MPI_Finalize();
  return status;
}
