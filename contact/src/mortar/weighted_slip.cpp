// SPDX-License-Identifier: BSD-3-Clause
#include "weighted_slip.hpp"

#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>

#include <Eigen/Geometry>

namespace fecontact::detail {

using Eigen::Vector3d;

void MortarStep::assign(const MortarResult& result, MortarBasis result_basis) {
  basis = result_basis;
  slave_nodes.assign(result.slave_nodes.begin(), result.slave_nodes.end());
  master_nodes.assign(result.master_nodes.begin(), result.master_nodes.end());
  for (const auto& [to, from] : {std::pair{&D, &result.D}, std::pair{&M, &result.M}}) {
    to->row_offsets.assign(from->row_offsets.begin(), from->row_offsets.end());
    to->columns.assign(from->columns.begin(), from->columns.end());
    to->values.assign(from->values.begin(), from->values.end());
  }
  tangents.assign(result.slave_tangents.begin(), result.slave_tangents.end());
  valid = true;
}

namespace {

// Calls f(column, current − accepted) for the union of the columns of row r of both (ascending).
template <class F>
void for_each_difference(const SparseRows& current, const SparseRows& accepted, std::size_t r, F&& f) {
  auto i = static_cast<std::size_t>(current.row_offsets[r]), i_end = static_cast<std::size_t>(current.row_offsets[r + 1]);
  auto k = static_cast<std::size_t>(accepted.row_offsets[r]), k_end = static_cast<std::size_t>(accepted.row_offsets[r + 1]);
  while (i < i_end || k < k_end) {
    if (k == k_end || (i < i_end && current.columns[i] < accepted.columns[k])) {
      f(current.columns[i], current.values[i]);
      ++i;
    } else if (i == i_end || accepted.columns[k] < current.columns[i]) {
      f(accepted.columns[k], -accepted.values[k]);
      ++k;
    } else {
      f(current.columns[i], current.values[i] - accepted.values[k]);
      ++i;
      ++k;
    }
  }
}

bool covered(const MortarResult& out, std::size_t r) { return out.D.row_offsets[r] != out.D.row_offsets[r + 1]; }

// Where the normal has turned (almost) onto the accepted τ¹, the projection is no direction.
constexpr double least_projection = 1e-6;

// The accepted τ¹ that the current frame of row r transports, or null.
const Vector3d* accepted_first(const MortarStep& accepted, std::size_t r) {
  return accepted.valid ? &accepted.tangents[r][0] : nullptr;
}

}  // namespace

std::array<Vector3d, 2> tangent_frame(const Vector3d& n, const Vector3d* accepted_first) {
  if (!(n.squaredNorm() > 0)) return {Vector3d::Zero(), Vector3d::Zero()};
  Vector3d first = Vector3d::Zero();
  if (accepted_first) first = *accepted_first - accepted_first->dot(n) * n;
  if (!(first.norm() >= least_projection)) {
    Eigen::Index axis = 0;
    n.cwiseAbs().minCoeff(&axis);  // the first of equals
    first = Vector3d::Unit(axis) - n[axis] * n;
  }
  first.normalize();
  return {first, n.cross(first)};
}

void weighted_slip(const MortarStep& accepted, MortarBasis basis, std::span<const Vector3d> coordinates,
                   std::vector<Vector3d>& slip_vector, MortarResult& out) {
  const std::size_t rows = out.slave_nodes.size();
  if (accepted.valid && (accepted.slave_nodes != out.slave_nodes || accepted.master_nodes != out.master_nodes))
    throw std::invalid_argument("mortar integration: the accepted step has " + std::to_string(accepted.slave_nodes.size()) +
                                " slave and " + std::to_string(accepted.master_nodes.size()) +
                                " master nodes, not those of this interface (" + std::to_string(rows) + " and " +
                                std::to_string(out.master_nodes.size()) + ")");
  if (accepted.valid && accepted.basis != basis)
    throw std::invalid_argument("mortar integration: the accepted step has another basis than this one");
  out.slave_tangents.resize(rows);
  out.weighted_slip.assign(rows, Eigen::Vector2d::Zero());
  slip_vector.assign(rows, Vector3d::Zero());
  for (std::size_t r = 0; r < rows; ++r) out.slave_tangents[r] = tangent_frame(out.slave_normals[r], accepted_first(accepted, r));
  if (!accepted.valid) return;
  const auto node = [&](Index id) { return coordinates[static_cast<std::size_t>(id)]; };
  const SparseRows& t = out.slave_transformation;
  for (std::size_t r = 0; r < rows; ++r) {
    if (!covered(out, r)) continue;
    // About the node's own position, as the weighted gap (finish_rows): the rest, (ΣΔM − ΣΔD) x_j,
    // is zero where the node's support is covered in both configurations.
    const Vector3d& xj = node(out.slave_nodes[r]);
    Vector3d sum = Vector3d::Zero();
    double weight = 0;
    for_each_difference(out.M, accepted.M, r, [&](Index column, double delta) {
      sum += delta * (node(out.master_nodes[static_cast<std::size_t>(column)]) - xj);
      weight += delta;
    });
    for_each_difference(out.D, accepted.D, r, [&](Index column, double delta) {
      const auto k = static_cast<std::size_t>(column);
      Vector3d x_tilde = node(out.slave_nodes[k]) - xj;
      if (!t.row_offsets.empty()) {
        x_tilde.setZero();
        for (auto i = static_cast<std::size_t>(t.row_offsets[k]); i < static_cast<std::size_t>(t.row_offsets[k + 1]); ++i)
          x_tilde += t.values[i] * (node(out.slave_nodes[static_cast<std::size_t>(t.columns[i])]) - xj);
      }
      sum -= delta * x_tilde;
      weight -= delta;
    });
    slip_vector[r] = sum + weight * xj;
    for (int a = 0; a < 2; ++a) out.weighted_slip[r][a] = out.slave_tangents[r][static_cast<std::size_t>(a)].dot(slip_vector[r]);
  }
}

void tangent_sensitivity(const MortarStep& accepted, const MortarResult& out, std::span<const Vector3d> slip_vector,
                         std::span<const double> normal_length, std::vector<std::array<Vector3d, 2>>& sensitivity) {
  const std::size_t rows = out.slave_nodes.size();
  sensitivity.assign(rows, {Vector3d::Zero(), Vector3d::Zero()});
  for (std::size_t r = 0; r < rows; ++r) {
    const Vector3d& n = out.slave_normals[r];
    if (!covered(out, r) || !(normal_length[r] > 0)) continue;
    const Vector3d& t = accepted.tangents[r][0];
    const Vector3d v = t - t.dot(n) * n;
    if (!(v.norm() >= least_projection)) continue;  // the axis frame: locally constant
    // τ¹ = v / |v|, v = t − (t·n) n: ∂τ¹ = (1 − τ¹τ¹ᵀ) ∂v / |v|, ∂v = −(t·∂n) n − (t·n) ∂n, so
    // w · ∂τ¹ = c(w) · ∂n with q = (1 − τ¹τ¹ᵀ) w / |v|, c(w) = −((q·n) t + (t·n) q); and
    // ∂τ² = ∂n × τ¹ + n × ∂τ¹, so ũ · ∂τ² = (τ¹ × ũ) · ∂n + c(ũ × n) · ∂n.
    // Then ∂n = (1 − n nᵀ) ∂m / |m|.
    const Vector3d& first = out.slave_tangents[r][0];
    const double v_length = v.norm();
    const auto c = [&](const Vector3d& w) {
      const Vector3d q = (w - first.dot(w) * first) / v_length;
      return Vector3d(-(q.dot(n) * t + t.dot(n) * q));
    };
    const Vector3d& u = slip_vector[r];
    const std::array<Vector3d, 2> by_normal{c(u), first.cross(u) + c(u.cross(n))};
    for (std::size_t a = 0; a < 2; ++a)
      sensitivity[r][a] = (by_normal[a] - n.dot(by_normal[a]) * n) / normal_length[r];
  }
}

void add_explicit_slip_terms(const MortarStep& accepted, const MortarResult& out, std::vector<MatrixEntry>& entries) {
  const SparseRows& t = out.slave_transformation;
  for (std::size_t r = 0; r < out.slave_nodes.size(); ++r) {
    if (!covered(out, r)) continue;
    const auto add = [&](Index node, double delta) {
      for (std::size_t a = 0; a < 2; ++a)
        for (int axis = 0; axis < 3; ++axis)
          entries.push_back({static_cast<Index>(2 * r + a), 3 * node + axis, delta * out.slave_tangents[r][a][axis]});
    };
    for_each_difference(out.M, accepted.M, r, [&](Index column, double delta) {
      add(out.master_nodes[static_cast<std::size_t>(column)], delta);
    });
    for_each_difference(out.D, accepted.D, r, [&](Index column, double delta) {
      const auto k = static_cast<std::size_t>(column);
      if (t.row_offsets.empty()) {
        add(out.slave_nodes[k], -delta);
        return;
      }
      for (auto i = static_cast<std::size_t>(t.row_offsets[k]); i < static_cast<std::size_t>(t.row_offsets[k + 1]); ++i)
        add(out.slave_nodes[static_cast<std::size_t>(t.columns[i])], -delta * t.values[i]);
    });
  }
}

}  // namespace fecontact::detail
