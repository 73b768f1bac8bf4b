// SPDX-License-Identifier: BSD-3-Clause
// eigen_symmetric3 (closed form) and jacobi_eigen3 (the reference): accuracy over 10⁶ random
// R·diag·Rᵀ matrices and adversarial sets, the ordering and sign rule, and non-finite input; the
// batched eigen_symmetric3 equals the one-matrix call bit for bit on all of them.

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "eigen3_accuracy.hpp"
#include "eigen3_cases.hpp"
#include "fecontact/geometry/detail/jacobi_eigen3.hpp"

namespace {

using Eigen::Matrix3d;
using Eigen::Vector3d;
using fecontact::EigenStatus;
using fecontact::testing::EigenAccuracy;
using fecontact::testing::Matrix3ld;
using fecontact::testing::Vector3ld;

constexpr double bound = 64;  // the contract, in units of ε (and of ε‖A‖_F)
constexpr double epsilon = std::numeric_limits<double>::epsilon();

// True when the columns follow the documented rule: values ascending; in columns 0 and 1 the first
// component of largest magnitude is positive; det V = +1 to 64ε.
template <class T>
bool follows_rules(const Eigen::Matrix<T, 3, 1>& values, const Eigen::Matrix<T, 3, 3>& vectors) {
  if (!(values(0) <= values(1) && values(1) <= values(2))) return false;
  for (int j = 0; j < 2; ++j) {
    int largest = 0;
    for (int i = 1; i < 3; ++i)
      if (std::abs(vectors(i, j)) > std::abs(vectors(largest, j))) largest = i;
    if (!(vectors(largest, j) > 0)) return false;
  }
  return std::abs(static_cast<double>(vectors.determinant()) - 1) <= bound * epsilon;
}

bool same_bits(const fecontact::SymmetricEigen3& a, const fecontact::SymmetricEigen3& b) {
  return std::memcmp(a.values.data(), b.values.data(), sizeof a.values) == 0 &&
         std::memcmp(a.vectors.data(), b.vectors.data(), sizeof a.vectors) == 0 && a.status == b.status;
}

// The batched call on `matrices`, and the number of its results that differ in a bit from the
// one-matrix call's.
int batch_mismatches(const std::vector<Matrix3d>& matrices, std::vector<fecontact::SymmetricEigen3>& batch) {
  batch.resize(matrices.size());
  fecontact::eigen_symmetric3(matrices, batch);
  int mismatches = 0;
  for (std::size_t i = 0; i < matrices.size(); ++i)
    mismatches += !same_bits(batch[i], fecontact::eigen_symmetric3(matrices[i]));
  return mismatches;
}

// Worst accuracy of the batched eigen_symmetric3 over a set, against the long-double Jacobi
// reference; the number of matrices breaking the ordering/sign rule or reporting a failure; the
// number whose one-matrix result differs from the batched one.
struct SetResult {
  EigenAccuracy worst;
  int rule_breaks = 0;
  int failures = 0;
  int batch_mismatches = 0;
};

SetResult check_matrices(const std::vector<Matrix3d>& matrices) {
  SetResult result;
  std::vector<fecontact::SymmetricEigen3> batch;
  result.batch_mismatches = batch_mismatches(matrices, batch);
  for (std::size_t i = 0; i < matrices.size(); ++i) {
    const Matrix3d& a = matrices[i];
    const auto& e = batch[i];
    const auto reference = fecontact::detail::jacobi_eigen3<long double>(a.cast<long double>());
    result.worst.include(fecontact::testing::accuracy(a, e.values, e.vectors, reference.values));
    result.rule_breaks += !follows_rules(e.values, e.vectors);
    result.failures += e.status != EigenStatus::ok || reference.status != EigenStatus::ok;
  }
  return result;
}

void require_contract(const std::string& name, const SetResult& r) {
  BOOST_TEST_CONTEXT(name << ": worst residual " << r.worst.residual << " ε‖A‖, orthogonality "
                          << r.worst.orthogonality << " ε, eigenvalue error "
                          << r.worst.value_error << " ε‖A‖") {
    BOOST_TEST(r.worst.residual <= bound);
    BOOST_TEST(r.worst.orthogonality <= bound);
    BOOST_TEST(r.worst.value_error <= bound);
    BOOST_TEST(r.rule_breaks == 0);
    BOOST_TEST(r.failures == 0);
    BOOST_TEST(r.batch_mismatches == 0);
  }
}

}  // namespace

BOOST_AUTO_TEST_SUITE(eigen3)

// 10⁶ matrices: about 3 s in Release and 30 s of CPU under AddressSanitizer+UBSan at -O1.
constexpr int random_count = 1'000'000;

BOOST_AUTO_TEST_CASE(random_rotated_spectra) {
  BOOST_TEST_MESSAGE("eigen_symmetric3 on " << random_count << " random R·diag·Rᵀ matrices");
  const SetResult r = check_matrices(fecontact::testing::random_matrices(random_count, 20261121));
  BOOST_TEST_MESSAGE("worst residual " << r.worst.residual << " ε‖A‖, orthogonality "
                                       << r.worst.orthogonality << " ε, eigenvalue error "
                                       << r.worst.value_error << " ε‖A‖");
  require_contract("random", r);
}

BOOST_AUTO_TEST_CASE(adversarial_sets) {
  for (const auto& set : fecontact::testing::adversarial_sets(10'000, 7)) {
    const SetResult r = check_matrices(set.matrices);
    BOOST_TEST_MESSAGE(set.name << ": residual " << r.worst.residual << ", orthogonality "
                                << r.worst.orthogonality << ", eigenvalue error "
                                << r.worst.value_error);
    require_contract(set.name, r);
  }
}

// a·I + b·wwᵀ with integers: eigenvalues a, a, a + b|w|² exactly, a reference independent of
// the Jacobi solver; likewise b·wwᵀ (0, 0, b|w|²).
BOOST_AUTO_TEST_CASE(exact_integer_spectra) {
  std::mt19937_64 rng(11);
  for (int i = 0; i < 10'000; ++i) {
    const Vector3d w = fecontact::testing::random_int_vector(rng, 20);
    const int a = fecontact::testing::random_nonzero_int(rng, 100) * (i % 2);
    const int b = fecontact::testing::random_nonzero_int(rng, 100);
    const Matrix3d m = a * Matrix3d::Identity() + b * w * w.transpose();
    Vector3d exact(a, a, a + b * w.squaredNorm());
    std::sort(exact.begin(), exact.end());
    const auto e = fecontact::eigen_symmetric3(m);
    BOOST_TEST_CONTEXT("a = " << a << ", b = " << b << ", w = " << w.transpose()) {
      BOOST_TEST((e.values - exact).cwiseAbs().maxCoeff() <= bound * epsilon * m.norm());
    }
  }
}

BOOST_AUTO_TEST_CASE(multiples_of_identity_give_the_identity_basis) {
  for (double c : {0.0, 1.0, -3.5, 1e-300, 1e300, 0.1}) {
    const auto e = fecontact::eigen_symmetric3(c * Matrix3d::Identity());
    BOOST_TEST_CONTEXT("c = " << c) {
      BOOST_TEST((e.status == EigenStatus::ok));
      BOOST_TEST((e.values - Vector3d::Constant(c)).cwiseAbs().maxCoeff() <= 2 * epsilon * std::abs(c));
      BOOST_TEST((e.vectors == Matrix3d::Identity()));
    }
  }
}

// Subnormal entries and entries near the largest double: the eigenvalues themselves may then
// round in the subnormal range, so only the basis is held to the contract.
BOOST_AUTO_TEST_CASE(extreme_magnitudes_keep_an_orthonormal_basis) {
  const auto matrices = fecontact::testing::random_matrices(1000, 5);
  for (double largest : {1e-310, 4.9e-324, 1e308}) {
    for (const Matrix3d& m : matrices) {
      const Matrix3d a = m / m.cwiseAbs().maxCoeff() * largest;
      const auto e = fecontact::eigen_symmetric3(a);
      const Matrix3ld v = e.vectors.cast<long double>();
      BOOST_TEST_CONTEXT("largest entry " << largest << ", A =\n" << a) {
        BOOST_TEST((e.status == EigenStatus::ok));
        BOOST_TEST((v.transpose() * v - Matrix3ld::Identity()).norm() <= bound * epsilon);
        BOOST_TEST(follows_rules(e.values, e.vectors));
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(only_the_lower_triangle_is_read) {
  Matrix3d a;
  a << 4, 1e9, -7,  //
      1, 3, 2,      //
      0.5, -2, 6;
  const Matrix3d symmetric = a.triangularView<Eigen::Lower>().toDenseMatrix() +
                             a.triangularView<Eigen::StrictlyLower>().transpose().toDenseMatrix();
  a(0, 1) = std::numeric_limits<double>::quiet_NaN();
  const auto e = fecontact::eigen_symmetric3(a);
  const auto f = fecontact::eigen_symmetric3(symmetric);
  BOOST_TEST((e.status == EigenStatus::ok));
  BOOST_TEST((e.values == f.values));
  BOOST_TEST((e.vectors == f.vectors));
}

BOOST_AUTO_TEST_CASE(non_finite_input_reports_not_finite) {
  for (double bad : {std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity(),
                     -std::numeric_limits<double>::infinity()}) {
    for (int j = 0; j < 3; ++j) {
      for (int i = j; i < 3; ++i) {
        Matrix3d a = Matrix3d::Identity();
        a(i, j) = a(j, i) = bad;
        const auto e = fecontact::eigen_symmetric3(a);
        const auto r = fecontact::detail::jacobi_eigen3<double>(a);
        BOOST_TEST_CONTEXT("entry (" << i << ", " << j << ") = " << bad) {
          BOOST_TEST((e.status == EigenStatus::not_finite));
          BOOST_TEST(e.values.array().isNaN().all());
          BOOST_TEST(e.vectors.array().isNaN().all());
          BOOST_TEST((r.status == EigenStatus::not_finite));
          BOOST_TEST(r.values.array().isNaN().all());
          BOOST_TEST(r.vectors.array().isNaN().all());
        }
      }
    }
  }
}

// Special inputs mixed in one batch, so that the lanes of a block take different paths: multiples
// of the identity, zero, extreme magnitudes, NaN and infinities, a NaN in the unread upper
// triangle; every batch length up to three blocks and then some, so that short last blocks are
// covered too.
BOOST_AUTO_TEST_CASE(batch_equals_one_matrix_calls_on_mixed_special_inputs) {
  const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
  std::vector<Matrix3d> special;
  for (double c : {0.0, 1.0, -3.5, 1e-300, 1e300, 4.9e-324})
    special.push_back(c * Matrix3d::Identity());
  const auto random = fecontact::testing::random_matrices(20, 9);
  for (double largest : {1e-310, 4.9e-324, 1e308, 1.0})
    for (const Matrix3d& m : random) special.push_back(m / m.cwiseAbs().maxCoeff() * largest);
  for (double bad : {nan, inf, -inf}) {
    Matrix3d a = random[0];
    a(2, 1) = a(1, 2) = bad;
    special.push_back(a);
    a = random[1];
    a(0, 1) = bad;  // upper triangle: not read
    special.push_back(a);
  }
  std::mt19937_64 rng(5);
  std::shuffle(special.begin(), special.end(), rng);
  for (std::size_t count = 0; count <= 50; ++count) {
    const std::vector<Matrix3d> matrices(special.begin(), special.begin() + static_cast<std::ptrdiff_t>(count));
    std::vector<fecontact::SymmetricEigen3> batch;
    BOOST_TEST_CONTEXT(count << " matrices") { BOOST_TEST(batch_mismatches(matrices, batch) == 0); }
  }
  std::vector<fecontact::SymmetricEigen3> batch;
  BOOST_TEST(batch_mismatches(special, batch) == 0);
}

BOOST_AUTO_TEST_CASE(batch_rejects_a_result_span_of_another_size) {
  const std::vector<Matrix3d> matrices(3, Matrix3d::Identity());
  std::vector<fecontact::SymmetricEigen3> results(2);
  BOOST_CHECK_THROW(fecontact::eigen_symmetric3(matrices, results), std::invalid_argument);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(jacobi_eigen3)

// Diagonal input: no rotation, so the values are the sorted diagonal and the vectors unit axes.
BOOST_AUTO_TEST_CASE(diagonal_spectra) {
  const Vector3d d(3, -1, 2);
  const auto r = fecontact::detail::jacobi_eigen3<double>(Matrix3d(d.asDiagonal()));
  BOOST_TEST((r.values - Vector3d(-1, 2, 3)).cwiseAbs().maxCoeff() <= 4 * epsilon);
  Matrix3d expected;
  expected << 0, 0, 1,  //
      1, 0, 0,          //
      0, 1, 0;
  BOOST_TEST((r.vectors == expected));
}

// The second-difference matrix tridiag(−1, 2, −1): eigenvalues 2 − √2, 2, 2 + √2 with
// eigenvectors (1, √2, 1)/2, (1, 0, −1)/√2, (1, −√2, 1)/2.
BOOST_AUTO_TEST_CASE(second_difference_matrix) {
  Matrix3ld a;
  a << 2, -1, 0, -1, 2, -1, 0, -1, 2;
  const long double s = std::sqrt(2.0L);
  Matrix3ld expected;
  expected << 0.5L, 1 / s, 0.5L,  //
      s / 2, 0, -s / 2,           //
      0.5L, -1 / s, 0.5L;
  const auto r = fecontact::detail::jacobi_eigen3<long double>(a);
  const long double eps = std::numeric_limits<long double>::epsilon();
  BOOST_TEST((r.values - Vector3ld(2 - s, 2, 2 + s)).cwiseAbs().maxCoeff() <= 16 * eps);
  for (int j = 0; j < 3; ++j)  // up to sign: the sign rule is checked on its own below
    BOOST_TEST(std::min((r.vectors.col(j) - expected.col(j)).norm(),
                        (r.vectors.col(j) + expected.col(j)).norm()) <= 16 * eps);
  BOOST_TEST(follows_rules(r.values, r.vectors));
}

// Known spectra under random rotations, in double and long double.
BOOST_AUTO_TEST_CASE(rotated_known_spectra) {
  std::mt19937_64 rng(3);
  for (int i = 0; i < 10'000; ++i) {
    Vector3d d(fecontact::testing::random_magnitude(rng, -4, 4),
               fecontact::testing::random_magnitude(rng, -4, 4),
               fecontact::testing::random_magnitude(rng, -4, 4));
    const Matrix3d a = fecontact::testing::rotated_diagonal(rng, d);
    std::sort(d.begin(), d.end());
    const auto r = fecontact::detail::jacobi_eigen3<double>(a);
    const auto rl = fecontact::detail::jacobi_eigen3<long double>(a.cast<long double>());
    // The rounded product R·diag·Rᵀ moves the spectrum by a few ε‖A‖.
    const double tolerance = bound * epsilon * a.norm();
    BOOST_TEST((r.values - d).cwiseAbs().maxCoeff() <= tolerance);
    BOOST_TEST((rl.values.cast<double>() - d).cwiseAbs().maxCoeff() <= tolerance);
    const EigenAccuracy acc = fecontact::testing::accuracy(a, r.values, r.vectors, rl.values);
    BOOST_TEST(acc.residual <= bound);
    BOOST_TEST(acc.orthogonality <= bound);
    BOOST_TEST(follows_rules(r.values, r.vectors));
    BOOST_TEST(follows_rules(rl.values, rl.vectors));
  }
}

BOOST_AUTO_TEST_SUITE_END()
