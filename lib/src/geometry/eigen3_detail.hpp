#pragma once
// Helpers shared by eigen_symmetric3 and jacobi_eigen3: reading the lower triangle of a symmetric
// 3×3 matrix, and the eigenvector sign rule documented in fecontact/geometry/eigen3.hpp.

#include <algorithm>
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

template <class T>
T lower_triangle_max_abs(const Eigen::Matrix<T, 3, 3>& a) {
  T largest = 0;
  for (int j = 0; j < 3; ++j)
    for (int i = j; i < 3; ++i) largest = std::max(largest, std::abs(a(i, j)));
  return largest;
}

/// The symmetric matrix whose lower triangle is that of `a`, divided by `scale` (> 0).
template <class T>
Eigen::Matrix<T, 3, 3> symmetric_from_lower(const Eigen::Matrix<T, 3, 3>& a, T scale) {
  Eigen::Matrix<T, 3, 3> s;
  for (int j = 0; j < 3; ++j)
    for (int i = j; i < 3; ++i) s(i, j) = s(j, i) = a(i, j) / scale;
  return s;
}

/// Sign rule: in columns 0 and 1 the component of largest magnitude (the first on a tie) becomes
/// positive; column 2 becomes column 0 × column 1, so that the basis is right-handed.
template <class T>
void apply_sign_rule(Eigen::Matrix<T, 3, 3>& vectors) {
  for (int j = 0; j < 2; ++j) {
    int largest = 0;
    for (int i = 1; i < 3; ++i)
      if (std::abs(vectors(i, j)) > std::abs(vectors(largest, j))) largest = i;
    if (vectors(largest, j) < 0) vectors.col(j) = -vectors.col(j);
  }
  vectors.col(2) = vectors.col(0).cross(vectors.col(1));
}

}  // namespace fecontact::detail
