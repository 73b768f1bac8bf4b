// SPDX-License-Identifier: BSD-3-Clause
#include "spin.hpp"

#include <algorithm>
#include <cmath>

#include "fecontact/rigid/integrators.hpp"

namespace fecontact::cli {

SpinResult spin(const MassProperties& properties, const SpinSettings& settings,
                const std::function<void(const SpinSample&)>& sample) {
  const RigidBodyAtRest rest = rigid_body_at_rest(properties);
  RigidBodyState start = rest.state;
  start.angular_velocity = Eigen::Vector3d::Constant(settings.perturbation * settings.rate);
  start.angular_velocity[settings.axis] = settings.rate;
  SpinResult result;
  result.dt = 2 * 3.141592653589793 / settings.rate / settings.steps_per_turn;
  result.steps = std::lround(settings.time / result.dt);
  const double l0 = angular_momentum(rest.body, start).norm();
  const double e0 = kinetic_energy(rest.body, start);
  RigidBodyState split = start, rk4 = start;
  const Load none;
  for (long step = 1; step <= result.steps; ++step) {
    const double before = split.angular_velocity[settings.axis];
    split = step_splitting(rest.body, split, none, result.dt);
    rk4 = step_rk4(rest.body, rk4, none, result.dt);
    if ((before < 0) != (split.angular_velocity[settings.axis] < 0)) ++result.flips;
    const double l = angular_momentum(rest.body, split).norm(), e = kinetic_energy(rest.body, split);
    result.momentum_drift = std::max(result.momentum_drift, std::abs(l - l0) / l0);
    result.energy_drift = std::max(result.energy_drift, std::abs(e - e0) / e0);
    result.rk4_momentum_drift =
        std::max(result.rk4_momentum_drift, std::abs(angular_momentum(rest.body, rk4).norm() - l0) / l0);
    result.rk4_energy_drift =
        std::max(result.rk4_energy_drift, std::abs(kinetic_energy(rest.body, rk4) - e0) / e0);
    if (sample) sample({double(step) * result.dt, split.angular_velocity, l, e});
  }
  return result;
}

}  // namespace fecontact::cli
