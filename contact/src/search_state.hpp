// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// What a ContactSearch keeps between steps, per interface: each surface's patches, geometry and
// tree (surface_tree.cpp), the nodes whose motion decides whether the skin still holds
// (node_motion.cpp), the candidates kept for the steps that do not search the trees, and the
// scratch of the narrow phases (node_search.cpp, face_pair_search.cpp), all reused from step to
// step so that a step allocates nothing once they have grown.

#include <limits>
#include <optional>
#include <span>
#include <utility>
#include <variant>
#include <vector>

#include <Eigen/Core>

#include "fecontact/bvh/bvh.hpp"
#include "fecontact/bvh/dual_search.hpp"
#include "fecontact/bvh/find_pairs.hpp"
#include "fecontact/bvh/patch_geometry.hpp"
#include "fecontact/bvh/patches.hpp"
#include "fecontact/bvh/traverse.hpp"
#include "fecontact/contact/contact_search.hpp"
#include "fecontact/contact/node_contact.hpp"

namespace fecontact::detail {

using Coordinates = std::span<const Eigen::Vector3d>;
using Tree = std::variant<Bvh<Aabb>, Bvh<Obb>>;

/// Slave nodes (or candidate pairs) per task of a narrow-phase loop: 256, enough work to hide a
/// task's start and few enough to balance two threads; but a loop of fewer than 4096 runs as one
/// task, on one thread, since waking a second one costs more than it saves there (and far more on
/// a loaded machine). Depends on the count only: results do not depend on the thread count.
inline constexpr std::size_t narrow_phase_grain(std::size_t count) { return count < 4096 ? 4096 : 256; }

/// One surface as the trees see it: its patches, their geometry at the last search of the
/// trees, the tree, and which faces had zero area there.
struct SurfaceTree {
  Patches patches;
  PatchGeometry geometry;  ///< one configuration
  PatchGeometry swept;     ///< both ends of a step (two-configuration searches)
  std::optional<Tree> tree;
  double build_cost = 0;
  std::vector<char> degenerate;          ///< per face of the surface
  std::vector<Index> degenerate_faces;   ///< the same, as ascending face indices

  /// The geometry the tree was last fitted to.
  const PatchGeometry& fitted(bool two_configurations) const { return two_configurations ? swept : geometry; }
};

/// Moves `t` to `current` (and `predicted`): the patch geometry, the degenerate faces (at
/// `current`) and the tree of `bv`, refitted with every patch volume
/// inflated by `inflate`, built the first time and rebuilt when the refit has grown its SAH
/// cost beyond rebuild_factor × its cost at build. Returns true when it built.
bool update_surface_tree(SurfaceTree& t, const Surface& surface, BvKind bv, double inflate,
                         double rebuild_factor, Coordinates current, const Coordinates* predicted);

/// The largest motion of a surface's points per unit of the largest motion of its nodes: the
/// largest interpolation_bound of its face types.
double face_motion_bound(const Surface& surface);

/// The nodes of one side of an interface whose motion since the last search of the trees
/// bounds how much closer the interface's pairs can have come (the skin's test), and the
/// positions they had then.
struct MovingNodes {
  std::vector<Index> nodes;  ///< sorted, distinct
  std::vector<Eigen::Vector3d> reference;
  double motion_bound = 1;   ///< face_motion_bound of the side (1 for slave nodes)
  std::vector<double> chunk_largest;  ///< scratch: what each chunk of a pass found
};

/// The largest motion of the side's nodes since the reference (+inf without one: nothing is
/// known of it), in one parallel pass. Throws std::invalid_argument naming the first node (in `nodes` order) whose
/// coordinate is not finite.
double largest_motion(MovingNodes& side, Coordinates coordinates);

/// The largest |x| of the side's nodes (throws as largest_motion).
double largest_coordinate(MovingNodes& side, Coordinates coordinates);

/// Takes the side's current positions as the reference of the next skin tests.
void take_reference(MovingNodes& side, Coordinates coordinates);

/// How much farther than the search distance the trees look, so that which pairs a search
/// reports depends on their computed distances alone, not on the trees: the distances are exact
/// to rounding, a few units of the coordinates' magnitude (here 64, with room to spare).
inline double rounding_slack(double magnitude) { return 64 * std::numeric_limits<double>::epsilon() * magnitude; }

/// What one task of the node-to-surface narrow phase finds for its slave nodes, merged in task
/// order afterwards (the same result for any thread count), and its scratch.
struct NodeChunk {
  std::vector<Index> pair_node, pair_face;
  std::vector<double> pair_distance;
  std::vector<Index> contact_node;  ///< nodes with a contact, ascending
  std::vector<Index> contact_slot;  ///< their positions in the interface's slave_nodes
  std::vector<NodeContact> contact, contact_predicted;
  std::vector<Index> kept_count;    ///< per slave node of the chunk: its kept candidates
  std::vector<Index> kept_faces;
  TraversalCounters counters;
  // Scratch of the tree queries.
  VolumeQuery<Aabb> aabb_query;
  VolumeQuery<Obb> obb_query;
  std::vector<Index> patches, faces;
  std::vector<std::pair<Index, FaceProjection>> near;  ///< candidate faces within the tolerance
  std::vector<Index> near_faces;                       ///< the same faces (two configurations)
};

/// Everything of one interface that lives from step to step.
struct InterfaceState {
  const ContactInterface* definition = nullptr;  ///< in the search's list of interfaces
  SurfaceTree master, slave;
  std::array<MovingNodes, 2> moving;  ///< [0] the slave side (self: the surface), [1] the master side
  bool searched_once = false;         ///< the last search of the trees kept candidates (one configuration, a skin)
  Index builds = 0;                   ///< tree builds so far
  double kept_tolerance = 0;          ///< the tolerance of the last search of the trees
  double slack = 0;                   ///< rounding_slack of this step's coordinates
  /// Node-to-surface: the kept candidates of slave node k are
  /// kept_faces[kept_offsets[k] .. kept_offsets[k + 1]), ascending; face pairs: kept_pairs.
  std::vector<Index> kept_offsets, kept_faces;
  std::vector<Index> kept_face_set;  ///< the kept faces, ascending, each once
  std::vector<std::pair<Index, Index>> kept_pairs;
  /// track_slip: each slave node's contact (by position in slave_nodes) at the last accepted
  /// step (ContactSearch::accept_step), against which every search measures the slip, and at
  /// the last search (the trial, which accept_step makes the accepted one): its master face (−1:
  /// none) and local coordinates; accepted_slots and trial_slots list the positions that have
  /// one. contact_slot: the positions of this step's contacts (filled by the narrow phase).
  std::vector<Index> accepted_face, trial_face;
  std::vector<Eigen::Vector2d> accepted_local, trial_local;
  std::vector<Index> accepted_slots, trial_slots, contact_slot;
  // Scratch.
  std::vector<NodeChunk> chunks;
  PairSearch patch_pairs;
  PairSearchBuffers pair_buffers;
  DualSearchBuffers dual_buffers;
  std::vector<std::pair<Index, Index>> candidates;  ///< face pairs (slave, master)
  bool triangles_only = false;  ///< every face of the interface is a tri3 (the distance is triangle_distance)
  std::vector<double> distance, distance_predicted;
  std::vector<double> face_size_partial;
};

/// The node-to-surface step: a search of the trees (`search_trees`; distance `tolerance` +
/// skin + s.slack, keeping its candidates when the skin is not 0) or the narrow phase on the
/// kept candidates. Writes r's contacts and pairs.
void node_to_surface(InterfaceState& s, InterfaceResult& r, bool search_trees, Coordinates current,
                     const Coordinates* predicted);

/// The kinematics of r's node contacts (and of r.predicted at `predicted`): master nodes,
/// weights and tangent frames; with track_slip, the slip of r.contacts against the accepted
/// step's contacts (s.contact_slot filled by the narrow phase), and r.contacts as the trial.
void node_kinematics(InterfaceState& s, InterfaceResult& r, Coordinates current, const Coordinates* predicted);

/// With track_slip: the trial contacts (those of the last search) become the accepted ones.
void accept_trial_contacts(InterfaceState& s);

/// The surface-to-surface and self step (as node_to_surface).
void face_pairs(InterfaceState& s, InterfaceResult& r, bool search_trees, Coordinates current,
                const Coordinates* predicted);

}  // namespace fecontact::detail
