// SPDX-License-Identifier: BSD-3-Clause
// Who sends what to whom (the pattern of ArborX's DistributedTree): each rank bounds its master
// faces by a few boxes, every rank gathers all ranks' boxes into a small tree (the top tree),
// and each of its items (slave node, slave face, or face in self contact) whose box grown by the
// search distance meets a box of another rank goes to that rank, once. Then the ids of what
// was sent, so that the receiver can place its ghosts.
#include <algorithm>

#include "fecontact/bvh/build.hpp"
#include "fecontact/detail/parallel.hpp"
#include "interface_state.hpp"

namespace fecontact::detail::distributed {
namespace {

using Eigen::Vector3d;

// The master faces (local order) cut into boxes_per_rank groups by recursive coordinate
// bisection of their box centres: each range split at its median along its centres' widest
// extent. Fewer faces than groups leave groups empty. A group marks the nodes of its linear faces
// (node_groups: their box holds those faces) and lists its curved faces.
void bisect(const Surface& master, Coordinates x, std::size_t node_count, CommunicationPattern& pattern) {
  std::vector<Vector3d> centres;
  for (const SurfaceFace& face : master.faces) centres.push_back(center(face_box(face, x)));
  std::vector<Index> faces(master.faces.size());
  for (std::size_t f = 0; f < faces.size(); ++f) faces[f] = static_cast<Index>(f);
  std::vector<std::size_t> cuts{0, faces.size()};
  for (int groups = 1; groups < boxes_per_rank; groups *= 2) {
    std::vector<std::size_t> finer{0};
    for (std::size_t g = 0; g + 1 < cuts.size(); ++g) {
      const auto begin = faces.begin() + static_cast<std::ptrdiff_t>(cuts[g]);
      const auto end = faces.begin() + static_cast<std::ptrdiff_t>(cuts[g + 1]);
      Aabb box;
      for (auto f = begin; f != end; ++f) box = expand(box, centres[static_cast<std::size_t>(*f)]);
      int axis = 0;
      if (!is_empty(box)) (box.max - box.min).maxCoeff(&axis);
      const auto middle = begin + (end - begin) / 2;
      std::nth_element(begin, middle, end, [&](Index a, Index b) {
        const double ca = centres[static_cast<std::size_t>(a)][axis], cb = centres[static_cast<std::size_t>(b)][axis];
        return ca < cb || (ca == cb && a < b);
      });
      finer.push_back(static_cast<std::size_t>(middle - faces.begin()));
      finer.push_back(cuts[g + 1]);
    }
    cuts = std::move(finer);
  }
  pattern.node_groups.assign(node_count, 0);
  pattern.group_curved_faces = {};
  std::vector<Index> curved;
  for (std::size_t g = 0; g + 1 < cuts.size(); ++g) {
    curved.clear();
    for (std::size_t k = cuts[g]; k < cuts[g + 1]; ++k) {
      const SurfaceFace& face = master.faces[static_cast<std::size_t>(faces[k])];
      if (control_point_bound(face.type) > 1) curved.push_back(faces[k]);
      else
        for (const Index n : face.nodes()) pattern.node_groups[static_cast<std::size_t>(n)] |= static_cast<std::uint8_t>(1u << g);
    }
    pattern.group_curved_faces.push_row(curved);
  }
  pattern.grouped = true;
}

// Each group's box of the nodes of its linear faces, in one pass over the compact nodes.
GroupBoxes group_boxes(const InterfaceState& s) {
  const std::vector<std::uint8_t>& groups = s.pattern.node_groups;
  return detail::ordered_reduce(
      groups.size(), 16384, GroupBoxes{},
      [&](std::size_t begin, std::size_t end) {
        GroupBoxes boxes{};
        for (std::size_t k = begin; k < end; ++k) expand_groups(boxes, groups[k], s.coordinates[k]);
        return boxes;
      },
      [](GroupBoxes boxes, const GroupBoxes& more) {
        merge_groups(boxes, more);
        return boxes;
      });
}

// This rank's boxes at the current coordinates into `boxes` (6 doubles each); returns their union.
// The nodes' boxes come from this step's pass over the nodes when it measured them.
Aabb own_boxes(InterfaceState& s, std::span<double> boxes) {
  CommunicationPattern& pattern = s.pattern;
  if (!pattern.grouped) bisect(s.master, s.coordinates, s.used_nodes.size(), pattern);
  const GroupBoxes nodes = s.pass.has_boxes ? s.pass.boxes : group_boxes(s);
  detail::parallel_for(boxes_per_rank, 1, [&](std::size_t g) {
    Aabb box = nodes[g];
    for (const Index f : pattern.group_curved_faces.row(static_cast<Index>(g)))
      box = merge(box, face_box(s.master.faces[static_cast<std::size_t>(f)], s.coordinates));
    for (int k = 0; k < 3; ++k) {
      boxes[6 * g + static_cast<std::size_t>(k)] = box.min[k];
      boxes[6 * g + 3 + static_cast<std::size_t>(k)] = box.max[k];
    }
  });
  Aabb all;
  for (std::size_t g = 0; g < boxes_per_rank; ++g)
    all = merge(all, Aabb{Vector3d(&boxes[6 * g]), Vector3d(&boxes[6 * g + 3])});
  return all;
}

// The top tree over the other ranks' non-empty boxes, and their union.
void make_top_tree(CommunicationPattern& pattern, int rank) {
  PatchGeometry geometry;
  pattern.top_rank.clear();
  pattern.others = Aabb{};
  for (std::size_t b = 0; 6 * b < pattern.boxes.size(); ++b) {
    const int owner = static_cast<int>(b / boxes_per_rank);
    const Aabb box{Vector3d(&pattern.boxes[6 * b]), Vector3d(&pattern.boxes[6 * b + 3])};
    if (owner == rank || is_empty(box)) continue;
    geometry.points.push_back(box.min);
    geometry.points.push_back(box.max);
    geometry.point_offsets.push_back(static_cast<Index>(geometry.points.size()));
    geometry.triangles.push_back({0, 1, 1});
    geometry.triangle_offsets.push_back(static_cast<Index>(geometry.triangles.size()));
    pattern.top_rank.push_back(owner);
    pattern.others = merge(pattern.others, box);
  }
  pattern.top = build<Aabb>(geometry);
}

Aabb item_box(const InterfaceState& s, Index item) {
  const auto nodes = s.item_nodes.row(item);
  if (s.mode == ContactMode::node_to_surface) {
    const Vector3d& x = s.coordinates[static_cast<std::size_t>(nodes[0])];
    return {x, x};
  }
  const Surface& faces = s.mode == ContactMode::self ? s.master : s.owned_faces;
  return face_box(faces.faces[static_cast<std::size_t>(item)], s.coordinates);
}

// Each item to the ranks whose boxes its box grown by `distance` meets: send_ranks and
// send_items (items ascending per rank).
void find_destinations(InterfaceState& s, double distance) {
  CommunicationPattern& pattern = s.pattern;
  pattern.destinations.clear();
  pattern.last_item_of_rank.assign(static_cast<std::size_t>(s.ranks), -1);
  TraversalCounters counters;
  const auto send = [&](int owner, Index item) {
    if (pattern.last_item_of_rank[static_cast<std::size_t>(owner)] == item) return;
    pattern.last_item_of_rank[static_cast<std::size_t>(owner)] = item;
    pattern.destinations.emplace_back(owner, item);
  };
  // No other rank holds a face (one rank): nothing to send, no previous contact face elsewhere.
  const Index items = is_empty(pattern.others) ? 0 : static_cast<Index>(s.item_ids.size());
  for (Index item = 0; item < items; ++item) {
    const Aabb box = inflate(item_box(s, item), distance);
    if (overlap(box, pattern.others))
      pattern.query(pattern.top, box, [&](Index b) { send(pattern.top_rank[static_cast<std::size_t>(b)], item); }, counters);
    // track_slip: the rank of the node's previous contact face evaluates that face (slip.cpp).
    if (!tracks_slip(s)) continue;
    const InterfaceState::PreviousContact& previous = s.previous[static_cast<std::size_t>(item)];
    if (previous.face >= 0 && previous.rank != s.rank) send(previous.rank, item);
  }
  std::stable_sort(pattern.destinations.begin(), pattern.destinations.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  pattern.counts.assign(static_cast<std::size_t>(s.ranks), 0);
  pattern.send_ranks.clear();
  pattern.send_items.offsets.assign(1, 0);
  pattern.send_items.values.clear();
  for (const auto& [owner, item] : pattern.destinations) {
    if (pattern.send_ranks.empty() || pattern.send_ranks.back() != owner) {
      if (!pattern.send_ranks.empty()) pattern.send_items.offsets.push_back(static_cast<Index>(pattern.send_items.values.size()));
      pattern.send_ranks.push_back(owner);
    }
    pattern.send_items.values.push_back(item);
    ++pattern.counts[static_cast<std::size_t>(owner)];
  }
  if (!pattern.send_ranks.empty()) pattern.send_items.offsets.push_back(static_cast<Index>(pattern.send_items.values.size()));
}

// The items' ids (faces: type and node ids too), one message per send rank.
void write_ids(InterfaceState& s) {
  const CommunicationPattern& pattern = s.pattern;
  s.ids_out.resize(pattern.send_ranks.size());
  for (std::size_t i = 0; i < pattern.send_ranks.size(); ++i) {
    Message& message = s.ids_out[i];
    message.clear();
    for (const Index item : pattern.send_items.row(static_cast<Index>(i))) {
      put(message, s.item_ids[static_cast<std::size_t>(item)]);
      if (s.mode == ContactMode::node_to_surface) continue;
      const Surface& faces = s.mode == ContactMode::self ? s.master : s.owned_faces;
      put(message, faces.faces[static_cast<std::size_t>(item)].type);
      for (const Index node : s.item_nodes.row(item)) put(message, s.node_ids[static_cast<std::size_t>(node)]);
    }
  }
}

}  // namespace

double control_point_bound(ElementType face_type) {
  switch (face_type) {
    case ElementType::tri6: return 3;
    case ElementType::quad8: return 7;
    case ElementType::quad9: return 9;
    default: return 1;
  }
}

Aabb face_box(const SurfaceFace& face, Coordinates coordinates) {
  Aabb box;
  for (const Index n : face.nodes()) box = expand(box, coordinates[static_cast<std::size_t>(n)]);
  const double bound = control_point_bound(face.type);
  if (bound == 1) return box;
  const Vector3d centre = center(box), half = 0.5 * bound * (box.max - box.min);
  return {centre - half, centre + half};
}

bool make_pattern(InterfaceState& s, MPI_Comm comm, double distance, ExchangeStatistics& statistics) {
  CommunicationPattern& pattern = s.pattern;
  constexpr std::size_t box_doubles = 6 * boxes_per_rank;
  pattern.boxes.resize(box_doubles * static_cast<std::size_t>(s.ranks));
  const Aabb master_box = own_boxes(s, std::span(pattern.boxes).subspan(box_doubles * static_cast<std::size_t>(s.rank), box_doubles));
  MPI_Allgather(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, pattern.boxes.data(), static_cast<int>(box_doubles), MPI_DOUBLE, comm);
  statistics.collective_bytes += box_doubles * sizeof(double);
  make_top_tree(pattern, s.rank);
  find_destinations(s, distance);

  pattern.received_counts.resize(static_cast<std::size_t>(s.ranks));
  MPI_Alltoall(pattern.counts.data(), 1, MPI_INT, pattern.received_counts.data(), 1, MPI_INT, comm);
  statistics.collective_bytes += pattern.counts.size() * sizeof(int);
  pattern.receive_ranks.clear();
  for (int r = 0; r < s.ranks; ++r)
    if (pattern.received_counts[static_cast<std::size_t>(r)] > 0) pattern.receive_ranks.push_back(r);

  write_ids(s);
  s.ids_in.resize(pattern.receive_ranks.size());
  exchange(comm, message_tag(s.index, MessageKind::ids), pattern.send_ranks, s.ids_out, pattern.receive_ranks, s.ids_in,
           s.requests, statistics);
  const bool grown = place_ghosts(s, master_box, 2 * distance);

  // What the coordinates of every later step will weigh: 3 doubles per node of an item, and with
  // track_slip its previous contact.
  s.coordinates_out.resize(pattern.send_ranks.size());
  s.coordinates_in.resize(pattern.receive_ranks.size());
  for (Message& message : s.coordinates_in) message.clear();
  for (const Ghost& ghost : pattern.ghosts) {
    Message& message = s.coordinates_in[static_cast<std::size_t>(ghost.source)];
    message.resize(message.size() + 3 * sizeof(double) * static_cast<std::size_t>(nodes_per_item(static_cast<std::size_t>(ghost.pool))) +
                   (tracks_slip(s) ? previous_contact_bytes : 0));
  }
  if (s.options.skin > 0) take_references(s);
  pattern.made = true;
  return grown;
}

}  // namespace fecontact::detail::distributed
