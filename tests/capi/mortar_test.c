// SPDX-License-Identifier: BSD-3-Clause
/* The mortar preprocessing through the C interface: a slave of 2 x 2 quad4 faces on [0, 1]^2
 * (normal +z) under a master of 3 x 3 quad4 faces over [-0.1, 1.1]^2 at z = 0.01 (normal -z).
 * Closed forms: the cells cover the unit square; D's row sums are the integrals of the slave
 * shape functions (1/16 per face around the node), equal to M's; the centre node's diagonal of D
 * is 4 A / 9 (A = 1/4: the bilinear mass matrix); the weighted gaps are 0.01 times the row sums;
 * the dual basis makes D diagonal with those row sums; after an accepted step and a slide, the
 * weighted slip is the slide times those row sums; D's and M's Jacobians are translation invariant;
 * H(lambda) is symmetric, translation invariant and H v matches central differences of G^T lambda
 * along v. And every bad argument is rejected. */
#include <stdint.h>
#include <stdlib.h>

#include "check.h"

enum { slave_nodes = 9, master_nodes = 16, nodes = slave_nodes + master_nodes };

static double xyz[3 * nodes];
static int64_t slave_offsets[5], slave_faces[16], master_offsets[10], master_faces[36];

static void build(void) {
  int i, j, f = 0;
  for (j = 0; j <= 2; ++j)
    for (i = 0; i <= 2; ++i) {
      xyz[3 * (3 * j + i)] = 0.5 * i;
      xyz[3 * (3 * j + i) + 1] = 0.5 * j;
      xyz[3 * (3 * j + i) + 2] = 0;
    }
  for (j = 0; j <= 3; ++j)
    for (i = 0; i <= 3; ++i) {
      const int n = slave_nodes + 4 * j + i;
      xyz[3 * n] = -0.1 + 0.4 * i;
      xyz[3 * n + 1] = -0.1 + 0.4 * j;
      xyz[3 * n + 2] = 0.01;
    }
  for (j = 0; j < 2; ++j)
    for (i = 0; i < 2; ++i, ++f) { /* counter-clockwise seen from +z: normal +z */
      slave_offsets[f + 1] = 4 * (f + 1);
      slave_faces[4 * f] = 3 * j + i;
      slave_faces[4 * f + 1] = 3 * j + i + 1;
      slave_faces[4 * f + 2] = 3 * (j + 1) + i + 1;
      slave_faces[4 * f + 3] = 3 * (j + 1) + i;
    }
  for (f = 0, j = 0; j < 3; ++j)
    for (i = 0; i < 3; ++i, ++f) { /* clockwise seen from +z: normal -z */
      master_offsets[f + 1] = 4 * (f + 1);
      master_faces[4 * f] = slave_nodes + 4 * j + i;
      master_faces[4 * f + 1] = slave_nodes + 4 * (j + 1) + i;
      master_faces[4 * f + 2] = slave_nodes + 4 * (j + 1) + i + 1;
      master_faces[4 * f + 3] = slave_nodes + 4 * j + i + 1;
    }
}

/* Faces around slave node n of the 3 x 3 node grid: 1 at a corner, 2 on an edge, 4 inside. */
static int faces_around(int64_t n) {
  const int i = (int)(n % 3), j = (int)(n / 3);
  return (i == 1 ? 2 : 1) * (j == 1 ? 2 : 1);
}

static void check_standard(fecontact_mortar* m) {
  int64_t cells = 0, d_count = 0, m_count = 0, rows = 0, uncovered = -1, slivers = -1, k;
  double total = 0, d_sum[slave_nodes] = {0}, m_sum[slave_nodes] = {0};
  CHECK(fecontact_mortar_counts(m, &cells, &d_count, &m_count, &rows, &uncovered, &slivers) == 0);
  CHECK(rows == slave_nodes && uncovered == 0 && slivers == 0 && cells > 0);
  {
    double* weight = malloc((size_t)(7 * cells) * sizeof(double));
    int64_t *dr = malloc((size_t)d_count * sizeof(int64_t)), *dc = malloc((size_t)d_count * sizeof(int64_t));
    int64_t *mr = malloc((size_t)m_count * sizeof(int64_t)), *mc = malloc((size_t)m_count * sizeof(int64_t));
    double *dv = malloc((size_t)d_count * sizeof(double)), *mv = malloc((size_t)m_count * sizeof(double));
    int64_t node[slave_nodes];
    double gap[slave_nodes], normal[3 * slave_nodes], coverage[slave_nodes];
    CHECK(fecontact_get_mortar_points(m, 7 * cells, NULL, NULL, weight) == 0);
    for (k = 0; k < 7 * cells; ++k) total += weight[k];
    CHECK_CLOSE(total, 1.0, 1e-13);
    CHECK(fecontact_get_mortar_matrices(m, d_count, dr, dc, dv, m_count, mr, mc, mv) == 0);
    for (k = 0; k < d_count; ++k) {
      d_sum[dr[k]] += dv[k];
      if (dr[k] == 4 && dc[k] == 4) CHECK_CLOSE(dv[k], 4 * 0.25 / 9, 1e-14);
    }
    for (k = 0; k < m_count; ++k) {
      CHECK(mc[k] >= slave_nodes && mc[k] < nodes);
      m_sum[mr[k]] += mv[k];
    }
    CHECK(fecontact_get_weighted_gaps(m, slave_nodes, node, gap, normal, coverage) == 0);
    for (k = 0; k < slave_nodes; ++k) {
      CHECK(node[k] == k);
      CHECK_CLOSE(d_sum[k], faces_around(k) / 16.0, 1e-14);
      CHECK_CLOSE(m_sum[k], faces_around(k) / 16.0, 1e-14);
      CHECK_CLOSE(gap[k], 0.01 * faces_around(k) / 16.0, 1e-14);
      CHECK_CLOSE(normal[3 * k + 2], 1.0, 1e-15);
      CHECK_CLOSE(coverage[k], 1.0, 1e-14);
    }
    free(weight), free(dr), free(dc), free(mr), free(mc), free(dv), free(mv);
  }
}

static void check_dual(fecontact_mortar* m) {
  int64_t d_count = 0, k, rows[slave_nodes], columns[slave_nodes];
  double values[slave_nodes];
  CHECK(fecontact_mortar_counts(m, NULL, &d_count, NULL, NULL, NULL, NULL) == 0);
  CHECK(d_count == slave_nodes);
  CHECK(fecontact_get_mortar_matrices(m, slave_nodes, rows, columns, values, 0, NULL, NULL, NULL) == -1);
  CHECK(fecontact_get_mortar_matrices(m, slave_nodes, rows, columns, values, 1000, NULL, NULL, NULL) == 0);
  for (k = 0; k < slave_nodes; ++k) {
    CHECK(rows[k] == k && columns[k] == k);
    CHECK_CLOSE(values[k], faces_around(k) / 16.0, 1e-14);
  }
}

/* The weighted gaps' Jacobian: CSR over the slave nodes, and a translation of every node changes
 * no weighted gap (each row's entries of one axis sum to 0). */
static void check_jacobian(fecontact_mortar* m) {
  static int64_t offsets[nodes + 1], columns[4000];
  static double values[4000];
  int64_t entries = fecontact_gap_jacobian_count(m), rows = 0, r, i;
  double sum[3], scale = 0;
  CHECK(entries > 0 && entries <= 4000);
  CHECK(fecontact_mortar_counts(m, NULL, NULL, NULL, &rows, NULL, NULL) == 0);
  CHECK_REJECTED(fecontact_get_gap_jacobian(m, entries - 1, offsets, columns, values), "fecontact_get_gap_jacobian",
                 "capacity");
  CHECK(fecontact_get_gap_jacobian(m, entries, offsets, columns, values) == 0);
  CHECK(offsets[0] == 0 && offsets[rows] == entries);
  for (r = 0; r < rows; ++r) {
    sum[0] = sum[1] = sum[2] = 0;
    for (i = offsets[r]; i < offsets[r + 1]; ++i) {
      CHECK(columns[i] >= 0 && columns[i] < 3 * nodes && (i == offsets[r] || columns[i] > columns[i - 1]));
      sum[columns[i] % 3] += values[i];
      scale += fabs(values[i]);
    }
    for (i = 0; i < 3; ++i) CHECK(fabs(sum[i]) <= 1e-12 * scale);
  }
  CHECK(scale > 0);
  CHECK(fecontact_slave_transformation_count(m) == 0); /* quad4 slaves: no transformation */
}

/* Friction: after fecontact_mortar_accept_step, the slave slid by (dx, dy) in its plane (still
 * covered) has the weighted slip (dx, dy) times the row sums of D, faces_around / 16, along the
 * tangents of the normal +z: tau1 = x (the axis least aligned with it), tau2 = n x tau1 = y. */
static void check_friction(fecontact_mortar* m, fecontact_search* s) {
  static int64_t offsets[2 * slave_nodes + 1], columns[8000];
  static double values[8000], slid[3 * nodes];
  const double dx = 0.03, dy = -0.02;
  double tangents[6 * slave_nodes], slip[2 * slave_nodes];
  int64_t entries, k;
  CHECK(fecontact_mortar_step_with_jacobian(m, s, 0, nodes, xyz, FECONTACT_MORTAR_STANDARD) == 0);
  CHECK(fecontact_get_weighted_slip(m, slave_nodes, tangents, slip) == 0);
  for (k = 0; k < 2 * slave_nodes; ++k) CHECK(slip[k] == 0); /* before the first accepted step */
  CHECK(fecontact_slip_jacobian_count(m) == 0);
  CHECK(fecontact_mortar_accept_step(m) == 0);
  for (k = 0; k < 3 * nodes; ++k) slid[k] = xyz[k];
  for (k = 0; k < slave_nodes; ++k) slid[3 * k] += dx, slid[3 * k + 1] += dy;
  CHECK(fecontact_search_step(s, nodes, slid) == 0);
  CHECK(fecontact_mortar_step_with_jacobian(m, s, 0, nodes, slid, FECONTACT_MORTAR_STANDARD) == 0);
  CHECK_REJECTED(fecontact_get_weighted_slip(m, slave_nodes - 1, NULL, NULL), "fecontact_get_weighted_slip", "capacity");
  CHECK(fecontact_get_weighted_slip(m, slave_nodes, tangents, slip) == 0);
  for (k = 0; k < slave_nodes; ++k) {
    CHECK_CLOSE(tangents[6 * k], 1.0, 1e-15);
    CHECK_CLOSE(tangents[6 * k + 4], 1.0, 1e-15);
    CHECK_CLOSE(slip[2 * k], dx * faces_around(k) / 16.0, 1e-15);
    CHECK_CLOSE(slip[2 * k + 1], dy * faces_around(k) / 16.0, 1e-15);
  }
  entries = fecontact_slip_jacobian_count(m);
  CHECK(entries > 0 && entries <= 8000);
  CHECK_REJECTED(fecontact_get_slip_jacobian(m, entries - 1, offsets, columns, values), "fecontact_get_slip_jacobian",
                 "capacity");
  CHECK(fecontact_get_slip_jacobian(m, entries, offsets, columns, values) == 0);
  CHECK(offsets[0] == 0 && offsets[2 * slave_nodes] == entries);
  for (k = 0; k < entries; ++k) CHECK(columns[k] >= 0 && columns[k] < 3 * nodes);
  CHECK(fecontact_mortar_step(m, s, 0, nodes, slid, FECONTACT_MORTAR_STANDARD) == 0);
  CHECK_REJECTED(fecontact_slip_jacobian_count(m), "fecontact_slip_jacobian_count", "did not compute the Jacobian");
}

/* D's and M's Jacobians: one row per triplet of fecontact_get_mortar_matrices, and a translation
 * of every node changes no entry (each row's entries of one axis sum to 0). */
static void check_matrix_jacobians(fecontact_mortar* m, const fecontact_search* s) {
  static int64_t d_offsets[1000], d_columns[20000], m_offsets[1000], m_columns[40000];
  static double d_values[20000], m_values[40000];
  int64_t d_count = 0, m_count = 0, d_entries = 0, m_entries = 0, r, i;
  double sum[3], row_scale, scale = 0;
  CHECK(fecontact_mortar_step_with_jacobian(m, s, 0, nodes, xyz, FECONTACT_MORTAR_STANDARD) == 0);
  CHECK_REJECTED(fecontact_matrix_jacobian_counts(m, &d_entries, &m_entries), "fecontact_matrix_jacobian_counts",
                 "did not compute D's and M's Jacobians");
  CHECK(fecontact_mortar_step_with_matrix_jacobians(m, s, 0, nodes, xyz, FECONTACT_MORTAR_STANDARD) == 0);
  CHECK(fecontact_mortar_counts(m, NULL, &d_count, &m_count, NULL, NULL, NULL) == 0);
  CHECK(fecontact_matrix_jacobian_counts(m, &d_entries, &m_entries) == 0);
  CHECK(d_count < 1000 && m_count < 1000 && d_entries > 0 && d_entries <= 20000 && m_entries > 0 && m_entries <= 40000);
  CHECK_REJECTED(fecontact_get_matrix_jacobians(m, d_entries - 1, NULL, NULL, NULL, m_entries, NULL, NULL, NULL),
                 "fecontact_get_matrix_jacobians", "d_capacity");
  CHECK(fecontact_get_matrix_jacobians(m, d_entries, d_offsets, d_columns, d_values, m_entries, m_offsets, m_columns,
                                       m_values) == 0);
  CHECK(d_offsets[0] == 0 && d_offsets[d_count] == d_entries && m_offsets[0] == 0 && m_offsets[m_count] == m_entries);
  for (r = 0; r < d_count + m_count; ++r) {
    const int is_d = r < d_count;
    const int64_t row = is_d ? r : r - d_count, *offsets = is_d ? d_offsets : m_offsets;
    const int64_t* columns = is_d ? d_columns : m_columns;
    const double* values = is_d ? d_values : m_values;
    sum[0] = sum[1] = sum[2] = 0;
    row_scale = 0;
    for (i = offsets[row]; i < offsets[row + 1]; ++i) {
      CHECK(columns[i] >= 0 && columns[i] < 3 * nodes && (i == offsets[row] || columns[i] > columns[i - 1]));
      sum[columns[i] % 3] += values[i];
      row_scale += fabs(values[i]);
    }
    for (i = 0; i < 3; ++i) CHECK(fabs(sum[i]) <= 1e-12 * row_scale);
    scale += row_scale;
  }
  CHECK(scale > 0);
}

/* G^T lambda at xyz + t v (the search's pairs of xyz). */
static void contact_force(fecontact_mortar* m, fecontact_search* s, const double* lambda, const double* v, double t,
                          double* force) {
  static int64_t offsets[slave_nodes + 1], columns[4000];
  static double values[4000], x[3 * nodes];
  int64_t k, r, i;
  for (k = 0; k < 3 * nodes; ++k) x[k] = xyz[k] + t * v[k], force[k] = 0;
  CHECK(fecontact_mortar_step_with_jacobian(m, s, 0, nodes, x, FECONTACT_MORTAR_STANDARD) == 0);
  CHECK(fecontact_gap_jacobian_count(m) <= 4000);
  CHECK(fecontact_get_gap_jacobian(m, 4000, offsets, columns, values) == 0);
  for (r = 0; r < slave_nodes; ++r)
    for (i = offsets[r]; i < offsets[r + 1]; ++i) force[columns[i]] += values[i] * lambda[r];
}

/* The slave tilted (z += 0.02 x - 0.01 y on its nodes: curved normals are not needed, the normal's
 * rotation is H's), multipliers 1 + r / 10. */
static void check_hessian(fecontact_mortar* m, fecontact_search* s) {
  static int64_t offsets[3 * nodes + 1], columns[40000];
  static double values[40000], plus[3 * nodes], minus[3 * nodes], v[3 * nodes], hv[3 * nodes];
  double lambda[slave_nodes], sum[3], error = 0, norm = 0, scale = 0;
  int64_t entries, r, i, k;
  const double h = 1e-6;
  for (r = 0; r < slave_nodes; ++r) lambda[r] = 1 + 0.1 * (double)r;
  for (k = 0; k < 3 * nodes; ++k) v[k] = sin(1.0 + 7.0 * (double)k), hv[k] = 0;
  CHECK_REJECTED(fecontact_gap_hessian_count(m), "fecontact_gap_hessian_count", "did not compute H");
  CHECK_REJECTED(fecontact_mortar_step_with_hessian(m, s, 0, nodes, xyz, FECONTACT_MORTAR_STANDARD, slave_nodes - 1, lambda),
                 "fecontact_mortar_step_with_hessian", "8 multipliers for 9 slave nodes");
  CHECK_REJECTED(fecontact_mortar_step_with_hessian(m, s, 0, nodes, xyz, FECONTACT_MORTAR_STANDARD, slave_nodes, NULL),
                 "fecontact_mortar_step_with_hessian", "multipliers is NULL");
  CHECK(fecontact_mortar_step_with_hessian(m, s, 0, nodes, xyz, FECONTACT_MORTAR_STANDARD, slave_nodes, lambda) == 0);
  entries = fecontact_gap_hessian_count(m);
  CHECK(entries > 0 && entries <= 40000);
  CHECK_REJECTED(fecontact_get_gap_hessian(m, entries - 1, offsets, columns, values), "fecontact_get_gap_hessian", "capacity");
  CHECK(fecontact_get_gap_hessian(m, entries, offsets, columns, values) == 0);
  CHECK(offsets[0] == 0 && offsets[3 * nodes] == entries);
  for (r = 0; r < 3 * nodes; ++r) {
    sum[0] = sum[1] = sum[2] = 0;
    for (i = offsets[r]; i < offsets[r + 1]; ++i) {
      int64_t j, found = 0;
      CHECK(columns[i] >= 0 && columns[i] < 3 * nodes && (i == offsets[r] || columns[i] > columns[i - 1]));
      sum[columns[i] % 3] += values[i];
      scale += fabs(values[i]);
      hv[r] += values[i] * v[columns[i]];
      for (j = offsets[columns[i]]; j < offsets[columns[i] + 1]; ++j) /* symmetric to rounding */
        if (columns[j] == r) found = fabs(values[j] - values[i]) <= 1e-13 * (fabs(values[i]) + 1);
      CHECK(found);
    }
    for (i = 0; i < 3; ++i) CHECK(fabs(sum[i]) <= 1e-12 * scale); /* H t = 0 for a translation t */
  }
  contact_force(m, s, lambda, v, h, plus);
  contact_force(m, s, lambda, v, -h, minus);
  for (k = 0; k < 3 * nodes; ++k) {
    const double fd = (plus[k] - minus[k]) / (2 * h);
    error += (hv[k] - fd) * (hv[k] - fd);
    norm += hv[k] * hv[k];
  }
  CHECK(norm > 0);
  CHECK(sqrt(error) <= 1e-6 * sqrt(norm));
  CHECK_REJECTED(fecontact_gap_hessian_count(m), "fecontact_gap_hessian_count", "did not compute H");
}

int main(void) {
  const char* step = "fecontact_mortar_step";
  fecontact_search* s = fecontact_search_new();
  fecontact_mortar* m = fecontact_mortar_new();
  int64_t node_faces[] = {0, 4}, one_face[] = {0, 1, 4, 3}, slave_list[] = {4};
  double bad_xyz[3 * nodes];
  int k;
  build();
  CHECK(fecontact_add_surface_to_surface(s, 9, master_offsets, master_faces, 4, slave_offsets, slave_faces, 0.05) == 0);
  CHECK(fecontact_add_node_to_surface(s, 1, node_faces, one_face, 1, slave_list, 0.05) == 1);

  CHECK_REJECTED(fecontact_mortar_step(m, s, 0, nodes, xyz, FECONTACT_MORTAR_STANDARD), step, "no successful step");
  CHECK_REJECTED(fecontact_mortar_counts(m, NULL, NULL, NULL, NULL, NULL, NULL), "fecontact_mortar_counts",
                 "no successful fecontact_mortar_step");
  CHECK(fecontact_search_step(s, nodes, xyz) == 0);
  CHECK_REJECTED(fecontact_mortar_step(NULL, s, 0, nodes, xyz, 0), step, "m is NULL");
  CHECK_REJECTED(fecontact_mortar_step(m, NULL, 0, nodes, xyz, 0), step, "s is NULL");
  CHECK_REJECTED(fecontact_mortar_step(m, s, 2, nodes, xyz, 0), step, "interface_index = 2");
  CHECK_REJECTED(fecontact_mortar_step(m, s, 1, nodes, xyz, 0), step, "is not surface-to-surface");
  CHECK_REJECTED(fecontact_mortar_step(m, s, 0, nodes, xyz, 2), step, "basis = 2");
  CHECK_REJECTED(fecontact_mortar_step(m, s, 0, nodes, NULL, 0), step, "xyz is NULL");
  CHECK_REJECTED(fecontact_mortar_step(m, s, 0, 5, xyz, 0), step, "outside the 5 coordinates");
  for (k = 0; k < 3 * nodes; ++k) bad_xyz[k] = xyz[k];
  bad_xyz[3 * 4 + 2] = NAN;
  CHECK_REJECTED(fecontact_mortar_step(m, s, 0, nodes, bad_xyz, 0), step, "not finite");

  CHECK(fecontact_mortar_step(m, s, 0, nodes, xyz, FECONTACT_MORTAR_STANDARD) == 0);
  check_standard(m);
  CHECK_REJECTED(fecontact_get_mortar_cells(m, 1, NULL, NULL, NULL), "fecontact_get_mortar_cells", "capacity = 1");
  CHECK_REJECTED(fecontact_get_mortar_cells(NULL, 1, NULL, NULL, NULL), "fecontact_get_mortar_cells", "m is NULL");
  CHECK_REJECTED(fecontact_get_mortar_points(m, -1, NULL, NULL, NULL), "fecontact_get_mortar_points", "capacity = -1");
  CHECK_REJECTED(fecontact_get_weighted_gaps(m, 8, NULL, NULL, NULL, NULL), "fecontact_get_weighted_gaps", "capacity = 8");
  CHECK_REJECTED(fecontact_get_mortar_matrices(m, 0, NULL, NULL, NULL, 0, NULL, NULL, NULL), "fecontact_get_mortar_matrices",
                 "d_capacity = 0");
  CHECK(fecontact_get_uncovered_slave_nodes(m, 0, NULL) == 0);

  CHECK(fecontact_mortar_step(m, s, 0, nodes, xyz, FECONTACT_MORTAR_DUAL) == 0);
  check_dual(m);
  CHECK_REJECTED(fecontact_gap_jacobian_count(m), "fecontact_gap_jacobian_count", "did not compute the Jacobian");
  CHECK(fecontact_mortar_step_with_jacobian(m, s, 0, nodes, xyz, FECONTACT_MORTAR_STANDARD) == 0);
  check_standard(m);
  check_jacobian(m);
  CHECK_REJECTED(fecontact_mortar_accept_step(NULL), "fecontact_mortar_accept_step", "m is NULL");
  check_friction(m, s);
  CHECK(fecontact_search_step(s, nodes, xyz) == 0);
  check_matrix_jacobians(m, s);
  for (k = 0; k < slave_nodes; ++k) xyz[3 * k + 2] += 0.02 * xyz[3 * k] - 0.01 * xyz[3 * k + 1];
  CHECK(fecontact_search_step(s, nodes, xyz) == 0);
  check_hessian(m, s);

  fecontact_mortar_free(m);
  fecontact_mortar_free(NULL);
  fecontact_search_free(s);
  return finish();
}
