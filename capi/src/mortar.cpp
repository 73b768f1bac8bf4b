// SPDX-License-Identifier: BSD-3-Clause
// The mortar preprocessing of the C interface: a fecontact::MortarIntegration (with its
// accepted step, for friction) and its last result, computed from a search object's interface
// and pairs, copied out by the getters.

#include <algorithm>
#include <span>
#include <string>

#include <Eigen/Core>

#include "call.hpp"
#include "fecontact/contact/mortar/mortar_integration.hpp"
#include "fecontact/fecontact.h"
#include "search_object.hpp"

struct fecontact_mortar {
  fecontact::MortarIntegration integration;
  fecontact::MortarResult result;
  fecontact::MortarDerivatives derivatives;
  bool valid = false;           ///< the last step succeeded
  bool with_jacobian = false;   ///< and computed the derivatives
  bool with_matrix_jacobians = false;  ///< and those of D and M
  bool with_hessian = false;    ///< and H(λ)
};

namespace fecontact::capi {
namespace {

const MortarResult& result_of(const fecontact_mortar* m) {
  require(m, "m");
  if (!m->valid) throw ArgumentError("m: no successful fecontact_mortar_step");
  return m->result;
}

// Triplets of `rows` whose row r is node row_nodes[r] and column c node column_nodes[c].
void copy_triplets(const SparseRows& rows, const std::vector<Index>& row_nodes, const std::vector<Index>& column_nodes,
                   std::int64_t* row_out, std::int64_t* column_out, double* value_out) {
  for (std::size_t r = 0; r + 1 < rows.row_offsets.size(); ++r)
    for (auto i = static_cast<std::size_t>(rows.row_offsets[r]); i < static_cast<std::size_t>(rows.row_offsets[r + 1]); ++i) {
      if (row_out) row_out[i] = row_nodes[r];
      if (column_out) column_out[i] = column_nodes[static_cast<std::size_t>(rows.columns[i])];
      if (value_out) value_out[i] = rows.values[i];
    }
}

}  // namespace
}  // namespace fecontact::capi

using namespace fecontact::capi;

extern "C" fecontact_mortar* fecontact_mortar_new(void) {
  return guarded("fecontact_mortar_new", static_cast<fecontact_mortar*>(nullptr), [] { return new fecontact_mortar; });
}

extern "C" void fecontact_mortar_free(fecontact_mortar* m) { delete m; }

namespace fecontact::capi {
namespace {

// multipliers: for H(λ) (with_jacobian then), null otherwise.
int mortar_step(const char* function, fecontact_mortar* m, const fecontact_search* s, int interface_index,
                int64_t n_nodes, const double* xyz, int basis, bool with_jacobian, bool with_matrix_jacobians,
                const std::span<const double>* multipliers = nullptr) {
  return guarded(function, -1, [&] {
    require(m, "m");
    m->valid = false;
    const fecontact::InterfaceResult& pairs = fecontact::capi::result_of(s, interface_index);
    const fecontact::ContactInterface& in = s->search->interfaces()[static_cast<std::size_t>(interface_index)];
    if (in.mode != fecontact::ContactMode::surface_to_surface)
      throw ArgumentError("interface_index = " + std::to_string(interface_index) + " is not surface-to-surface");
    if (basis != FECONTACT_MORTAR_STANDARD && basis != FECONTACT_MORTAR_DUAL)
      throw ArgumentError("basis = " + std::to_string(basis) +
                          " is not FECONTACT_MORTAR_STANDARD (0) or FECONTACT_MORTAR_DUAL (1)");
    require_count(n_nodes, "n_nodes");
    if (n_nodes > 0) require(xyz, "xyz");
    const std::span<const Eigen::Vector3d> coordinates = points_view(xyz, n_nodes);
    fecontact::MortarOptions options;
    options.basis = basis == FECONTACT_MORTAR_DUAL ? fecontact::MortarBasis::dual : fecontact::MortarBasis::standard;
    options.matrix_derivatives = with_matrix_jacobians;
    if (multipliers)
      m->integration.compute(in, pairs, coordinates, options, m->result, m->derivatives, *multipliers);
    else if (with_jacobian)
      m->integration.compute(in, pairs, coordinates, options, m->result, m->derivatives);
    else
      m->integration.compute(in, pairs, coordinates, options, m->result);
    m->valid = true;
    m->with_jacobian = with_jacobian;
    m->with_matrix_jacobians = with_matrix_jacobians;
    m->with_hessian = multipliers != nullptr;
    return 0;
  });
}

const MortarDerivatives& derivatives_of(const fecontact_mortar* m) {
  result_of(m);
  if (!m->with_jacobian) throw ArgumentError("m: the last step did not compute the Jacobian (fecontact_mortar_step_with_jacobian)");
  return m->derivatives;
}

const MortarDerivatives& matrix_derivatives_of(const fecontact_mortar* m) {
  derivatives_of(m);
  if (!m->with_matrix_jacobians)
    throw ArgumentError("m: the last step did not compute D's and M's Jacobians (fecontact_mortar_step_with_matrix_jacobians)");
  return m->derivatives;
}

void copy_rows(const SparseRows& rows, int64_t* row_offsets, int64_t* columns, double* values) {
  if (row_offsets) std::copy(rows.row_offsets.begin(), rows.row_offsets.end(), row_offsets);
  if (columns) std::copy(rows.columns.begin(), rows.columns.end(), columns);
  if (values) std::copy(rows.values.begin(), rows.values.end(), values);
}

}  // namespace
}  // namespace fecontact::capi

extern "C" int fecontact_mortar_step(fecontact_mortar* m, const fecontact_search* s, int interface_index,
                                     int64_t n_nodes, const double* xyz, int basis) {
  return mortar_step("fecontact_mortar_step", m, s, interface_index, n_nodes, xyz, basis, false, false);
}

extern "C" int fecontact_mortar_step_with_jacobian(fecontact_mortar* m, const fecontact_search* s, int interface_index,
                                                   int64_t n_nodes, const double* xyz, int basis) {
  return mortar_step("fecontact_mortar_step_with_jacobian", m, s, interface_index, n_nodes, xyz, basis, true, false);
}

extern "C" int fecontact_mortar_step_with_matrix_jacobians(fecontact_mortar* m, const fecontact_search* s,
                                                           int interface_index, int64_t n_nodes, const double* xyz,
                                                           int basis) {
  return mortar_step("fecontact_mortar_step_with_matrix_jacobians", m, s, interface_index, n_nodes, xyz, basis, true, true);
}

extern "C" int fecontact_matrix_jacobian_counts(const fecontact_mortar* m, int64_t* n_d_entries, int64_t* n_m_entries) {
  return guarded("fecontact_matrix_jacobian_counts", -1, [&] {
    const fecontact::MortarDerivatives& d = matrix_derivatives_of(m);
    if (n_d_entries) *n_d_entries = static_cast<int64_t>(d.D_jacobian.values.size());
    if (n_m_entries) *n_m_entries = static_cast<int64_t>(d.M_jacobian.values.size());
    return 0;
  });
}

extern "C" int fecontact_get_matrix_jacobians(const fecontact_mortar* m, int64_t d_capacity, int64_t* d_row_offsets,
                                              int64_t* d_columns, double* d_values, int64_t m_capacity,
                                              int64_t* m_row_offsets, int64_t* m_columns, double* m_values) {
  return guarded("fecontact_get_matrix_jacobians", -1, [&] {
    const fecontact::MortarDerivatives& d = matrix_derivatives_of(m);
    require_capacity(d_capacity, d.D_jacobian.values.size(), "d_capacity", "entries (fecontact_matrix_jacobian_counts)");
    require_capacity(m_capacity, d.M_jacobian.values.size(), "m_capacity", "entries (fecontact_matrix_jacobian_counts)");
    copy_rows(d.D_jacobian, d_row_offsets, d_columns, d_values);
    copy_rows(d.M_jacobian, m_row_offsets, m_columns, m_values);
    return 0;
  });
}

extern "C" int64_t fecontact_gap_jacobian_count(const fecontact_mortar* m) {
  return guarded("fecontact_gap_jacobian_count", int64_t{-1},
                 [&] { return static_cast<int64_t>(derivatives_of(m).gap_jacobian.values.size()); });
}

extern "C" int fecontact_get_gap_jacobian(const fecontact_mortar* m, int64_t capacity, int64_t* row_offsets,
                                          int64_t* columns, double* values) {
  return guarded("fecontact_get_gap_jacobian", -1, [&] {
    const fecontact::SparseRows& g = derivatives_of(m).gap_jacobian;
    require_capacity(capacity, g.values.size(), "capacity", "entries (fecontact_gap_jacobian_count)");
    copy_rows(g, row_offsets, columns, values);
    return 0;
  });
}

extern "C" int fecontact_mortar_step_with_hessian(fecontact_mortar* m, const fecontact_search* s, int interface_index,
                                                  int64_t n_nodes, const double* xyz, int basis, int64_t n_multipliers,
                                                  const double* multipliers) {
  const char* function = "fecontact_mortar_step_with_hessian";
  const bool arguments = guarded(function, false, [&] {
    require(m, "m");
    m->valid = false;
    require_count(n_multipliers, "n_multipliers");
    if (n_multipliers > 0) require(multipliers, "multipliers");
    return true;
  });
  if (!arguments) return -1;
  const std::span<const double> lambda(multipliers, static_cast<std::size_t>(n_multipliers));
  return mortar_step(function, m, s, interface_index, n_nodes, xyz, basis, true, false, &lambda);
}

extern "C" int64_t fecontact_gap_hessian_count(const fecontact_mortar* m) {
  return guarded("fecontact_gap_hessian_count", int64_t{-1}, [&] {
    const fecontact::MortarDerivatives& d = derivatives_of(m);
    if (!m->with_hessian) throw ArgumentError("m: the last step did not compute H (fecontact_mortar_step_with_hessian)");
    return static_cast<int64_t>(d.gap_hessian.values.size());
  });
}

extern "C" int fecontact_get_gap_hessian(const fecontact_mortar* m, int64_t capacity, int64_t* row_offsets, int64_t* columns,
                                         double* values) {
  return guarded("fecontact_get_gap_hessian", -1, [&] {
    const fecontact::MortarDerivatives& d = derivatives_of(m);
    if (!m->with_hessian) throw ArgumentError("m: the last step did not compute H (fecontact_mortar_step_with_hessian)");
    require_capacity(capacity, d.gap_hessian.values.size(), "capacity", "entries (fecontact_gap_hessian_count)");
    copy_rows(d.gap_hessian, row_offsets, columns, values);
    return 0;
  });
}

extern "C" int fecontact_mortar_accept_step(fecontact_mortar* m) {
  return guarded("fecontact_mortar_accept_step", -1, [&] {
    result_of(m);
    m->integration.accept_step();
    return 0;
  });
}

extern "C" int fecontact_get_weighted_slip(const fecontact_mortar* m, int64_t capacity, double* tangents, double* slip) {
  return guarded("fecontact_get_weighted_slip", -1, [&] {
    const fecontact::MortarResult& r = result_of(m);
    require_capacity(capacity, r.slave_nodes.size(), "capacity", "slave nodes");
    for (std::size_t j = 0; j < r.slave_nodes.size(); ++j)
      for (std::size_t a = 0; a < 2; ++a) {
        if (tangents)
          for (int i = 0; i < 3; ++i) tangents[6 * j + 3 * a + static_cast<std::size_t>(i)] = r.slave_tangents[j][a][i];
        if (slip) slip[2 * j + a] = r.weighted_slip[j][static_cast<Eigen::Index>(a)];
      }
    return 0;
  });
}

extern "C" int64_t fecontact_slip_jacobian_count(const fecontact_mortar* m) {
  return guarded("fecontact_slip_jacobian_count", int64_t{-1},
                 [&] { return static_cast<int64_t>(derivatives_of(m).slip_jacobian.values.size()); });
}

extern "C" int fecontact_get_slip_jacobian(const fecontact_mortar* m, int64_t capacity, int64_t* row_offsets,
                                           int64_t* columns, double* values) {
  return guarded("fecontact_get_slip_jacobian", -1, [&] {
    const fecontact::SparseRows& j = derivatives_of(m).slip_jacobian;
    require_capacity(capacity, j.values.size(), "capacity", "entries (fecontact_slip_jacobian_count)");
    copy_rows(j, row_offsets, columns, values);
    return 0;
  });
}

extern "C" int64_t fecontact_slave_transformation_count(const fecontact_mortar* m) {
  return guarded("fecontact_slave_transformation_count", int64_t{-1},
                 [&] { return static_cast<int64_t>(result_of(m).slave_transformation.values.size()); });
}

extern "C" int fecontact_get_slave_transformation(const fecontact_mortar* m, int64_t capacity, int64_t* rows,
                                                  int64_t* columns, double* values) {
  return guarded("fecontact_get_slave_transformation", -1, [&] {
    const fecontact::MortarResult& r = result_of(m);
    require_capacity(capacity, r.slave_transformation.values.size(), "capacity", "entries (fecontact_slave_transformation_count)");
    copy_triplets(r.slave_transformation, r.slave_nodes, r.slave_nodes, rows, columns, values);
    return 0;
  });
}

extern "C" int fecontact_mortar_counts(const fecontact_mortar* m, int64_t* n_cells, int64_t* n_d_entries,
                                       int64_t* n_m_entries, int64_t* n_slave_nodes, int64_t* n_uncovered,
                                       int64_t* n_dropped_slivers) {
  return guarded("fecontact_mortar_counts", -1, [&] {
    const fecontact::MortarResult& r = result_of(m);
    if (n_cells) *n_cells = r.cell_count();
    if (n_d_entries) *n_d_entries = static_cast<int64_t>(r.D.values.size());
    if (n_m_entries) *n_m_entries = static_cast<int64_t>(r.M.values.size());
    if (n_slave_nodes) *n_slave_nodes = static_cast<int64_t>(r.slave_nodes.size());
    if (n_uncovered) *n_uncovered = static_cast<int64_t>(r.uncovered_slave_nodes.size());
    if (n_dropped_slivers) *n_dropped_slivers = r.dropped_slivers;
    return 0;
  });
}

extern "C" int fecontact_get_mortar_cells(const fecontact_mortar* m, int64_t capacity, int64_t* slave_face,
                                          int64_t* master_face, double* vertices) {
  return guarded("fecontact_get_mortar_cells", -1, [&] {
    const fecontact::MortarResult& r = result_of(m);
    require_capacity(capacity, r.cell_slave_face.size(), "capacity", "cells");
    for (std::size_t c = 0; c < r.cell_slave_face.size(); ++c) {
      if (slave_face) slave_face[c] = r.cell_slave_face[c];
      if (master_face) master_face[c] = r.cell_master_face[c];
      if (vertices)
        for (std::size_t k = 0; k < 3; ++k)
          for (int i = 0; i < 3; ++i) vertices[9 * c + 3 * k + static_cast<std::size_t>(i)] = r.cell_vertices[c][k][i];
    }
    return 0;
  });
}

extern "C" int fecontact_get_mortar_points(const fecontact_mortar* m, int64_t capacity, double* slave_local,
                                           double* master_local, double* weight) {
  return guarded("fecontact_get_mortar_points", -1, [&] {
    const fecontact::MortarResult& r = result_of(m);
    require_capacity(capacity, r.point_weight.size(), "capacity", "quadrature points");
    for (std::size_t p = 0; p < r.point_weight.size(); ++p) {
      for (int i = 0; i < 2; ++i) {
        if (slave_local) slave_local[2 * p + static_cast<std::size_t>(i)] = r.point_slave_local[p][i];
        if (master_local) master_local[2 * p + static_cast<std::size_t>(i)] = r.point_master_local[p][i];
      }
      if (weight) weight[p] = r.point_weight[p];
    }
    return 0;
  });
}

extern "C" int fecontact_get_mortar_matrices(const fecontact_mortar* m, int64_t d_capacity, int64_t* d_rows,
                                             int64_t* d_columns, double* d_values, int64_t m_capacity,
                                             int64_t* m_rows, int64_t* m_columns, double* m_values) {
  return guarded("fecontact_get_mortar_matrices", -1, [&] {
    const fecontact::MortarResult& r = result_of(m);
    require_capacity(d_capacity, r.D.values.size(), "d_capacity", "entries of D");
    require_capacity(m_capacity, r.M.values.size(), "m_capacity", "entries of M");
    copy_triplets(r.D, r.slave_nodes, r.slave_nodes, d_rows, d_columns, d_values);
    copy_triplets(r.M, r.slave_nodes, r.master_nodes, m_rows, m_columns, m_values);
    return 0;
  });
}

extern "C" int fecontact_get_weighted_gaps(const fecontact_mortar* m, int64_t capacity, int64_t* slave_node,
                                           double* weighted_gap, double* normal, double* coverage) {
  return guarded("fecontact_get_weighted_gaps", -1, [&] {
    const fecontact::MortarResult& r = result_of(m);
    require_capacity(capacity, r.slave_nodes.size(), "capacity", "slave nodes");
    for (std::size_t j = 0; j < r.slave_nodes.size(); ++j) {
      if (slave_node) slave_node[j] = r.slave_nodes[j];
      if (weighted_gap) weighted_gap[j] = r.weighted_gap[j];
      if (normal)
        for (int i = 0; i < 3; ++i) normal[3 * j + static_cast<std::size_t>(i)] = r.slave_normals[j][i];
      if (coverage) coverage[j] = r.slave_coverage[j];
    }
    return 0;
  });
}

extern "C" int fecontact_get_uncovered_slave_nodes(const fecontact_mortar* m, int64_t capacity, int64_t* nodes) {
  return guarded("fecontact_get_uncovered_slave_nodes", -1, [&] {
    const fecontact::MortarResult& r = result_of(m);
    require_capacity(capacity, r.uncovered_slave_nodes.size(), "capacity", "uncovered slave nodes");
    if (nodes) std::copy(r.uncovered_slave_nodes.begin(), r.uncovered_slave_nodes.end(), nodes);
    return 0;
  });
}
