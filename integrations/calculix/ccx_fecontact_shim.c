// SPDX-License-Identifier: BSD-3-Clause
/* The seam between CalculiX 2.20's contact arrays and fecontact's C interface (fecontact.h).
 *
 * CalculiX finds, for each query point of a contact tie (a slave node in gencontelem_n2f.f, a
 * slave integration point in gencontelem_f2f.f), the master triangle opposite it: it sorts the
 * triangles' centroids on each axis (dsort), takes the nearest centroid (near3d.f) and walks
 * across triangle neighbours (imastop) to the triangle whose edge planes (straight) hold the
 * point. The patched routines call fecontact_ccx_nearest instead of the sort and near3d: the
 * triangle closest to the point, at any distance as near3d's, from fecontact's closest-face
 * search over the tie's triangles (triangucont.f: koncont), moved at each call to co + vold.
 * CalculiX's own walk then starts from that triangle: it accepts it at once where it holds the
 * point, and keeps deciding the borders, the gaps between triangles and the distances as before.
 * The surface-to-surface segmentation does the same in two steps: precontact.c moves the tie's
 * search (fecontact_ccx_update) in place of its sort, and slavintpoints.f asks it for the start
 * of neartriangle's walk from each slave face corner (fecontact_ccx_find).
 *
 * Called from Fortran (gfortran: lower case, a trailing underscore, every argument by reference;
 * ITG is int in the default, non-i8 build). CCX_CONTACT_SEARCH selects the search at run time:
 * "fecontact" (the default) or "native". The time spent finding the triangles, either way, is
 * summed here and printed when the run ends. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "fecontact/fecontact.h"

/* One contact tie's search: its triangles (global node numbers, as in koncont), the master
 * nodes they use (ascending) in a compact coordinate array, and fecontact's search over them. */
typedef struct {
  int first_triangle, last_triangle; /* itietri(1:2, tie), 1-based */
  int64_t n_triangles;
  int* triangle_nodes;                /* 3 per triangle, 1-based global node numbers */
  int64_t n_master_nodes;
  int* master_nodes;                  /* ascending 1-based global node numbers */
  double* xyz;                        /* the master nodes' coordinates, co + vold */
  int64_t n_answers;
  int64_t* face;                      /* per query point: the closest triangle, 0-based in the tie */
  double tie_distance;                /* 10^-3 of the triangles' mean edge */
  fecontact_closest_face_search* search;
} tie_search;

static tie_search* ties;
static int n_ties;

enum { native_search = 0, fecontact_search_kind = 1 };
static double search_seconds[2];
static long search_calls[2];
static int selected_search = -1;

static void fail(const char* what) {
  fprintf(stderr, "*ERROR in the fecontact contact search (%s): %s\n", what, fecontact_last_error());
  exit(201);
}

static void* checked_calloc(size_t count, size_t size) {
  void* p = calloc(count == 0 ? 1 : count, size);
  if (p == NULL) {
    fprintf(stderr, "*ERROR in the fecontact contact search: out of memory\n");
    exit(201);
  }
  return p;
}

static void print_search_times(void) {
  printf("\n contact search (CCX_CONTACT_SEARCH=%s): native %ld calls %.6f s, fecontact %ld calls %.6f s\n",
         selected_search == native_search ? "native" : "fecontact", search_calls[native_search],
         search_seconds[native_search], search_calls[fecontact_search_kind],
         search_seconds[fecontact_search_kind]);
  fflush(stdout);
}

/* use = 1 for fecontact, 0 for CalculiX's own search, from CCX_CONTACT_SEARCH; any other value
 * stops the run with a message. */
void fecontact_ccx_use_(int* use) {
  if (selected_search < 0) {
    const char* value = getenv("CCX_CONTACT_SEARCH");
    if (value == NULL || value[0] == '\0' || strcmp(value, "fecontact") == 0) {
      selected_search = fecontact_search_kind;
    } else if (strcmp(value, "native") == 0) {
      selected_search = native_search;
    } else {
      fprintf(stderr, "*ERROR: CCX_CONTACT_SEARCH=%s: expected fecontact or native\n", value);
      exit(201);
    }
    atexit(print_search_times);
  }
  *use = selected_search;
}

/* Seconds of a monotonic clock, for the callers' timers around the search. They bracket the
 * search of every query point (near3d and the walk run point by point inside CalculiX's loops),
 * so the clock must cost far less than a point's search: a read of CLOCK_MONOTONIC costs about
 * 30 ns here (vDSO), one of the process's CPU-time clock about 0.8 us (a system call), more
 * than fecontact's whole search of a point. Wall-clock intervals of a microsecond: a run on a
 * core of its own measures the work. */
void fecontact_ccx_clock_(double* seconds) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  *seconds = (double)now.tv_sec + 1e-9 * (double)now.tv_nsec;
}

/* Adds `seconds` to the search time of `kind` (0 native, 1 fecontact); calls counts the query
 * points searched. */
void fecontact_ccx_add_time_(const int* kind, const double* seconds, const int* calls) {
  if (*kind != native_search && *kind != fecontact_search_kind) return;
  search_seconds[*kind] += *seconds;
  search_calls[*kind] += *calls;
}

static void free_tie(tie_search* t) {
  fecontact_closest_face_search_free(t->search);
  free(t->triangle_nodes);
  free(t->master_nodes);
  free(t->xyz);
  free(t->face);
  memset(t, 0, sizeof *t);
}

static int compare_ints(const void* a, const void* b) {
  int x = *(const int*)a, y = *(const int*)b;
  return (x > y) - (x < y);
}

/* Position of the 1-based global node `node` in the compact numbering (the master nodes). */
static int64_t master_index(const tie_search* t, int node) {
  const int* found = bsearch(&node, t->master_nodes, (size_t)t->n_master_nodes, sizeof(int), compare_ints);
  return found - t->master_nodes;
}

/* Whether the kept search still describes the tie: the same triangles. */
static int tie_unchanged(const tie_search* t, int first, int last, const int* koncont) {
  if (t->search == NULL || t->first_triangle != first || t->last_triangle != last) return 0;
  for (int64_t k = 0; k < t->n_triangles; ++k)
    for (int c = 0; c < 3; ++c)
      if (t->triangle_nodes[3 * k + c] != koncont[4 * (first - 1 + k) + c]) return 0;
  return 1;
}

/* Copies co + vold of the master nodes into t->xyz; vold is vold(0:mi(2), *). */
static void gather_coordinates(tie_search* t, const double* co, const double* vold, const int* mi) {
  const int vold_stride = mi[1] + 1;
  for (int64_t k = 0; k < t->n_master_nodes; ++k) {
    const int64_t node = t->master_nodes[k] - 1;
    for (int i = 0; i < 3; ++i) t->xyz[3 * k + i] = co[3 * node + i] + vold[vold_stride * node + 1 + i];
  }
}

/* The mean edge length of the tie's triangles at t->xyz. */
static double mean_edge_length(const tie_search* t, const int64_t* face_nodes) {
  double sum = 0;
  for (int64_t k = 0; k < t->n_triangles; ++k)
    for (int c = 0; c < 3; ++c) {
      const double* a = t->xyz + 3 * face_nodes[3 * k + c];
      const double* b = t->xyz + 3 * face_nodes[3 * k + (c + 1) % 3];
      double d2 = 0;
      for (int i = 0; i < 3; ++i) d2 += (a[i] - b[i]) * (a[i] - b[i]);
      sum += sqrt(d2);
    }
  return t->n_triangles > 0 ? sum / (double)(3 * t->n_triangles) : 0.0;
}

static void build_tie(tie_search* t, int first, int last, const int* koncont, const double* co, const double* vold,
                      const int* mi) {
  free_tie(t);
  t->first_triangle = first;
  t->last_triangle = last;
  t->n_triangles = last >= first ? last - first + 1 : 0;
  t->triangle_nodes = checked_calloc((size_t)(3 * t->n_triangles), sizeof(int));
  for (int64_t k = 0; k < t->n_triangles; ++k)
    for (int c = 0; c < 3; ++c) t->triangle_nodes[3 * k + c] = koncont[4 * (first - 1 + k) + c];

  int* sorted = checked_calloc((size_t)(3 * t->n_triangles), sizeof(int));
  memcpy(sorted, t->triangle_nodes, sizeof(int) * (size_t)(3 * t->n_triangles));
  qsort(sorted, (size_t)(3 * t->n_triangles), sizeof(int), compare_ints);
  int64_t unique = 0;
  for (int64_t k = 0; k < 3 * t->n_triangles; ++k)
    if (unique == 0 || sorted[unique - 1] != sorted[k]) sorted[unique++] = sorted[k];
  t->master_nodes = sorted;
  t->n_master_nodes = unique;
  t->xyz = checked_calloc((size_t)(3 * t->n_master_nodes), sizeof(double));

  int64_t* face_offsets = checked_calloc((size_t)(t->n_triangles + 1), sizeof(int64_t));
  int64_t* face_nodes = checked_calloc((size_t)(3 * t->n_triangles), sizeof(int64_t));
  for (int64_t k = 0; k < t->n_triangles; ++k) {
    face_offsets[k + 1] = 3 * (k + 1);
    for (int c = 0; c < 3; ++c) face_nodes[3 * k + c] = master_index(t, t->triangle_nodes[3 * k + c]);
  }
  t->search = fecontact_closest_face_search_new(t->n_triangles, face_offsets, face_nodes);
  if (t->search == NULL) fail("fecontact_closest_face_search_new");
  /* Equally close, as CalculiX's walk sees it (a point within 10^-3 of a triangle's edge is on
   * it): then the triangle whose centroid is nearest, where near3d starts. Where a slave node
   * sits on a vertex or an edge that several master faces share, this picks the face CalculiX's
   * own search picks. */
  gather_coordinates(t, co, vold, mi);
  t->tie_distance = 1e-3 * mean_edge_length(t, face_nodes);
  free(face_offsets);
  free(face_nodes);
}

/* The tie's search, checked: `itie` (1-based) of `ntie`. */
static tie_search* tie_of(const int* itie, const int* ntie) {
  if (*ntie != n_ties) {
    for (int k = 0; k < n_ties; ++k) free_tie(&ties[k]);
    free(ties);
    n_ties = *ntie;
    ties = checked_calloc((size_t)n_ties, sizeof(tie_search));
  }
  if (*itie < 1 || *itie > n_ties) {
    fprintf(stderr, "*ERROR in the fecontact contact search: tie %d of %d\n", *itie, n_ties);
    exit(201);
  }
  return &ties[*itie - 1];
}

/* Moves tie `itie`'s search (1-based, of `ntie`) to the coordinates co(1:3, n) + vold(1:3, n) of
 * its master nodes, with vold(0:mi(2), *): built at its first call and again when the tie's
 * triangles (itietri, koncont) change, refitted otherwise. */
void fecontact_ccx_update_(const int* itie, const int* ntie, const int* itietri, const int* koncont,
                           const double* co, const double* vold, const int* mi) {
  tie_search* t = tie_of(itie, ntie);
  const int first = itietri[2 * (*itie - 1)], last = itietri[2 * (*itie - 1) + 1];
  if (!tie_unchanged(t, first, last, koncont)) build_tie(t, first, last, koncont, co, vold, mi);
  else gather_coordinates(t, co, vold, mi);
  if (fecontact_closest_face_search_update(t->search, t->n_master_nodes, t->xyz) < 0)
    fail("fecontact_closest_face_search_update");
}

/* For each of the `nq` points pq(3, nq): the triangle of tie `itie` closest to it at the last
 * update, at any distance. itri(q) is the global (1-based) triangle number, as near3d +
 * itietri give it (a tie whose triangles all have zero area: its first triangle, where the walk
 * starts as it would from near3d's). */
void fecontact_ccx_find_(const int* itie, const int* nq, const double* pq, int* itri) {
  if (*itie < 1 || *itie > n_ties || ties[*itie - 1].search == NULL || *nq < 0) {
    fprintf(stderr, "*ERROR in the fecontact contact search: tie %d searched before its update, %d points\n",
            *itie, *nq);
    exit(201);
  }
  tie_search* t = &ties[*itie - 1];
  if (*nq == 0) return;
  if (*nq > t->n_answers) {
    free(t->face);
    t->n_answers = *nq + *nq / 2;
    t->face = checked_calloc((size_t)t->n_answers, sizeof(int64_t));
  }
  if (fecontact_find_closest_faces(t->search, *nq, pq, INFINITY, t->tie_distance, t->face, NULL, NULL, NULL) < 0)
    fail("fecontact_find_closest_faces");
  for (int q = 0; q < *nq; ++q) itri[q] = t->first_triangle + (t->face[q] >= 0 ? (int)t->face[q] : 0);
}

/* fecontact_ccx_update, then fecontact_ccx_find. */
void fecontact_ccx_nearest_(const int* itie, const int* ntie, const int* itietri, const int* koncont,
                            const double* co, const double* vold, const int* mi, const int* nq,
                            const double* pq, int* itri) {
  fecontact_ccx_update_(itie, ntie, itietri, koncont, co, vold, mi);
  fecontact_ccx_find_(itie, nq, pq, itri);
}
