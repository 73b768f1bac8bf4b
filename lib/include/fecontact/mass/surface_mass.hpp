// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Mass properties of the solid enclosed by a closed, outward-oriented surface, by the divergence
// theorem (seeds 000, 001, 002): with r measured from a reference point O and f homogeneous of
// degree k in r, ∫_V f dV = 1/(3+k) ∮ f (r·n) dS. For a flat triangle this is the signed
// tetrahedron (O, v0, v1, v2) — the closed form of seed 000, C' = det(A)·A C Aᵀ; curved faces
// (tri6, quad4 bilinear, quad8, quad9) are integrated exactly by Gauss rules of
// mass_quadrature_degree on the isoparametric patch, so the exterior surface of an element block
// gives the element result of the same block to round-off, warped and quadratic faces included
// (no splitting into triangles). O is the first node of the first face: a point of the body, so
// that bodies far from the global origin keep their precision.
//
// The surface must be closed (every edge used by exactly two faces, in opposite directions)
// and enclose a positive volume; otherwise the result is an error status with the located
// problems, not a number. Edges of quadratic faces are identified by their corner nodes.

#include <array>
#include <span>
#include <vector>

#include <Eigen/Core>

#include "fecontact/mass/mass_properties.hpp"
#include "fecontact/mesh/surface.hpp"
#include "fecontact/types.hpp"

namespace fecontact {

/// A located edge problem: the edge's two vertices (as walked by faces[0]) and the first two
/// faces that use it (faces[1] = −1 for a boundary edge); face_count = how many faces use it.
struct SurfaceEdgeIssue {
  std::array<Index, 2> vertices{};
  std::array<Index, 2> faces{-1, -1};
  int face_count = 0;
};

/// Topology of a surface: boundary (open) edges, non-manifold edges (> 2 faces) and edges that
/// two faces walk in the same direction (inconsistent orientation). Each list is sorted by the
/// edge's vertex pair; its size is the count.
struct SurfaceDiagnostics {
  std::vector<SurfaceEdgeIssue> boundary_edges;
  std::vector<SurfaceEdgeIssue> non_manifold_edges;
  std::vector<SurfaceEdgeIssue> inconsistent_edges;

  bool closed_and_consistent() const {
    return boundary_edges.empty() && non_manifold_edges.empty() && inconsistent_edges.empty();
  }
};

/// Topology diagnostics of triangles (vertex indices). O(n log n) in the number of triangles.
SurfaceDiagnostics surface_diagnostics(std::span<const std::array<Index, 3>> triangles);
/// Topology diagnostics of the faces of `surface` (by their corner nodes; face = index in
/// surface.faces).
SurfaceDiagnostics surface_diagnostics(const Surface& surface);

struct SurfaceMassOptions {
  double density = 1;
  /// Compute an inside-out surface (negative enclosed volume) with its orientation flipped,
  /// instead of returning SurfaceMassStatus::inside_out. The result then says `flipped`.
  bool flip_inside_out = false;
  /// Run surface_diagnostics first (default). Turn off only when the caller has already
  /// checked this connectivity; an unchecked open surface gives a meaningless number.
  bool check_topology = true;
};

enum class SurfaceMassStatus {
  ok,
  empty,                     ///< no faces
  open,                      ///< boundary edges (diagnostics.boundary_edges)
  non_manifold,              ///< edges with more than two faces
  inconsistent_orientation,  ///< neighbouring faces with opposite orientations
  inside_out,                ///< negative enclosed volume (see signed_volume; flip on request)
  degenerate,                ///< zero or non-finite enclosed volume
};

/// The properties are set only when status is ok; otherwise they are all zero and the
/// diagnostics (and signed_volume, when computed) say why. Open beats non-manifold beats
/// inconsistent in `status`; the diagnostics hold all three.
struct SurfaceMassResult {
  SurfaceMassStatus status = SurfaceMassStatus::ok;
  MassProperties properties;
  SurfaceDiagnostics diagnostics;
  double signed_volume = 0;  ///< the enclosed volume as oriented (negative: inside-out)
  bool flipped = false;      ///< the orientation was flipped on request
};

/// Mass properties of the solid bounded by triangles (indices into `vertices`, counter-clockwise
/// seen from outside). Precondition: indices are valid.
SurfaceMassResult surface_mass_properties(std::span<const Eigen::Vector3d> vertices,
                                          std::span<const std::array<Index, 3>> triangles,
                                          const SurfaceMassOptions& options = {});

/// Mass properties of the solid bounded by `surface` (any face type; node indices into
/// `coordinates`, outward by the right-hand rule).
SurfaceMassResult surface_mass_properties(const Surface& surface,
                                          std::span<const Eigen::Vector3d> coordinates,
                                          const SurfaceMassOptions& options = {});

}  // namespace fecontact
