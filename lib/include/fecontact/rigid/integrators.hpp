// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Time steppers of the rigid body of rigid_body.hpp under a load held constant over the step.
// The translation is exact for a constant force in all three (x += Δt v + ½Δt² f/m).
//
// | stepper                 | order | |L| (torque-free) | energy (torque-free)          |
// |-------------------------|-------|------------------|-------------------------------|
// | step_semi_implicit_euler| 1     | drifts           | drifts                        |
// | step_rk4                | 4     | drifts, O(Δt⁴)   | drifts, O(Δt⁴)                |
// | step_splitting          | 2     | round-off        | bounded oscillation, no drift |

#include "fecontact/rigid/load.hpp"
#include "fecontact/rigid/rigid_body.hpp"

namespace fecontact {

/// Semi-implicit (symplectic) Euler of seed 003: v += Δt f/m, x += Δt v; ω += Δt I⁻¹(τ − ω×Iω)
/// in the body frame (the gyroscopic term ω×Iω that the lecture notes leave out is kept, so
/// asymmetric bodies precess correctly); q += ½Δt [0, ω_world] ⊗ q, then q is normalised.
RigidBodyState step_semi_implicit_euler(const RigidBody& body, const RigidBodyState& state,
                                        const Load& load, double dt);

/// Classical 4th-order Runge–Kutta on Euler's equations and q̇ = ½ q ⊗ [0, ω_body] (seed 002);
/// q normalised at the end of the step.
RigidBodyState step_rk4(const RigidBody& body, const RigidBodyState& state, const Load& load,
                        double dt);

/// Structure-preserving splitting (Dullweber, Leimkuhler & McLachlan 1997, "Symplectic
/// splitting methods for rigid body molecular dynamics", J. Chem. Phys. 107(15)): half torque
/// kick, the free rotation split into the exact planar rotations about the body axes in the
/// symmetric order 1(½Δt) 2(½Δt) 3(Δt) 2(½Δt) 1(½Δt), half kick. Symplectic, time-reversible;
/// each sub-flow rotates the body angular momentum exactly, so |L| is kept to round-off and,
/// torque-free, the world L too.
RigidBodyState step_splitting(const RigidBody& body, const RigidBodyState& state,
                              const Load& load, double dt);

}  // namespace fecontact
