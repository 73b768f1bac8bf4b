// SPDX-License-Identifier: BSD-3-Clause
#include "fecontact/rigid/rigid_body.hpp"

#include "fecontact/detail/assert.hpp"

namespace fecontact {

RigidBodyAtRest rigid_body_at_rest(const MassProperties& properties) {
  const PrincipalInertia principal = principal_inertia(properties.inertia);
  FECONTACT_ASSERT(principal.status == EigenStatus::ok, "finite inertia");
  FECONTACT_ASSERT(properties.mass > 0, "a positive mass");
  RigidBodyAtRest result;
  result.body.mass = properties.mass;
  result.body.inertia = principal.moments;
  result.state.position = properties.center_of_mass;
  result.state.orientation = Eigen::Quaterniond(principal.axes);  // det = +1: a rotation
  result.state.orientation.normalize();
  return result;
}

Eigen::Matrix3d world_inertia(const RigidBody& body, const RigidBodyState& state) {
  const Eigen::Matrix3d r = state.orientation.toRotationMatrix();
  return r * body.inertia.asDiagonal() * r.transpose();
}

Eigen::Vector3d angular_momentum(const RigidBody& body, const RigidBodyState& state) {
  return state.orientation * body.inertia.cwiseProduct(state.angular_velocity).eval();
}

double kinetic_energy(const RigidBody& body, const RigidBodyState& state) {
  return 0.5 * body.mass * state.velocity.squaredNorm() +
         0.5 * state.angular_velocity.dot(body.inertia.cwiseProduct(state.angular_velocity));
}

}  // namespace fecontact
