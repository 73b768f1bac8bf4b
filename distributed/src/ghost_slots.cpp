// SPDX-License-Identifier: BSD-3-Clause
// Room in a rank's ContactSearch for the nodes and faces other ranks send (ghosts). A
// ContactSearch keeps its slave nodes and faces from its construction on, so the ghosts take
// slots made for them: slot nodes after the rank's own nodes, and for faces slot faces of each
// type on their own slot nodes. A free slot waits at the park point, away from every face (a
// parked face has zero area: the search skips it). A change of the ghosts comes with a new
// pattern, at which the search searches its trees again (over slots that moved), and the trees
// are kept; only pools that overflow make a new search, half as large again.
#include <algorithm>
#include <cmath>
#include <limits>

#include "interface_state.hpp"

namespace fecontact::detail::distributed {
namespace {

// The slot faces of the pools, from pool 1 on, in `surface`; records where each pool starts.
void append_slot_faces(InterfaceState& s, Surface& surface) {
  for (std::size_t p = 1; p < pool_count; ++p) {
    s.first_face[p] = surface.size();
    SurfaceFace face;
    face.type = face_types[p - 1];
    for (Index slot = 0; slot < s.capacity[p]; ++slot) {
      for (int k = 0; k < nodes_per_item(p); ++k) face.node_storage[static_cast<std::size_t>(k)] = s.first_node[p] + slot * nodes_per_item(p) + k;
      surface.faces.push_back(face);
    }
  }
}

void park_slot(InterfaceState& s, std::size_t pool, Index slot) {
  const auto first = static_cast<std::size_t>(s.first_node[pool] + slot * nodes_per_item(pool));
  std::fill_n(s.coordinates.begin() + static_cast<std::ptrdiff_t>(first), nodes_per_item(pool), s.park);
}

// Distance from a point to a box (0 inside).
double distance_to(const Aabb& box, const Eigen::Vector3d& p) {
  if (is_empty(box)) return std::numeric_limits<double>::infinity();
  return (box.min - p).cwiseMax(p - box.max).cwiseMax(0.0).norm();
}

// Beyond the faces' box along every axis by its diagonal plus twice `away` (at least a
// thousandth of the box's magnitude, or the smallest normal double: never on the box).
Eigen::Vector3d park_point(const Aabb& master_box, double away) {
  if (is_empty(master_box)) return Eigen::Vector3d::Zero();
  const double step = std::max({(master_box.max - master_box.min).norm() + 2 * away,
                                std::ldexp(master_box.max.cwiseAbs().maxCoeff(), -10),
                                std::numeric_limits<double>::min()});
  return (master_box.max.array() + step).matrix();
}

}  // namespace

void make_local_search(InterfaceState& s) {
  Index node_count = static_cast<Index>(s.used_nodes.size());
  for (std::size_t p = 0; p < pool_count; ++p) {
    s.first_node[p] = node_count;
    node_count += s.capacity[p] * nodes_per_item(p);
    s.ghost_of_slot[p].assign(static_cast<std::size_t>(s.capacity[p]), -1);
  }
  // Zeros: the new pages are written here rather than in a step.
  s.coordinates.resize(static_cast<std::size_t>(node_count), Eigen::Vector3d::Zero());
  std::vector<ContactInterface> interfaces(1);
  ContactInterface& in = interfaces[0];
  in.mode = s.mode;
  in.master = s.master;
  in.options = s.options;
  in.options.track_slip = false;  // the owners measure the slip (slip.cpp): slots are not nodes
  switch (s.mode) {
    case ContactMode::node_to_surface:
      in.slave_nodes = s.item_nodes.values;
      for (Index slot = 0; slot < s.capacity[0]; ++slot) in.slave_nodes.push_back(s.first_node[0] + slot);
      break;
    case ContactMode::surface_to_surface:
      in.slave = s.owned_faces;
      append_slot_faces(s, in.slave);
      break;
    case ContactMode::self: {
      // Pairs of two faces of this rank (self), and of a ghost face with one of this rank's
      // (surface-to-surface, ghosts as slaves: face_distance(ghost, face)).
      ContactInterface across = in;
      across.mode = ContactMode::surface_to_surface;
      append_slot_faces(s, across.slave);
      interfaces.push_back(std::move(across));
      break;
    }
  }
  s.search.emplace(node_count, std::move(interfaces));
}

std::size_t pool_of(ElementType face_type) {
  const auto found = std::find(face_types.begin(), face_types.end(), face_type);
  FECONTACT_ASSERT(found != face_types.end(), "pool_of: not a face type");
  return 1 + static_cast<std::size_t>(found - face_types.begin());
}

int nodes_per_item(std::size_t pool) { return pool == 0 ? 1 : node_count(face_types[pool - 1]); }

bool place_ghosts(InterfaceState& s, const Aabb& master_box, double away) {
  CommunicationPattern& pattern = s.pattern;
  pattern.ghosts.clear();
  pattern.ghost_node_ids.clear();
  std::array<Index, pool_count> needed{};
  for (std::size_t source = 0; source < s.ids_in.size(); ++source) {
    MessageReader message(s.ids_in[source]);
    for (Index position = 0; !message.done(); ++position) {
      Ghost ghost{static_cast<Index>(source), position, message.get<GlobalId>(), 0, 0,
                  static_cast<Index>(pattern.ghost_node_ids.size())};
      if (s.mode != ContactMode::node_to_surface) {
        ghost.pool = static_cast<Index>(pool_of(message.get<ElementType>()));
        for (int k = 0; k < nodes_per_item(static_cast<std::size_t>(ghost.pool)); ++k)
          pattern.ghost_node_ids.push_back(message.get<GlobalId>());
      }
      ghost.slot = needed[static_cast<std::size_t>(ghost.pool)]++;
      pattern.ghosts.push_back(ghost);
    }
  }
  bool grown = false;
  for (std::size_t p = 0; p < pool_count; ++p)
    if (needed[p] > s.capacity[p]) {
      s.capacity[p] = needed[p] + needed[p] / 2 + 4;
      grown = true;
    }
  if (grown) make_local_search(s);
  if (grown || distance_to(master_box, s.park) <= away) s.park = park_point(master_box, away);
  for (std::size_t p = 0; p < pool_count; ++p) {
    std::fill(s.ghost_of_slot[p].begin(), s.ghost_of_slot[p].end(), -1);
    for (Index slot = needed[p]; slot < s.capacity[p]; ++slot) park_slot(s, p, slot);
  }
  for (std::size_t g = 0; g < pattern.ghosts.size(); ++g)
    s.ghost_of_slot[static_cast<std::size_t>(pattern.ghosts[g].pool)][static_cast<std::size_t>(pattern.ghosts[g].slot)] =
        static_cast<Index>(g);
  return grown;
}

void write_ghost_coordinates(InterfaceState& s) {
  std::size_t source = s.ids_in.size();  // none read yet
  MessageReader message({});
  for (Ghost& ghost : s.pattern.ghosts) {
    if (static_cast<std::size_t>(ghost.source) != source) {
      source = static_cast<std::size_t>(ghost.source);
      message = MessageReader(s.coordinates_in[source]);
    }
    const auto pool = static_cast<std::size_t>(ghost.pool);
    const auto first = static_cast<std::size_t>(s.first_node[pool] + ghost.slot * nodes_per_item(pool));
    for (int k = 0; k < nodes_per_item(pool); ++k) s.coordinates[first + static_cast<std::size_t>(k)] = message.get_vector<3>();
    if (!tracks_slip(s)) continue;
    ghost.previous_face = message.get<GlobalId>();
    ghost.previous_local = message.get_vector<2>();
  }
}

}  // namespace fecontact::detail::distributed
