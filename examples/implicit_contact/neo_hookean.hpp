// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Compressible Neo-Hookean solid elements in the total Lagrangian form, the finite-deformation side
// of examples/implicit_contact (any volume type of fecontact's shape_functions; used on hex8 and
// tet10). It knows nothing of contact. The strain energy per unit reference volume is
//   W(F) = μ/2 (I₁ − 3 − 2 ln J) + λ/2 (ln J)²,   I₁ = tr C, C = FᵀF, J = det F
// (Bonet & Wood, Nonlinear Continuum Mechanics for Finite Element Analysis, 2nd ed., §6.4.3),
// whose Kirchhoff stress is τ = μ (b − I) + λ ln J I (b = FFᵀ) and Cauchy stress σ = τ / J. The
// consistent tangent is written in the current configuration (Bonet & Wood §9.4):
// with ∇n_a = F⁻ᵀ ∇N_a the current gradients of the shape functions,
//   K_ab = ∫ [ λ ∇n_a ⊗ ∇n_b + μ' (∇n_b ⊗ ∇n_a + (∇n_a · ∇n_b) I) + (∇n_a · τ ∇n_b) I ] dV₀,
// μ' = μ − λ ln J: the material part (the spatial elasticity tensor λ I⊗I + 2μ' 𝕀, times J, over
// the reference volume) and the geometric (initial stress) part.

#include <array>
#include <cmath>
#include <span>
#include <stdexcept>
#include <vector>

#include <Eigen/Core>
#include <Eigen/LU>

#include <fecontact/core.hpp>

namespace implicit {

struct NeoHookean {
  double mu, lambda;  // Lamé's constants of the small-strain limit

  static NeoHookean from_young(double young, double poisson) {
    return {young / (2 * (1 + poisson)), young * poisson / ((1 + poisson) * (1 - 2 * poisson))};
  }
  double energy(const Eigen::Matrix3d& f) const {
    const double log_j = std::log(f.determinant());
    return 0.5 * mu * ((f.transpose() * f).trace() - 3 - 2 * log_j) + 0.5 * lambda * log_j * log_j;
  }
  Eigen::Matrix3d kirchhoff(const Eigen::Matrix3d& f) const {
    return mu * (f * f.transpose() - Eigen::Matrix3d::Identity()) +
           lambda * std::log(f.determinant()) * Eigen::Matrix3d::Identity();
  }
  Eigen::Matrix3d cauchy(const Eigen::Matrix3d& f) const { return kirchhoff(f) / f.determinant(); }
};

// The quadrature rule of the element type: degree 2 (2 × 2 × 2 Gauss on hex8, 4 points on tet10,
// as the small-strain elements).
inline std::vector<fecontact::QuadraturePoint> solid_rule(fecontact::ElementType type) {
  return fecontact::quadrature_rule(type, type == fecontact::ElementType::tet4 ? 1 : 2);
}

// The element's kinematics at reference point xi: the reference gradients ∇N_k (columns of
// `gradients`), det ∂X/∂ξ and F = Σ_k x_k ⊗ ∇N_k for the current coordinates x_k = X_k + u_k.
struct Kinematics {
  Eigen::Matrix<double, 3, Eigen::Dynamic> gradients;
  double volume_scale;  // det ∂X/∂ξ
  Eigen::Matrix3d f;
};

inline Kinematics kinematics(fecontact::ElementType type, std::span<const fecontact::Index> nodes,
                             std::span<const Eigen::Vector3d> reference, std::span<const Eigen::Vector3d> u,
                             const Eigen::Vector3d& xi) {
  const auto n = nodes.size();
  std::array<double, fecontact::max_element_nodes> values{};
  std::array<Eigen::Vector3d, fecontact::max_element_nodes> d_ref{};
  fecontact::shape_functions(type, xi, std::span(values).first(n), std::span(d_ref).first(n));
  Eigen::Matrix3d jacobian = Eigen::Matrix3d::Zero();  // ∂X/∂ξ
  for (std::size_t k = 0; k < n; ++k)
    jacobian += reference[static_cast<std::size_t>(nodes[k])] * d_ref[k].transpose();
  const Eigen::Matrix3d inverse_t = jacobian.inverse().transpose();
  Kinematics kin{Eigen::Matrix<double, 3, Eigen::Dynamic>(3, static_cast<Eigen::Index>(n)), jacobian.determinant(),
                 Eigen::Matrix3d::Identity()};
  for (std::size_t k = 0; k < n; ++k) {
    kin.gradients.col(static_cast<Eigen::Index>(k)) = inverse_t * d_ref[k];
    kin.f += u[static_cast<std::size_t>(nodes[k])] * kin.gradients.col(static_cast<Eigen::Index>(k)).transpose();
  }
  return kin;
}

// The strain energy ∫W dV₀ of one element for the displacements u.
inline double element_energy(fecontact::ElementType type, std::span<const fecontact::Index> nodes,
                             std::span<const Eigen::Vector3d> reference, std::span<const Eigen::Vector3d> u,
                             const NeoHookean& material) {
  double energy = 0;
  for (const fecontact::QuadraturePoint& q : solid_rule(type)) {
    const Kinematics kin = kinematics(type, nodes, reference, u, q.xi);
    energy += q.weight * kin.volume_scale * material.energy(kin.f);
  }
  return energy;
}

// The internal force f_a = ∫ τ ∇n_a dV₀ (= ∫ P ∇N_a dV₀) and the consistent tangent ∂f/∂u (3 per
// node, node order of `nodes`) of one element. Throws where J ≤ 0 (an inverted element).
inline void element_response(fecontact::ElementType type, std::span<const fecontact::Index> nodes,
                             std::span<const Eigen::Vector3d> reference, std::span<const Eigen::Vector3d> u,
                             const NeoHookean& material, Eigen::VectorXd& force, Eigen::MatrixXd& tangent) {
  const auto n = static_cast<Eigen::Index>(nodes.size());
  force.setZero(3 * n);
  tangent.setZero(3 * n, 3 * n);
  for (const fecontact::QuadraturePoint& q : solid_rule(type)) {
    const Kinematics kin = kinematics(type, nodes, reference, u, q.xi);
    const double j = kin.f.determinant();
    if (!(j > 0)) throw std::runtime_error("an element is inverted (det F <= 0)");
    const Eigen::Matrix3d tau = material.kirchhoff(kin.f);
    const Eigen::Matrix<double, 3, Eigen::Dynamic> g = kin.f.inverse().transpose() * kin.gradients;  // ∇n
    const double w = q.weight * kin.volume_scale, mu_prime = material.mu - material.lambda * std::log(j);
    for (Eigen::Index a = 0; a < n; ++a) {
      force.segment<3>(3 * a) += w * tau * g.col(a);
      for (Eigen::Index b = 0; b < n; ++b) {
        const double geometric = g.col(a).dot(tau * g.col(b)), dot = g.col(a).dot(g.col(b));
        tangent.block<3, 3>(3 * a, 3 * b) +=
            w * (material.lambda * g.col(a) * g.col(b).transpose() + mu_prime * g.col(b) * g.col(a).transpose() +
                 (mu_prime * dot + geometric) * Eigen::Matrix3d::Identity());
      }
    }
  }
}

// The deformation gradient at the centre of element `nodes` (the mean of its corners' reference
// points).
inline Eigen::Matrix3d centre_deformation(fecontact::ElementType type, std::span<const fecontact::Index> nodes,
                                          std::span<const Eigen::Vector3d> reference,
                                          std::span<const Eigen::Vector3d> u) {
  const int corners = fecontact::corner_count(type);
  Eigen::Vector3d centre = Eigen::Vector3d::Zero();
  for (int k = 0; k < corners; ++k) centre += fecontact::reference_node(type, k) / corners;
  return kinematics(type, nodes, reference, u, centre).f;
}

}  // namespace implicit
