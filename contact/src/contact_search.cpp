#include "fecontact/contact/contact_search.hpp"

#include <algorithm>
#include <optional>
#include <utility>
#include <variant>

#include "fecontact/assert.hpp"
#include "fecontact/bvh/build.hpp"
#include "fecontact/bvh/find_pairs.hpp"
#include "fecontact/bvh/patch_geometry.hpp"
#include "fecontact/bvh/patches.hpp"
#include "fecontact/bvh/quality.hpp"
#include "fecontact/bvh/refit.hpp"
#include "fecontact/contact/face_distance.hpp"
#include "fecontact/contact/face_geometry.hpp"
#include "fecontact/contact/node_contact.hpp"
#include "fecontact/contact/spectral_patches.hpp"
#include "fecontact/parallel.hpp"

namespace fecontact {
namespace {

using Eigen::Vector3d;
using Coordinates = std::span<const Vector3d>;
using Tree = std::variant<Bvh<Aabb>, Bvh<Obb>>;
constexpr std::size_t grain = 256;

// One surface's primitives and its tree, kept between steps.
struct SurfaceTree {
  PatchSet patches;
  std::optional<Tree> tree;
  double build_cost = 0;
};

PatchSet make_patches(const Surface& surface, const SearchOptions& options) {
  if (options.leaves == LeafUnit::face) return face_patches(surface);
  const Patches groups = spectral_patches(surface, {options.patch_faces});
  PatchSet patches;
  for (Index p = 0; p < groups.size(); ++p) append_patch(surface, groups.patch(p), patches);
  return patches;
}

// Refits the tree (building it the first time), then rebuilds it when the refit has grown its
// SAH cost beyond rebuild_factor × its cost at build. Returns true when it built.
template <class BV>
bool update(SurfaceTree& t, const PatchGeometry& geometry, double inflate, double rebuild_factor) {
  if (t.tree) {
    Bvh<BV>& tree = std::get<Bvh<BV>>(*t.tree);
    refit(tree, geometry, inflate);
    if (sah_cost(tree) <= rebuild_factor * t.build_cost) return false;
  }
  BuildConfig config;
  config.tolerance = inflate;
  t.tree = build<BV>(geometry, config);
  t.build_cost = sah_cost(std::get<Bvh<BV>>(*t.tree));
  return true;
}

PatchGeometry geometry_of(const Surface& surface, const PatchSet& patches, Coordinates current,
                          std::optional<Coordinates> predicted) {
  return predicted ? patch_geometry(surface, patches, current, *predicted)
                   : patch_geometry(surface, patches, current);
}

// Appends the patches of `tree` whose volumes overlap `query` (descent from the root) to `out`;
// `stack` is the caller's scratch, so that a query allocates nothing once it has grown.
template <class BV>
void query_tree(const Bvh<BV>& tree, const BV& query, std::vector<Index>& out, std::vector<Index>& stack,
                TraversalCounters& counters) {
  using Ops = BoundingVolumeOps<BV>;
  if (tree.empty()) return;
  stack.assign(1, 0);
  while (!stack.empty()) {
    const auto& node = tree.nodes[static_cast<std::size_t>(stack.back())];
    stack.pop_back();
    ++counters.bv_tests;
    if (!Ops::overlap(query, node.volume)) continue;
    ++counters.node_pairs;
    if (!node.is_leaf()) {
      stack.push_back(node.index + 1);
      stack.push_back(node.index);
      continue;
    }
    ++counters.leaf_pairs;
    for (Index k = node.index; k < node.index + node.prim_count; ++k) {
      ++counters.bv_tests;
      if (Ops::overlap(query, tree.prim_volume(node, k))) {
        ++counters.pairs_reported;
        out.push_back(tree.prim_ids[static_cast<std::size_t>(k)]);
      }
    }
  }
}

double mean_face_size(const Surface& surface, Coordinates coordinates) {
  if (surface.faces.empty()) return 0;
  const auto face_size = [&](const SurfaceFace& face) {  // mean corner-to-corner edge length
    const FaceNodes nodes = gather_face_nodes(face, coordinates);
    const int corners = corner_count(face.type);
    double edges = 0;
    for (int k = 0; k < corners; ++k) edges += (nodes.x[k] - nodes.x[(k + 1) % corners]).norm();
    return edges / corners;
  };
  const double sum = ordered_reduce(
      surface.faces.size(), 4096, 0.0,
      [&](std::size_t begin, std::size_t end) {
        double partial = 0;
        for (std::size_t f = begin; f < end; ++f) partial += face_size(surface.faces[f]);
        return partial;
      },
      [](double a, double b) { return a + b; });
  return sum / static_cast<double>(surface.faces.size());
}

std::vector<char> mask_of(const std::vector<Index>& faces, std::size_t size) {
  std::vector<char> mask(size, 0);
  for (const Index f : faces) mask[static_cast<std::size_t>(f)] = 1;
  return mask;
}

std::array<Vector3d, 8> corners_of(const Aabb& box) {
  std::array<Vector3d, 8> corners;
  for (std::size_t k = 0; k < 8; ++k)
    corners[k] = {(k & 1) ? box.max.x() : box.min.x(), (k & 2) ? box.max.y() : box.min.y(),
                  (k & 4) ? box.max.z() : box.min.z()};
  return corners;
}

std::array<Vector3d, 8> corners_of(const Obb& box) { return corners(box); }

// Depth-first from the root: the nodes at depth `level` and the leaves above it.
template <class BV>
std::vector<std::array<Vector3d, 8>> level_volumes(const Bvh<BV>& tree, int level) {
  std::vector<std::array<Vector3d, 8>> volumes;
  if (tree.empty()) return volumes;
  std::vector<std::pair<Index, int>> stack{{0, 0}};  // (node, depth)
  while (!stack.empty()) {
    const auto [index, depth] = stack.back();
    stack.pop_back();
    const auto& node = tree.nodes[static_cast<std::size_t>(index)];
    if (depth == level || node.is_leaf()) {
      volumes.push_back(corners_of(node.volume));
      continue;
    }
    stack.emplace_back(node.index + 1, depth + 1);
    stack.emplace_back(node.index, depth + 1);
  }
  return volumes;
}

bool faces_share_node(const SurfaceFace& a, const SurfaceFace& b) {
  for (const Index n : a.nodes())
    for (const Index m : b.nodes())
      if (n == m) return true;
  return false;
}

}  // namespace

struct ContactSearch::State {
  // One interface as a search sees it: its definition and its trees.
  struct Interface {
    const ContactInterface& definition;
    SurfaceTree& master;
    SurfaceTree& slave;
  };
  struct Trees {
    SurfaceTree master, slave;
  };
  const Mesh* mesh = nullptr;
  std::vector<ContactInterface> definitions;
  std::vector<Trees> trees;  // one per definition
  Index builds = 0;

  std::vector<InterfaceResult> search_all(Coordinates current, std::optional<Coordinates> predicted);
  InterfaceResult search(Interface& i, Coordinates current, std::optional<Coordinates> predicted);
  template <class BV>
  void node_to_surface(Interface& i, InterfaceResult& r, Coordinates current, std::optional<Coordinates> predicted);
  template <class BV>
  void face_pairs(Interface& i, InterfaceResult& r, Coordinates current, std::optional<Coordinates> predicted);
  void add_contact(const Interface& i, InterfaceResult::NodeContacts& out, Index node, const NodeContact& c) const;
};

// The contacts and pairs of a chunk of slave nodes, merged in chunk order afterwards (the same
// result for any thread count).
struct NodeChunk {
  std::vector<Index> pair_node, pair_face;
  std::vector<double> pair_distance;
  std::vector<Index> contact_node;  // nodes with a contact, ascending
  std::vector<NodeContact> contact, contact_predicted;
  TraversalCounters counters;
};

// Slave nodes, chunk by chunk in parallel: the master patches whose volumes meet the node's
// (swept) box grown by the tolerance, their faces, the exact projection onto each, the closest
// one. Scratch vectors live per chunk: no allocation per node.
template <class BV>
void ContactSearch::State::node_to_surface(Interface& i, InterfaceResult& r, Coordinates current,
                                           std::optional<Coordinates> predicted) {
  using Ops = BoundingVolumeOps<BV>;
  const Surface& master = i.definition.master;
  if (update<BV>(i.master, geometry_of(master, i.master.patches, current, predicted), 0.0,
                 i.definition.options.rebuild_factor)) {
    r.rebuilt = true;
    ++builds;
  }
  const Bvh<BV>& tree = std::get<Bvh<BV>>(*i.master.tree);
  const std::vector<char> skip = mask_of(r.degenerate_master_faces, master.faces.size());
  const std::vector<Index>& nodes = i.definition.slave_nodes;
  std::vector<NodeChunk> chunks(chunk_count(nodes.size(), grain));
  parallel_chunks(nodes.size(), grain, [&](std::size_t c, std::size_t begin, std::size_t end) {
    NodeChunk& out = chunks[c];
    std::vector<Index> patches, faces, near, stack;
    for (std::size_t k = begin; k < end; ++k) {
      const auto n = static_cast<std::size_t>(nodes[k]);
      const std::array<Vector3d, 2> ends{current[n], predicted ? (*predicted)[n] : current[n]};
      const std::span<const Vector3d> points(ends.data(), predicted ? 2 : 1);
      patches.clear();
      query_tree(tree, Ops::inflate(Ops::fit_like(BV{}, points), r.tolerance), patches, stack, out.counters);
      faces.clear();
      for (const Index p : patches)
        for (const Index f : i.master.patches.faces_of(p))
          if (!skip[static_cast<std::size_t>(f)]) faces.push_back(f);
      std::sort(faces.begin(), faces.end());
      faces.erase(std::unique(faces.begin(), faces.end()), faces.end());
      near.clear();
      for (const Index f : faces) {
        const FaceNodes face = gather_face_nodes(master.faces[static_cast<std::size_t>(f)], current);
        const double distance = project_onto_face(current[n], face).distance;
        if (!predicted && distance > r.tolerance) continue;
        near.push_back(f);
        out.pair_node.push_back(nodes[k]);
        out.pair_face.push_back(f);
        out.pair_distance.push_back(distance);
      }
      const NodeContact contact = closest_face(current[n], near, master, current);
      if (contact.face < 0) continue;
      out.contact_node.push_back(nodes[k]);
      out.contact.push_back(contact);
      if (predicted) out.contact_predicted.push_back(closest_face((*predicted)[n], near, master, *predicted));
    }
  });
  for (const NodeChunk& chunk : chunks) {
    r.counters += chunk.counters;
    r.pair_slave.insert(r.pair_slave.end(), chunk.pair_node.begin(), chunk.pair_node.end());
    r.pair_master.insert(r.pair_master.end(), chunk.pair_face.begin(), chunk.pair_face.end());
    r.pair_distance.insert(r.pair_distance.end(), chunk.pair_distance.begin(), chunk.pair_distance.end());
    for (std::size_t k = 0; k < chunk.contact_node.size(); ++k) {
      add_contact(i, r.contacts, chunk.contact_node[k], chunk.contact[k]);
      if (predicted) add_contact(i, r.predicted, chunk.contact_node[k], chunk.contact_predicted[k]);
    }
  }
}

// Appends a node's contact; a contact without a face (c.face = −1) gets element_id and
// local_face −1.
void ContactSearch::State::add_contact(const Interface& i, InterfaceResult::NodeContacts& out, Index node,
                                       const NodeContact& c) const {
  out.node.push_back(node);
  out.node_id.push_back(mesh->node_ids[static_cast<std::size_t>(node)]);
  out.face.push_back(c.face);
  if (c.face >= 0) {
    const FaceRef& owner = i.definition.master.faces[static_cast<std::size_t>(c.face)].owner;
    const ElementBlock& block = mesh->blocks[static_cast<std::size_t>(owner.element.block)];
    out.element_id.push_back(block.element_ids[static_cast<std::size_t>(owner.element.element)]);
    out.local_face.push_back(owner.local_face);
  } else {
    out.element_id.push_back(-1);
    out.local_face.push_back(-1);
  }
  out.gap.push_back(c.gap);
  out.normal.insert(out.normal.end(), c.normal.data(), c.normal.data() + 3);
  out.point.insert(out.point.end(), c.point.data(), c.point.data() + 3);
  out.local.insert(out.local.end(), c.local.data(), c.local.data() + 2);
  out.feature.push_back(c.feature);
  out.feature_index.push_back(c.feature_index);
}

// Surface-to-surface and self contact: patch pairs from the trees, their face pairs, the face
// distance of each (in parallel), kept when within the tolerance.
template <class BV>
void ContactSearch::State::face_pairs(Interface& i, InterfaceResult& r, Coordinates current,
                                      std::optional<Coordinates> predicted) {
  const bool self = i.definition.kind == ContactInterface::Kind::self;
  const Surface& master = i.definition.master;
  const Surface& slave = self ? master : i.definition.slave;
  const double factor = i.definition.options.rebuild_factor;
  // Master volumes grown by the tolerance, slave ones not: overlapping volumes ⇔ possibly closer
  // than the tolerance.
  if (update<BV>(i.master, geometry_of(master, i.master.patches, current, predicted), r.tolerance, factor)) {
    r.rebuilt = true;
    ++builds;
  }
  SurfaceTree& slave_tree = self ? i.master : i.slave;
  if (!self && update<BV>(i.slave, geometry_of(slave, i.slave.patches, current, predicted), 0.0, factor)) {
    r.rebuilt = true;
    ++builds;
  }
  const PairSearch found = find_pairs(std::get<Bvh<BV>>(*slave_tree.tree), std::get<Bvh<BV>>(*i.master.tree));
  r.counters += found.counters;

  const std::vector<char> skip_master = mask_of(r.degenerate_master_faces, master.faces.size());
  const std::vector<char> skip_slave = self ? skip_master : mask_of(r.degenerate_slave_faces, slave.faces.size());
  std::vector<std::pair<Index, Index>> candidates;  // (slave face, master face)
  for (const PatchPair& pair : found.pairs)
    for (const Index s : slave_tree.patches.faces_of(pair.a))
      for (const Index m : i.master.patches.faces_of(pair.b)) {
        if (skip_slave[static_cast<std::size_t>(s)] || skip_master[static_cast<std::size_t>(m)]) continue;
        if (self && (s >= m || faces_share_node(master.faces[static_cast<std::size_t>(s)],
                                                master.faces[static_cast<std::size_t>(m)])))
          continue;
        candidates.emplace_back(s, m);
      }
  std::sort(candidates.begin(), candidates.end());
  candidates.erase(std::unique(candidates.begin(), candidates.end()), candidates.end());
  const auto distance_at = [&](std::pair<Index, Index> pair, Coordinates x) {
    return face_distance(gather_face_nodes(slave.faces[static_cast<std::size_t>(pair.first)], x),
                         gather_face_nodes(master.faces[static_cast<std::size_t>(pair.second)], x))
        .distance;
  };
  std::vector<double> distance(candidates.size());
  std::vector<double> distance_predicted(predicted ? candidates.size() : 0);
  parallel_for(candidates.size(), grain, [&](std::size_t k) {
    distance[k] = distance_at(candidates[k], current);
    if (predicted) distance_predicted[k] = distance_at(candidates[k], *predicted);
  });
  for (std::size_t k = 0; k < candidates.size(); ++k)
    if (predicted || distance[k] <= r.tolerance) {
      r.pair_slave.push_back(candidates[k].first);
      r.pair_master.push_back(candidates[k].second);
      r.pair_distance.push_back(distance[k]);
    }
  r.pair_distance_predicted = std::move(distance_predicted);
}

InterfaceResult ContactSearch::State::search(Interface& i, Coordinates current,
                                             std::optional<Coordinates> predicted) {
  const ContactInterface& d = i.definition;
  FECONTACT_ASSERT(current.size() == mesh->coordinates.size(), "ContactSearch: one coordinate per mesh node");
  FECONTACT_ASSERT(!predicted || predicted->size() == current.size(), "ContactSearch: predicted size differs");
  InterfaceResult r;
  r.configurations = predicted ? 2 : 1;
  r.tolerance = d.options.relative ? d.options.tolerance * mean_face_size(d.master, current) : d.options.tolerance;
  r.degenerate_master_faces = degenerate_faces(d.master, current);
  if (d.kind == ContactInterface::Kind::surface_to_surface) r.degenerate_slave_faces = degenerate_faces(d.slave, current);
  const bool obb = d.options.volume == VolumeKind::obb;
  if (d.kind == ContactInterface::Kind::node_to_surface) {
    if (obb) node_to_surface<Obb>(i, r, current, predicted); else node_to_surface<Aabb>(i, r, current, predicted);
  } else {
    if (obb) face_pairs<Obb>(i, r, current, predicted); else face_pairs<Aabb>(i, r, current, predicted);
  }
  return r;
}

ContactSearch::ContactSearch(const Mesh& mesh, std::vector<ContactInterface> interfaces)
    : state_(std::make_unique<State>()) {
  state_->mesh = &mesh;
  for (ContactInterface& definition : interfaces) {
    FECONTACT_ASSERT(definition.options.tolerance >= 0, "ContactSearch: tolerance must be ≥ 0");
    State::Trees trees;
    std::sort(definition.slave_nodes.begin(), definition.slave_nodes.end());
    definition.slave_nodes.erase(std::unique(definition.slave_nodes.begin(), definition.slave_nodes.end()),
                                 definition.slave_nodes.end());
    trees.master.patches = make_patches(definition.master, definition.options);
    if (definition.kind == ContactInterface::Kind::surface_to_surface)
      trees.slave.patches = make_patches(definition.slave, definition.options);
    state_->trees.push_back(std::move(trees));
  }
  state_->definitions = std::move(interfaces);
}

ContactSearch::~ContactSearch() = default;
ContactSearch::ContactSearch(ContactSearch&&) noexcept = default;
ContactSearch& ContactSearch::operator=(ContactSearch&&) noexcept = default;

std::vector<InterfaceResult> ContactSearch::State::search_all(Coordinates current,
                                                             std::optional<Coordinates> predicted) {
  std::vector<InterfaceResult> results;
  for (std::size_t k = 0; k < definitions.size(); ++k) {
    Interface i{definitions[k], trees[k].master, trees[k].slave};
    results.push_back(search(i, current, predicted));
  }
  return results;
}

std::vector<InterfaceResult> ContactSearch::search(Coordinates coordinates) {
  return state_->search_all(coordinates, std::nullopt);
}

std::vector<InterfaceResult> ContactSearch::search(Coordinates current, Coordinates predicted) {
  return state_->search_all(current, predicted);
}

Index ContactSearch::build_count() const { return state_->builds; }

std::span<const ContactInterface> ContactSearch::interfaces() const { return state_->definitions; }

std::vector<std::array<Vector3d, 8>> ContactSearch::tree_level_volumes(std::size_t i, int level,
                                                                        TreeSide side) const {
  FECONTACT_ASSERT(i < state_->trees.size(), "tree_level_volumes: no such interface");
  FECONTACT_ASSERT(level >= 0, "tree_level_volumes: level must be >= 0");
  const State::Trees& in = state_->trees[i];
  const std::optional<Tree>& tree = side == TreeSide::master ? in.master.tree : in.slave.tree;
  if (!tree) return {};
  return std::visit([level](const auto& t) { return level_volumes(t, level); }, *tree);
}

}  // namespace fecontact
