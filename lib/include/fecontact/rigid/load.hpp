// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Forces and torques on a rigid body, accumulated in the world frame (seed 003: τ = Σ (R rᵢ) × fᵢ).

#include <Eigen/Core>

#include "fecontact/rigid/rigid_body.hpp"

namespace fecontact {

/// Resultant force and torque about the centre of mass, both in the world frame; held constant
/// over one integration step.
struct Load {
  Eigen::Vector3d force = Eigen::Vector3d::Zero();
  Eigen::Vector3d torque = Eigen::Vector3d::Zero();
};

/// Adds the world-frame force `force` applied at the body point `body_point` (body frame,
/// relative to the centre of mass): force += f, torque += (R r) × f.
void add_force_at(Load& load, const RigidBodyState& state, const Eigen::Vector3d& body_point,
                  const Eigen::Vector3d& force);

/// Adds gravity m·g (acceleration `gravity`, world frame); it acts at the centre of mass, so it
/// adds no torque.
void add_gravity(Load& load, const RigidBody& body, const Eigen::Vector3d& gravity);

}  // namespace fecontact
