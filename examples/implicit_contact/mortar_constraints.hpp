// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// fecontact's mortar data as the rows of a small-strain contact solver, shared by the patch test,
// Hertz and Cattaneo–Mindlin: the constraint rows and the faces a problem picks from a skin.

#include <algorithm>
#include <cstddef>
#include <vector>

#include <Eigen/Core>

#include <fecontact/contact.hpp>

namespace implicit {

// Contact constraints, one a row c: the weighted gap g_c(u) = gap_c + normal_c · Σ_i weight_ci u_i
// (positive open), linear in u (small strain: the reference state's weights and normals), whose
// multiplier λ_c is the contact pressure at slave node node_of_c; area_c is the area it stands
// for (∫Φ_j; 0 at the corners of quadratic faces).
struct Constraints {
  std::vector<std::size_t> offsets{0};  // row c's nodes and weights: [offsets[c], offsets[c + 1])
  std::vector<fecontact::Index> node_of, nodes;
  std::vector<double> weights, gap, area;
  std::vector<Eigen::Vector3d> normal;

  std::size_t size() const { return gap.size(); }
  std::size_t count(std::size_t c) const { return offsets[c + 1] - offsets[c]; }
  std::size_t node(std::size_t c, std::size_t k) const { return static_cast<std::size_t>(nodes[offsets[c] + k]); }
  double weight(std::size_t c, std::size_t k) const { return weights[offsets[c] + k]; }
  double current_gap(std::size_t c, const std::vector<Eigen::Vector3d>& u) const {
    double g = gap[c];
    for (std::size_t k = 0; k < count(c); ++k) g += weight(c, k) * normal[c].dot(u[node(c, k)]);
    return g;
  }
};

// fecontact's mortar data as constraints: row j is g̃_j = n_j · (Σ_l M_jl x_l − Σ_k D_jk x_k), with
// D T in place of D where the dual basis of quadratic faces multiplies transformed nodal values
// (MortarResult::slave_transformation); uncovered slave nodes (empty rows) are left out.
inline Constraints mortar_constraints(const fecontact::MortarResult& r) {
  Constraints c;
  const fecontact::SparseRows& t = r.slave_transformation;
  const auto slave_weight = [&](fecontact::Index row, double value) {
    if (t.rows() == 0) {
      c.nodes.push_back(r.slave_nodes[static_cast<std::size_t>(row)]);
      c.weights.push_back(-value);
      return;
    }
    const auto row_index = static_cast<std::size_t>(row);
    for (fecontact::Index i = t.row_offsets[row_index]; i < t.row_offsets[row_index + 1]; ++i) {
      c.nodes.push_back(r.slave_nodes[static_cast<std::size_t>(t.columns[static_cast<std::size_t>(i)])]);
      c.weights.push_back(-value * t.values[static_cast<std::size_t>(i)]);
    }
  };
  for (std::size_t j = 0; j < r.slave_nodes.size(); ++j) {
    double area = 0;
    for (fecontact::Index k = r.D.row_offsets[j]; k < r.D.row_offsets[j + 1]; ++k) {
      slave_weight(r.D.columns[static_cast<std::size_t>(k)], r.D.values[static_cast<std::size_t>(k)]);
      area += r.D.values[static_cast<std::size_t>(k)];
    }
    for (fecontact::Index k = r.M.row_offsets[j]; k < r.M.row_offsets[j + 1]; ++k) {
      c.nodes.push_back(r.master_nodes[static_cast<std::size_t>(r.M.columns[static_cast<std::size_t>(k)])]);
      c.weights.push_back(r.M.values[static_cast<std::size_t>(k)]);
    }
    if (r.D.row_offsets[j] == r.D.row_offsets[j + 1]) {  // uncovered
      c.nodes.resize(c.offsets.back()), c.weights.resize(c.offsets.back());
      continue;
    }
    c.offsets.push_back(c.nodes.size());
    c.node_of.push_back(r.slave_nodes[j]);
    c.gap.push_back(r.weighted_gap[j]);
    c.area.push_back(area);
    c.normal.push_back(r.slave_normals[j]);
  }
  return c;
}

// The faces of `skin` whose nodes all satisfy `keep`.
inline fecontact::Surface faces_where(const fecontact::Surface& skin, const std::vector<Eigen::Vector3d>& x,
                                      const auto& keep) {
  fecontact::Surface out;
  for (const fecontact::SurfaceFace& face : skin.faces)
    if (std::ranges::all_of(face.nodes(), [&](fecontact::Index n) { return keep(x[static_cast<std::size_t>(n)]); }))
      out.faces.push_back(face);
  return out;
}

}  // namespace implicit
