#pragma once
// The contact search object: interfaces (master × slave node-to-surface, master × slave
// surface-to-surface, self contact of one surface) searched together, step after step. The
// trees are built once, refitted every step and rebuilt only when their SAH cost has grown by
// SearchOptions::rebuild_factor since their build (quality.hpp).

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include <Eigen/Core>

#include "fecontact/bvh/traversal_counters.hpp"
#include "fecontact/contact/face_projection.hpp"
#include "fecontact/mesh/mesh.hpp"
#include "fecontact/mesh/surface.hpp"
#include "fecontact/mesh/surface_extraction.hpp"  // surface_nodes: slave nodes of a surface
#include "fecontact/types.hpp"

namespace fecontact {

enum class VolumeKind : std::uint8_t { aabb, obb };
enum class LeafUnit : std::uint8_t { face, spectral_patch };

/// Options of one interface; every default is a documented general choice.
struct SearchOptions {
  /// Search distance ≥ 0: pairs closer than this count as contact. In mesh length units, or,
  /// when `relative` is set, a multiple of the master surface's mean face size (mean over its
  /// faces of the mean corner-to-corner edge length, in the configuration searched).
  double tolerance = 0.0;
  bool relative = false;
  VolumeKind volume = VolumeKind::aabb;
  /// Primitive of the trees: one face, or a spectral patch of up to patch_faces faces.
  LeafUnit leaves = LeafUnit::face;
  Index patch_faces = 8;
  /// Rebuild a refitted tree when its SAH cost exceeds this factor times its cost at build.
  double rebuild_factor = 1.5;
};

/// One interface. node_to_surface: `slave_nodes` (mesh node indices) against the faces of
/// `master`; surface_to_surface: the faces of `slave` against those of `master`; self: pairs of
/// faces of `master` that share no node (`slave` and `slave_nodes` unused).
struct ContactInterface {
  enum class Kind : std::uint8_t { node_to_surface, surface_to_surface, self };
  Kind kind = Kind::node_to_surface;
  Surface master;
  Surface slave;
  std::vector<Index> slave_nodes;
  SearchOptions options;
};

/// The result of one interface in plain arrays (structure of arrays) for a solver.
struct InterfaceResult {
  /// Node-to-surface contacts, one entry per slave node with a candidate face, ascending node:
  /// the closest candidate face (node_contact.hpp for the sign rule).
  struct NodeContacts {
    std::vector<Index> node;           ///< mesh node index
    std::vector<FileId> node_id;       ///< node id in the input file
    std::vector<Index> face;           ///< master face index
    std::vector<FileId> element_id;    ///< the master face's element id in the input file
    std::vector<int> local_face;       ///< the face of that element (Abaqus S = local_face + 1)
    std::vector<double> gap;           ///< negative = penetration
    std::vector<double> normal;        ///< 3 per contact: outward unit normal of the master face
    std::vector<double> point;         ///< 3 per contact: contact point
    std::vector<double> local;         ///< 2 per contact: its local coordinates on the face
    std::vector<FaceFeature> feature;  ///< interior, edge or vertex
    std::vector<int> feature_index;
  } contacts;
  /// Two-configuration search only (empty otherwise): entry k is the same slave node as
  /// contacts entry k, its closest candidate face at the `predicted` coordinates, with gap,
  /// normal, point and local coordinates there (the other end of the step). face = −1 (with
  /// element_id and local_face −1, gap +inf) when every candidate face has zero area at
  /// `predicted`.
  NodeContacts predicted;
  /// Candidate pairs, ascending (slave, master): node_to_surface (slave node, master face),
  /// surface_to_surface (slave face, master face), self (face, face) with slave < master.
  /// One configuration: every pair whose distance ≤ tolerance (projection for nodes,
  /// face_distance for faces: a conservative lower bound unless both faces are tri3). Two
  /// configurations: every pair whose swept volumes come within the tolerance.
  std::vector<Index> pair_slave;
  std::vector<Index> pair_master;
  std::vector<double> pair_distance;  ///< in the current configuration
  /// Two-configuration search only (empty otherwise): pair_distance at `predicted`.
  std::vector<double> pair_distance_predicted;
  std::vector<Index> degenerate_master_faces;  ///< zero-area faces, skipped
  std::vector<Index> degenerate_slave_faces;
  double tolerance = 0;          ///< the absolute tolerance used
  int configurations = 1;        ///< 1 or 2: the search that made this result
  TraversalCounters counters;    ///< broad phase (node-to-surface: node-volume tests)
  bool rebuilt = false;          ///< a tree was (re)built during this search
};

class ContactSearch {
 public:
  /// `mesh` provides the file ids and must outlive the object; coordinates come with each step.
  /// Preconditions: every face and slave node index is valid for `mesh`; options.tolerance ≥ 0.
  ContactSearch(const Mesh& mesh, std::vector<ContactInterface> interfaces);
  ~ContactSearch();
  ContactSearch(ContactSearch&&) noexcept;
  ContactSearch& operator=(ContactSearch&&) noexcept;

  /// One-configuration search at `coordinates` (one per mesh node).
  std::vector<InterfaceResult> search(std::span<const Eigen::Vector3d> coordinates);

  /// Two-configuration search: the trees bound every patch over the straight motion from
  /// `current` to `predicted` (and slave nodes over their segments), so a node cannot tunnel
  /// through a face during the step. Contacts and pair distances are computed at `current`, and
  /// again at `predicted` (InterfaceResult::predicted, pair_distance_predicted).
  std::vector<InterfaceResult> search(std::span<const Eigen::Vector3d> current,
                                      std::span<const Eigen::Vector3d> predicted);

  /// Number of tree builds so far (the first build included), over all interfaces.
  Index build_count() const;

  /// The interfaces as searched (slave_nodes sorted, each once), in the constructor's order:
  /// entry k is the interface of result k.
  std::span<const ContactInterface> interfaces() const;

  /// The tree of an interface: its master faces' tree, or the slave faces' tree of a
  /// surface-to-surface interface (the others have none).
  enum class TreeSide : std::uint8_t { master, slave };

  /// The bounding volumes of one level of a tree as it stands after the last search: the
  /// nodes at depth `level` (the root is level 0) and the leaves above that depth, so that
  /// together they cover every patch; in depth-first order. Each as 8 corners, corner k on the
  /// upper side along axis i when bit i of k is set (the box's own axes for an OBB, as
  /// corners(const Obb&)). Volumes are as stored: inflated by the tolerance where the search
  /// does, covering both configurations after a two-configuration search. Empty before the
  /// first search and for a tree the interface does not have. Precondition: i <
  /// interfaces().size(), level ≥ 0.
  std::vector<std::array<Eigen::Vector3d, 8>> tree_level_volumes(std::size_t i, int level,
                                                                 TreeSide side = TreeSide::master) const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace fecontact
