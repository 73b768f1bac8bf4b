// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Contact search over the ranks of an MPI communicator, each rank holding its own part of the
// contact surfaces: any partition the solver has (the library does not partition). The pattern
// of the distributed searches of ArborX (DistributedTree), Kratos and 4C: each rank's faces are
// bounded by a few boxes, all ranks' boxes are gathered into a small top tree, each rank sends
// its slave nodes (slave faces, or in self contact its faces) to the ranks whose boxes they come
// near, the narrow phase runs where the master face lives (a ContactSearch per rank, over its
// faces and the nodes or faces other ranks sent), and its findings go back to the rank that owns
// the slave node or face.
//
// The results are those of one ContactSearch over the whole model, bit for bit, whatever the
// number of ranks and threads: each (node, face) projection and (face, face) distance is computed
// by the same functions from the same coordinates, and a node's closest face is chosen by the
// same rule with global face ids in place of face indices (equal distances: the lowest id). A
// serial search over a mesh numbers its faces in the order of its surfaces: with global face ids
// in that order (and node ids equal to node indices) the two results are the same arrays. So are
// the contacts' kinematics (frames, master nodes as global ids, weights) and, with track_slip,
// their slip: a slave node's owner keeps its contact face and local coordinates of the accepted
// step (accept_step) and sends them with the node, always to the rank that holds that face,
// which returns the face's nodes at the current coordinates for the owner to measure the
// convected slip on (src/slip.cpp).
// One limit: where face_distance is only a lower bound (face pairs not both tri3), the serial
// search reports the pairs its trees give it, which depend on its rounding slack and, with a
// skin, on the steps at which it last searched them. The ranks pair the same faces by the same
// Bézier hulls, with slacks of their own and, with a skin, trees searched at their own steps: a
// pair whose hulls lie within rounding of the search distance, or (with a skin) whose lower
// bound is within the tolerance while the faces are farther apart, may then differ.

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include <mpi.h>

#include <Eigen/Core>

#include "fecontact/bvh/traversal_counters.hpp"
#include "fecontact/contact/contact_search.hpp"
#include "fecontact/types.hpp"

namespace fecontact {

/// A node's or a face's number in the solver's global numbering: the same on every rank.
using GlobalId = std::int64_t;

/// This rank's part of one interface (ContactInterface with global ids). Faces are built with
/// surface_from_arrays over this rank's node array. Every rank passes the same interfaces in the
/// same order, with the same mode and options, possibly with no face or node at all.
struct DistributedInterface {
  ContactMode mode = ContactMode::node_to_surface;
  Surface master;                    ///< this rank's master faces (self contact: its faces of the surface)
  std::vector<GlobalId> master_ids;  ///< the global id of each master face
  Surface slave;                     ///< surface_to_surface: this rank's slave faces
  std::vector<GlobalId> slave_ids;   ///< the global id of each slave face
  std::vector<Index> slave_nodes;    ///< node_to_surface: this rank's slave nodes
  /// As for ContactSearch, with an absolute tolerance (relative = false): a relative one would
  /// need the mean face size of the whole surface summed in the serial order.
  SearchOptions options;
};

/// Node-to-surface contacts of this rank's slave nodes in plain arrays, one entry per node with a
/// master face within the tolerance, ascending node id: NodeContacts with global ids, and the
/// rank that holds the face.
struct DistributedContacts : NodeContactArrays<GlobalId> {
  std::vector<int> face_rank;  ///< the rank that holds the master face

  /// Empties every array, keeping its capacity.
  void clear() {
    NodeContactArrays::clear();
    face_rank.clear();
  }
};

/// What this rank sent and received at one step (point-to-point messages: ids when the pattern
/// is made, coordinates, results; collectives: this rank's part of each).
struct ExchangeStatistics {
  std::uint64_t items_sent = 0;       ///< slave nodes or faces sent (once per destination rank)
  std::uint64_t ghosts_received = 0;  ///< nodes or faces of other ranks searched here
  int send_ranks = 0;                 ///< ranks this rank sent items to
  int receive_ranks = 0;              ///< ranks this rank received items from
  std::uint64_t bytes_sent = 0;       ///< point-to-point payload sent
  std::uint64_t bytes_received = 0;   ///< point-to-point payload received
  std::uint64_t collective_bytes = 0;  ///< this rank's contribution to the collectives

  ExchangeStatistics& operator+=(const ExchangeStatistics& other);
};

/// The result of one interface at one step on this rank: its own slave nodes' contacts and its
/// own slave nodes' (faces') pairs, with global ids. In self contact a pair (a, b), a < b, is on
/// the rank of face a.
struct DistributedResult {
  DistributedContacts contacts;
  /// Pairs within the tolerance, ascending (slave, master), as InterfaceResult's.
  std::vector<GlobalId> pair_slave;
  std::vector<GlobalId> pair_master;
  std::vector<int> pair_master_rank;  ///< the rank that holds the master face
  std::vector<double> pair_distance;
  /// This rank's zero-area faces, ascending id (as InterfaceResult's).
  std::vector<GlobalId> degenerate_master_faces;
  std::vector<GlobalId> degenerate_slave_faces;
  double tolerance = 0;
  /// The ranks made their pattern again at this step (the first step, every step without a skin,
  /// and with one when the skin no longer holds on some rank): the same on every rank. The
  /// serial search would have searched its trees at exactly these steps.
  bool searched = false;
  bool rebuilt = false;        ///< a tree of this rank's search was (re)built during this step
  TraversalCounters counters;  ///< this rank's broad phase at this step
  ExchangeStatistics exchange;

  void clear();  ///< empties every array, keeping its capacity
};

class DistributedSearch {
 public:
  /// The search of `interfaces` over the ranks of `comm` (duplicated: its messages never meet
  /// the caller's). `node_ids` is this rank's node array: the global id of each node, distinct on
  /// the rank; faces and slave nodes index it. Preconditions, not checked across ranks: a face id
  /// is given by one rank only, a slave node by one rank only, and a node held by several ranks
  /// has the same coordinates on each. Collective. Throws std::invalid_argument on every rank
  /// when one rank's input is bad (the message of the lowest such rank, naming the rank, the
  /// interface and the face or node): those of ContactSearch's constructor, ids not matching the
  /// faces or repeated, a relative tolerance, or interfaces that differ between ranks.
  DistributedSearch(MPI_Comm comm, std::span<const GlobalId> node_ids, std::vector<DistributedInterface> interfaces);
  ~DistributedSearch();  ///< frees the duplicated communicator: call before MPI_Finalize
  DistributedSearch(DistributedSearch&&) noexcept;
  DistributedSearch& operator=(DistributedSearch&&) noexcept;

  /// One step at this rank's node `coordinates` (one per node id) into `results` (one per
  /// interface). Collective. Once the results and messages have grown, a step whose pattern
  /// holds (with a skin) allocates nothing unless a tree is rebuilt. Throws std::invalid_argument
  /// on every rank for another coordinate count or a coordinate of an interface's node that is
  /// not finite on some rank; the search and the results are then as before the call.
  void search(std::span<const Eigen::Vector3d> coordinates, std::vector<DistributedResult>& results);
  std::vector<DistributedResult> search(std::span<const Eigen::Vector3d> coordinates);

  /// As ContactSearch::accept_step: the last step's contacts become the accepted ones, from which
  /// later steps measure the slip and new_contact; each rank keeps the history of the slave nodes
  /// it owns. Not collective (no message), but every rank calls it after the same steps, as
  /// the serial search would be called.
  void accept_step();

  Index node_count() const;  ///< this rank's node count
  int rank() const;
  int ranks() const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

/// The results of one interface on all ranks, as one result on `root` (the others get an empty
/// one): contacts ascending node id, pairs ascending (slave, master), degenerate faces ascending,
/// counters and exchange statistics summed, searched and rebuilt if on any rank. Collective.
DistributedResult gather_result(MPI_Comm comm, const DistributedResult& result, int root);

}  // namespace fecontact
