// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The solver side of the examples, with no fecontact in it: elastic tet4 elements for explicit
// central differences, with small strain (Hooke's law) or Green-Lagrange strain (St. Venant-
// Kirchhoff). Shape-function gradients and volumes are precomputed from the reference coordinates;
// internal forces are computed element by element and then gathered node by node in a fixed order,
// so they do not depend on the thread count.

#include <algorithm>
#include <array>
#include <cmath>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include <Eigen/Dense>

namespace solver {

using Eigen::Matrix3d;
using Eigen::Vector3d;

/// Loops over fewer items than this run serially: starting threads would cost more than the work.
inline constexpr long parallel_threshold = 8192;

struct Material {
  double young = 1e7, poisson = 0.3, density = 1100;
  double lambda() const { return young * poisson / ((1 + poisson) * (1 - 2 * poisson)); }
  double mu() const { return young / (2 * (1 + poisson)); }
  /// Dilatational wave speed c = √((λ + 2μ)/ρ) = √(E(1−ν)/((1+ν)(1−2ν)ρ)).
  double wave_speed() const { return std::sqrt((lambda() + 2 * mu()) / density); }
};

/// The strain measure. `small`: ε = sym ∇u, stress σ = λ tr ε I + 2μ ε (linear elasticity).
/// `green_lagrange`: E = ½(FᵀF − I), F = I + ∇u, S = λ tr E I + 2μ E, nodal forces from
/// P = F S (St. Venant-Kirchhoff). The second is objective: a rigid rotation makes no stress, and
/// the nodal forces of an element exert no torque (Σ x_a × f_a is the axial vector of the skew
/// part of P Fᵀ = F S Fᵀ, which is symmetric), so central differences conserve angular momentum.
enum class Strain { small, green_lagrange };

class Tet4Elasticity {
 public:
  /// `connectivity`: four node indices per element into `x0` (any orientation).
  Tet4Elasticity(std::span<const Vector3d> x0, std::span<const int> connectivity, Material material,
                 Strain strain = Strain::small)
      : material_(material), strain_(strain), node_count_(x0.size()) {
    const std::size_t elements = connectivity.size() / 4;
    nodes_.resize(elements);
    gradients_.resize(elements);
    volume_.resize(elements);
    altitude_.resize(elements);
    element_force_.resize(elements);
    element_energy_.resize(elements);
    for (std::size_t e = 0; e < elements; ++e) {
      std::array<Vector3d, 4> x;
      for (int a = 0; a < 4; ++a) {
        nodes_[e][a] = connectivity[4 * e + a];
        x[a] = x0[static_cast<std::size_t>(nodes_[e][a])];
      }
      Matrix3d J;  // columns: edges from node 0; ∇N_a (a = 1..3) are the rows of J⁻¹
      J << x[1] - x[0], x[2] - x[0], x[3] - x[0];
      volume_[e] = std::abs(J.determinant()) / 6;
      double largest_face = 0;  // twice its area
      for (int skip = 0; skip < 4; ++skip) {
        const int i = skip == 0 ? 1 : 0, j = skip <= 1 ? 2 : 1, k = skip <= 2 ? 3 : 2;
        largest_face = std::max(largest_face, (x[j] - x[i]).cross(x[k] - x[i]).norm());
      }
      if (!(volume_[e] > 1e-12 * largest_face * std::sqrt(largest_face)))
        throw std::invalid_argument("tet4 element " + std::to_string(e) + " has zero volume");
      altitude_[e] = 6 * volume_[e] / largest_face;  // 3V / (largest face area)
      const Matrix3d inverse = J.inverse();
      for (int a = 1; a < 4; ++a) gradients_[e][a] = inverse.row(a - 1).transpose();
      gradients_[e][0] = -(gradients_[e][1] + gradients_[e][2] + gradients_[e][3]);
    }
    // Node → (element, corner) entries, ascending: the fixed order of the gather.
    node_offsets_.assign(node_count_ + 1, 0);
    for (const auto& element : nodes_)
      for (const int n : element) ++node_offsets_[static_cast<std::size_t>(n) + 1];
    for (std::size_t n = 0; n < node_count_; ++n) node_offsets_[n + 1] += node_offsets_[n];
    node_entries_.resize(4 * elements);
    std::vector<std::size_t> next(node_offsets_.begin(), node_offsets_.end() - 1);
    for (std::size_t e = 0; e < elements; ++e)
      for (std::size_t a = 0; a < 4; ++a) node_entries_[next[static_cast<std::size_t>(nodes_[e][a])]++] = 4 * e + a;
  }

  std::size_t element_count() const { return nodes_.size(); }
  /// The smallest altitude of any element: the length of the stable step dt ≈ h_min / c.
  double smallest_altitude() const { return *std::min_element(altitude_.begin(), altitude_.end()); }

  /// Lumped mass: the row sums of the consistent tet4 mass matrix, ρV/4 to each corner.
  std::vector<double> lumped_mass() const {
    std::vector<double> mass(node_count_, 0.0);
    for (std::size_t e = 0; e < nodes_.size(); ++e)
      for (const int n : nodes_[e]) mass[static_cast<std::size_t>(n)] += material_.density * volume_[e] / 4;
    return mass;
  }

  /// f_a = ∫ P ∇N_a dV for the displacements `u`, into `force`; P is the stress σ for small
  /// strain, the first Piola-Kirchhoff stress F S for Green-Lagrange strain. Returns the strain
  /// energy Σ_e V_e (½λ (tr ε)² + μ ε:ε) of the strain measure, summed in element order.
  double internal_forces(std::span<const Vector3d> u, std::span<Vector3d> force) {
    const auto elements = static_cast<long>(nodes_.size());
#pragma omp parallel for schedule(static) if (elements >= parallel_threshold)
    for (long el = 0; el < elements; ++el) {
      const auto e = static_cast<std::size_t>(el);
      Matrix3d grad_u = Matrix3d::Zero();
      for (int a = 0; a < 4; ++a) grad_u += u[static_cast<std::size_t>(nodes_[e][a])] * gradients_[e][a].transpose();
      Matrix3d strain = 0.5 * (grad_u + grad_u.transpose());
      if (strain_ == Strain::green_lagrange) strain += 0.5 * grad_u.transpose() * grad_u;
      const Matrix3d stress = material_.lambda() * strain.trace() * Matrix3d::Identity() + 2 * material_.mu() * strain;
      element_energy_[e] = 0.5 * volume_[e] * strain.cwiseProduct(stress).sum();
      const Matrix3d piola = strain_ == Strain::small ? stress : Matrix3d((Matrix3d::Identity() + grad_u) * stress);
      for (int a = 0; a < 4; ++a) element_force_[e][a] = volume_[e] * (piola * gradients_[e][a]);
    }
    const auto nodes = static_cast<long>(node_count_);
#pragma omp parallel for schedule(static) if (nodes >= parallel_threshold)
    for (long nl = 0; nl < nodes; ++nl) {
      const auto n = static_cast<std::size_t>(nl);
      Vector3d sum = Vector3d::Zero();
      for (std::size_t k = node_offsets_[n]; k < node_offsets_[n + 1]; ++k)
        sum += element_force_[node_entries_[k] / 4][node_entries_[k] % 4];
      force[n] = sum;
    }
    double energy = 0;
    for (const double e : element_energy_) energy += e;
    return energy;
  }

 private:
  Material material_;
  Strain strain_;
  std::size_t node_count_;
  std::vector<std::array<int, 4>> nodes_;
  std::vector<std::array<Vector3d, 4>> gradients_;  // ∇N_a in the reference configuration
  std::vector<double> volume_, altitude_, element_energy_;
  std::vector<std::array<Vector3d, 4>> element_force_;
  std::vector<std::size_t> node_offsets_, node_entries_;  // entry 4e + a: corner a of element e
};

}  // namespace solver
