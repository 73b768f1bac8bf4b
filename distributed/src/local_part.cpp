// SPDX-License-Identifier: BSD-3-Clause
// This rank's part of an interface: checked, then laid out for a ContactSearch of its own over
// the nodes it uses (compact indices), master faces and items in ascending global id, so that
// the local search breaks ties between equal distances by the lowest id, as the serial search
// does by the lowest index.
#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <string>

#include "fecontact/detail/parallel.hpp"
#include "fecontact/mesh/face_shape_functions.hpp"
#include "interface_state.hpp"

namespace fecontact::detail::distributed {
namespace {

std::string prefix(std::size_t i) { return "contact interface " + std::to_string(i) + ": "; }

std::string check_options(const SearchOptions& o) {
  if (!(std::isfinite(o.tolerance) && o.tolerance >= 0)) return "the tolerance must be finite and >= 0";
  if (o.relative) return "a relative tolerance is not supported by the distributed search: give an absolute one";
  if (!(std::isfinite(o.skin) && o.skin >= 0)) return "the skin must be finite and >= 0";
  if (o.patch_faces < 1) return "patch_faces must be >= 1";
  if (!(o.rebuild_factor >= 1)) return "rebuild_factor must be >= 1";
  return {};
}

std::string check_faces(const char* name, const Surface& surface, std::span<const GlobalId> ids, Index node_count) {
  if (ids.size() != surface.faces.size())
    return std::to_string(ids.size()) + " " + name + " ids for " + std::to_string(surface.faces.size()) + " " + name +
           " faces";
  for (std::size_t f = 0; f < surface.faces.size(); ++f) {
    const SurfaceFace& face = surface.faces[f];
    const std::string which = std::string(name) + " face " + std::to_string(f) + " (id " + std::to_string(ids[f]) + ")";
    if (is_volume(face.type)) return which + " is not a tri3, quad4, tri6, quad8 or quad9 face";
    for (const Index n : face.nodes())
      if (n < 0 || n >= node_count)
        return which + " has node " + std::to_string(n) + ", outside the " + std::to_string(node_count) + " nodes";
  }
  std::vector<Index> order(ids.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](Index a, Index b) { return std::pair(ids[a], a) < std::pair(ids[b], b); });
  for (std::size_t k = 1; k < order.size(); ++k)
    if (ids[order[k]] == ids[order[k - 1]])
      return std::string(name) + " face id " + std::to_string(ids[order[k]]) + " is given to faces " +
             std::to_string(order[k - 1]) + " and " + std::to_string(order[k]);
  return {};
}

// Positions 0..n−1 ascending by id.
std::vector<Index> ascending_ids(std::span<const GlobalId> ids) {
  std::vector<Index> order(ids.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](Index a, Index b) { return ids[a] < ids[b]; });
  return order;
}

SurfaceFace compact_face(SurfaceFace face, const std::vector<Index>& compact) {
  for (std::size_t k = 0; k < face.nodes().size(); ++k)
    face.node_storage[k] = compact[static_cast<std::size_t>(face.node_storage[k])];
  return face;
}

void append_nodes(std::vector<Index>& nodes, const Surface& surface) {
  for (const SurfaceFace& face : surface.faces) nodes.insert(nodes.end(), face.nodes().begin(), face.nodes().end());
}

std::vector<Index> sorted_distinct(std::vector<Index> values) {
  std::sort(values.begin(), values.end());
  values.erase(std::unique(values.begin(), values.end()), values.end());
  return values;
}

double largest_interpolation_bound(const Surface& surface) {
  double bound = 1;
  for (const SurfaceFace& face : surface.faces) bound = std::max(bound, interpolation_bound(face.type));
  return bound;
}

}  // namespace

std::string check_interface(std::size_t i, const DistributedInterface& in, Index node_count) {
  std::string error = check_options(in.options);
  if (error.empty()) error = check_faces("master", in.master, in.master_ids, node_count);
  if (error.empty() && in.mode == ContactMode::surface_to_surface)
    error = check_faces("slave", in.slave, in.slave_ids, node_count);
  if (error.empty() && in.mode == ContactMode::node_to_surface)
    for (const Index n : in.slave_nodes)
      if (n < 0 || n >= node_count) {
        error = "slave node " + std::to_string(n) + " is outside the " + std::to_string(node_count) + " nodes";
        break;
      }
  return error.empty() ? error : prefix(i) + error;
}

InterfaceState make_interface_state(std::size_t i, const DistributedInterface& in, std::span<const GlobalId> node_ids,
                                    int rank, int ranks) {
  InterfaceState s;
  s.index = i;
  s.mode = in.mode;
  s.options = in.options;
  s.rank = rank;
  s.ranks = ranks;

  std::vector<Index> used;
  append_nodes(used, in.master);
  if (in.mode == ContactMode::surface_to_surface) append_nodes(used, in.slave);
  if (in.mode == ContactMode::node_to_surface) used.insert(used.end(), in.slave_nodes.begin(), in.slave_nodes.end());
  s.used_nodes = sorted_distinct(std::move(used));
  std::vector<Index> compact(node_ids.size(), -1);
  for (std::size_t k = 0; k < s.used_nodes.size(); ++k) {
    compact[static_cast<std::size_t>(s.used_nodes[k])] = static_cast<Index>(k);
    s.node_ids.push_back(node_ids[static_cast<std::size_t>(s.used_nodes[k])]);
  }

  for (const Index f : ascending_ids(in.master_ids)) {
    s.master.faces.push_back(compact_face(in.master.faces[static_cast<std::size_t>(f)], compact));
    s.master_ids.push_back(in.master_ids[static_cast<std::size_t>(f)]);
  }
  std::vector<Index> master_nodes;
  append_nodes(master_nodes, s.master);
  const double master_bound = largest_interpolation_bound(s.master);

  switch (in.mode) {
    case ContactMode::node_to_surface: {
      const std::vector<Index> slaves = sorted_distinct(in.slave_nodes);
      std::vector<GlobalId> ids;
      for (const Index n : slaves) ids.push_back(node_ids[static_cast<std::size_t>(n)]);
      s.item_of_node.assign(s.used_nodes.size(), -1);
      for (const Index k : ascending_ids(ids)) {
        const Index node = compact[static_cast<std::size_t>(slaves[static_cast<std::size_t>(k)])];
        s.item_of_node[static_cast<std::size_t>(node)] = static_cast<Index>(s.item_ids.size());
        s.item_ids.push_back(ids[static_cast<std::size_t>(k)]);
        s.item_nodes.push_row(std::span(&node, 1));
      }
      s.motion_bound = {1, master_bound};
      if (tracks_slip(s)) {
        s.previous.resize(s.item_ids.size());
        s.trial.resize(s.item_ids.size());
      }
      break;
    }
    case ContactMode::surface_to_surface: {
      for (const Index f : ascending_ids(in.slave_ids)) {
        s.owned_faces.faces.push_back(compact_face(in.slave.faces[static_cast<std::size_t>(f)], compact));
        s.item_ids.push_back(in.slave_ids[static_cast<std::size_t>(f)]);
        s.item_nodes.push_row(s.owned_faces.faces.back().nodes());
      }
      s.motion_bound = {largest_interpolation_bound(s.owned_faces), master_bound};
      break;
    }
    case ContactMode::self:
      s.item_ids = s.master_ids;
      for (const SurfaceFace& face : s.master.faces) s.item_nodes.push_row(face.nodes());
      s.motion_bound = {master_bound, 0};  // doubled once the ranks agree on it
      break;
  }
  // The sides of the skin's test: the items' nodes (self contact: the faces') and the master's.
  s.node_sides.assign(s.used_nodes.size(), 0);
  for (const Index n : s.item_nodes.values) s.node_sides[static_cast<std::size_t>(n)] |= 1;
  for (const Index n : master_nodes) s.node_sides[static_cast<std::size_t>(n)] |= s.mode == ContactMode::self ? 1 : 2;
  if (s.options.skin > 0) s.reference.assign(s.used_nodes.size(), Eigen::Vector3d::Zero());
  make_local_search(s);
  return s;
}

void gather_coordinates(InterfaceState& s, Coordinates coordinates, Index& bad) {
  // At most 64 chunks, each measuring its nodes (a maximum is exact: the same for any thread count).
  const std::size_t count = s.used_nodes.size();
  const std::size_t grain = std::max<std::size_t>(4096, (count + 63) / 64);
  const bool moving = s.pattern.made && s.options.skin > 0;  // references taken
  const bool boxes = s.pattern.grouped && s.options.skin == 0;
  s.chunk_pass.resize(detail::chunk_count(count, grain));
  detail::parallel_chunks(count, grain, [&](std::size_t chunk, std::size_t begin, std::size_t end) {
    NodePass pass;
    for (std::size_t k = begin; k < end; ++k) {
      const Eigen::Vector3d& x = coordinates[static_cast<std::size_t>(s.used_nodes[k])];
      s.coordinates[k] = x;
      const double squared = x.squaredNorm();  // not finite: x is not, or too large to square
      pass.magnitude = std::max(pass.magnitude, std::isfinite(squared) ? squared : std::numeric_limits<double>::infinity());
      if (boxes) expand_groups(pass.boxes, s.pattern.node_groups[k], x);
      if (!moving) continue;
      const double moved = (x - s.reference[k]).squaredNorm();
      for (std::size_t side = 0; side < 2; ++side)
        if (s.node_sides[k] & (1u << side)) pass.motion[side] = std::max(pass.motion[side], moved);
    }
    s.chunk_pass[chunk] = pass;
  });
  NodePass& all = s.pass;
  all = NodePass{};
  all.has_boxes = boxes;
  for (const NodePass& pass : s.chunk_pass) {
    all.magnitude = std::max(all.magnitude, pass.magnitude);
    for (std::size_t side = 0; side < 2; ++side) all.motion[side] = std::max(all.motion[side], pass.motion[side]);
    merge_groups(all.boxes, pass.boxes);
  }
  all.magnitude = std::sqrt(all.magnitude);
  for (double& motion : all.motion) motion = std::sqrt(motion);
  if (std::isfinite(all.magnitude)) return;
  for (const Index n : s.used_nodes)
    if (!coordinates[static_cast<std::size_t>(n)].allFinite()) {
      bad = n;
      break;
    }
}

void take_references(InterfaceState& s) {
  s.reference.assign(s.coordinates.begin(), s.coordinates.begin() + static_cast<std::ptrdiff_t>(s.used_nodes.size()));
}

}  // namespace fecontact::detail::distributed
