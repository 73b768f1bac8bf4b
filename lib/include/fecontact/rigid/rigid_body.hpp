// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// A rigid body and its state (seeds 002 and 003).
//
// Frames: the body frame is the principal frame of the inertia about the centre of mass, so the
// body-frame inertia is diag(inertia) with the principal moments ascending. The orientation q
// rotates body vectors into the world frame: x_world = R(q) x_body (+ position). The angular
// velocity ω is stored in the body frame, where Euler's equations I ω̇ + ω × I ω = τ_body hold;
// ω_world = R ω. Units: those of the mass properties, time in the unit the caller uses.

#include <Eigen/Core>
#include <Eigen/Geometry>

#include "fecontact/mass/mass_properties.hpp"

namespace fecontact {

struct RigidBody {
  double mass = 1;
  Eigen::Vector3d inertia = Eigen::Vector3d::Ones();  ///< principal moments, body frame
};

struct RigidBodyState {
  Eigen::Vector3d position = Eigen::Vector3d::Zero();  ///< centre of mass, world frame
  Eigen::Vector3d velocity = Eigen::Vector3d::Zero();  ///< of the centre of mass, world frame
  Eigen::Quaterniond orientation = Eigen::Quaterniond::Identity();  ///< body → world, unit
  Eigen::Vector3d angular_velocity = Eigen::Vector3d::Zero();       ///< ω, body frame
};

/// A body and its state at rest as given by mass properties: mass and principal moments; the
/// state at the centre of mass, oriented by the principal axes (R = axes, so that
/// R diag(moments) Rᵀ = properties.inertia). Precondition: finite inertia, mass > 0.
struct RigidBodyAtRest {
  RigidBody body;
  RigidBodyState state;
};
RigidBodyAtRest rigid_body_at_rest(const MassProperties& properties);

/// World-frame inertia about the centre of mass, R diag(I) Rᵀ.
Eigen::Matrix3d world_inertia(const RigidBody& body, const RigidBodyState& state);

/// World-frame angular momentum about the centre of mass, L = R I ω.
Eigen::Vector3d angular_momentum(const RigidBody& body, const RigidBodyState& state);

/// Kinetic energy ½ m vᵀv + ½ ωᵀ I ω.
double kinetic_energy(const RigidBody& body, const RigidBodyState& state);

}  // namespace fecontact
