// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Helpers shared by eigen_symmetric3 and jacobi_eigen3: the finiteness check of the lower
// triangle, and the eigenvector sign rule documented in fecontact/geometry/eigen3.hpp.

#include <cmath>

#include <Eigen/Core>
#include <Eigen/Geometry>

namespace fecontact::detail {

template <class T>
bool lower_triangle_finite(const Eigen::Matrix<T, 3, 3>& a) {
  for (int j = 0; j < 3; ++j)
    for (int i = j; i < 3; ++i)
      if (!std::isfinite(a(i, j))) return false;
  return true;
}

/// `v` or −v, whichever has its component of largest magnitude (the first on a tie) positive.
template <class T>
Eigen::Matrix<T, 3, 1> signed_by_largest(const Eigen::Matrix<T, 3, 1>& v) {
  int largest = 0;  // integer selects and a multiplication: no branch to mispredict
  for (int i = 1; i < 3; ++i) largest = std::abs(v(i)) > std::abs(v(largest)) ? i : largest;
  return v * std::copysign(T(1), v(largest));
}

/// The eigenvector matrix of the sign rule from the eigenvectors of the two smaller eigenvalues:
/// columns 0 and 1 signed by their largest component, column 2 = column 0 × column 1, so that
/// the basis is right-handed.
template <class T>
Eigen::Matrix<T, 3, 3> signed_basis(const Eigen::Matrix<T, 3, 1>& first,
                                    const Eigen::Matrix<T, 3, 1>& second) {
  const Eigen::Matrix<T, 3, 1> a = signed_by_largest(first), b = signed_by_largest(second);
  Eigen::Matrix<T, 3, 3> basis;
  basis << a, b, a.cross(b);
  return basis;
}

}  // namespace fecontact::detail
