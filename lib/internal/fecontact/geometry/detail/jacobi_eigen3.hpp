// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The cyclic Jacobi method (Golub & Van Loan §8.5) for symmetric 3×3 matrices: slow, and the
// independent reference that eigen_symmetric3 is tested and benchmarked against.

#include <Eigen/Core>

#include "fecontact/geometry/eigen3.hpp"

namespace fecontact::detail {

/// Cyclic Jacobi eigen-decomposition in the scalar type T (double or long double); the same
/// ordering and sign rule as eigen_symmetric3. Slower, used as an independent reference.
template <class T>
struct JacobiEigen3 {
  Eigen::Matrix<T, 3, 1> values;
  Eigen::Matrix<T, 3, 3> vectors;
  EigenStatus status = EigenStatus::ok;
};
template <class T>
JacobiEigen3<T> jacobi_eigen3(const Eigen::Matrix<T, 3, 3>& a);

extern template JacobiEigen3<double> jacobi_eigen3(const Eigen::Matrix<double, 3, 3>&);
extern template JacobiEigen3<long double> jacobi_eigen3(const Eigen::Matrix<long double, 3, 3>&);

}  // namespace fecontact::detail
