// SPDX-License-Identifier: BSD-3-Clause
#include "fecontact/mass/surface_mass.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <tuple>

#include "fecontact/detail/assert.hpp"
#include "fecontact/detail/parallel.hpp"
#include "moments.hpp"
#include "quadrature_table.hpp"

namespace fecontact {
namespace {

using Eigen::Matrix3d;
using Eigen::Vector3d;

constexpr std::size_t grain = 8192;  // faces per chunk of the ordered reduction

struct EdgeRecord {
  Index lo, hi;  // the edge's vertices, smaller first
  Index face;
  Index from;  // the vertex the face walks the edge from
};

// Sorts the edges of all faces by vertex pair and classifies each group.
// corners(f) gives face f's corner cycle.
template <class Corners>
SurfaceDiagnostics diagnose(std::size_t face_count, Corners&& corners) {
  std::vector<EdgeRecord> edges;
  for (std::size_t f = 0; f < face_count; ++f) {
    const auto cycle = corners(f);
    for (std::size_t k = 0; k < cycle.size(); ++k) {
      const Index a = cycle[k], b = cycle[(k + 1) % cycle.size()];
      edges.push_back({std::min(a, b), std::max(a, b), static_cast<Index>(f), a});
    }
  }
  std::sort(edges.begin(), edges.end(), [](const EdgeRecord& x, const EdgeRecord& y) {
    return std::tie(x.lo, x.hi, x.face) < std::tie(y.lo, y.hi, y.face);
  });
  SurfaceDiagnostics result;
  for (std::size_t begin = 0; begin < edges.size();) {
    std::size_t end = begin + 1;
    while (end < edges.size() && edges[end].lo == edges[begin].lo && edges[end].hi == edges[begin].hi)
      ++end;
    const EdgeRecord& first = edges[begin];
    SurfaceEdgeIssue issue;
    issue.vertices = {first.from, first.from == first.lo ? first.hi : first.lo};
    issue.faces[0] = first.face;
    if (end - begin > 1) issue.faces[1] = edges[begin + 1].face;
    issue.face_count = static_cast<int>(end - begin);
    if (end - begin == 1)
      result.boundary_edges.push_back(issue);
    else if (end - begin > 2)
      result.non_manifold_edges.push_back(issue);
    else if (edges[begin].from == edges[begin + 1].from)
      result.inconsistent_edges.push_back(issue);
    begin = end;
  }
  return result;
}

// Divergence-theorem moments of one curved face (nodes relative to O): with h = r·(r_ξ × r_η),
// ∫dV = ∮h/3, ∫r dV = ∮h r/4, ∫r rᵀ dV = ∮h r rᵀ/5 (Euler's theorem on homogeneous functions).
detail::Moments patch_moments(ElementType type, std::span<const Vector3d> x) {
  const detail::QuadratureTable& table = detail::quadrature_table(type);
  const std::size_t n = x.size();
  detail::Moments m;
  for (std::size_t q = 0; q < table.weights.size(); ++q) {
    const double* values = &table.values[q * n];
    const Vector3d* derivatives = &table.derivatives[q * n];
    Vector3d r = Vector3d::Zero(), r_xi = Vector3d::Zero(), r_eta = Vector3d::Zero();
    for (std::size_t i = 0; i < n; ++i) {
      r += values[i] * x[i];
      r_xi += derivatives[i][0] * x[i];
      r_eta += derivatives[i][1] * x[i];
    }
    const double h = table.weights[q] * r.dot(r_xi.cross(r_eta));
    m.volume += h / 3;
    m.first += h / 4 * r;
    m.second += h / 5 * r * r.transpose();
  }
  m.mass = m.volume;
  return m;
}

// Sums chunk_moments(begin, end) over fixed chunks of the faces, in chunk order.
template <class ChunkMoments>
detail::Moments sum_chunks(std::size_t face_count, ChunkMoments&& chunk_moments) {
  return detail::ordered_reduce(face_count, grain, detail::Moments{}, chunk_moments,
                        [](detail::Moments acc, const detail::Moments& chunk) {
                          acc.add(chunk, 1);
                          return acc;
                        });
}

// The hot loop of the triangle path: signed tetrahedra (O, p, q, r) as in tetrahedron_moments,
// with unnormalised sums of det, det·s and the 6 distinct entries of det·(ppᵀ + qqᵀ + rrᵀ + ssᵀ)
// (s = p + q + r), scaled by 1/6, 1/24 and 1/120 once per chunk.
detail::Moments triangle_chunk(std::span<const Vector3d> vertices,
                               std::span<const std::array<Index, 3>> triangles,
                               const Vector3d& origin, std::size_t begin, std::size_t end) {
  double det_sum = 0, s_sum[3] = {0, 0, 0}, c_sum[6] = {0, 0, 0, 0, 0, 0};
  for (std::size_t f = begin; f < end; ++f) {
    const auto& t = triangles[f];
    const Vector3d p = vertices[static_cast<std::size_t>(t[0])] - origin;
    const Vector3d q = vertices[static_cast<std::size_t>(t[1])] - origin;
    const Vector3d r = vertices[static_cast<std::size_t>(t[2])] - origin;
    const double det = p.dot(q.cross(r));
    const Vector3d s = p + q + r;
    const auto entry = [&](int i, int j) { return p[i] * p[j] + q[i] * q[j] + r[i] * r[j] + s[i] * s[j]; };
    det_sum += det;
    for (int i = 0; i < 3; ++i) s_sum[i] += det * s[i];
    c_sum[0] += det * entry(0, 0), c_sum[1] += det * entry(1, 1), c_sum[2] += det * entry(2, 2);
    c_sum[3] += det * entry(0, 1), c_sum[4] += det * entry(0, 2), c_sum[5] += det * entry(1, 2);
  }
  detail::Moments m;
  m.volume = m.mass = det_sum / 6;
  m.first = Vector3d(s_sum[0], s_sum[1], s_sum[2]) / 24;
  m.second << c_sum[0], c_sum[3], c_sum[4], c_sum[3], c_sum[1], c_sum[5], c_sum[4], c_sum[5], c_sum[2];
  m.second /= 120;
  return m;
}

// Status from the diagnostics and the signed moments; properties when everything is fine.
template <class ComputeMoments>
SurfaceMassResult finish(SurfaceDiagnostics diagnostics, std::size_t face_count,
                         ComputeMoments&& compute_moments, const Vector3d& reference,
                         const SurfaceMassOptions& options) {
  SurfaceMassResult result;
  result.diagnostics = std::move(diagnostics);
  if (face_count == 0) {
    result.status = SurfaceMassStatus::empty;
    return result;
  }
  if (!result.diagnostics.boundary_edges.empty()) result.status = SurfaceMassStatus::open;
  else if (!result.diagnostics.non_manifold_edges.empty())
    result.status = SurfaceMassStatus::non_manifold;
  else if (!result.diagnostics.inconsistent_edges.empty())
    result.status = SurfaceMassStatus::inconsistent_orientation;
  if (result.status != SurfaceMassStatus::ok) return result;
  detail::Moments unit = compute_moments();
  result.signed_volume = unit.volume;
  if (!(std::abs(unit.volume) > 0) || !std::isfinite(unit.volume)) {
    result.status = SurfaceMassStatus::degenerate;
    return result;
  }
  if (unit.volume < 0) {
    if (!options.flip_inside_out) {
      result.status = SurfaceMassStatus::inside_out;
      return result;
    }
    result.flipped = true;
    detail::Moments flipped;
    flipped.add(unit, -1);  // every moment changes sign with the orientation
    flipped.volume = -unit.volume;
    unit = flipped;
  }
  detail::Moments weighted;
  weighted.add(unit, options.density);
  result.properties = detail::to_mass_properties(weighted, reference);
  return result;
}

}  // namespace

SurfaceDiagnostics surface_diagnostics(std::span<const std::array<Index, 3>> triangles) {
  return diagnose(triangles.size(),
                  [&](std::size_t f) { return std::span<const Index>(triangles[f]); });
}

SurfaceDiagnostics surface_diagnostics(const Surface& surface) {
  return diagnose(surface.faces.size(), [&](std::size_t f) {
    const SurfaceFace& face = surface.faces[f];
    return face.nodes().first(static_cast<std::size_t>(corner_count(face.type)));
  });
}

SurfaceMassResult surface_mass_properties(std::span<const Vector3d> vertices,
                                          std::span<const std::array<Index, 3>> triangles,
                                          const SurfaceMassOptions& options) {
  const Vector3d reference =
      triangles.empty() ? Vector3d::Zero() : vertices[static_cast<std::size_t>(triangles[0][0])];
  const auto moments = [&] {
    return sum_chunks(triangles.size(), [&](std::size_t begin, std::size_t end) {
      return triangle_chunk(vertices, triangles, reference, begin, end);
    });
  };
  return finish(options.check_topology ? surface_diagnostics(triangles) : SurfaceDiagnostics{},
                triangles.size(), moments, reference, options);
}

SurfaceMassResult surface_mass_properties(const Surface& surface,
                                          std::span<const Vector3d> coordinates,
                                          const SurfaceMassOptions& options) {
  const Vector3d reference = surface.faces.empty()
                                 ? Vector3d::Zero()
                                 : coordinates[static_cast<std::size_t>(surface.faces[0].nodes()[0])];
  const auto moments = [&] {
    return sum_chunks(surface.faces.size(), [&](std::size_t begin, std::size_t end) {
      detail::Moments chunk;
      for (std::size_t f = begin; f < end; ++f) {
        const SurfaceFace& face = surface.faces[f];
        const auto nodes = face.nodes();
        std::array<Vector3d, 9> x;
        for (std::size_t i = 0; i < nodes.size(); ++i)
          x[i] = coordinates[static_cast<std::size_t>(nodes[i])] - reference;
        chunk.add(face.type == ElementType::tri3
                      ? detail::tetrahedron_moments(Vector3d::Zero(), x[0], x[1], x[2])
                      : patch_moments(face.type, std::span<const Vector3d>(x).first(nodes.size())),
                  1);
      }
      return chunk;
    });
  };
  return finish(options.check_topology ? surface_diagnostics(surface) : SurfaceDiagnostics{},
                surface.faces.size(), moments, reference, options);
}

}  // namespace fecontact
