// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Mass properties of a solid and the formulas that move them around.
//
// Conventions (all results of this library):
// - Inertia tensor I = ∫ρ (rᵀr·1 − r rᵀ) dV with r measured from the reference point (by default
//   the centre of mass): diagonal Ixx = ∫ρ(y² + z²) dV, off-diagonals Ixy = −∫ρ x y dV (the
//   "tensor" or "negative-product" convention of most dynamics texts, Jolt, fcl, Bullet).
//   to_positive_product_convention() gives the matrix with off-diagonals +∫ρ x y dV used by
//   CalculiX, Code_Aster and Adams input decks.
// - Units are those of the input: length L, density ρ → volume L³, mass ρL³, inertia ρL⁵.
// - Principal moments ascending; principal axes are the columns of a rotation matrix
//   (right-handed, det = +1) with the sign rule of eigen_symmetric3 (geometry/eigen3.hpp).

#include <span>

#include <Eigen/Core>

#include "fecontact/geometry/eigen3.hpp"

namespace fecontact {

/// Volume, mass, centre of mass and inertia about the centre of mass (tensor convention above).
struct MassProperties {
  double mass = 0;
  double volume = 0;
  Eigen::Vector3d center_of_mass = Eigen::Vector3d::Zero();
  Eigen::Matrix3d inertia = Eigen::Matrix3d::Zero();  ///< about center_of_mass
};

/// Inertia about `point` (parallel-axis theorem, Steiner): I_P = I_G + m (dᵀd·1 − d dᵀ) with
/// d = center_of_mass − point.
Eigen::Matrix3d inertia_about(const MassProperties& properties, const Eigen::Vector3d& point);

/// The reverse parallel-axis step: the inertia about the centre of mass from the inertia
/// `inertia_at_point` about `point` of a body of mass `mass` centred at `center_of_mass`.
Eigen::Matrix3d inertia_about_center(const Eigen::Matrix3d& inertia_at_point, double mass,
                                     const Eigen::Vector3d& center_of_mass,
                                     const Eigen::Vector3d& point);

/// The same body after the rigid motion x ↦ R x + t: centre R c + t, inertia R I Rᵀ (seed 001).
/// Precondition: `rotation` is a rotation matrix (orthonormal, det +1).
MassProperties transformed(const MassProperties& properties, const Eigen::Matrix3d& rotation,
                           const Eigen::Vector3d& translation);

/// Mass properties of the union of disjoint parts: masses and volumes add, the centre is the
/// mass-weighted mean, inertias are moved to it by the parallel-axis theorem and added. An empty
/// list, or parts of zero total mass, give the default (all zero) MassProperties.
MassProperties combine(std::span<const MassProperties> parts);

/// Principal moments (ascending) and axes (columns) of the inertia about the centre of mass,
/// from the analytic solver: inertia = axes · diag(moments) · axesᵀ.
struct PrincipalInertia {
  Eigen::Vector3d moments = Eigen::Vector3d::Zero();
  Eigen::Matrix3d axes = Eigen::Matrix3d::Identity();
  EigenStatus status = EigenStatus::ok;  ///< not_finite when the inertia holds NaN or infinity
};
PrincipalInertia principal_inertia(const Eigen::Matrix3d& inertia);

/// LABELLED CONVERSION: the same inertia written in the positive-product convention of CalculiX,
/// Code_Aster and Adams (diagonal unchanged, off-diagonals +∫ρ x y dV instead of −∫ρ x y dV).
/// The result is not a tensor in the sense of I' = R I Rᵀ; use it only to write input decks.
Eigen::Matrix3d to_positive_product_convention(const Eigen::Matrix3d& inertia);

}  // namespace fecontact
