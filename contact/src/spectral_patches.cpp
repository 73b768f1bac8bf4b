// SPDX-License-Identifier: BSD-3-Clause
#include "fecontact/contact/spectral_patches.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <optional>
#include <stdexcept>

#include <Eigen/SparseCholesky>
#include <Eigen/SparseCore>
#include <Spectra/SymEigsShiftSolver.h>

#include "fecontact/detail/assert.hpp"
#include "fecontact/contact/face_adjacency.hpp"

namespace fecontact {
namespace {

using Eigen::VectorXd;

// Spectra's shift-solve operator y = (L − σI)⁻¹x with a sparse Cholesky (LDLᵀ) factorisation:
// L − σI is symmetric positive definite for σ < 0, and LDLᵀ is several times cheaper than the
// LU factorisation of Spectra's SparseSymShiftSolve.
class LaplacianShiftSolve {
 public:
  using Scalar = double;
  explicit LaplacianShiftSolve(const Eigen::SparseMatrix<double>& laplacian) : laplacian_(laplacian) {}
  Eigen::Index rows() const { return laplacian_.rows(); }
  Eigen::Index cols() const { return laplacian_.cols(); }
  void set_shift(double sigma) {
    Eigen::SparseMatrix<double> shifted = laplacian_;
    for (Eigen::Index i = 0; i < shifted.rows(); ++i) shifted.coeffRef(i, i) -= sigma;
    solver_.compute(shifted);
    if (solver_.info() != Eigen::Success) throw std::runtime_error("LDLT of L - sigma I failed");
  }
  void perform_op(const double* x_in, double* y_out) const {
    Eigen::Map<const VectorXd> x(x_in, rows());
    Eigen::Map<VectorXd> y(y_out, rows());
    y = solver_.solve(x);
  }

 private:
  const Eigen::SparseMatrix<double>& laplacian_;
  Eigen::SimplicialLDLT<Eigen::SparseMatrix<double>> solver_;
};

class Bisector {
 public:
  Bisector(const CompressedRows& adjacency, Index face_count, Index max_faces)
      : adjacency_(adjacency), local_(static_cast<std::size_t>(face_count), -1), max_faces_(max_faces) {}

  // Splits an ascending face set into its connected pieces, bisecting those that are too big.
  void split(const std::vector<Index>& faces) {
    for (std::vector<Index>& piece : components(faces)) {
      if (static_cast<Index>(piece.size()) <= max_faces_) {
        patches.push_back(std::move(piece));
        continue;
      }
      const std::vector<double> keys = bisection_keys(piece);
      std::vector<std::size_t> order(piece.size());
      std::iota(order.begin(), order.end(), std::size_t{0});
      std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return keys[a] != keys[b] ? keys[a] < keys[b] : piece[a] < piece[b];
      });
      const std::size_t half = piece.size() / 2;
      std::vector<Index> low, high;
      for (std::size_t k = 0; k < order.size(); ++k) (k < half ? low : high).push_back(piece[order[k]]);
      std::sort(low.begin(), low.end());
      std::sort(high.begin(), high.end());
      keep_largest_piece(low, high);
      keep_largest_piece(high, low);
      split(low);
      split(high);
    }
  }

  std::vector<std::vector<Index>> patches;
  Index fallback_splits = 0;

 private:
  // Moves every connected piece of `from` but its largest (the first on ties) to `to`. Applied
  // to both halves of a connected set in turn, it leaves both halves connected: each moved
  // piece touches only the other half, which by then is a single piece.
  void keep_largest_piece(std::vector<Index>& from, std::vector<Index>& to) {
    std::vector<std::vector<Index>> pieces = components(from);
    if (pieces.size() <= 1) return;
    std::size_t largest = 0;
    for (std::size_t k = 1; k < pieces.size(); ++k)
      if (pieces[k].size() > pieces[largest].size()) largest = k;
    for (std::size_t k = 0; k < pieces.size(); ++k)
      if (k != largest) to.insert(to.end(), pieces[k].begin(), pieces[k].end());
    from = std::move(pieces[largest]);
    std::sort(to.begin(), to.end());
  }

  // Marks the faces of a set with their positions (local_), for membership tests.
  void mark(const std::vector<Index>& faces) {
    for (std::size_t i = 0; i < faces.size(); ++i) local_[static_cast<std::size_t>(faces[i])] = static_cast<Index>(i);
  }
  void unmark(const std::vector<Index>& faces) {
    for (const Index f : faces) local_[static_cast<std::size_t>(f)] = -1;
  }

  // Connected pieces of the subgraph induced by `faces`, each ascending, in order of their
  // lowest face.
  std::vector<std::vector<Index>> components(const std::vector<Index>& faces) {
    mark(faces);
    std::vector<bool> seen(faces.size(), false);
    std::vector<std::vector<Index>> result;
    for (std::size_t start = 0; start < faces.size(); ++start) {
      if (seen[start]) continue;
      std::vector<Index> piece{faces[start]};
      seen[start] = true;
      for (std::size_t head = 0; head < piece.size(); ++head)
        for (const Index n : adjacency_.row(piece[head])) {
          const Index i = local_[static_cast<std::size_t>(n)];
          if (i >= 0 && !seen[static_cast<std::size_t>(i)]) {
            seen[static_cast<std::size_t>(i)] = true;
            piece.push_back(n);
          }
        }
      std::sort(piece.begin(), piece.end());
      result.push_back(std::move(piece));
    }
    unmark(faces);
    return result;
  }

  // Key per face of a connected set; the split puts the half with the lowest keys first.
  std::vector<double> bisection_keys(const std::vector<Index>& faces) {
    mark(faces);
    std::vector<double> keys;
    if (faces.size() < 3) {  // two faces: nothing to compute (Lanczos needs 2 < size)
      keys = breadth_first_levels(faces);
    } else if (const std::optional<VectorXd> v = fiedler_vector(faces)) {
      keys.assign(v->data(), v->data() + v->size());
    } else {
      ++fallback_splits;
      keys = breadth_first_levels(faces);
    }
    unmark(faces);
    return keys;
  }

  // Graph Laplacian L = D − A of the marked, connected set; its second eigenvector by
  // shift-invert Lanczos. The shift −σ < 0 keeps L + σI positive definite; σ below the
  // smallest possible λ₂ (≥ 4 / (m · diameter) ≥ 4/m², Mohar 1991) separates λ₂ from λ₃.
  std::optional<VectorXd> fiedler_vector(const std::vector<Index>& faces) const {
    const auto m = static_cast<Eigen::Index>(faces.size());
    std::vector<Eigen::Triplet<double>> entries;
    for (Eigen::Index i = 0; i < m; ++i) {
      double degree = 0;
      for (const Index n : adjacency_.row(faces[static_cast<std::size_t>(i)])) {
        const Index j = local_[static_cast<std::size_t>(n)];
        if (j < 0) continue;
        entries.emplace_back(i, j, -1.0);
        degree += 1;
      }
      entries.emplace_back(i, i, degree);
    }
    Eigen::SparseMatrix<double> laplacian(m, m);
    laplacian.setFromTriplets(entries.begin(), entries.end());
    const double sigma = -std::max(1e-10, 1.0 / (double(m) * double(m)));
    VectorXd values, fiedler;
    try {  // Spectra throws when the factorisation of L + σI fails
      LaplacianShiftSolve op(laplacian);
      Spectra::SymEigsShiftSolver<LaplacianShiftSolve> eigs(
          op, 2, std::min<Eigen::Index>(m, 8), sigma);
      eigs.init();  // fixed start vector (Spectra's seeded generator): deterministic
      eigs.compute(Spectra::SortRule::LargestMagn, 1000, 1e-6, Spectra::SortRule::SmallestAlge);
      if (eigs.info() != Spectra::CompInfo::Successful) return std::nullopt;
      values = eigs.eigenvalues();
      fiedler = eigs.eigenvectors().col(values[0] > values[1] ? 0 : 1);
    } catch (const std::exception&) {
      return std::nullopt;
    }
    if (!fiedler.allFinite()) return std::nullopt;
    Eigen::Index largest = 0;  // sign: the largest entry (lowest position on ties) positive
    for (Eigen::Index i = 1; i < m; ++i)
      if (std::abs(fiedler[i]) > std::abs(fiedler[largest])) largest = i;
    if (fiedler[largest] < 0) fiedler = -fiedler;
    return fiedler;
  }

  // Breadth-first level of each face of the marked, connected set from its lowest face.
  std::vector<double> breadth_first_levels(const std::vector<Index>& faces) const {
    std::vector<double> level(faces.size(), -1);
    std::vector<Index> queue{0};
    level[0] = 0;
    for (std::size_t head = 0; head < queue.size(); ++head) {
      const Index i = queue[head];
      for (const Index n : adjacency_.row(faces[static_cast<std::size_t>(i)])) {
        const Index j = local_[static_cast<std::size_t>(n)];
        if (j >= 0 && level[static_cast<std::size_t>(j)] < 0) {
          level[static_cast<std::size_t>(j)] = level[static_cast<std::size_t>(i)] + 1;
          queue.push_back(j);
        }
      }
    }
    return level;
  }

  const CompressedRows& adjacency_;
  std::vector<Index> local_;  // position of a face in the set being worked on, or −1
  Index max_faces_;
};

}  // namespace

SpectralPatches spectral_patches(const Surface& surface, Index max_faces) {
  FECONTACT_ASSERT(max_faces >= 1, "spectral_patches: max_faces must be at least 1");
  const CompressedRows adjacency = face_adjacency(surface);
  Bisector bisector(adjacency, surface.size(), max_faces);
  std::vector<Index> all(static_cast<std::size_t>(surface.size()));
  std::iota(all.begin(), all.end(), Index{0});
  bisector.split(all);

  std::sort(bisector.patches.begin(), bisector.patches.end(),
            [](const auto& a, const auto& b) { return a.front() < b.front(); });
  SpectralPatches result;
  result.fallback_splits = bisector.fallback_splits;
  for (const std::vector<Index>& patch : bisector.patches) result.patches.push_row(patch);
  return result;
}

}  // namespace fecontact
