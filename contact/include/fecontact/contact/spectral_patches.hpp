// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Compact connected patches of a surface's faces by recursive spectral bisection of the
// face-adjacency graph (Pothen, Simon & Liou 1990, "Partitioning sparse matrices with
// eigenvectors of graphs"): split at the median of the Fiedler vector, the eigenvector of the
// graph Laplacian's second smallest eigenvalue, until every patch is small enough.

#include <span>
#include <vector>

#include "fecontact/bvh/patches.hpp"
#include "fecontact/mesh/surface.hpp"
#include "fecontact/types.hpp"

namespace fecontact {

/// Spectral patches: rows of face indices, ascending within a patch, patches ordered by their
/// lowest face. Every face is in exactly one patch; every patch is connected.
struct SpectralPatches {
  Patches patches;
  /// Bisections for which the eigensolver did not converge: those split at the median of the
  /// breadth-first order from their lowest face instead (still connected halves' pieces).
  Index fallback_splits = 0;
};

/// Splits each connected component of the face-adjacency graph (face_adjacency.hpp) recursively
/// in two at the median of its Fiedler vector (ties by face index) until every piece has at most
/// max_faces ≥ 1 faces. A half that falls apart keeps its largest piece and hands the others
/// to the other half, which leaves both halves connected. The Fiedler vector comes from
/// Spectra's shift-invert Lanczos solver (SymEigsShiftSolver on a sparse LDLᵀ factorisation,
/// fixed start vector), so the result is deterministic. Sizes: ≤ max_faces; smaller than
/// max_faces / 2 only where a half had to hand pieces over or a component is small. Cost: an
/// eigensolve per bisection, seconds for 10⁵ faces: a construction-time choice.
SpectralPatches spectral_patches(const Surface& surface, Index max_faces);

}  // namespace fecontact
