// SPDX-License-Identifier: BSD-3-Clause
#include "fecontact/bvh/patch_geometry.hpp"

#include <cstdint>

#include "fecontact/bvh/detail/bezier.hpp"
#include "fecontact/detail/assert.hpp"
#include "fecontact/detail/checked_index.hpp"
#include "fecontact/detail/parallel.hpp"

namespace fecontact {
namespace {

using Positions = std::span<const std::span<const Eigen::Vector3d>>;

// Writes the control points of one face at `coordinates` to `out`; returns one past the last.
Eigen::Vector3d* write_control_points(const SurfaceFace& face, std::span<const Eigen::Vector3d> coordinates,
                                      Eigen::Vector3d* out) {
  std::array<Eigen::Vector3d, 9> nodes;
  const auto face_nodes = face.nodes();
  for (std::size_t k = 0; k < face_nodes.size(); ++k) {
    FECONTACT_ASSERT(face_nodes[k] >= 0 && static_cast<std::size_t>(face_nodes[k]) < coordinates.size(),
                     "patch_geometry: face node outside the coordinate array");
    nodes[k] = coordinates[static_cast<std::size_t>(face_nodes[k])];
  }
  const auto count = static_cast<std::size_t>(detail::control_point_count(face.type));
  detail::control_points(face.type, std::span(nodes).first(face_nodes.size()), std::span(out, count));
  return out + count;
}

// The points of every patch at each of `positions`, patch by patch in parallel, into the rows
// that make_geometry laid out.
void write_points(const Surface& surface, const Patches& patches, Positions positions, PatchGeometry& geometry) {
  detail::parallel_for(static_cast<std::size_t>(patches.size()), 4096, [&](std::size_t p) {
    Eigen::Vector3d* out = geometry.points.data() + geometry.point_offsets[p];
    for (const auto& coordinates : positions)
      for (const Index f : patches.row(static_cast<Index>(p)))
        out = write_control_points(surface.faces[static_cast<std::size_t>(f)], coordinates, out);
  });
}

// The rows (point and triangle offsets, triangles: what does not move), then the points.
PatchGeometry make_geometry(const Surface& surface, const Patches& patches, Positions positions) {
  PatchGeometry geometry;
  geometry.point_offsets.reserve(static_cast<std::size_t>(patches.size()) + 1);
  geometry.triangle_offsets.reserve(static_cast<std::size_t>(patches.size()) + 1);
  // Counts in 64 bits: a two-configuration tree of 1.2·10⁸ quad9 faces has more than 2^31 points.
  std::int64_t points = 0;
  for (Index p = 0; p < patches.size(); ++p) {
    const std::int64_t first = points;
    for (std::size_t k = 0; k < positions.size(); ++k)
      for (const Index f : patches.row(p)) {
        const ElementType type = surface.faces[static_cast<std::size_t>(f)].type;
        const auto local = static_cast<Index>(points - first);  // within one patch: small
        for (const auto& t : detail::control_triangles(type))
          geometry.triangles.push_back({local + t[0], local + t[1], local + t[2]});
        points += detail::control_point_count(type);
      }
    geometry.point_offsets.push_back(detail::checked_index(points, "patch geometry points"));
    geometry.triangle_offsets.push_back(
        detail::checked_index(static_cast<std::int64_t>(geometry.triangles.size()), "patch geometry triangles"));
  }
  geometry.points.resize(static_cast<std::size_t>(points));
  write_points(surface, patches, positions, geometry);
  return geometry;
}

}  // namespace

PatchGeometry patch_geometry(const Surface& surface, const Patches& patches,
                             std::span<const Eigen::Vector3d> coordinates) {
  const std::span<const Eigen::Vector3d> positions[] = {coordinates};
  return make_geometry(surface, patches, positions);
}

PatchGeometry patch_geometry(const Surface& surface, const Patches& patches,
                             std::span<const Eigen::Vector3d> start,
                             std::span<const Eigen::Vector3d> end) {
  FECONTACT_ASSERT(start.size() == end.size(), "patch_geometry: start and end differ in size");
  const std::span<const Eigen::Vector3d> positions[] = {start, end};
  return make_geometry(surface, patches, positions);
}

void update_patch_geometry(const Surface& surface, const Patches& patches,
                           std::span<const Eigen::Vector3d> coordinates, PatchGeometry& geometry) {
  FECONTACT_ASSERT(geometry.size() == patches.size(), "update_patch_geometry: geometry of other patches");
  const std::span<const Eigen::Vector3d> positions[] = {coordinates};
  write_points(surface, patches, positions, geometry);
}

void update_patch_geometry(const Surface& surface, const Patches& patches, std::span<const Eigen::Vector3d> start,
                           std::span<const Eigen::Vector3d> end, PatchGeometry& geometry) {
  FECONTACT_ASSERT(geometry.size() == patches.size() && start.size() == end.size(),
                   "update_patch_geometry: geometry of these patches, and start and end of one size expected");
  const std::span<const Eigen::Vector3d> positions[] = {start, end};
  write_points(surface, patches, positions, geometry);
}

}  // namespace fecontact
