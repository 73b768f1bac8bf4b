// SPDX-License-Identifier: BSD-3-Clause
#include "fecontact/rigid/load.hpp"

namespace fecontact {

void add_force_at(Load& load, const RigidBodyState& state, const Eigen::Vector3d& body_point,
                  const Eigen::Vector3d& force) {
  load.force += force;
  load.torque += (state.orientation * body_point).cross(force);
}

void add_gravity(Load& load, const RigidBody& body, const Eigen::Vector3d& gravity) {
  load.force += body.mass * gravity;
}

}  // namespace fecontact
