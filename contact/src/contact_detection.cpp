#include "fecontact/contact/contact_detection.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <numbers>
#include <numeric>
#include <set>
#include <span>
#include <stdexcept>
#include <string_view>
#include <tuple>
#include <utility>

#include "fecontact/contact/contact_search.hpp"
#include "fecontact/contact/face_geometry.hpp"
#include "fecontact/detail/ascii.hpp"
#include "fecontact/detail/number_text.hpp"
#include "fecontact/geometry/aabb.hpp"
#include "fecontact/mesh/surface_extraction.hpp"

namespace fecontact {

namespace {

using Eigen::Vector3d;

/// Disjoint sets whose representative is the smallest member, so that the groups come out in
/// the order of their first member whatever the order of the unions.
class DisjointSets {
 public:
  explicit DisjointSets(std::size_t count) : parent_(count) { std::iota(parent_.begin(), parent_.end(), Index{0}); }
  Index find(Index i) {
    while (parent_[static_cast<std::size_t>(i)] != i) {
      auto& p = parent_[static_cast<std::size_t>(i)];
      p = parent_[static_cast<std::size_t>(p)];  // path halving
      i = p;
    }
    return i;
  }
  void unite(Index a, Index b) {
    a = find(a);
    b = find(b);
    if (a == b) return;
    if (a > b) std::swap(a, b);
    parent_[static_cast<std::size_t>(b)] = a;
  }

 private:
  std::vector<Index> parent_;
};

const ElementBlock& block_of(const Mesh& mesh, const ElementRef& e) {
  return mesh.blocks[static_cast<std::size_t>(e.block)];
}

/// Per block, per element: 1 for a surface element whose corners are those of a volume
/// element's face (surface_from_boundary_elements matches it to that face).
std::vector<std::vector<char>> face_markers(const Mesh& mesh) {
  std::vector<std::vector<char>> marker(mesh.blocks.size());
  SurfaceDefinition all_surface_elements;
  for (Index b = 0; b < static_cast<Index>(mesh.blocks.size()); ++b) {
    const ElementBlock& block = mesh.blocks[static_cast<std::size_t>(b)];
    marker[static_cast<std::size_t>(b)].assign(static_cast<std::size_t>(block.size()), 0);
    if (is_volume(block.type)) continue;
    for (Index e = 0; e < block.size(); ++e) all_surface_elements.faces.push_back({{b, e}, 0});
  }
  const Surface matched = surface_from_boundary_elements(mesh, all_surface_elements);
  for (std::size_t i = 0; i < matched.faces.size(); ++i) {
    const ElementRef& given = all_surface_elements.faces[i].element;
    if (is_volume(block_of(mesh, matched.faces[i].owner.element).type))
      marker[static_cast<std::size_t>(given.block)][static_cast<std::size_t>(given.element)] = 1;
  }
  return marker;
}

bool in_body(const Mesh& mesh, const std::vector<std::vector<char>>& markers, const ElementRef& e) {
  return is_volume(block_of(mesh, e).type) ||
         markers[static_cast<std::size_t>(e.block)][static_cast<std::size_t>(e.element)] == 0;
}

/// `names` made distinct ignoring case: a name that several entries share gets "-1", "-2", ...
/// in their order (the next number when that name is taken too).
void make_distinct(std::vector<std::string>& names) {
  std::set<std::string> shared;
  std::set<std::string> seen;
  for (const auto& name : names)
    if (!seen.insert(detail::lower_case_ascii(name)).second) shared.insert(detail::lower_case_ascii(name));
  std::set<std::string> taken;
  for (const auto& name : names)
    if (shared.count(detail::lower_case_ascii(name)) == 0) taken.insert(detail::lower_case_ascii(name));
  std::map<std::string, int> counter;
  for (auto& name : names) {
    if (shared.count(detail::lower_case_ascii(name)) == 0) continue;
    std::string candidate;
    do candidate = name + "-" + std::to_string(++counter[detail::lower_case_ascii(name)]);
    while (!taken.insert(detail::lower_case_ascii(candidate)).second);
    name = candidate;
  }
}

/// A name for a solver deck made of `text`: letters, digits, '_' and '-' (others become '_'),
/// starting with a letter, followed by `suffix`, at most 80 characters (Abaqus' limit), not in
/// `taken` (lower case; the name is added to it).
std::string deck_name(std::string_view text, const std::string& suffix, std::set<std::string>& taken) {
  std::string base;
  if (text.empty() || !detail::is_alpha_ascii(text.front())) base.push_back('S');
  for (const char c : text)
    base.push_back(detail::is_alnum_ascii(c) || c == '_' || c == '-' ? c : '_');
  for (int n = 0;; ++n) {
    std::string tail = suffix;
    if (n > 0) tail.append("_").append(std::to_string(n));
    std::string name = base.substr(0, 80 - std::min<std::size_t>(tail.size(), 80));
    name.append(tail);
    if (taken.insert(detail::lower_case_ascii(name)).second) return name;
  }
}

struct Body {
  std::vector<std::string> groups;
  std::vector<ElementRef> elements;
};

/// The groups merged into bodies: groups that share a node are one body.
std::vector<Body> merge_groups(const Mesh& mesh, const std::vector<BodyGroup>& groups,
                               const std::vector<std::vector<char>>& markers) {
  DisjointSets sets(groups.size());
  std::vector<Index> node_group(static_cast<std::size_t>(mesh.node_count()), -1);
  for (Index g = 0; g < static_cast<Index>(groups.size()); ++g)
    for (const ElementRef& e : groups[static_cast<std::size_t>(g)].elements) {
      if (!in_body(mesh, markers, e)) continue;
      for (const Index n : block_of(mesh, e).element(e.element)) {
        Index& owner = node_group[static_cast<std::size_t>(n)];
        if (owner < 0) owner = g;
        else sets.unite(owner, g);
      }
    }
  std::vector<Body> bodies;
  std::vector<Index> body_of_root(groups.size(), -1);
  for (Index g = 0; g < static_cast<Index>(groups.size()); ++g) {
    Index& body = body_of_root[static_cast<std::size_t>(sets.find(g))];
    if (body < 0) {
      body = static_cast<Index>(bodies.size());
      bodies.emplace_back();
    }
    Body& target = bodies[static_cast<std::size_t>(body)];
    target.groups.push_back(groups[static_cast<std::size_t>(g)].name);
    for (const ElementRef& e : groups[static_cast<std::size_t>(g)].elements)
      if (in_body(mesh, markers, e)) target.elements.push_back(e);
  }
  for (Body& body : bodies) {
    std::sort(body.elements.begin(), body.elements.end(), [](const ElementRef& a, const ElementRef& b) {
      return std::tie(a.block, a.element) < std::tie(b.block, b.element);
    });
    body.elements.erase(std::unique(body.elements.begin(), body.elements.end()), body.elements.end());
  }
  return bodies;
}

void check_groups(const Mesh& mesh, const std::vector<BodyGroup>& groups,
                  const std::vector<std::vector<char>>& markers) {
  for (const BodyGroup& group : groups) {
    bool has_element = false;
    for (const ElementRef& e : group.elements) {
      if (e.block < 0 || e.block >= static_cast<Index>(mesh.blocks.size()) || e.element < 0 ||
          e.element >= block_of(mesh, e).size())
        throw std::invalid_argument("body group '" + group.name + "': element (block " +
                                    std::to_string(e.block) + ", element " + std::to_string(e.element) +
                                    ") is not in the mesh");
      has_element = has_element || in_body(mesh, markers, e);
    }
    if (!has_element)
      throw std::invalid_argument("body group '" + group.name + "' has no volume or shell element");
  }
}

/// The skins of the bodies (DetectedBody::skin).
void build_skins(const Mesh& mesh, std::vector<DetectedBody>& bodies) {
  std::vector<std::vector<Index>> body_of(mesh.blocks.size());
  std::vector<Index> volume_blocks;
  for (std::size_t b = 0; b < mesh.blocks.size(); ++b) {
    body_of[b].assign(static_cast<std::size_t>(mesh.blocks[b].size()), -1);
    if (is_volume(mesh.blocks[b].type)) volume_blocks.push_back(static_cast<Index>(b));
  }
  for (Index i = 0; i < static_cast<Index>(bodies.size()); ++i)
    for (const ElementRef& e : bodies[static_cast<std::size_t>(i)].elements)
      body_of[static_cast<std::size_t>(e.block)][static_cast<std::size_t>(e.element)] = i;
  for (SurfaceFace& face : exterior_surface(mesh, volume_blocks).faces) {
    const Index body = body_of[static_cast<std::size_t>(face.owner.element.block)]
                              [static_cast<std::size_t>(face.owner.element.element)];
    if (body >= 0) bodies[static_cast<std::size_t>(body)].skin.faces.push_back(face);
  }
  for (DetectedBody& body : bodies)
    for (const ElementRef& e : body.elements) {
      const ElementBlock& block = block_of(mesh, e);
      if (is_volume(block.type)) continue;
      body.skin.faces.push_back(element_face(mesh, {e, 0}));  // both sides of a shell
      body.skin.faces.push_back(element_face(mesh, {e, 1}));
    }
}

/// What decides whether two faces face each other: the centre (reference centre) and outward
/// unit normal there, and whether the face is a side of a shell.
struct FaceFrame {
  Vector3d centre;
  Vector3d normal;
  bool shell = false;
};

FaceFrame face_frame(const Mesh& mesh, const SurfaceFace& face) {
  const Eigen::Vector2d centre = corner_count(face.type) == 3 ? Eigen::Vector2d(1.0 / 3, 1.0 / 3)
                                                              : Eigen::Vector2d(0, 0);
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
double mean_face_size(const Mesh& mesh, const std::vector<DetectedBody>& bodies) {
  double sum = 0;
  std::size_t count = 0;
  for (const DetectedBody& body : bodies)
    for (const SurfaceFace& face : body.skin.faces) {
      const FaceNodes nodes = gather_face_nodes(face, mesh.coordinates);
      const int corners = corner_count(face.type);
      double edges = 0;
      for (int k = 0; k < corners; ++k)
        edges += (nodes.x[static_cast<std::size_t>(k)] - nodes.x[static_cast<std::size_t>((k + 1) % corners)]).norm();
      sum += edges / corners;
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

/// A face of one body within the distance of a face of the other, facing it.
struct Link {
  Index a = 0;  // face of the skin of bodies[0]
  Index b = 0;  // face of the skin of bodies[1]
  double distance = 0;
};

/// The pairs between the two bodies `bodies` from their links.
void add_pairs(const Mesh& mesh, const std::vector<DetectedBody>& all, std::array<Index, 2> bodies,
               std::span<const Link> links, std::vector<DetectedPair>& pairs) {
  // Faces of both sides in one numbering: face f of side 0 is f, face g of side 1 is offset + g.
  const std::array<const Surface*, 2> skin = {&all[static_cast<std::size_t>(bodies[0])].skin,
                                              &all[static_cast<std::size_t>(bodies[1])].skin};
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
  DisjointSets sets(faces.size());
  // Faces of one body that share a node are connected (the two bodies share none).
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
      created.bodies = bodies;
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
      pair.surfaces[side] = deck_name(detection.bodies[static_cast<std::size_t>(pair.bodies[side])].name,
                                      "_C" + std::to_string(k + 1), taken);
  }
}

}  // namespace

std::vector<BodyGroup> connected_bodies(const Mesh& mesh) {
  const auto markers = face_markers(mesh);
  DisjointSets sets(static_cast<std::size_t>(mesh.node_count()));
  for (Index b = 0; b < static_cast<Index>(mesh.blocks.size()); ++b)
    for (Index e = 0; e < mesh.blocks[static_cast<std::size_t>(b)].size(); ++e) {
      if (!in_body(mesh, markers, {b, e})) continue;
      const auto nodes = mesh.blocks[static_cast<std::size_t>(b)].element(e);
      for (const Index n : nodes) sets.unite(nodes.front(), n);
    }
  std::vector<BodyGroup> groups;
  std::vector<std::vector<Index>> group_blocks;
  std::vector<Index> group_of_root(static_cast<std::size_t>(mesh.node_count()), -1);
  for (Index b = 0; b < static_cast<Index>(mesh.blocks.size()); ++b)
    for (Index e = 0; e < mesh.blocks[static_cast<std::size_t>(b)].size(); ++e) {
      if (!in_body(mesh, markers, {b, e})) continue;
      const Index root = sets.find(mesh.blocks[static_cast<std::size_t>(b)].element(e).front());
      Index& group = group_of_root[static_cast<std::size_t>(root)];
      if (group < 0) {
        group = static_cast<Index>(groups.size());
        groups.emplace_back();
        group_blocks.emplace_back();
      }
      groups[static_cast<std::size_t>(group)].elements.push_back({b, e});
      auto& blocks = group_blocks[static_cast<std::size_t>(group)];
      if (blocks.empty() || blocks.back() != b) blocks.push_back(b);
    }
  std::vector<std::string> names;
  for (const auto& blocks : group_blocks) {
    std::vector<std::string> parts;
    for (const Index b : blocks) {
      const std::string& name = mesh.blocks[static_cast<std::size_t>(b)].name;
      if (std::find(parts.begin(), parts.end(), name) == parts.end()) parts.push_back(name);
    }
    std::string joined;
    for (const auto& part : parts) joined += (joined.empty() ? "" : "+") + part;
    names.push_back(joined);
  }
  make_distinct(names);
  for (std::size_t i = 0; i < groups.size(); ++i) groups[i].name = names[i];
  return groups;
}

ContactDetection detect_contact(const Mesh& mesh, const std::vector<BodyGroup>& groups,
                                const DetectionOptions& options) {
  if (options.distance && !(std::isfinite(*options.distance) && *options.distance >= 0))
    throw std::invalid_argument("contact detection: the distance must be finite and >= 0, got " +
                                detail::number_text(*options.distance));
  if (!(options.angle_degrees >= 0 && options.angle_degrees <= 180))
    throw std::invalid_argument("contact detection: the angle must be in [0, 180] degrees, got " +
                                detail::number_text(options.angle_degrees));
  const auto markers = face_markers(mesh);
  check_groups(mesh, groups, markers);

  ContactDetection detection;
  detection.angle_degrees = options.angle_degrees;
  std::vector<std::string> names;
  for (Body& body : merge_groups(mesh, groups, markers)) {
    DetectedBody detected;
    for (const auto& g : body.groups) detected.name += (detected.name.empty() ? "" : "+") + g;
    names.push_back(detected.name);
    detected.groups = std::move(body.groups);
    detected.elements = std::move(body.elements);
    detection.bodies.push_back(std::move(detected));
  }
  make_distinct(names);
  for (std::size_t i = 0; i < names.size(); ++i) {
    detection.bodies[i].name = names[i];
    detection.bodies[i].skin.name = names[i];
  }
  build_skins(mesh, detection.bodies);
  detection.distance = options.distance.value_or(default_distance_fraction * mean_face_size(mesh, detection.bodies));

  // One surface-to-surface interface per two bodies whose skins come within the distance (the
  // body of lower index the slave), all searched in one call: no face pair within a body is
  // measured.
  std::vector<Aabb> boxes;
  for (const DetectedBody& body : detection.bodies) boxes.push_back(skin_box(mesh, body.skin));
  std::vector<std::array<Index, 2>> candidates;
  std::vector<ContactInterface> interfaces;
  for (Index a = 0; a < static_cast<Index>(detection.bodies.size()); ++a)
    for (Index b = a + 1; b < static_cast<Index>(detection.bodies.size()); ++b) {
      const auto ia = static_cast<std::size_t>(a), ib = static_cast<std::size_t>(b);
      if (is_empty(boxes[ia]) || is_empty(boxes[ib]) || !overlap(inflate(boxes[ia], detection.distance), boxes[ib]))
        continue;
      ContactInterface interface;
      interface.kind = ContactKind::surface_to_surface;
      interface.slave = detection.bodies[ia].skin;
      interface.master = detection.bodies[ib].skin;
      interface.options.tolerance = detection.distance;
      interfaces.push_back(std::move(interface));
      candidates.push_back({a, b});
    }
  std::vector<InterfaceResult> results;
  if (!interfaces.empty()) ContactSearch(mesh, std::move(interfaces)).search(mesh.coordinates, results);

  const double opposed = -std::cos(options.angle_degrees * std::numbers::pi / 180);
  std::vector<Link> links;
  for (std::size_t k = 0; k < candidates.size(); ++k) {
    const Surface& slave = detection.bodies[static_cast<std::size_t>(candidates[k][0])].skin;
    const Surface& master = detection.bodies[static_cast<std::size_t>(candidates[k][1])].skin;
    const InterfaceResult& result = results[k];
    links.clear();
    for (std::size_t i = 0; i < result.pair_slave.size(); ++i) {
      const auto a = static_cast<std::size_t>(result.pair_slave[i]);
      const auto b = static_cast<std::size_t>(result.pair_master[i]);
      if (facing(face_frame(mesh, slave.faces[a]), face_frame(mesh, master.faces[b]), opposed))
        links.push_back({result.pair_slave[i], result.pair_master[i], result.pair_distance[i]});
    }
    if (!links.empty()) add_pairs(mesh, detection.bodies, candidates[k], links, detection.pairs);
  }
  name_surfaces(mesh, detection);
  return detection;
}

}  // namespace fecontact
