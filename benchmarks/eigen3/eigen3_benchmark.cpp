// Nanoseconds per symmetric 3×3 eigen-decomposition for fecontact::eigen_symmetric3 and for
// Eigen's SelfAdjointEigenSolver<Matrix3d>::computeDirect (closed form) and compute() (iterative),
// on the same matrices in the same run (medians of several runs), each printed beside its worst
// accuracy against the long-double Jacobi reference, then the worst residual per adversarial set.
// Usage: bench_eigen3 [--smoke]

#include <cinttypes>
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

struct Decomposition {
  Vector3d values;
  Matrix3d vectors;
};

struct Solver {
  const char* name;
  Decomposition (*solve)(const Matrix3d&);
};

Decomposition fecontact_closed_form(const Matrix3d& a) {
  const auto e = fecontact::eigen_symmetric3(a);
  return {e.values, e.vectors};
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

const Solver solvers[] = {{"fecontact::eigen_symmetric3", fecontact_closed_form},
                          {"Eigen computeDirect", eigen_compute_direct},
                          {"Eigen compute (iterative)", eigen_compute}};

// Median nanoseconds per matrix of `solver` over `matrices`; the results go to `out`.
double nanoseconds_per_matrix(const Solver& solver, const std::vector<Matrix3d>& matrices,
                              std::vector<Decomposition>& out, int runs) {
  out.resize(matrices.size());
  const double seconds = fecontact::bench::median_seconds(runs, [&] {
    for (std::size_t i = 0; i < matrices.size(); ++i) out[i] = solver.solve(matrices[i]);
  });
  return 1e9 * seconds / static_cast<double>(matrices.size());
}

std::uint64_t checksum(const std::vector<Decomposition>& results) {
  fecontact::bench::Checksum sum;
  for (const auto& r : results) sum.add(&r, sizeof r);
  return sum.value();
}

// Worst accuracy of `solver` on `set`, against the long-double Jacobi reference.
EigenAccuracy worst_accuracy(const Solver& solver, const MatrixSet& set) {
  EigenAccuracy worst;
  for (const Matrix3d& a : set.matrices) {
    const auto reference = fecontact::detail::jacobi_eigen3<long double>(a.cast<long double>());
    const Decomposition d = solver.solve(a);
    worst.include(fecontact::testing::accuracy(a, d.values, d.vectors, reference.values));
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

  std::printf("| solver | ns random | ns adversarial | residual/(ε‖A‖) | ‖VᵀV−I‖/ε | "
              "eigenvalue error/(ε‖A‖) | checksum |\n|---|---|---|---|---|---|---|\n");
  std::vector<std::vector<EigenAccuracy>> per_set(std::size(solvers));
  for (std::size_t s = 0; s < std::size(solvers); ++s) {
    std::vector<Decomposition> out;
    const double ns_adversarial = nanoseconds_per_matrix(solvers[s], adversarial, out, runs);
    const double ns_random = nanoseconds_per_matrix(solvers[s], random.matrices, out, runs);
    EigenAccuracy worst = worst_accuracy(solvers[s], random);
    for (const auto& set : sets) {
      per_set[s].push_back(worst_accuracy(solvers[s], set));
      worst.include(per_set[s].back());
    }
    std::printf("| %s | %.1f | %.1f | %.3g | %.3g | %.3g | %016" PRIx64 " |\n", solvers[s].name,
                ns_random, ns_adversarial, worst.residual, worst.orthogonality, worst.value_error,
                checksum(out));
  }

  std::printf("\nWorst residual ‖AV − VΛ‖_F/(ε‖A‖_F) per set (bound 64):\n\n| set |");
  for (const auto& solver : solvers) std::printf(" %s |", solver.name);
  std::printf("\n|---|---|---|---|\n");
  for (std::size_t k = 0; k < sets.size(); ++k) {
    std::printf("| %s |", sets[k].name.c_str());
    for (std::size_t s = 0; s < std::size(solvers); ++s) std::printf(" %.3g |", per_set[s][k].residual);
    std::printf("\n");
  }
  return 0;
}
