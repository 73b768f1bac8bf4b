// SPDX-License-Identifier: BSD-3-Clause
// The node-to-surface step: each slave node's candidate master faces (from the tree, or kept by
// the last search of the tree), the projection onto each, the pairs within the tolerance and the
// closest of them.
#include <algorithm>
#include <cstdint>

#include "fecontact/contact/face_geometry.hpp"
#include "fecontact/detail/checked_index.hpp"
#include "fecontact/detail/parallel.hpp"
#include "search_state.hpp"

namespace fecontact::detail {
namespace {

using Eigen::Vector3d;

void clear(NodeChunk& chunk) {
  chunk.pair_node.clear();
  chunk.pair_face.clear();
  chunk.pair_distance.clear();
  chunk.contact_node.clear();
  chunk.contact_slot.clear();
  chunk.contact.clear();
  chunk.contact_predicted.clear();
  chunk.kept_count.clear();
  chunk.kept_faces.clear();
  chunk.counters = {};
}

void append(NodeContacts& out, Index node, const NodeContact& c) {
  out.node.push_back(node);
  out.face.push_back(c.face);
  out.gap.push_back(c.gap);
  out.normal.push_back(c.normal);
  out.point.push_back(c.point);
  out.local.push_back(c.local);
  out.feature.push_back(c.feature);
  out.feature_index.push_back(c.feature_index);
}

// What the narrow phase of one step needs to know.
struct NodeStep {
  const ContactInterface& interface;
  const SurfaceTree& master;
  double tolerance;       // pairs within it count
  double search_distance;  // the trees' question: tolerance + skin + rounding slack
  bool keep_candidates;   // a search of the trees with a skin: keep the faces within search_distance
  Coordinates current;
  const Coordinates* predicted;
};

// The faces of the master patches whose volumes meet slave node n's box (its segment over a
// two-configuration step) grown by the search distance, in chunk.faces: ascending, each once,
// zero-area ones left out. The dual mode also leaves out the patches whose normal slab keeps
// the node farther than the search distance.
template <class BV>
void tree_candidates(const NodeStep& step, const Bvh<BV>& tree, Index n, NodeChunk& chunk) {
  using Ops = BoundingVolumeOps<BV>;
  const auto i = static_cast<std::size_t>(n);
  const std::array<Vector3d, 2> ends{step.current[i], step.predicted ? (*step.predicted)[i] : step.current[i]};
  const BV volume = Ops::inflate(Ops::fit_like(BV{}, std::span(ends.data(), step.predicted ? 2 : 1)),
                                 step.search_distance);
  chunk.patches.clear();
  const auto on_patch = [&](Index p) { chunk.patches.push_back(p); };
  if constexpr (std::is_same_v<BV, Aabb>) chunk.aabb_query(tree, volume, on_patch, chunk.counters);
  else chunk.obb_query(tree, volume, on_patch, chunk.counters);
  const bool dual = step.interface.options.bv == BvKind::dual && !step.predicted;
  chunk.faces.clear();
  for (const Index p : chunk.patches) {
    if (dual && beyond_normal_slab(step.master.geometry, p, ends[0], step.search_distance)) continue;
    for (const Index f : step.master.patches.row(p))
      if (!step.master.degenerate[static_cast<std::size_t>(f)]) chunk.faces.push_back(f);
  }
  std::sort(chunk.faces.begin(), chunk.faces.end());
  chunk.faces.erase(std::unique(chunk.faces.begin(), chunk.faces.end()), chunk.faces.end());
}

// The faces the last search of the trees kept for slave node k, in chunk.faces, less those of
// zero area now (which a search of the trees would leave out; mark_kept_degenerate marked them).
void kept_candidates(const NodeStep& step, const InterfaceState& s, std::size_t k, NodeChunk& chunk) {
  chunk.faces.clear();
  const auto first = static_cast<std::size_t>(s.kept_offsets[k]), last = static_cast<std::size_t>(s.kept_offsets[k + 1]);
  for (std::size_t j = first; j < last; ++j) {
    const Index f = s.kept_faces[j];
    if (!step.master.degenerate[static_cast<std::size_t>(f)]) chunk.faces.push_back(f);
  }
}

// Marks which of the kept faces have zero area at `x`, once a face (several nodes keep each).
void mark_kept_degenerate(InterfaceState& s, Coordinates x) {
  const Surface& master = s.definition->master;
  detail::parallel_for(s.kept_face_set.size(), 4096, [&](std::size_t k) {
    const auto f = static_cast<std::size_t>(s.kept_face_set[k]);
    s.master.degenerate[f] = is_degenerate(gather_face_nodes(master.faces[f], x));
  });
}

// Slave node n (position `slot` in slave_nodes) against its candidate faces (chunk.faces): one
// projection each, the pairs within the tolerance (every candidate over a two-configuration
// step), the closest as the contact, and with a skin the faces within the search distance kept
// for the next steps.
void narrow_phase(const NodeStep& step, Index n, Index slot, NodeChunk& chunk) {
  const Vector3d& p = step.current[static_cast<std::size_t>(n)];
  const Surface& master = step.interface.master;
  chunk.near.clear();
  Index kept = 0;
  for (const Index f : chunk.faces) {
    const FaceProjection q = project_onto_face(p, gather_face_nodes(master.faces[static_cast<std::size_t>(f)], step.current));
    if (step.keep_candidates && q.distance <= step.search_distance) {
      chunk.kept_faces.push_back(f);
      ++kept;
    }
    if (!step.predicted && !(q.distance <= step.tolerance)) continue;
    chunk.near.emplace_back(f, q);
    chunk.pair_node.push_back(n);
    chunk.pair_face.push_back(f);
    chunk.pair_distance.push_back(q.distance);
  }
  if (step.keep_candidates) chunk.kept_count.push_back(kept);
  const NodeContact contact = closest_projected_face(p, chunk.near, master, step.current);
  if (contact.face < 0) return;
  chunk.contact_node.push_back(n);
  chunk.contact_slot.push_back(slot);
  chunk.contact.push_back(contact);
  if (!step.predicted) return;
  chunk.near_faces.clear();
  for (const auto& candidate : chunk.near) chunk.near_faces.push_back(candidate.first);
  chunk.contact_predicted.push_back(
      closest_face((*step.predicted)[static_cast<std::size_t>(n)], chunk.near_faces, master, *step.predicted));
}

// The chunks' findings in chunk order into the result (and the kept candidates' rows).
void merge(InterfaceState& s, InterfaceResult& r, const NodeStep& step) {
  if (step.keep_candidates) {
    s.kept_offsets.assign(1, 0);
    s.kept_faces.clear();
  }
  const bool track_slip = step.interface.options.track_slip;
  s.contact_slot.clear();
  for (const NodeChunk& chunk : s.chunks) {
    r.counters += chunk.counters;
    r.pair_slave.insert(r.pair_slave.end(), chunk.pair_node.begin(), chunk.pair_node.end());
    r.pair_master.insert(r.pair_master.end(), chunk.pair_face.begin(), chunk.pair_face.end());
    r.pair_distance.insert(r.pair_distance.end(), chunk.pair_distance.begin(), chunk.pair_distance.end());
    for (std::size_t k = 0; k < chunk.contact_node.size(); ++k) {
      append(r.contacts, chunk.contact_node[k], chunk.contact[k]);
      if (step.predicted) append(r.predicted, chunk.contact_node[k], chunk.contact_predicted[k]);
    }
    if (track_slip) s.contact_slot.insert(s.contact_slot.end(), chunk.contact_slot.begin(), chunk.contact_slot.end());
    if (!step.keep_candidates) continue;
    for (const Index count : chunk.kept_count)  // in 64 bits: a skin wide enough overflows an Index
      s.kept_offsets.push_back(detail::checked_index(std::int64_t{s.kept_offsets.back()} + count, "kept candidates"));
    s.kept_faces.insert(s.kept_faces.end(), chunk.kept_faces.begin(), chunk.kept_faces.end());
  }
  if (!step.keep_candidates) return;
  s.kept_face_set.assign(s.kept_faces.begin(), s.kept_faces.end());
  std::sort(s.kept_face_set.begin(), s.kept_face_set.end());
  s.kept_face_set.erase(std::unique(s.kept_face_set.begin(), s.kept_face_set.end()), s.kept_face_set.end());
}

}  // namespace

void node_to_surface(InterfaceState& s, InterfaceResult& r, bool search_trees, Coordinates current,
                     const Coordinates* predicted) {
  const ContactInterface& in = *s.definition;
  const double skin = predicted ? 0.0 : in.options.skin;
  const NodeStep step{in, s.master, r.tolerance, r.tolerance + skin + s.slack, search_trees && skin > 0, current, predicted};
  if (search_trees && update_surface_tree(s.master, in.master, in.options.bv, 0.0, in.options.rebuild_factor,
                                          current, predicted)) {
    r.rebuilt = true;
    ++s.builds;
  }
  if (!search_trees) mark_kept_degenerate(s, current);
  const std::vector<Index>& nodes = in.slave_nodes;
  const std::size_t grain = narrow_phase_grain(nodes.size());
  s.chunks.resize(detail::chunk_count(nodes.size(), grain));
  detail::parallel_chunks(nodes.size(), grain, [&](std::size_t c, std::size_t begin, std::size_t end) {
    NodeChunk& chunk = s.chunks[c];
    clear(chunk);
    for (std::size_t k = begin; k < end; ++k) {
      if (!search_trees) kept_candidates(step, s, k, chunk);
      else if (const auto* aabb = std::get_if<Bvh<Aabb>>(&*s.master.tree)) tree_candidates(step, *aabb, nodes[k], chunk);
      else tree_candidates(step, std::get<Bvh<Obb>>(*s.master.tree), nodes[k], chunk);
      narrow_phase(step, nodes[k], static_cast<Index>(k), chunk);
    }
  });
  merge(s, r, step);
  node_kinematics(s, r, current, predicted);
}

}  // namespace fecontact::detail
