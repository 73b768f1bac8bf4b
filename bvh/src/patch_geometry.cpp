#include "fecontact/bvh/patch_geometry.hpp"

#include "fecontact/assert.hpp"
#include "fecontact/bvh/bezier.hpp"

namespace fecontact {
namespace {

// Appends the control points and net triangles of one face at `coordinates`.
void append_face(const SurfaceFace& face, std::span<const Eigen::Vector3d> coordinates,
                 PatchGeometry& geometry, Index patch_first_point) {
  std::array<Eigen::Vector3d, 9> nodes;
  const auto face_nodes = face.nodes();
  for (std::size_t k = 0; k < face_nodes.size(); ++k) {
    FECONTACT_ASSERT(face_nodes[k] >= 0 && static_cast<std::size_t>(face_nodes[k]) < coordinates.size(),
                     "patch_geometry: face node outside the coordinate array");
    nodes[k] = coordinates[static_cast<std::size_t>(face_nodes[k])];
  }
  std::array<Eigen::Vector3d, max_control_points> control;
  control_points(face.type, std::span(nodes).first(face_nodes.size()), control);
  const Index base = static_cast<Index>(geometry.points.size()) - patch_first_point;
  for (int k = 0; k < control_point_count(face.type); ++k) geometry.points.push_back(control[static_cast<std::size_t>(k)]);
  for (const auto& t : control_triangles(face.type))
    geometry.triangles.push_back({base + t[0], base + t[1], base + t[2]});
}

PatchGeometry make_geometry(const Surface& surface, const PatchSet& patches,
                            std::span<const std::span<const Eigen::Vector3d>> positions) {
  PatchGeometry geometry;
  geometry.point_offsets.reserve(static_cast<std::size_t>(patches.size()) + 1);
  geometry.triangle_offsets.reserve(static_cast<std::size_t>(patches.size()) + 1);
  for (Index p = 0; p < patches.size(); ++p) {
    const auto first = static_cast<Index>(geometry.points.size());
    for (const auto& coordinates : positions)
      for (const Index f : patches.faces_of(p))
        append_face(surface.faces[static_cast<std::size_t>(f)], coordinates, geometry, first);
    geometry.point_offsets.push_back(static_cast<Index>(geometry.points.size()));
    geometry.triangle_offsets.push_back(static_cast<Index>(geometry.triangles.size()));
  }
  return geometry;
}

}  // namespace

PatchGeometry patch_geometry(const Surface& surface, const PatchSet& patches,
                             std::span<const Eigen::Vector3d> coordinates) {
  const std::span<const Eigen::Vector3d> positions[] = {coordinates};
  return make_geometry(surface, patches, positions);
}

PatchGeometry patch_geometry(const Surface& surface, const PatchSet& patches,
                             std::span<const Eigen::Vector3d> start,
                             std::span<const Eigen::Vector3d> end) {
  FECONTACT_ASSERT(start.size() == end.size(), "patch_geometry: start and end differ in size");
  const std::span<const Eigen::Vector3d> positions[] = {start, end};
  return make_geometry(surface, patches, positions);
}

}  // namespace fecontact
