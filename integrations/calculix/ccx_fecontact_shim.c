// SPDX-License-Identifier: BSD-3-Clause
/* The seam between CalculiX 2.20's contact arrays and fecontact's C interface (fecontact.h).
 *
 * CalculiX finds, for each query point of a contact tie (a slave node in gencontelem_n2f.f, a
 * slave integration point in gencontelem_f2f.f), the master triangle opposite it: it sorts the
 * triangles' centroids on each axis (dsort), takes the nearest centroid (near3d.f) and walks
 * across triangle neighbours (imastop) to the triangle whose edge planes (straight) hold the
 * point. The patched routines call fecontact_ccx_nearest instead of the sort and near3d: the
 * triangle closest to the point within a search distance (of equally close ones, the nearest
 * centroid), found in fecontact's tree over the tie's triangles (triangucont.f: koncont),
 * refitted at each call from co + vold. CalculiX's
 * own walk then starts from that triangle: it accepts it at once where it holds the point, and
 * keeps deciding the borders and the gaps between triangles as before.
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
 * nodes they use (ascending), and the query points appended after them in the coordinates. */
typedef struct {
  int first_triangle, last_triangle; /* itietri(1:2, tie), 1-based */
  int64_t n_triangles;
  int* triangle_nodes;                /* 3 per triangle, 1-based global node numbers */
  int64_t n_master_nodes;
  int* master_nodes;                  /* ascending 1-based global node numbers */
  int64_t* face_offsets;
  int64_t* face_nodes;                /* 0-based indices into the compact coordinates */
  int64_t n_queries;
  double tolerance;
  double* xyz;                        /* master nodes, then the query points */
  int64_t pair_capacity;
  int64_t* pair_node;
  int64_t* pair_face;
  double* pair_distance;
  double edge;                        /* mean edge length of the triangles at the last call */
  fecontact_search* search;
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

/* CPU seconds of the process (all its threads), for the callers' timers around the search:
 * the work done, which other programs on a shared machine do not inflate as they do
 * wall-clock time. */
void fecontact_ccx_clock_(double* seconds) {
  struct timespec now;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
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
  fecontact_search_free(t->search);
  free(t->triangle_nodes);
  free(t->master_nodes);
  free(t->face_offsets);
  free(t->face_nodes);
  free(t->xyz);
  free(t->pair_node);
  free(t->pair_face);
  free(t->pair_distance);
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

/* Whether the kept search still describes the tie: the same triangles, the same query count. */
static int tie_unchanged(const tie_search* t, int first, int last, const int* koncont, int64_t n_queries) {
  if (t->search == NULL || t->first_triangle != first || t->last_triangle != last || t->n_queries != n_queries)
    return 0;
  for (int64_t k = 0; k < t->n_triangles; ++k)
    for (int c = 0; c < 3; ++c)
      if (t->triangle_nodes[3 * k + c] != koncont[4 * (first - 1 + k) + c]) return 0;
  return 1;
}

static void build_tie(tie_search* t, int first, int last, const int* koncont, int64_t n_queries) {
  free_tie(t);
  t->first_triangle = first;
  t->last_triangle = last;
  t->n_triangles = last >= first ? last - first + 1 : 0;
  t->n_queries = n_queries;
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

  t->face_offsets = checked_calloc((size_t)(t->n_triangles + 1), sizeof(int64_t));
  t->face_nodes = checked_calloc((size_t)(3 * t->n_triangles), sizeof(int64_t));
  for (int64_t k = 0; k < t->n_triangles; ++k) {
    t->face_offsets[k + 1] = 3 * (k + 1);
    for (int c = 0; c < 3; ++c) t->face_nodes[3 * k + c] = master_index(t, t->triangle_nodes[3 * k + c]);
  }
  t->xyz = checked_calloc((size_t)(3 * (t->n_master_nodes + n_queries)), sizeof(double));

  int64_t* queries = checked_calloc((size_t)n_queries, sizeof(int64_t));
  for (int64_t q = 0; q < n_queries; ++q) queries[q] = t->n_master_nodes + q;
  t->search = fecontact_search_new();
  if (t->search == NULL) fail("fecontact_search_new");
  /* The tolerance is set by the caller before every step (fecontact_ccx_nearest). */
  if (fecontact_add_node_to_surface(t->search, t->n_triangles, t->face_offsets, t->face_nodes, n_queries, queries,
                                    0.0) < 0)
    fail("fecontact_add_node_to_surface");
  free(queries);
}

/* The mean edge length of the tie's triangles at the current coordinates (t->xyz). */
static double mean_edge_length(const tie_search* t) {
  double sum = 0;
  for (int64_t k = 0; k < t->n_triangles; ++k)
    for (int c = 0; c < 3; ++c) {
      const double* a = t->xyz + 3 * t->face_nodes[3 * k + c];
      const double* b = t->xyz + 3 * t->face_nodes[3 * k + (c + 1) % 3];
      double d2 = 0;
      for (int i = 0; i < 3; ++i) d2 += (a[i] - b[i]) * (a[i] - b[i]);
      sum += sqrt(d2);
    }
  return t->n_triangles > 0 ? sum / (double)(3 * t->n_triangles) : 0.0;
}

static double squared_distance_to_centroid(const tie_search* t, int64_t face, const double* p) {
  double d2 = 0;
  for (int i = 0; i < 3; ++i) {
    double c = 0;
    for (int k = 0; k < 3; ++k) c += t->xyz[3 * t->face_nodes[3 * face + k] + i];
    d2 += (c / 3 - p[i]) * (c / 3 - p[i]);
  }
  return d2;
}

/* itri(q) for each query point with pairs: of its triangles within 10^-3 of an edge length of
 * the closest one, the one whose centroid is nearest, as near3d picks its start (the walk of
 * gencontelem_n2f.f accepts a point within 10^-3 of a triangle's edges). Where a slave node
 * sits on a vertex or an edge that several master faces share, every one of them is at the
 * same distance, and this rule picks the face CalculiX's own search picks. Pairs come
 * ascending by query point. */
static void choose_triangles(const tie_search* t, int64_t n_pairs, const double* pq, int first, int* itri) {
  const double slack = 1e-3 * t->edge;
  for (int64_t begin = 0, end; begin < n_pairs; begin = end) {
    const int64_t query = t->pair_node[begin] - t->n_master_nodes;
    double closest = t->pair_distance[begin];
    for (end = begin; end < n_pairs && t->pair_node[end] == t->pair_node[begin]; ++end)
      if (t->pair_distance[end] < closest) closest = t->pair_distance[end];
    int64_t best = -1;
    double best_d2 = 0;
    for (int64_t k = begin; k < end; ++k) {
      if (t->pair_distance[k] > closest + slack) continue;
      const double d2 = squared_distance_to_centroid(t, t->pair_face[k], pq + 3 * query);
      if (best < 0 || d2 < best_d2) {
        best = t->pair_face[k];
        best_d2 = d2;
      }
    }
    itri[query] = first + (int)best;
  }
}

/* For tie `itie` (1-based) of `ntie`: the triangle of the tie closest to each of the `nq` query
 * points pq(3, nq), within `reach` + the mean edge length of the tie's triangles (the margin
 * lets a point through the master surface by up to one triangle be found; CalculiX's walk has
 * no such bound). itri(q) is the global (1-based) triangle number, as near3d + itietri give it,
 * or 0 when no triangle is that close. `repeated` = 1 when the caller searches again with nearly
 * the same coordinates (gencontelem_n2f.f, at every iteration), which a skin speeds up; 0 when
 * it searches once per increment (gencontelem_f2f.f), where keeping candidates only costs.
 * Coordinates of node n: co(1:3, n) + vold(1:3, n), with
 * vold(0:mi(2), *). The tie's search is built at its first call and again when its triangles
 * or its query count change; other calls refit it. */
void fecontact_ccx_nearest_(const int* itie, const int* ntie, const int* itietri, const int* koncont,
                            const double* co, const double* vold, const int* mi, const int* nq,
                            const double* pq, const double* reach, const int* repeated, int* itri) {
  if (*ntie != n_ties) {
    for (int k = 0; k < n_ties; ++k) free_tie(&ties[k]);
    free(ties);
    n_ties = *ntie;
    ties = checked_calloc((size_t)n_ties, sizeof(tie_search));
  }
  if (*itie < 1 || *itie > n_ties || *nq < 0 || !(*reach >= 0)) {
    fprintf(stderr, "*ERROR in the fecontact contact search: tie %d of %d, %d points, reach %g\n", *itie, n_ties,
            *nq, *reach);
    exit(201);
  }
  tie_search* t = &ties[*itie - 1];
  const int first = itietri[2 * (*itie - 1)], last = itietri[2 * (*itie - 1) + 1];
  const int built = !tie_unchanged(t, first, last, koncont, *nq);
  if (built) build_tie(t, first, last, koncont, *nq);
  if (*nq == 0) return;

  const int vold_stride = mi[1] + 1;
  for (int64_t k = 0; k < t->n_master_nodes; ++k) {
    const int64_t node = t->master_nodes[k] - 1;
    for (int i = 0; i < 3; ++i) t->xyz[3 * k + i] = co[3 * node + i] + vold[vold_stride * node + 1 + i];
  }
  memcpy(t->xyz + 3 * t->n_master_nodes, pq, sizeof(double) * (size_t)(3 * *nq));

  /* The search distance only grows, by a quarter more than asked so that a surface that
   * stretches a little does not rebuild the tree at every call (setting the option rebuilds
   * it): a distance beyond CalculiX's reach finds the same closest triangles within it. */
  const double edge = mean_edge_length(t);
  t->edge = edge;
  const double tolerance = *reach + edge;
  char value[64];
  if (built || tolerance > t->tolerance) {
    t->tolerance = 1.25 * tolerance;
    snprintf(value, sizeof value, "%.17g", t->tolerance);
    if (fecontact_set_option(t->search, 0, "tolerance", value) < 0) fail("fecontact_set_option");
  }
  /* A skin of a quarter of an edge for a repeated search: the nodes move far less than that
   * between the iterations of an increment, and fecontact then checks the candidates it kept
   * instead of searching its tree again (the same contacts either way: contact_search.hpp). */
  if (built && *repeated) {
    snprintf(value, sizeof value, "%.17g", 0.25 * edge);
    if (fecontact_set_option(t->search, 0, "skin", value) < 0) fail("fecontact_set_option");
  }
  if (fecontact_search_step(t->search, t->n_master_nodes + *nq, t->xyz) < 0) fail("fecontact_search_step");
  const int64_t n_pairs = fecontact_pair_count(t->search, 0);
  if (n_pairs < 0) fail("fecontact_pair_count");
  if (n_pairs > t->pair_capacity) {
    free(t->pair_node);
    free(t->pair_face);
    free(t->pair_distance);
    t->pair_capacity = n_pairs + n_pairs / 2;
    t->pair_node = checked_calloc((size_t)t->pair_capacity, sizeof(int64_t));
    t->pair_face = checked_calloc((size_t)t->pair_capacity, sizeof(int64_t));
    t->pair_distance = checked_calloc((size_t)t->pair_capacity, sizeof(double));
  }
  if (fecontact_get_pairs(t->search, 0, n_pairs, t->pair_node, t->pair_face, t->pair_distance) < 0)
    fail("fecontact_get_pairs");
  for (int q = 0; q < *nq; ++q) itri[q] = 0;
  choose_triangles(t, n_pairs, pq, first, itri);
}
