// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Regularised Coulomb friction at a node-to-surface contact, integrated by return mapping on the
// slip increments: friction's analogy with elasto-plasticity (Wriggers, Computational Contact
// Mechanics, 2nd ed. 2006, ch. 5; Simo & Hughes, Computational Inelasticity, 1998, for the return
// mapping). The tangential force is a spring of stiffness k_t on the slip while it sticks
// (|T| < μN); a trial force beyond the cone |T| ≤ μN is returned onto it, and the node slides.

#include <Eigen/Core>

namespace solver {

/// The tangential force on the slave node after a step of `slip` (tangential, convected: the
/// node's motion relative to the master surface), from `previous`, the force of the last step
/// (zero at a new contact), carried into the current tangent plane (t1, t2). `limit` = μN.
inline Eigen::Vector3d return_mapping(const Eigen::Vector3d& previous, const Eigen::Vector3d& t1,
                                      const Eigen::Vector3d& t2, const Eigen::Vector3d& slip, double stiffness,
                                      double limit) {
  const Eigen::Vector3d trial = previous.dot(t1) * t1 + previous.dot(t2) * t2 - stiffness * slip;
  const double size = trial.norm();
  return size > limit ? Eigen::Vector3d(trial * (limit / size)) : trial;
}

}  // namespace solver
