// SPDX-License-Identifier: BSD-3-Clause
#include "fecontact/rigid/integrators.hpp"

#include <cmath>

namespace fecontact {
namespace {

using Eigen::Quaterniond;
using Eigen::Vector3d;

// Exact translation under a constant force.
void translate(const RigidBody& body, const Load& load, double dt, RigidBodyState& state) {
  const Vector3d acceleration = load.force / body.mass;
  state.position += dt * state.velocity + 0.5 * dt * dt * acceleration;
  state.velocity += dt * acceleration;
}

// Euler's equations in the body frame: ω̇ = I⁻¹ (τ_body − ω × Iω).
Vector3d angular_acceleration(const RigidBody& body, const Vector3d& omega,
                              const Vector3d& torque_body) {
  return (torque_body - omega.cross(body.inertia.cwiseProduct(omega))).cwiseQuotient(body.inertia);
}

// q̇ = ½ q ⊗ [0, ω_body], as 4 coefficients.
Eigen::Vector4d quaternion_rate(const Quaterniond& q, const Vector3d& omega) {
  return 0.5 * (q * Quaterniond(0, omega.x(), omega.y(), omega.z())).coeffs();
}

Quaterniond from_coeffs(const Eigen::Vector4d& c) { return Quaterniond(c[3], c[0], c[1], c[2]); }

// Exact flow of H_i = L_i²/(2 I_i) for time t: L rotates by −ω_i t about body axis i, the body
// by +ω_i t (DLM 1997, §III).
void planar_rotation(const RigidBody& body, int axis, double t, Vector3d& l, Quaterniond& q) {
  const double angle = l[axis] / body.inertia[axis] * t;
  const Vector3d e = Vector3d::Unit(axis);
  l = Eigen::AngleAxisd(-angle, e) * l;
  q = q * Quaterniond(Eigen::AngleAxisd(angle, e));
}

}  // namespace

RigidBodyState step_semi_implicit_euler(const RigidBody& body, const RigidBodyState& state,
                                        const Load& load, double dt) {
  RigidBodyState next = state;
  next.velocity += dt * load.force / body.mass;
  next.position += dt * next.velocity;
  const Vector3d torque_body = state.orientation.conjugate() * load.torque;
  next.angular_velocity += dt * angular_acceleration(body, state.angular_velocity, torque_body);
  const Vector3d omega_world = state.orientation * next.angular_velocity;
  next.orientation.coeffs() +=
      0.5 * dt * (Quaterniond(0, omega_world.x(), omega_world.y(), omega_world.z()) * state.orientation).coeffs();
  next.orientation.normalize();
  return next;
}

RigidBodyState step_rk4(const RigidBody& body, const RigidBodyState& state, const Load& load,
                        double dt) {
  struct Rate {
    Eigen::Vector4d q;
    Vector3d omega;
  };
  const auto rate = [&](const Eigen::Vector4d& qc, const Vector3d& omega) {
    const Quaterniond q = from_coeffs(qc);
    const Vector3d torque_body = q.normalized().conjugate() * load.torque;
    return Rate{quaternion_rate(q, omega), angular_acceleration(body, omega, torque_body)};
  };
  const Eigen::Vector4d q0 = state.orientation.coeffs();
  const Vector3d w0 = state.angular_velocity;
  const Rate k1 = rate(q0, w0);
  const Rate k2 = rate(q0 + 0.5 * dt * k1.q, w0 + 0.5 * dt * k1.omega);
  const Rate k3 = rate(q0 + 0.5 * dt * k2.q, w0 + 0.5 * dt * k2.omega);
  const Rate k4 = rate(q0 + dt * k3.q, w0 + dt * k3.omega);
  RigidBodyState next = state;
  translate(body, load, dt, next);
  next.orientation = from_coeffs(q0 + dt / 6 * (k1.q + 2 * k2.q + 2 * k3.q + k4.q)).normalized();
  next.angular_velocity = w0 + dt / 6 * (k1.omega + 2 * k2.omega + 2 * k3.omega + k4.omega);
  return next;
}

RigidBodyState step_splitting(const RigidBody& body, const RigidBodyState& state,
                              const Load& load, double dt) {
  RigidBodyState next = state;
  translate(body, load, dt, next);
  Quaterniond q = state.orientation;
  Vector3d l = body.inertia.cwiseProduct(state.angular_velocity);  // body angular momentum
  l += 0.5 * dt * (q.conjugate() * load.torque);
  planar_rotation(body, 0, 0.5 * dt, l, q);
  planar_rotation(body, 1, 0.5 * dt, l, q);
  planar_rotation(body, 2, dt, l, q);
  planar_rotation(body, 1, 0.5 * dt, l, q);
  planar_rotation(body, 0, 0.5 * dt, l, q);
  q.normalize();
  l += 0.5 * dt * (q.conjugate() * load.torque);
  next.orientation = q;
  next.angular_velocity = l.cwiseQuotient(body.inertia);
  return next;
}

}  // namespace fecontact
