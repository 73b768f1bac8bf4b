// SPDX-License-Identifier: BSD-3-Clause
#include "fecontact/mass/mass_properties.hpp"

#include "moments.hpp"

namespace fecontact {

using Eigen::Matrix3d;
using Eigen::Vector3d;

namespace {
// m (dᵀd·1 − d dᵀ): the inertia of a point mass m at offset d.
Matrix3d point_inertia(double mass, const Vector3d& d) {
  return mass * (d.squaredNorm() * Matrix3d::Identity() - d * d.transpose());
}
}  // namespace

Matrix3d inertia_about(const MassProperties& properties, const Vector3d& point) {
  return properties.inertia + point_inertia(properties.mass, properties.center_of_mass - point);
}

Matrix3d inertia_about_center(const Matrix3d& inertia_at_point, double mass,
                              const Vector3d& center_of_mass, const Vector3d& point) {
  return inertia_at_point - point_inertia(mass, center_of_mass - point);
}

MassProperties transformed(const MassProperties& properties, const Matrix3d& rotation,
                           const Vector3d& translation) {
  MassProperties result = properties;
  result.center_of_mass = rotation * properties.center_of_mass + translation;
  result.inertia = rotation * properties.inertia * rotation.transpose();
  return result;
}

MassProperties combine(std::span<const MassProperties> parts) {
  MassProperties result;
  if (parts.empty()) return result;
  // Offsets from the first part's centre keep precision for parts far from the origin.
  const Vector3d reference = parts.front().center_of_mass;
  Vector3d weighted = Vector3d::Zero();
  for (const MassProperties& part : parts) {
    result.mass += part.mass;
    result.volume += part.volume;
    weighted += part.mass * (part.center_of_mass - reference);
  }
  if (result.mass == 0) return MassProperties{};
  const Vector3d center = weighted / result.mass;
  for (const MassProperties& part : parts)
    result.inertia += part.inertia + point_inertia(part.mass, part.center_of_mass - reference - center);
  result.center_of_mass = reference + center;
  return result;
}

PrincipalInertia principal_inertia(const Matrix3d& inertia) {
  const SymmetricEigen3 eigen = eigen_symmetric3(inertia);
  return {eigen.values, eigen.vectors, eigen.status};
}

Matrix3d to_positive_product_convention(const Matrix3d& inertia) {
  Matrix3d result = -inertia;
  result.diagonal() = inertia.diagonal();
  return result;
}

namespace detail {

MassProperties to_mass_properties(const Moments& moments, const Vector3d& reference) {
  MassProperties result;
  result.volume = moments.volume;
  result.mass = moments.mass;
  result.center_of_mass = reference;
  if (moments.mass == 0) return result;
  const Vector3d c = moments.first / moments.mass;
  const Matrix3d covariance = moments.second - moments.mass * c * c.transpose();  // ∫ρ r rᵀ about G
  result.center_of_mass = reference + c;
  result.inertia = covariance.trace() * Matrix3d::Identity() - covariance;
  return result;
}

}  // namespace detail
}  // namespace fecontact
