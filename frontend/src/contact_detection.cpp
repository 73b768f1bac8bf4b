// SPDX-License-Identifier: BSD-3-Clause
#include "fecontact/frontend/contact_detection.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <set>
#include <span>
#include <stdexcept>
#include <utility>

#include "detection/detection_parts.hpp"
#include "fecontact/contact/contact_search.hpp"
#include "fecontact/contact/face_geometry.hpp"
#include "fecontact/detail/ascii.hpp"
#include "fecontact/detail/number_text.hpp"
#include "fecontact/geometry/aabb.hpp"

namespace fecontact {

namespace {

using Eigen::Vector3d;
using detail::block_of;

/// What decides whether two faces face each other: the centre (reference centre) and outward
/// unit normal there, and whether the face is a side of a shell.
struct FaceFrame {
  Vector3d centre;
  Vector3d normal;
  bool shell = false;
};

FaceFrame face_frame(const Mesh& mesh, const SurfaceFace& face) {
  const Eigen::Vector2d centre = reference_centre(face.type);
  const FaceNodes nodes = gather_face_nodes(face, mesh.coordinates);
  return {face_point(nodes, centre), face_normal(nodes, centre), !is_volume(block_of(mesh, face.owner.element).type)};
}

/// Normals opposed within the angle (n_a·n_b ≤ −cos θ). Two shell sides must also face each
/// other rather than turn their backs: of the two sides of each shell, the pair whose centres
/// lie in front of each other, (c_b − c_a)·n_a + (c_a − c_b)·n_b ≥ 0. A shell side and a solid
/// face need no such test: the shell's other side points along the solid face's normal.
bool facing(const FaceFrame& a, const FaceFrame& b, double opposed) {
  if (a.normal.dot(b.normal) > opposed) return false;
  return !(a.shell && b.shell) || (b.centre - a.centre).dot(a.normal - b.normal) >= 0;
}

/// Mean over the faces of all skins of their mean corner-to-corner edge length.
double mean_face_size(const Mesh& mesh, const std::vector<DetectedComponent>& components) {
  double sum = 0;
  std::size_t count = 0;
  for (const DetectedComponent& component : components)
    for (const SurfaceFace& face : component.skin.faces) {
      sum += face_size(gather_face_nodes(face, mesh.coordinates));
      ++count;
    }
  return count == 0 ? 0 : sum / static_cast<double>(count);
}

/// A box holding every face of the skin, curved ones too: x(ξ) − c = Σ Nᵢ(ξ)(xᵢ − c) since
/// Σ Nᵢ = 1, so |x(ξ) − c| ≤ Λ maxᵢ|xᵢ − c| with Λ = max Σ|Nᵢ| the Lebesgue constant of the
/// face's nodes: 1 for linear faces, 3 bounds every quadratic one (quad8 at its centre).
Aabb skin_box(const Mesh& mesh, const Surface& skin) {
  Aabb box;
  for (const SurfaceFace& face : skin.faces) {
    const FaceNodes nodes = gather_face_nodes(face, mesh.coordinates);
    const int n = node_count(face.type);
    if (n == corner_count(face.type)) {
      for (int i = 0; i < n; ++i) box = expand(box, nodes.x[static_cast<std::size_t>(i)]);
      continue;
    }
    Vector3d c = Vector3d::Zero();
    for (int i = 0; i < n; ++i) c += nodes.x[static_cast<std::size_t>(i)] / n;
    double r = 0;
    for (int i = 0; i < n; ++i) r = std::max(r, (nodes.x[static_cast<std::size_t>(i)] - c).norm());
    box = merge(box, inflate(Aabb{c, c}, 3 * r));
  }
  return box;
}

/// A face of one component within the distance of a face of the other, facing it.
struct Link {
  Index a = 0;  // face of the skin of components[0]
  Index b = 0;  // face of the skin of components[1]
  double distance = 0;
};

/// The pairs between the two components `components` (indices into `all`) from their links.
void add_pairs(const Mesh& mesh, const std::vector<DetectedComponent>& all, std::array<Index, 2> components,
               std::span<const Link> links, std::vector<DetectedPair>& pairs) {
  // Faces of both sides in one numbering: face f of side 0 is f, face g of side 1 is offset + g.
  const std::array<const Surface*, 2> skin = {&all[static_cast<std::size_t>(components[0])].skin,
                                              &all[static_cast<std::size_t>(components[1])].skin};
  const Index offset = skin[0]->size();
  const auto face_of = [&](Index f) -> const SurfaceFace& {
    return f < offset ? skin[0]->faces[static_cast<std::size_t>(f)] : skin[1]->faces[static_cast<std::size_t>(f - offset)];
  };
  std::vector<Index> faces;
  for (const Link& l : links) faces.insert(faces.end(), {l.a, offset + l.b});
  std::sort(faces.begin(), faces.end());
  faces.erase(std::unique(faces.begin(), faces.end()), faces.end());
  const auto position = [&](Index f) {
    return static_cast<std::size_t>(std::lower_bound(faces.begin(), faces.end(), f) - faces.begin());
  };
  detail::DisjointSets sets(faces.size());
  // Faces of one component that share a node are connected (the two components share none).
  std::vector<std::pair<Index, Index>> node_face;
  for (Index p = 0; p < static_cast<Index>(faces.size()); ++p)
    for (const Index n : face_of(faces[static_cast<std::size_t>(p)]).nodes()) node_face.emplace_back(n, p);
  std::sort(node_face.begin(), node_face.end());
  for (std::size_t i = 1; i < node_face.size(); ++i)
    if (node_face[i].first == node_face[i - 1].first) sets.unite(node_face[i].second, node_face[i - 1].second);
  std::vector<double> closest(faces.size(), std::numeric_limits<double>::infinity());
  for (const Link& l : links) {
    const std::size_t pa = position(l.a), pb = position(offset + l.b);
    sets.unite(static_cast<Index>(pa), static_cast<Index>(pb));
    closest[pa] = std::min(closest[pa], l.distance);
    closest[pb] = std::min(closest[pb], l.distance);
  }
  // One pair per connected group, in the order of its first face (a face of side 0).
  std::vector<Index> pair_of_root(faces.size(), -1);
  const std::size_t first = pairs.size();
  for (Index p = 0; p < static_cast<Index>(faces.size()); ++p) {
    Index& pair = pair_of_root[static_cast<std::size_t>(sets.find(p))];
    if (pair < 0) {
      pair = static_cast<Index>(pairs.size() - first);
      DetectedPair created;
      created.components = components;
      created.min_distance = std::numeric_limits<double>::infinity();
      pairs.push_back(created);
    }
    DetectedPair& target = pairs[first + static_cast<std::size_t>(pair)];
    const Index face = faces[static_cast<std::size_t>(p)];
    const std::size_t side = face < offset ? 0 : 1;
    target.faces[side].push_back(face < offset ? face : face - offset);
    target.areas[side] += face_area(gather_face_nodes(face_of(face), mesh.coordinates));
    target.min_distance = std::min(target.min_distance, closest[static_cast<std::size_t>(p)]);
    target.max_distance = std::max(target.max_distance, closest[static_cast<std::size_t>(p)]);
  }
  for (std::size_t i = first; i < pairs.size(); ++i) {
    DetectedPair& pair = pairs[i];
    const double mean0 = pair.areas[0] / static_cast<double>(pair.faces[0].size());
    const double mean1 = pair.areas[1] / static_cast<double>(pair.faces[1].size());
    if (std::abs(mean0 - mean1) > 0.01 * std::max(mean0, mean1)) pair.master = mean0 > mean1 ? 0 : 1;
    else pair.master = pair.areas[0] > pair.areas[1] ? 0 : 1;
  }
}

/// Names the surfaces of the pairs (DetectedPair::surfaces).
void name_surfaces(const Mesh& mesh, ContactDetection& detection) {
  std::set<std::string> taken;
  for (const auto& s : mesh.surfaces) taken.insert(detail::lower_case_ascii(s.name));
  for (const auto& s : mesh.node_sets) taken.insert(detail::lower_case_ascii(s.name));
  for (const auto& s : mesh.element_sets) taken.insert(detail::lower_case_ascii(s.name));
  for (std::size_t k = 0; k < detection.pairs.size(); ++k) {
    DetectedPair& pair = detection.pairs[k];
    for (std::size_t side = 0; side < 2; ++side)
      pair.surfaces[side] = detail::deck_name(detection.components[static_cast<std::size_t>(pair.components[side])].name,
                                      "_C" + std::to_string(k + 1), taken);
  }
}

}  // namespace

ContactDetection detect_contact(const Mesh& mesh, const std::vector<ElementGroup>& groups,
                                const DetectionOptions& options) {
  if (options.distance && !(std::isfinite(*options.distance) && *options.distance >= 0))
    throw std::invalid_argument("contact detection: the distance must be finite and >= 0, got " +
                                detail::number_text(*options.distance));
  if (!(options.angle_degrees >= 0 && options.angle_degrees <= 180))
    throw std::invalid_argument("contact detection: the angle must be in [0, 180] degrees, got " +
                                detail::number_text(options.angle_degrees));
  const auto markers = detail::face_markers(mesh);
  detail::check_groups(mesh, groups, markers);

  ContactDetection detection;
  detection.angle_degrees = options.angle_degrees;
  std::vector<std::string> names;
  for (detail::MergedGroups& merged : detail::merge_groups(mesh, groups, markers)) {
    DetectedComponent detected;
    for (const auto& g : merged.groups) detected.name += (detected.name.empty() ? "" : "+") + g;
    names.push_back(detected.name);
    detected.groups = std::move(merged.groups);
    detected.elements = std::move(merged.elements);
    detection.components.push_back(std::move(detected));
  }
  detail::make_distinct(names);
  for (std::size_t i = 0; i < names.size(); ++i) {
    detection.components[i].name = names[i];
    detection.components[i].skin.name = names[i];
  }
  detail::build_skins(mesh, detection.components);
  detection.distance = options.distance.value_or(default_distance_fraction * mean_face_size(mesh, detection.components));

  // One surface-to-surface interface per two components whose skins come within the distance
  // (the component of lower index the slave), all searched in one call: no face pair within a
  // component is measured.
  std::vector<Aabb> boxes;
  for (const DetectedComponent& component : detection.components) boxes.push_back(skin_box(mesh, component.skin));
  std::vector<std::array<Index, 2>> candidates;
  std::vector<ContactInterface> interfaces;
  for (Index a = 0; a < static_cast<Index>(detection.components.size()); ++a)
    for (Index b = a + 1; b < static_cast<Index>(detection.components.size()); ++b) {
      const auto ia = static_cast<std::size_t>(a), ib = static_cast<std::size_t>(b);
      if (is_empty(boxes[ia]) || is_empty(boxes[ib]) || !overlap(inflate(boxes[ia], detection.distance), boxes[ib]))
        continue;
      ContactInterface interface;
      interface.mode = ContactMode::surface_to_surface;
      interface.slave = detection.components[ia].skin;
      interface.master = detection.components[ib].skin;
      interface.options.tolerance = detection.distance;
      interfaces.push_back(std::move(interface));
      candidates.push_back({a, b});
    }
  std::vector<InterfaceResult> results;
  if (!interfaces.empty()) ContactSearch(mesh, std::move(interfaces)).search(mesh.coordinates, results);

  const double opposed = -std::cos(options.angle_degrees * std::numbers::pi / 180);
  std::vector<Link> links;
  for (std::size_t k = 0; k < candidates.size(); ++k) {
    const Surface& slave = detection.components[static_cast<std::size_t>(candidates[k][0])].skin;
    const Surface& master = detection.components[static_cast<std::size_t>(candidates[k][1])].skin;
    const InterfaceResult& result = results[k];
    links.clear();
    for (std::size_t i = 0; i < result.pair_slave.size(); ++i) {
      const auto a = static_cast<std::size_t>(result.pair_slave[i]);
      const auto b = static_cast<std::size_t>(result.pair_master[i]);
      if (facing(face_frame(mesh, slave.faces[a]), face_frame(mesh, master.faces[b]), opposed))
        links.push_back({result.pair_slave[i], result.pair_master[i], result.pair_distance[i]});
    }
    if (!links.empty()) add_pairs(mesh, detection.components, candidates[k], links, detection.pairs);
  }
  name_surfaces(mesh, detection);
  return detection;
}

}  // namespace fecontact
