// SPDX-License-Identifier: BSD-3-Clause
// Nanoseconds per symmetric 3×3 eigen-decomposition for fecontact::eigen_symmetric3 (one matrix
// per call, and the batched call over all of them) and for Eigen's
// SelfAdjointEigenSolver<Matrix3d>::computeDirect (closed form) and compute() (iterative), on the
// same matrices in the same run: the solvers take turns within each of several runs (the machine
// may be shared: its load changes alike for all) and the medians are printed, each beside its
// worst accuracy against the long-double Jacobi reference and its time relative to
// computeDirect; then the worst residual per adversarial set.
// Usage: bench_eigen3 [--smoke]

#include <cinttypes>
#include <algorithm>
#include <cstdio>
#include <vector>

#include <Eigen/Eigenvalues>

#include "bench.hpp"
#include "eigen3_accuracy.hpp"
#include "eigen3_cases.hpp"
#include "fecontact/geometry/detail/jacobi_eigen3.hpp"

namespace {

using Eigen::Matrix3d;
using Eigen::Vector3d;
using fecontact::testing::EigenAccuracy;
using fecontact::testing::MatrixSet;

using Decomposition = fecontact::SymmetricEigen3;

struct Solver {
  const char* name;
  void (*solve)(const std::vector<Matrix3d>&, std::vector<Decomposition>&);
};

// A solver of one matrix applied to each.
template <Decomposition (*solve_one)(const Matrix3d&)>
void one_by_one(const std::vector<Matrix3d>& matrices, std::vector<Decomposition>& out) {
  out.resize(matrices.size());
  for (std::size_t i = 0; i < matrices.size(); ++i) out[i] = solve_one(matrices[i]);
}

Decomposition fecontact_closed_form(const Matrix3d& a) { return fecontact::eigen_symmetric3(a); }

void fecontact_batched(const std::vector<Matrix3d>& matrices, std::vector<Decomposition>& out) {
  out.resize(matrices.size());
  fecontact::eigen_symmetric3(matrices, out);
}

Decomposition eigen_compute_direct(const Matrix3d& a) {
  Eigen::SelfAdjointEigenSolver<Matrix3d> solver;
  solver.computeDirect(a);
  return {solver.eigenvalues(), solver.eigenvectors()};
}

Decomposition eigen_compute(const Matrix3d& a) {
  const Eigen::SelfAdjointEigenSolver<Matrix3d> solver(a);
  return {solver.eigenvalues(), solver.eigenvectors()};
}

const Solver solvers[] = {{"fecontact::eigen_symmetric3", one_by_one<fecontact_closed_form>},
                          {"fecontact::eigen_symmetric3 batched", fecontact_batched},
                          {"Eigen computeDirect", one_by_one<eigen_compute_direct>},
                          {"Eigen compute (iterative)", one_by_one<eigen_compute>}};
constexpr std::size_t compute_direct = 2;  // the reference of the ratios

// Median nanoseconds per matrix of each solver over `matrices`, the solvers taking turns in each
// of `runs` runs; the results of the last run go to `out`.
std::vector<double> nanoseconds_per_matrix(const std::vector<Matrix3d>& matrices,
                                           std::vector<std::vector<Decomposition>>& out, int runs) {
  std::vector<std::vector<double>> times(std::size(solvers));
  out.resize(std::size(solvers));
  for (int run = 0; run < runs; ++run)
    for (std::size_t s = 0; s < std::size(solvers); ++s)
      times[s].push_back(fecontact::bench::seconds([&] { solvers[s].solve(matrices, out[s]); }));
  std::vector<double> medians;
  for (auto& t : times) {
    std::sort(t.begin(), t.end());
    medians.push_back(1e9 * t[t.size() / 2] / static_cast<double>(matrices.size()));
  }
  return medians;
}

std::uint64_t checksum(const std::vector<Decomposition>& results) {
  fecontact::bench::Checksum sum;
  for (const auto& r : results) {  // not the padding after the status
    sum.add(r.values.data(), sizeof r.values);
    sum.add(r.vectors.data(), sizeof r.vectors);
  }
  return sum.value();
}

// Worst accuracy of `solver` on `set`, against the long-double Jacobi reference.
EigenAccuracy worst_accuracy(const Solver& solver, const MatrixSet& set) {
  std::vector<Decomposition> out;
  solver.solve(set.matrices, out);
  EigenAccuracy worst;
  for (std::size_t i = 0; i < set.matrices.size(); ++i) {
    const Matrix3d& a = set.matrices[i];
    const auto reference = fecontact::detail::jacobi_eigen3<long double>(a.cast<long double>());
    worst.include(fecontact::testing::accuracy(a, out[i].values, out[i].vectors, reference.values));
  }
  return worst;
}

std::vector<Matrix3d> all_matrices(const std::vector<MatrixSet>& sets) {
  std::vector<Matrix3d> matrices;
  for (const auto& set : sets) matrices.insert(matrices.end(), set.matrices.begin(), set.matrices.end());
  return matrices;
}

}  // namespace

int main(int argc, char** argv) {
  const bool smoke = fecontact::bench::smoke_run(argc, argv);
  const int random_count = smoke ? 2'000 : 1'000'000, set_count = smoke ? 50 : 10'000;
  const int runs = smoke ? 3 : 9;
  const MatrixSet random{"random R·diag·Rᵀ", fecontact::testing::random_matrices(random_count, 1)};
  const std::vector<MatrixSet> sets = fecontact::testing::adversarial_sets(set_count, 2);
  const std::vector<Matrix3d> adversarial = all_matrices(sets);
  std::printf("%d random matrices, %zu adversarial ones in %zu sets; medians of %d runs\n\n",
              random_count, adversarial.size(), sets.size(), runs);

  std::printf("| solver | ns random | × computeDirect | ns adversarial | × computeDirect | "
              "residual/(ε‖A‖) | ‖VᵀV−I‖/ε | eigenvalue error/(ε‖A‖) | checksum |\n"
              "|---|---|---|---|---|---|---|---|---|\n");
  std::vector<std::vector<Decomposition>> out;
  const std::vector<double> ns_adversarial = nanoseconds_per_matrix(adversarial, out, runs);
  const std::vector<double> ns_random = nanoseconds_per_matrix(random.matrices, out, runs);
  std::vector<std::vector<EigenAccuracy>> per_set(std::size(solvers));
  for (std::size_t s = 0; s < std::size(solvers); ++s) {
    EigenAccuracy worst = worst_accuracy(solvers[s], random);
    for (const auto& set : sets) {
      per_set[s].push_back(worst_accuracy(solvers[s], set));
      worst.include(per_set[s].back());
    }
    std::printf("| %s | %.1f | %.2f | %.1f | %.2f | %.3g | %.3g | %.3g | %016" PRIx64 " |\n", solvers[s].name,
                ns_random[s], ns_random[s] / ns_random[compute_direct], ns_adversarial[s],
                ns_adversarial[s] / ns_adversarial[compute_direct], worst.residual, worst.orthogonality,
                worst.value_error, checksum(out[s]));
  }

  std::printf("\nWorst residual ‖AV − VΛ‖_F/(ε‖A‖_F) per set (bound 64):\n\n| set |");
  for (const auto& solver : solvers) std::printf(" %s |", solver.name);
  std::printf("\n|---|---|---|---|---|\n");
  for (std::size_t k = 0; k < sets.size(); ++k) {
    std::printf("| %s |", sets[k].name.c_str());
    for (std::size_t s = 0; s < std::size(solvers); ++s) std::printf(" %.3g |", per_set[s][k].residual);
    std::printf("\n");
  }
  return 0;
}
