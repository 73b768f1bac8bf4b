// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// What one rank keeps of one interface from step to step: its part laid out for a ContactSearch
// of its own (local_part.cpp), the room in that search for the nodes or faces other ranks send
// (ghost_slots.cpp), the pattern of who sends what to whom (communication_pattern.cpp), and the
// findings sent back to the owners and merged there (findings.cpp). Reused from step to step,
// so that a step that keeps its pattern allocates nothing once everything has grown.

#include <array>
#include <bit>
#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include <mpi.h>

#include <Eigen/Core>

#include "exchange.hpp"
#include "fecontact/bvh/bvh.hpp"
#include "fecontact/bvh/traverse.hpp"
#include "fecontact/compressed_rows.hpp"
#include "fecontact/contact/contact_search.hpp"
#include "fecontact/contact/face_geometry.hpp"
#include "fecontact/distributed/distributed_search.hpp"
#include "fecontact/geometry/aabb.hpp"
#include "message.hpp"

namespace fecontact::detail::distributed {

using Coordinates = std::span<const Eigen::Vector3d>;

/// Boxes that bound a rank's master faces in the top tree: its faces cut into this many groups
/// by recursive coordinate bisection of their centres (at the first search, kept afterwards). A
/// few boxes fit a partition's shape far better than one; all ranks' boxes go to every rank, so
/// their number is what the top tree costs at many ranks (benchmarks/distributed/README.md).
inline constexpr int boxes_per_rank = 8;

/// The items a rank sends other ranks to search: slave nodes (node-to-surface), slave faces
/// (surface-to-surface) or its faces (self contact). Their room in the receivers' searches is
/// kept in pools: 0 for nodes, 1 + k for faces of type face_types[k].
inline constexpr std::array<ElementType, 5> face_types{ElementType::tri3, ElementType::quad4, ElementType::tri6,
                                                       ElementType::quad8, ElementType::quad9};
inline constexpr std::size_t pool_count = 1 + face_types.size();
std::size_t pool_of(ElementType face_type);
int nodes_per_item(std::size_t pool);

/// A rank's boxes in the top tree: one per group of its master faces.
using GroupBoxes = std::array<Aabb, boxes_per_rank>;
static_assert(boxes_per_rank <= 8, "a node's groups are the bits of one byte (CommunicationPattern::node_groups)");

/// Grows the box of each group whose bit is set in `groups` by x.
inline void expand_groups(GroupBoxes& boxes, std::uint8_t groups, const Eigen::Vector3d& x) {
  for (; groups != 0; groups &= static_cast<std::uint8_t>(groups - 1)) {
    Aabb& box = boxes[static_cast<std::size_t>(std::countr_zero(groups))];
    box = expand(box, x);
  }
}

inline void merge_groups(GroupBoxes& boxes, const GroupBoxes& more) {
  for (std::size_t g = 0; g < boxes.size(); ++g) boxes[g] = merge(boxes[g], more[g]);
}

/// What one pass over a part's nodes finds (gather_coordinates).
struct NodePass {
  double magnitude = 0;            ///< the largest |x| (as ContactSearch measures it: MeasuredStep)
  std::array<double, 2> motion{};  ///< each side's largest motion since the reference (0 without one)
  /// Without a skin, where every step makes the pattern, once the faces are grouped: each
  /// group's box of the nodes of its linear faces (CommunicationPattern::node_groups).
  bool has_boxes = false;
  GroupBoxes boxes{};
};

/// A node or face another rank sent: where it came from and where it sits here.
struct Ghost {
  Index source = 0;    ///< index into CommunicationPattern::receive_ranks
  Index position = 0;  ///< its position in what that rank sent
  GlobalId id = 0;
  Index pool = 0;
  Index slot = 0;
  Index node_ids_at = 0;  ///< self contact: where its nodes' ids start in CommunicationPattern::ghost_node_ids
  /// track_slip: the node's contact face at the previous step (−1: none) and local coordinates
  /// there, sent with its coordinates at every step.
  GlobalId previous_face = -1;
  Eigen::Vector2d previous_local = Eigen::Vector2d::Zero();
};

/// Who sends what to whom, made again when the skin no longer holds.
struct CommunicationPattern {
  bool made = false;
  /// The master faces cut into boxes_per_rank groups (at the first pattern, kept afterwards):
  /// per compact node, bit g set when a linear face of group g uses it (the box of those nodes
  /// holds those faces); per group its curved faces (local order), bounded one by one.
  bool grouped = false;
  std::vector<std::uint8_t> node_groups;
  CompressedRows group_curved_faces;
  std::vector<double> boxes;      ///< every rank's boxes, 6 doubles each (min, max), rank by rank
  Bvh<Aabb> top;                  ///< the other ranks' non-empty boxes
  std::vector<int> top_rank;      ///< the rank of each box of `top`
  Aabb others;                    ///< the union of the other ranks' boxes
  VolumeQuery<Aabb> query;
  std::vector<int> send_ranks;    ///< ascending
  CompressedRows send_items;      ///< per send rank: the items sent there, ascending
  std::vector<int> receive_ranks;  ///< ascending
  std::vector<Ghost> ghosts;      ///< by source, then position
  std::vector<GlobalId> ghost_node_ids;  ///< faces: the global ids of each ghost's nodes
  // Scratch.
  std::vector<int> counts, received_counts, last_item_of_rank;
  std::vector<std::pair<int, Index>> destinations;
};

/// Everything of one interface that lives from step to step on one rank.
struct InterfaceState {
  std::size_t index = 0;
  ContactMode mode = ContactMode::node_to_surface;
  SearchOptions options;
  int rank = 0, ranks = 1;

  // This rank's part (local_part.cpp). Compact node k is the caller's node used_nodes[k].
  std::vector<Index> used_nodes;
  std::vector<GlobalId> node_ids;   ///< of the compact nodes
  Surface master;                   ///< compact, ascending id
  std::vector<GlobalId> master_ids;
  /// The items this rank sends, ascending id: for nodes their compact node; for faces their
  /// compact nodes, face k of `owned_faces` (self contact: of `master`).
  std::vector<GlobalId> item_ids;
  CompressedRows item_nodes;
  Surface owned_faces;              ///< surface-to-surface: this rank's slave faces, ascending id
  std::vector<Index> item_of_node;  ///< node-to-surface: per compact node, its item or −1
  /// The skin's test, as ContactSearch's: per compact node the sides it is on (bit 0 the slave
  /// side, in self contact the surface; bit 1 the master side), its position when the pattern
  /// was made, and per side the largest interpolation_bound of its faces on any rank (self
  /// contact: twice, both faces of a pair move).
  std::vector<std::uint8_t> node_sides;
  std::vector<Eigen::Vector3d> reference;  ///< with a skin; written when the pattern is made
  std::array<double, 2> motion_bound{1, 0};
  NodePass pass;                     ///< what this step's gather_coordinates found
  std::vector<NodePass> chunk_pass;  ///< scratch of gather_coordinates

  /// track_slip (node-to-surface): per item its contact at the accepted step
  /// (DistributedSearch::accept_step) — face id (−1: none), the rank that holds the face, local
  /// coordinates — and that face's nodes at this step's coordinates, given by that rank
  /// (slip.cpp); `evaluated` when they are this step's.
  struct PreviousContact {
    GlobalId face = -1;
    int rank = 0;
    Eigen::Vector2d local = Eigen::Vector2d::Zero();
    FaceNodes nodes;
    bool evaluated = false;
  };
  std::vector<PreviousContact> previous;
  /// track_slip: per item its contact at the last step, which accept_step makes the previous one.
  struct TrialContact {
    GlobalId face = -1;
    int rank = 0;
    Eigen::Vector2d local = Eigen::Vector2d::Zero();
  };
  std::vector<TrialContact> trial;

  // The local search and its ghost slots (ghost_slots.cpp).
  std::optional<ContactSearch> search;
  std::vector<Eigen::Vector3d> coordinates;  ///< compact nodes, then slot nodes
  std::array<Index, pool_count> capacity{}, first_node{}, first_face{};
  std::array<std::vector<Index>, pool_count> ghost_of_slot;  ///< −1: free
  Eigen::Vector3d park = Eigen::Vector3d::Zero();  ///< where free slots wait, away from the faces
  std::vector<InterfaceResult> local;

  CommunicationPattern pattern;

  // Messages, one per neighbour, kept between steps.
  std::vector<Message> ids_out, ids_in, coordinates_out, coordinates_in, results_out, results_in;
  std::vector<std::uint32_t> record_counts;  ///< per results message: records written so far
  std::vector<std::size_t> section_at;        ///< per results message: where its open section's count is
  Requests requests;

  // Findings gathered on the owner before they are sorted into the result (findings.cpp).
  struct ContactFinding {
    Index item;
    GlobalId face;
    int rank;
    double gap;
    Eigen::Vector3d normal, point;
    Eigen::Vector2d local;
    FaceFeature feature;
    int feature_index;
    Eigen::Vector3d tangent1, tangent2;
    std::array<GlobalId, 9> master_nodes;
    std::array<double, 9> weights;
  };
  struct PairFinding {
    Index item;
    GlobalId master;
    int rank;
    double distance;
  };
  std::vector<ContactFinding> contact_findings;
  std::vector<PairFinding> pair_findings;
};

/// Whether the interface reports the slip (node-to-surface with track_slip): the same on every rank.
inline bool tracks_slip(const InterfaceState& s) { return s.mode == ContactMode::node_to_surface && s.options.track_slip; }

// local_part.cpp
/// What is wrong with this rank's part of interface `i` (empty when nothing).
std::string check_interface(std::size_t i, const DistributedInterface& in, Index node_count);
/// This rank's part laid out for its local search, and that search, with no room for ghosts
/// yet: a step allocates only what the ghosts need. Precondition: check_interface found nothing.
InterfaceState make_interface_state(std::size_t i, const DistributedInterface& in,
                                    std::span<const GlobalId> node_ids, int rank, int ranks);
/// Copies the part's nodes from the caller's coordinates into the compact array, in one pass
/// that also measures them into s.pass (the one pass of a step over them: the local search is
/// told what it found, MeasuredStep); or sets `bad` to the first caller node that is not finite.
void gather_coordinates(InterfaceState& s, Coordinates coordinates, Index& bad);
/// Takes the compact nodes' positions as the reference of the next skin tests.
void take_references(InterfaceState& s);

// ghost_slots.cpp
/// A new local search with the pools' capacities, every slot free.
void make_local_search(InterfaceState& s);
/// Reads the ghosts' descriptions (ids_in) into pattern.ghosts and gives each a slot, growing
/// the pools (a new local search) when they are full; parks the free slots at `park` when it
/// lies farther than `away` from `master_box`, else moves it there. Returns whether it made a
/// new local search.
bool place_ghosts(InterfaceState& s, const Aabb& master_box, double away);
/// Writes the ghosts' coordinates (coordinates_in) into their slots.
void write_ghost_coordinates(InterfaceState& s);

// communication_pattern.cpp
/// How much farther than the search distance the pattern looks, so that what is sent where
/// depends on the computed distances alone (as ContactSearch's slack): boxes and distances are
/// exact to a few units of rounding of the coordinates' magnitude (here 64, with room to spare).
inline double rounding_slack(double magnitude) { return 64 * std::numeric_limits<double>::epsilon() * magnitude; }
/// The largest Σ|aᵢ| over the face's Bézier control points Σ aᵢxᵢ (fecontact/bvh/patch_geometry.hpp):
/// 1 for linear faces; quadratic edge 2m − (a + c)/2: 3; quad8 centre Σ mid-edge − ¾ Σ corners: 7;
/// quad9 centre 4x₈ − Σ mid-edge + ¼ Σ corners: 9.
double control_point_bound(ElementType face_type);
/// A box holding the face and its Bézier control points, which the search's trees bound: its
/// nodes' box scaled about its centre c by control_point_bound (Σ aᵢ = 1, so a control point
/// minus c is Σ aᵢ(xᵢ − c)). Face pairs whose face_distance is a lower bound are then sent
/// wherever the serial search's trees would pair them.
Aabb face_box(const SurfaceFace& face, Coordinates coordinates);
/// Makes the pattern at the current coordinates: boxes gathered into the top tree, the items
/// sent to the ranks whose boxes come within `distance` (with track_slip also to the rank of
/// each node's previous contact face), the ghosts received and placed. Returns
/// whether it made a new local search. Collective.
bool make_pattern(InterfaceState& s, MPI_Comm comm, double distance, ExchangeStatistics& statistics);

// findings.cpp
/// Sends this step's coordinates of the items (with track_slip, and their previous contacts) to
/// the ranks of the pattern, and writes those received into the ghosts' slots. Collective among
/// neighbours.
void send_coordinates(InterfaceState& s, MPI_Comm comm, ExchangeStatistics& statistics);
/// Sends each ghost's findings of the local search (s.local) back to its owner, with track_slip
/// also its previous contact face's nodes when this rank holds that face, and merges what comes
/// back with this rank's own into `r`: contacts with their kinematics and slip, pairs,
/// degenerate faces, counters. Collective among neighbours.
void return_findings(InterfaceState& s, MPI_Comm comm, DistributedResult& r);

// slip.cpp
/// What the owner of an item sends with its coordinates: its previous contact face and local
/// coordinates (the bytes previous_contact_bytes).
void put_previous_contact(Message& message, const InterfaceState& s, Index item);
inline constexpr std::size_t previous_contact_bytes = sizeof(GlobalId) + 2 * sizeof(double);
/// The position in `master` of the face with global id `id` held by this rank, or −1.
Index own_face(const InterfaceState& s, GlobalId id);
/// Gives the own items whose previous contact face is this rank's that face's nodes at this
/// step's coordinates, and marks every other item's as not yet evaluated.
void evaluate_own_previous_faces(InterfaceState& s);
/// The slip and new_contact of the contacts in `c`, those of the findings (sorted by item, the
/// first of each item chosen: findings.cpp's write_result), then those contacts become the
/// items' trial ones.
void write_slip(InterfaceState& s, DistributedContacts& c);

/// The items' trial contacts become their previous (accepted) ones.
void accept_trial_contacts(InterfaceState& s);

}  // namespace fecontact::detail::distributed
