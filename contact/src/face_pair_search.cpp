// SPDX-License-Identifier: BSD-3-Clause
// The surface-to-surface and self step: face pairs from the trees' patch pairs (or kept by the
// last search of the trees), the distance of each in parallel, those within the tolerance.
#include <algorithm>
#include <limits>

#include "fecontact/contact/face_distance.hpp"
#include "fecontact/contact/face_geometry.hpp"
#include "fecontact/contact/triangle_distance.hpp"
#include "fecontact/detail/parallel.hpp"
#include "search_state.hpp"

namespace fecontact::detail {
namespace {

bool faces_share_node(const SurfaceFace& a, const SurfaceFace& b) {
  for (const Index n : a.nodes())
    for (const Index m : b.nodes())
      if (n == m) return true;
  return false;
}

// The patch pairs of the trees (slave patch, master patch; self: p < q) into s.patch_pairs.
void patch_pairs(InterfaceState& s, bool self, bool two_configurations) {
  const bool dual = s.definition->options.bv == BvKind::dual;
  const SurfaceTree& slave = self ? s.master : s.slave;
  const PatchGeometry& master_geometry = s.master.fitted(two_configurations);
  std::visit(
      [&](const auto& master_tree) {
        using TreeType = std::decay_t<decltype(master_tree)>;
        const TreeType& slave_tree = std::get<TreeType>(*slave.tree);
        if constexpr (std::is_same_v<TreeType, Bvh<Aabb>>) {
          if (dual && self) return find_self_pairs_dual(master_tree, master_geometry, s.patch_pairs, s.dual_buffers);
          if (dual)
            return find_pairs_dual(slave_tree, slave.fitted(two_configurations), master_tree, master_geometry,
                                   s.patch_pairs, s.dual_buffers);
        }
        if (self) return find_self_pairs(master_tree, s.patch_pairs, s.pair_buffers);
        find_pairs(slave_tree, master_tree, s.patch_pairs, s.pair_buffers);
      },
      *s.master.tree);
}

// The face pairs of the patch pairs into s.candidates, ascending, each once: zero-area faces
// and, in self contact, faces that share a node left out. Self contact of multi-face patches
// also pairs the faces within each patch.
void face_candidates(InterfaceState& s, bool self) {
  const ContactInterface& in = *s.definition;
  const Surface& slave = self ? in.master : in.slave;
  const SurfaceTree& slave_tree = self ? s.master : s.slave;
  const auto add = [&](Index a, Index b) {
    if (slave_tree.degenerate[static_cast<std::size_t>(a)] || s.master.degenerate[static_cast<std::size_t>(b)]) return;
    if (!self) {
      s.candidates.emplace_back(a, b);
      return;
    }
    if (a == b || faces_share_node(slave.faces[static_cast<std::size_t>(a)], in.master.faces[static_cast<std::size_t>(b)]))
      return;
    s.candidates.emplace_back(std::min(a, b), std::max(a, b));
  };
  s.candidates.clear();
  for (const PatchPair& pair : s.patch_pairs.pairs)
    for (const Index a : slave_tree.patches.row(pair.a))
      for (const Index b : s.master.patches.row(pair.b)) add(a, b);
  const bool face_leaves = in.options.leaves == LeafUnit::face;
  if (self && !face_leaves)
    for (Index p = 0; p < s.master.patches.size(); ++p) {
      const auto faces = s.master.patches.row(p);
      for (std::size_t i = 0; i < faces.size(); ++i)
        for (std::size_t j = i + 1; j < faces.size(); ++j) add(faces[i], faces[j]);
    }
  // One face a patch: the patch pairs came sorted and distinct, and so do the face pairs.
  if (face_leaves) return;
  std::sort(s.candidates.begin(), s.candidates.end());
  s.candidates.erase(std::unique(s.candidates.begin(), s.candidates.end()), s.candidates.end());
}

// The pairs the last search of the trees kept into s.candidates, less those with a face of zero
// area now.
void kept_candidates(InterfaceState& s, const Surface& slave, Coordinates x) {
  const Surface& master = s.definition->master;
  s.candidates.clear();
  for (const auto& [a, b] : s.kept_pairs)
    if (!is_degenerate(gather_face_nodes(slave.faces[static_cast<std::size_t>(a)], x)) &&
        !is_degenerate(gather_face_nodes(master.faces[static_cast<std::size_t>(b)], x)))
      s.candidates.emplace_back(a, b);
}

// A lower bound of a pair's distance that moves no faster than the faces do, so that a pair
// farther than the search distance at a search of the trees stays farther than the tolerance
// while the skin holds: the exact distance of two tri3 faces; for other faces face_distance's
// bound does not have that property (its interpolation term changes with the shape), and the
// pair is kept whatever its distance (rejected = false).
bool keep(const Surface& slave, const Surface& master, std::pair<Index, Index> pair, double distance,
          double search_distance) {
  const bool triangles = slave.faces[static_cast<std::size_t>(pair.first)].type == ElementType::tri3 &&
                         master.faces[static_cast<std::size_t>(pair.second)].type == ElementType::tri3;
  return !triangles || distance <= search_distance;
}

// The triangle of a tri3 face at `x`, prepared (normal, edge normals).
PreparedTriangle prepared(const SurfaceFace& face, Coordinates x) {
  const auto nodes = face.nodes();
  return prepare_triangle({x[static_cast<std::size_t>(nodes[0])], x[static_cast<std::size_t>(nodes[1])],
                           x[static_cast<std::size_t>(nodes[2])]});
}

// The prepared triangles of the faces last asked for, by face index modulo its size.
class PreparedTriangleCache {
 public:
  PreparedTriangleCache() { faces_.fill(-1); }

  const PreparedTriangle& get(const Surface& surface, Index face, Coordinates x) {
    const auto slot = static_cast<std::size_t>(face) % size;
    if (faces_[slot] != face) {
      faces_[slot] = face;
      triangles_[slot] = prepared(surface.faces[static_cast<std::size_t>(face)], x);
    }
    return triangles_[slot];
  }

 private:
  static constexpr std::size_t size = 32;
  std::array<Index, size> faces_;
  std::array<PreparedTriangle, size> triangles_;
};

}  // namespace

void face_pairs(InterfaceState& s, InterfaceResult& r, bool search_trees, Coordinates current,
                const Coordinates* predicted) {
  const ContactInterface& in = *s.definition;
  const bool self = in.mode == ContactMode::self;
  const Surface& slave = self ? in.master : in.slave;
  const double skin = predicted ? 0.0 : in.options.skin;
  const double search_distance = r.tolerance + skin + s.slack;
  const bool keep_candidates = search_trees && skin > 0;
  if (search_trees) {
    // Overlapping volumes ⇔ possibly closer than the search distance: master volumes grown by it
    // and slave ones not, or, in self contact, every volume by half of it.
    const double factor = in.options.rebuild_factor;
    const double master_inflation = self ? search_distance / 2 : search_distance;
    if (update_surface_tree(s.master, in.master, in.options.bv, master_inflation, factor, current, predicted)) {
      r.rebuilt = true;
      ++s.builds;
    }
    if (!self && update_surface_tree(s.slave, in.slave, in.options.bv, 0.0, factor, current, predicted)) {
      r.rebuilt = true;
      ++s.builds;
    }
    patch_pairs(s, self, predicted != nullptr);
    r.counters = s.patch_pairs.counters;
    face_candidates(s, self);
  } else {
    kept_candidates(s, slave, current);
  }
  // Beyond the search distance a lower bound does (one configuration: such pairs are neither
  // reported nor kept); a two-configuration search reports every candidate's distances.
  const double limit = predicted ? std::numeric_limits<double>::infinity() : search_distance;
  const auto distance_at = [&](std::pair<Index, Index> pair, Coordinates x) {
    return face_distance(gather_face_nodes(slave.faces[static_cast<std::size_t>(pair.first)], x),
                         gather_face_nodes(in.master.faces[static_cast<std::size_t>(pair.second)], x), 4, limit)
        .distance;
  };
  s.distance.resize(s.candidates.size());
  s.distance_predicted.resize(predicted ? s.candidates.size() : 0);
  if (s.triangles_only && !predicted) {
    // Triangles prepared from the node coordinates, which stay in cache, as the pairs need them,
    // rather than once per face into arrays of 176 bytes a face that a first search would fault
    // in page by page. Each chunk keeps the last ones: its pairs are sorted by slave, and a
    // slave's neighbour meets mostly the same masters.
    detail::parallel_chunks(s.candidates.size(), narrow_phase_grain(s.candidates.size()),
                            [&](std::size_t, std::size_t begin, std::size_t end) {
                              PreparedTriangleCache slaves, masters;
                              for (std::size_t k = begin; k < end; ++k) {
                                const auto [a, b] = s.candidates[k];
                                s.distance[k] = triangle_distance(slaves.get(slave, a, current),
                                                                  masters.get(in.master, b, current), limit);
                              }
                            });
  } else {
    detail::parallel_for(s.candidates.size(), narrow_phase_grain(s.candidates.size()), [&](std::size_t k) {
      s.distance[k] = distance_at(s.candidates[k], current);
      if (predicted) s.distance_predicted[k] = distance_at(s.candidates[k], *predicted);
    });
  }
  if (keep_candidates) s.kept_pairs.clear();
  for (std::size_t k = 0; k < s.candidates.size(); ++k) {
    if (keep_candidates && keep(slave, in.master, s.candidates[k], s.distance[k], search_distance))
      s.kept_pairs.push_back(s.candidates[k]);
    if (!predicted && !(s.distance[k] <= r.tolerance)) continue;
    r.pair_slave.push_back(s.candidates[k].first);
    r.pair_master.push_back(s.candidates[k].second);
    r.pair_distance.push_back(s.distance[k]);
    if (predicted) r.pair_distance_predicted.push_back(s.distance_predicted[k]);
  }
}

}  // namespace fecontact::detail
