// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The contact search a solver holds for a whole analysis. It is built once from its interfaces
// (faces and slave nodes as indices into the solver's own node array: no Mesh needed) and called
// every step with the node coordinates and result objects that the solver keeps, so that a step
// allocates nothing once the results have grown. Trees are built at the first search, refitted
// at later ones and rebuilt only when their SAH cost has grown by SearchOptions::rebuild_factor
// since their build (quality.hpp). With a skin, the trees are searched only when some node has
// moved far enough to change the answer; the steps between check the kept candidates alone.

#include <cstdint>
#include <limits>
#include <memory>
#include <span>
#include <utility>
#include <vector>

#include <Eigen/Core>

#include "fecontact/bvh/bvh.hpp"
#include "fecontact/bvh/traversal_counters.hpp"
#include "fecontact/contact/face_projection.hpp"
#include "fecontact/contact/node_contact_arrays.hpp"
#include "fecontact/mesh/mesh.hpp"
#include "fecontact/mesh/surface.hpp"
#include "fecontact/mesh/surface_extraction.hpp"  // surface_nodes: slave nodes of a surface
#include "fecontact/types.hpp"

namespace fecontact {

/// The bounding volumes of an interface's trees: axis-aligned boxes, PCA-fitted oriented boxes,
/// or AABB trees whose pairs are then tested by the patches' normal slabs (dual_search.hpp).
enum class BvKind : std::uint8_t { aabb, obb, dual };
/// Primitive of the trees: one face, or a spectral patch of up to SearchOptions::patch_faces faces.
enum class LeafUnit : std::uint8_t { face, spectral_patch };

/// SearchOptions::tolerance before a caller sets it: not a number, so that no search runs on it.
inline constexpr double unset_tolerance = std::numeric_limits<double>::quiet_NaN();

/// Options of one interface; every default is a documented general choice, except the tolerance,
/// which has none.
struct SearchOptions {
  /// Search distance ≥ 0: pairs closer than this count as contact. In mesh length units, or,
  /// when `relative` is set, a multiple of the master surface's mean face size (mean over its
  /// faces of the mean corner-to-corner edge length, at each search of the trees). No default:
  /// a search of 0 finds only nodes exactly on the surface and drops every penetration, so the
  /// caller chooses (unset_tolerance, refused by ContactSearch, until it does).
  double tolerance = unset_tolerance;
  bool relative = false;
  BvKind bv = BvKind::aabb;
  /// Skin δ ≥ 0, in length units (the neighbour-list skin of molecular dynamics, Verlet 1967; the
  /// tracking interval of explicit contact codes). A search of the trees uses tolerance + δ and
  /// keeps its candidates. A later step measures how far the interface's nodes have moved since
  /// then; while no pair can have closed by δ (twice the largest node motion, with the face's
  /// interpolation bound for quadratic faces, face_motion_bound) it checks the kept candidates
  /// only, and otherwise searches the trees again. The contacts and pairs are those of a search
  /// of the trees at every step. 0: every step searches the trees.
  double skin = 0.0;
  LeafUnit leaves = LeafUnit::face;
  Index patch_faces = 8;
  /// Rebuild a refitted tree when its SAH cost exceeds this factor (≥ 1) times its cost at build.
  double rebuild_factor = 1.5;
  /// Node-to-surface: report each contact's slip since the last accepted step
  /// (ContactSearch::accept_step; NodeContacts::slip, new_contact); the search then keeps each
  /// slave node's contact face and local coordinates at the accepted step and at the last
  /// search. Off: those arrays stay empty and a step costs nothing more.
  bool track_slip = false;
};

/// The master side of an interface for ContactInterface's factories: a distinct type from
/// SlaveSurface, and no Surface converts to either implicitly, so that a call names each side
/// (`MasterSurface{m}, SlaveSurface{s}`) and a swap does not compile.
struct MasterSurface {
  explicit MasterSurface(Surface s) : surface(std::move(s)) {}
  Surface surface;
};
/// The slave side of a surface-to-surface interface (MasterSurface says why it is a type).
struct SlaveSurface {
  explicit SlaveSurface(Surface s) : surface(std::move(s)) {}
  Surface surface;
};

/// One interface. node_to_surface: `slave_nodes` against the faces of `master`;
/// surface_to_surface: the faces of `slave` against those of `master`; self: pairs of faces of
/// `master` that share no node (`slave` and `slave_nodes` unused). Node indices refer to the
/// coordinate array of every step.
struct ContactInterface {
  ContactMode mode = ContactMode::node_to_surface;
  Surface master;
  Surface slave;
  std::vector<Index> slave_nodes;
  SearchOptions options;

  /// The interfaces of each mode with their search distance (the one option without a default),
  /// master first, as in the C and Fortran interfaces.
  static ContactInterface node_to_surface(MasterSurface master, std::vector<Index> slave_nodes, double tolerance);
  static ContactInterface surface_to_surface(MasterSurface master, SlaveSurface slave, double tolerance);
  static ContactInterface self_contact(Surface surface, double tolerance);
};

/// The contacts of the search: ids are indices into its arrays (node-to-surface: slave nodes
/// into the coordinates, faces into ContactInterface::master.faces).
using NodeContacts = NodeContactArrays<Index>;

/// The result of one interface at one step, in plain arrays. A caller that passes the same
/// results again and again reuses their capacity.
struct InterfaceResult {
  /// Node-to-surface: one entry per slave node with a master face within the tolerance,
  /// ascending node: the closest such face. The tolerance bounds penetrations too: a node deeper
  /// than it below every face is not found, so a solver chooses it above the deepest
  /// penetration it lets happen.
  NodeContacts contacts;
  /// Two-configuration search only (empty otherwise): entry k is the same slave node as
  /// contacts entry k, its closest candidate face at the `predicted` coordinates, with gap,
  /// normal, point and local coordinates there (the other end of the step). face = −1 (gap +inf)
  /// when every candidate face has zero area at `predicted`.
  NodeContacts predicted;
  /// Pairs within the tolerance, ascending (slave, master): node_to_surface (slave node, master
  /// face), surface_to_surface (slave face, master face), self (face, face) with slave < master.
  /// One configuration: every pair whose distance ≤ tolerance (projection for nodes,
  /// face_distance for faces: a conservative lower bound unless both faces are tri3). Two
  /// configurations: every pair whose swept volumes come within the tolerance.
  std::vector<Index> pair_slave;
  std::vector<Index> pair_master;
  std::vector<double> pair_distance;  ///< in the current configuration
  /// Two-configuration surface-to-surface and self search only (empty otherwise): pair_distance
  /// at `predicted` (node-to-surface: InterfaceResult::predicted).
  std::vector<double> pair_distance_predicted;
  /// Zero-area faces, skipped: found by the last search of the trees (a step that did not search
  /// them checks its kept candidates' faces, and reports the last search's list).
  std::vector<Index> degenerate_master_faces;
  std::vector<Index> degenerate_slave_faces;
  double tolerance = 0;        ///< the absolute tolerance used
  int configurations = 1;      ///< 1 or 2: the search that made this result
  TraversalCounters counters;  ///< broad phase of this step (zero when it did not search the trees)
  bool searched = false;       ///< the trees were searched at this step (always, without a skin)
  bool rebuilt = false;        ///< a tree was (re)built during this step

  void clear();  ///< empties every array, keeping its capacity
};

/// What a caller that passes over the coordinates before each step has found there, so that
/// the step makes no pass of its own over the nodes: the distributed search, which copies its
/// nodes into its search's array and measures them in that copy.
struct MeasuredStep {
  /// The skin's test, made by the caller over the nodes of every interface: false only when no
  /// pair can have closed by the skin since the last search of the trees (SearchOptions::skin),
  /// and the step then checks the candidates kept by that search; true searches the trees. An
  /// interface that kept none (no skin, or no search of the trees since the last
  /// two-configuration one) searches its trees either way.
  bool search_trees = true;
  /// At least the largest |x| over the coordinates of the interfaces' nodes: the rounding slack
  /// of a search of the trees (unused when none is made).
  double magnitude = 0;
};

class ContactSearch {
 public:
  /// The search of `interfaces` over a model of `node_count` nodes (the size of every step's
  /// coordinate array). Throws std::invalid_argument, naming the interface and the face or node,
  /// for a node index outside [0, node_count), a face of another node count than 3, 4, 6, 8 or 9
  /// (tri3, quad4, tri6, quad8, quad9), a tolerance that was not set (unset_tolerance), a
  /// tolerance or skin that is negative or not finite,
  /// patch_faces < 1 or rebuild_factor < 1.
  ContactSearch(Index node_count, std::vector<ContactInterface> interfaces);
  /// The same over the nodes of `mesh` (which it does not keep): the adapter for meshes read
  /// from files, whose surfaces and file ids the JSON and VTU reports use.
  ContactSearch(const Mesh& mesh, std::vector<ContactInterface> interfaces);
  ~ContactSearch();
  ContactSearch(ContactSearch&&) noexcept;
  ContactSearch& operator=(ContactSearch&&) noexcept;

  /// One step at `coordinates` (node_count of them) into `results` (resized to one per
  /// interface; their arrays are cleared and refilled). Once the results have grown, a step
  /// allocates no memory unless a tree is rebuilt (InterfaceResult::rebuilt) or the results
  /// need more room than before. Throws std::invalid_argument for another coordinate count or
  /// a coordinate of an interface's node that is not finite; the search and the results are
  /// then as before the call.
  void search(std::span<const Eigen::Vector3d> coordinates, std::vector<InterfaceResult>& results);

  /// search with the skin's test and the coordinates' magnitude `measured` by the caller, who
  /// has also checked that the coordinates of the interfaces' nodes are finite: they are not
  /// checked here. The contacts and pairs are those of search. Such a step keeps no positions
  /// for the skin's test: a later step of search (without `measured`) searches the trees.
  /// Throws std::invalid_argument for another coordinate count (nothing changed).
  void search(std::span<const Eigen::Vector3d> coordinates, const MeasuredStep& measured,
              std::vector<InterfaceResult>& results);

  /// Two-configuration search: the trees bound every patch over the straight motion from
  /// `current` to `predicted` (and slave nodes over their segments), so a node cannot tunnel
  /// through a face during the step. Contacts and pair distances are computed at `current`, and
  /// again at `predicted` (InterfaceResult::predicted, pair_distance_predicted). Always searches
  /// the trees (no skin). Throws as search.
  void search(std::span<const Eigen::Vector3d> current, std::span<const Eigen::Vector3d> predicted,
              std::vector<InterfaceResult>& results);

  /// Makes the configuration of the last search the accepted one: the slip (track_slip) and
  /// new_contact of every later search are measured from the contacts that search found, however
  /// many searches come before the next accept_step. An implicit solver calls it once a step has
  /// converged; a rejected step (a cut-back) is dropped by not calling it, and the next search
  /// measures from the step accepted before. An explicit solver calls it after every search.
  /// Before the first accept_step every contact is new (slip 0). Without a search since the last
  /// accept_step it changes nothing. The history belongs to this object: a new ContactSearch (the
  /// C interface's rebuild after a change of interfaces or options) starts without one.
  void accept_step();

  /// search into new results, for a caller that searches once.
  std::vector<InterfaceResult> search(std::span<const Eigen::Vector3d> coordinates);
  std::vector<InterfaceResult> search(std::span<const Eigen::Vector3d> current,
                                      std::span<const Eigen::Vector3d> predicted);

  Index node_count() const;

  /// Number of tree builds so far (the first build included), over all interfaces.
  Index build_count() const;

  /// The interfaces as searched (slave_nodes sorted, each once), in the constructor's order:
  /// entry k is the interface of result k.
  std::span<const ContactInterface> interfaces() const;

  /// The tree of an interface: its master faces' tree, or the slave faces' tree of a
  /// surface-to-surface interface (the others have none).
  enum class TreeSide : std::uint8_t { master, slave };

  /// One tree of interface i as it stands after the last search of the trees, for pictures of
  /// it (tree_level_volumes, contact_vtu.hpp): a Bvh<Obb> when its SearchOptions::bv is obb, a
  /// Bvh<Aabb> otherwise (aabb, dual). Null for the other BV, before the first search and for a
  /// tree the interface does not have. Valid until the next search (which may rebuild it).
  /// Precondition: i < interfaces().size(). BV: Aabb or Obb.
  template <BoundingVolume BV>
  const Bvh<BV>* tree(std::size_t i, TreeSide side = TreeSide::master) const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

/// The surface of faces given as plain arrays, as a solver holds them: face f has the nodes
/// face_nodes[face_offsets[f] .. face_offsets[f + 1]), corners first, ordered so that the
/// right-hand rule gives the outward normal; 3, 4, 6, 8 or 9 nodes make a tri3, quad4, tri6,
/// quad8 or quad9 face (node order as in the README's conventions). Throws std::invalid_argument
/// naming the face for offsets that do not start at 0, decrease or run past face_nodes, and for
/// another node count.
Surface surface_from_arrays(std::span<const Index> face_offsets, std::span<const Index> face_nodes);

}  // namespace fecontact
