// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Torque-free rotation of a rigid body started about one principal axis with a small
// perturbation: the spinning-spanner (Dzhanibekov) demonstration of seed 002. About the
// intermediate axis the rotation is unstable and the body flips over and over; about the
// smallest and largest it stays.

#include <functional>
#include <vector>

#include "fecontact/mass/mass_properties.hpp"
#include "fecontact/rigid/rigid_body.hpp"

namespace fecontact::cli {

struct SpinSettings {
  int axis = 1;             ///< principal axis: 0 smallest, 1 intermediate, 2 largest moment
  double rate = 6.283185307179586;  ///< spin rate about it, rad per time unit (one turn)
  double perturbation = 1e-3;       ///< of the other two rates, relative to `rate`
  double time = 20;                 ///< simulated time
  int steps_per_turn = 200;
};

struct SpinSample {
  double time = 0;
  Eigen::Vector3d omega;  ///< body frame
  double momentum = 0;    ///< |L|
  double energy = 0;
};

struct SpinResult {
  int flips = 0;                 ///< sign changes of the spin-axis rate
  double momentum_drift = 0;     ///< max | |L| − |L0| | / |L0|
  double energy_drift = 0;       ///< max |E − E0| / E0
  double rk4_momentum_drift = 0; ///< the same with classical RK4, for comparison
  double rk4_energy_drift = 0;
  double dt = 0;
  long steps = 0;
};

/// Integrates the body of `properties` with step_splitting (and step_rk4 alongside), calling
/// `sample` for every step of the splitting run when given. Precondition: mass > 0.
SpinResult spin(const MassProperties& properties, const SpinSettings& settings,
                const std::function<void(const SpinSample&)>& sample = {});

}  // namespace fecontact::cli
