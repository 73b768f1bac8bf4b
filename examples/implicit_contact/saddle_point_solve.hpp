// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The solve every problem of this example ends in: the contact system [K −Bᵀ; −B 0] is symmetric
// but indefinite, factorised by sparse LU, so the solution gets one step of iterative refinement.

#include <stdexcept>
#include <string>

#include <Eigen/SparseCore>
#include <Eigen/SparseLU>

namespace implicit {

using SparseLU = Eigen::SparseLU<Eigen::SparseMatrix<double>>;

// The solution of matrix · x = rhs with `lu` factorised from `matrix`; throws "<what> is singular".
inline Eigen::VectorXd refined_solve(const SparseLU& lu, const Eigen::SparseMatrix<double>& matrix, const Eigen::VectorXd& rhs,
                                     const char* what) {
  if (lu.info() != Eigen::Success) throw std::runtime_error(std::string(what) + " is singular");
  Eigen::VectorXd x = lu.solve(rhs);
  x += lu.solve(rhs - matrix * x);
  return x;
}

}  // namespace implicit
