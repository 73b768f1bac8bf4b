// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// A whole model, as one ContactSearch sees it, cut into the parts the ranks hold: which rank holds
// each master face and each slave node or face (a Partition), and each rank's own node array
// (the nodes its faces and slave nodes use, in descending global order, so that no rank's local
// order is the global one), with global ids equal to the serial indices. And the check that the
// distributed result is the serial one, bit for bit.

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <numeric>
#include <span>
#include <vector>

#include <mpi.h>

#include <boost/test/unit_test.hpp>

#include "fecontact/contact/contact_search.hpp"
#include "fecontact/contact/face_geometry.hpp"
#include "fecontact/distributed/distributed_search.hpp"
#include "fecontact/distributed/interface_part.hpp"

namespace fecontact::test {

inline int world_rank() {
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  return rank;
}

inline int world_size() {
  int size = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  return size;
}

/// The rank of each master face and of each slave item: slave node (in the order of the sorted
/// slave_nodes) or slave face; self contact: `master` only.
struct Partition {
  std::vector<int> master;
  std::vector<int> slave;
};

/// The slave nodes of `in` sorted and distinct (the serial search's order).
inline std::vector<Index> sorted_slave_nodes(const ContactInterface& in) {
  std::vector<Index> nodes = in.slave_nodes;
  std::sort(nodes.begin(), nodes.end());
  nodes.erase(std::unique(nodes.begin(), nodes.end()), nodes.end());
  return nodes;
}

inline std::size_t slave_item_count(const ContactInterface& in) {
  if (in.mode == ContactMode::node_to_surface) return sorted_slave_nodes(in).size();
  return in.mode == ContactMode::surface_to_surface ? in.slave.faces.size() : 0;
}

inline Eigen::Vector3d face_centre(const SurfaceFace& face, std::span<const Eigen::Vector3d> x) {
  Eigen::Vector3d c = Eigen::Vector3d::Zero();
  for (const Index n : face.nodes()) c += x[static_cast<std::size_t>(n)];
  return c / static_cast<double>(face.nodes().size());
}

/// Items cut into `ranks` slabs of equal count along x (ties by index); `empty` (if ≥ 0) gets
/// none: the others share them.
inline std::vector<int> slabs(const std::vector<double>& position, int ranks, int empty) {
  std::vector<std::size_t> order(position.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return position[a] < position[b]; });
  const int holders = empty >= 0 && ranks > 1 ? ranks - 1 : ranks;
  std::vector<int> rank(position.size());
  for (std::size_t k = 0; k < order.size(); ++k) {
    int r = static_cast<int>(k * static_cast<std::size_t>(holders) / std::max<std::size_t>(order.size(), 1));
    if (empty >= 0 && ranks > 1 && r >= empty) ++r;
    rank[order[k]] = r;
  }
  return rank;
}

/// The partition of a solver that cuts its mesh into slabs along x: master faces and slave items
/// by their centres; `empty` names a rank that holds nothing (−1: none).
inline Partition slab_partition(const ContactInterface& in, std::span<const Eigen::Vector3d> x, int ranks,
                                int empty = -1) {
  std::vector<double> master_x, slave_x;
  for (const SurfaceFace& face : in.master.faces) master_x.push_back(face_centre(face, x).x());
  if (in.mode == ContactMode::node_to_surface)
    for (const Index n : sorted_slave_nodes(in)) slave_x.push_back(x[static_cast<std::size_t>(n)].x());
  if (in.mode == ContactMode::surface_to_surface)
    for (const SurfaceFace& face : in.slave.faces) slave_x.push_back(face_centre(face, x).x());
  return {slabs(master_x, ranks, empty), slabs(slave_x, ranks, empty)};
}

/// Master faces dealt round-robin, so that neighbours differ; each slave node on the rank after
/// the one holding its closest face in `serial` (so that no node finds its contact at home when
/// there are two ranks or more), the others round-robin too; slave faces on the rank after their
/// first pair's master.
inline Partition away_partition(const ContactInterface& in, const InterfaceResult& serial, int ranks) {
  Partition p;
  for (std::size_t f = 0; f < in.master.faces.size(); ++f) p.master.push_back(static_cast<int>(f % static_cast<std::size_t>(ranks)));
  const std::size_t items = slave_item_count(in);
  for (std::size_t k = 0; k < items; ++k) p.slave.push_back(static_cast<int>((k + 1) % static_cast<std::size_t>(ranks)));
  const auto after = [&](Index face) { return (p.master[static_cast<std::size_t>(face)] + 1) % ranks; };
  if (in.mode == ContactMode::node_to_surface) {
    const std::vector<Index> slaves = sorted_slave_nodes(in);
    for (std::size_t k = 0; k < serial.contacts.size(); ++k) {
      const auto at = std::lower_bound(slaves.begin(), slaves.end(), serial.contacts.node[k]) - slaves.begin();
      p.slave[static_cast<std::size_t>(at)] = after(serial.contacts.face[k]);
    }
  } else if (in.mode == ContactMode::surface_to_surface) {
    for (std::size_t k = serial.pair_slave.size(); k-- > 0;)
      p.slave[static_cast<std::size_t>(serial.pair_slave[k])] = after(serial.pair_master[k]);
  }
  return p;
}

/// One rank's part of several interfaces of one model.
struct RankModel {
  std::vector<GlobalId> node_ids;  ///< descending
  std::vector<DistributedInterface> interfaces;

  std::vector<Eigen::Vector3d> coordinates(std::span<const Eigen::Vector3d> global) const {
    std::vector<Eigen::Vector3d> x;
    for (const GlobalId id : node_ids) x.push_back(global[static_cast<std::size_t>(id)]);
    return x;
  }
};

/// This rank's part of `interfaces` under `partitions` (one per interface), over a node array of
/// its own.
inline RankModel rank_model(std::span<const ContactInterface> interfaces, std::span<const Partition> partitions,
                            int rank) {
  RankModel model;
  std::vector<Index> used;
  for (std::size_t i = 0; i < interfaces.size(); ++i) {
    DistributedInterface part = interface_part(interfaces[i], partitions[i].master, partitions[i].slave, rank);
    for (const Surface* s : {&part.master, &part.slave})
      for (const SurfaceFace& face : s->faces) used.insert(used.end(), face.nodes().begin(), face.nodes().end());
    used.insert(used.end(), part.slave_nodes.begin(), part.slave_nodes.end());
    model.interfaces.push_back(std::move(part));
  }
  std::sort(used.begin(), used.end(), std::greater<>());
  used.erase(std::unique(used.begin(), used.end()), used.end());
  // Global node index → this rank's index, for the faces and slave nodes.
  const Index largest = used.empty() ? 0 : used.front() + 1;
  std::vector<Index> local(static_cast<std::size_t>(largest), -1);
  for (std::size_t k = 0; k < used.size(); ++k) {
    local[static_cast<std::size_t>(used[k])] = static_cast<Index>(k);
    model.node_ids.push_back(used[k]);
  }
  for (DistributedInterface& part : model.interfaces) {
    for (Surface* s : {&part.master, &part.slave})
      for (SurfaceFace& face : s->faces)
        for (std::size_t k = 0; k < face.nodes().size(); ++k)
          face.node_storage[k] = local[static_cast<std::size_t>(face.node_storage[k])];
    for (Index& n : part.slave_nodes) n = local[static_cast<std::size_t>(n)];
  }
  return model;
}

inline bool same_bits(double a, double b) { return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b); }

inline bool same_bits(const Eigen::Vector3d& a, const Eigen::Vector3d& b) {
  return same_bits(a.x(), b.x()) && same_bits(a.y(), b.y()) && same_bits(a.z(), b.z());
}

/// Counts of what differs between the gathered distributed result and the serial one; every
/// count 0 when they are the same arrays, doubles bit for bit (kinematics: the contacts' frames,
/// master nodes and weights; slips: slip and new_contact). The ranks of the faces are checked
/// against the partition.
struct Difference {
  std::size_t contacts = 0, kinematics = 0, slips = 0, pairs = 0, degenerate = 0, ranks = 0;
  bool sizes = false;
};

template <std::size_t n>
bool same_bits(const std::array<double, n>& a, const std::array<double, n>& b) {
  return std::equal(a.begin(), a.end(), b.begin(), [](double x, double y) { return same_bits(x, y); });
}

/// Global node ids equal to serial node indices: the same master nodes.
inline bool same_nodes(const std::array<GlobalId, 9>& a, const std::array<Index, 9>& b) {
  return std::equal(a.begin(), a.end(), b.begin(), [](GlobalId x, Index y) { return x == y; });
}

template <class Ids>
bool same_ids(const std::vector<GlobalId>& a, const Ids& b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](GlobalId x, Index y) { return x == y; });
}

inline Difference compare(const DistributedResult& d, const InterfaceResult& s, const Partition& p) {
  Difference diff;
  const DistributedContacts& c = d.contacts;
  const auto kinematics_sizes = [](const auto& x, std::size_t n) {
    return x.tangent1.size() == n && x.tangent2.size() == n && x.master_nodes.size() == n && x.weights.size() == n;
  };
  diff.sizes = c.size() != s.contacts.size() || d.pair_slave.size() != s.pair_slave.size() ||
               !kinematics_sizes(c, c.size()) || !kinematics_sizes(s.contacts, c.size()) ||
               c.slip.size() != s.contacts.slip.size() || c.new_contact.size() != s.contacts.new_contact.size();
  if (diff.sizes) return diff;
  for (std::size_t k = 0; k < c.size(); ++k) {
    const bool same = c.node[k] == s.contacts.node[k] && c.face[k] == s.contacts.face[k] &&
                      same_bits(c.gap[k], s.contacts.gap[k]) && same_bits(c.normal[k], s.contacts.normal[k]) &&
                      same_bits(c.point[k], s.contacts.point[k]) && same_bits(c.local[k].x(), s.contacts.local[k].x()) &&
                      same_bits(c.local[k].y(), s.contacts.local[k].y()) && c.feature[k] == s.contacts.feature[k] &&
                      c.feature_index[k] == s.contacts.feature_index[k];
    diff.contacts += same ? 0 : 1;
    const bool same_kinematics =
        same_bits(c.tangent1[k], s.contacts.tangent1[k]) && same_bits(c.tangent2[k], s.contacts.tangent2[k]) &&
        same_nodes(c.master_nodes[k], s.contacts.master_nodes[k]) && same_bits(c.weights[k], s.contacts.weights[k]);
    diff.kinematics += same_kinematics ? 0 : 1;
    if (!c.slip.empty())
      diff.slips += same_bits(c.slip[k], s.contacts.slip[k]) && c.new_contact[k] == s.contacts.new_contact[k] ? 0 : 1;
    diff.ranks += c.face_rank[k] == p.master[static_cast<std::size_t>(c.face[k])] ? 0 : 1;
  }
  for (std::size_t k = 0; k < d.pair_slave.size(); ++k) {
    const bool same = d.pair_slave[k] == s.pair_slave[k] && d.pair_master[k] == s.pair_master[k] &&
                      same_bits(d.pair_distance[k], s.pair_distance[k]);
    diff.pairs += same ? 0 : 1;
    diff.ranks += d.pair_master_rank[k] == p.master[static_cast<std::size_t>(d.pair_master[k])] ? 0 : 1;
  }
  diff.degenerate = (same_ids(d.degenerate_master_faces, s.degenerate_master_faces) ? 0 : 1) +
                    (same_ids(d.degenerate_slave_faces, s.degenerate_slave_faces) ? 0 : 1);
  return diff;
}

/// Checks on rank 0 that `gathered` (gather_result to rank 0) is `serial`.
inline void check_same(const DistributedResult& gathered, const InterfaceResult& serial, const Partition& p) {
  if (world_rank() != 0) return;
  const Difference diff = compare(gathered, serial, p);
  BOOST_TEST(!diff.sizes, "sizes: " << gathered.contacts.size() << " contacts and " << gathered.pair_slave.size()
                                    << " pairs, serial " << serial.contacts.size() << " and " << serial.pair_slave.size()
                                    << " (or the kinematics' or slips' sizes differ)");
  BOOST_TEST(diff.contacts == 0u);
  BOOST_TEST(diff.kinematics == 0u);
  BOOST_TEST(diff.slips == 0u);
  BOOST_TEST(diff.pairs == 0u);
  BOOST_TEST(diff.degenerate == 0u);
  BOOST_TEST(diff.ranks == 0u);
  BOOST_TEST(gathered.tolerance == serial.tolerance);
}

}  // namespace fecontact::test
