// SPDX-License-Identifier: BSD-3-Clause
// Closed-form eigen-decomposition of symmetric 3×3 matrices, one at a time or in batches; the
// algorithm is eigen3_kernel.hpp's, the same code for both, so that they agree bit for bit.
//
// The batched call copies a block of matrices into arrays of one entry each (structure of
// arrays) and runs the kernel over the block's lanes in a `#pragma omp simd` loop, which the
// compiler vectorises: one matrix per lane, as many per instruction as the vector unit holds.
// Plain loops rather than a SIMD library: the kernel is straight-line code of IEEE operations
// and selects, which the auto-vectoriser handles entirely, so the one-matrix call and the batch
// share one source with no wrapper types. On x86-64 with GCC the block function and the
// one-matrix call are cloned for AVX-512 and AVX2 and the best clone is picked when the library
// is loaded (target_clones): the one-matrix call gains from the three-operand and wider scalar
// instructions, the same IEEE operations (contraction is off), so the bits do not change.

#include "fecontact/geometry/eigen3.hpp"

#include <cstddef>
#include <limits>
#include <stdexcept>
#include <string>

#include "eigen3_detail.hpp"
#include "eigen3_kernel.hpp"
#include "fecontact/detail/assert.hpp"

#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
#define FECONTACT_VECTOR_CLONES __attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))
#else
#define FECONTACT_VECTOR_CLONES
#endif

namespace fecontact {
namespace {

using Eigen::Matrix3d;
using Eigen::Vector3d;
using detail::Eigen3Lane;
using detail::Symmetric;

Symmetric lower_triangle(const Matrix3d& a) { return {a(0, 0), a(1, 1), a(2, 2), a(1, 0), a(2, 0), a(2, 1)}; }

EigenStatus status(const Matrix3d& a) {
  return detail::lower_triangle_finite(a) ? EigenStatus::ok : EigenStatus::not_finite;
}

#ifndef NDEBUG
// Checks of our own results while asserts are on: cheap next to a failure found downstream. The
// residual is checked where ‖A‖ neither overflows nor makes the eigenvalues subnormal.
void check_decomposition(const Matrix3d& a, const SymmetricEigen3& e) {
  if (e.status != EigenStatus::ok) return;
  constexpr double tolerance = 256 * std::numeric_limits<double>::epsilon();  // 4× the contract
  const Matrix3d symmetric = a.selfadjointView<Eigen::Lower>();
  const double norm = symmetric.norm();
  const Matrix3d residual = symmetric * e.vectors - e.vectors * e.values.asDiagonal();
  FECONTACT_ASSERT(!(norm > 0x1p-900 && norm < 0x1p+1000) || residual.norm() <= tolerance * norm,
                   "eigen_symmetric3: A·v ≠ λ·v");
  const Matrix3d gram = e.vectors.transpose() * e.vectors - Matrix3d::Identity();
  FECONTACT_ASSERT(gram.norm() <= tolerance, "eigen_symmetric3: eigenvectors not orthonormal");
  FECONTACT_ASSERT(e.values(0) <= e.values(1) && e.values(1) <= e.values(2),
                   "eigen_symmetric3: eigenvalues not ascending");
}
#endif

/// Matrices decomposed together by the batched call: a multiple of every vector width (2, 4 or
/// 8 doubles).
constexpr std::size_t block_size = 16;

/// Matrices and their decompositions as one array per entry (structure of arrays: the lanes of
/// a vector load or store).
template <std::size_t size>
struct Lanes {
  double xx[size], yy[size], zz[size], yx[size], zx[size], zy[size];
  double values[3][size];
  double vectors[9][size];  // column by column

  void set(std::size_t i, const Symmetric& a) {
    xx[i] = a.xx, yy[i] = a.yy, zz[i] = a.zz, yx[i] = a.yx, zx[i] = a.zx, zy[i] = a.zy;
  }
  void get(std::size_t i, SymmetricEigen3& result) const {
    for (int k = 0; k < 3; ++k) result.values(k) = values[k][i];
    for (int k = 0; k < 9; ++k) result.vectors(k) = vectors[k][i];
  }
};

template <std::size_t size>
[[gnu::always_inline]] inline void decompose(Lanes<size>& lanes) {
#pragma omp simd
  for (std::size_t i = 0; i < size; ++i) {
    const Eigen3Lane e = detail::eigen_symmetric3_lane(
        {lanes.xx[i], lanes.yy[i], lanes.zz[i], lanes.yx[i], lanes.zx[i], lanes.zy[i]});
    lanes.values[0][i] = e.values.x, lanes.values[1][i] = e.values.y, lanes.values[2][i] = e.values.z;
    for (int j = 0; j < 3; ++j) {
      lanes.vectors[3 * j][i] = e.vectors[j].x;
      lanes.vectors[3 * j + 1][i] = e.vectors[j].y;
      lanes.vectors[3 * j + 2][i] = e.vectors[j].z;
    }
  }
}

FECONTACT_VECTOR_CLONES void decompose_block(Lanes<block_size>& block) { decompose(block); }

}  // namespace

FECONTACT_VECTOR_CLONES SymmetricEigen3 eigen_symmetric3(const Matrix3d& a) {
  const Eigen3Lane e = detail::eigen_symmetric3_lane(lower_triangle(a));
  SymmetricEigen3 result{{e.values.x, e.values.y, e.values.z}, {}, status(a)};
  for (int j = 0; j < 3; ++j) result.vectors.col(j) = Vector3d(e.vectors[j].x, e.vectors[j].y, e.vectors[j].z);
#ifndef NDEBUG
  check_decomposition(a, result);
#endif
  return result;
}

void eigen_symmetric3(std::span<const Matrix3d> matrices, std::span<SymmetricEigen3> results) {
  if (matrices.size() != results.size())
    throw std::invalid_argument("eigen_symmetric3: " + std::to_string(matrices.size()) + " matrices but room for " +
                                std::to_string(results.size()) + " results");
  Lanes<block_size> block;
  for (std::size_t start = 0; start < matrices.size(); start += block_size) {
    const std::size_t count = std::min(block_size, matrices.size() - start);
    for (std::size_t i = 0; i < block_size; ++i)  // a short last block is padded with zeros
      block.set(i, i < count ? lower_triangle(matrices[start + i]) : Symmetric{});
    decompose_block(block);
    for (std::size_t i = 0; i < count; ++i) {
      block.get(i, results[start + i]);
      results[start + i].status = status(matrices[start + i]);
    }
  }
}

}  // namespace fecontact
