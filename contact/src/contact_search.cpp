// SPDX-License-Identifier: BSD-3-Clause
#include "fecontact/contact/contact_search.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>
#include <variant>

#include "fecontact/detail/assert.hpp"
#include "fecontact/contact/face_geometry.hpp"
#include "fecontact/contact/spectral_patches.hpp"
#include "fecontact/mesh/surface_extraction.hpp"
#include "fecontact/detail/parallel.hpp"
#include "search_state.hpp"

namespace fecontact {
namespace {

using Eigen::Vector3d;
using detail::Coordinates;
using detail::InterfaceState;

[[noreturn]] void invalid(std::size_t interface, const std::string& what) {
  throw std::invalid_argument("contact interface " + std::to_string(interface) + ": " + what);
}

void check_options(std::size_t i, const SearchOptions& o) {
  if (std::isnan(o.tolerance))
    invalid(i, "no tolerance: set SearchOptions::tolerance, the search distance (a penetration deeper than it "
               "is not found)");
  if (!(std::isfinite(o.tolerance) && o.tolerance >= 0)) invalid(i, "the tolerance must be finite and >= 0");
  if (!(std::isfinite(o.skin) && o.skin >= 0)) invalid(i, "the skin must be finite and >= 0");
  if (o.patch_faces < 1) invalid(i, "patch_faces must be >= 1");
  if (!(o.rebuild_factor >= 1)) invalid(i, "rebuild_factor must be >= 1");
}

void check_surface(std::size_t i, const char* name, const Surface& surface, Index node_count) {
  for (std::size_t f = 0; f < surface.faces.size(); ++f) {
    const SurfaceFace& face = surface.faces[f];
    if (is_volume(face.type))
      invalid(i, std::string(name) + " face " + std::to_string(f) + " is not a tri3, quad4, tri6, quad8 or quad9 face");
    for (const Index n : face.nodes())
      if (n < 0 || n >= node_count)
        invalid(i, std::string(name) + " face " + std::to_string(f) + " has node " + std::to_string(n) +
                       ", outside the " + std::to_string(node_count) + " nodes");
  }
}

void check_interface(std::size_t i, const ContactInterface& in, Index node_count) {
  check_options(i, in.options);
  check_surface(i, "master", in.master, node_count);
  if (in.mode == ContactMode::surface_to_surface) check_surface(i, "slave", in.slave, node_count);
  if (in.mode == ContactMode::node_to_surface)
    for (const Index n : in.slave_nodes)
      if (n < 0 || n >= node_count)
        invalid(i, "slave node " + std::to_string(n) + " is outside the " + std::to_string(node_count) + " nodes");
}

Patches make_patches(const Surface& surface, const SearchOptions& options) {
  if (options.leaves == LeafUnit::face) return face_patches(surface);
  return spectral_patches(surface, options.patch_faces).patches;
}

// The moving nodes of each side: [0] the slave nodes (node-to-surface), the slave faces' nodes
// or, in self contact, the surface's nodes; [1] the master faces' nodes (none in self contact,
// whose one side counts twice).
void set_moving_nodes(InterfaceState& s) {
  const ContactInterface& in = *s.definition;
  switch (in.mode) {
    case ContactMode::node_to_surface:
      s.moving[0].nodes = in.slave_nodes;
      s.moving[1].nodes = surface_nodes(in.master);
      s.moving[1].motion_bound = detail::face_motion_bound(in.master);
      break;
    case ContactMode::surface_to_surface:
      s.moving[0].nodes = surface_nodes(in.slave);
      s.moving[0].motion_bound = detail::face_motion_bound(in.slave);
      s.moving[1].nodes = surface_nodes(in.master);
      s.moving[1].motion_bound = detail::face_motion_bound(in.master);
      break;
    case ContactMode::self:
      s.moving[0].nodes = surface_nodes(in.master);
      s.moving[0].motion_bound = 2 * detail::face_motion_bound(in.master);
      break;
  }
}

// Mean over the faces of the mean corner-to-corner edge length, summed in fixed chunks (the
// same for any thread count) into `partial`, kept by the caller.
double mean_face_size(const Surface& surface, Coordinates coordinates, std::vector<double>& partial) {
  if (surface.faces.empty()) return 0;
  const std::size_t grain = std::max<std::size_t>(4096, (surface.faces.size() + 63) / 64);
  partial.resize(detail::chunk_count(surface.faces.size(), grain));
  detail::parallel_chunks(surface.faces.size(), grain, [&](std::size_t chunk, std::size_t begin, std::size_t end) {
    double sum = 0;
    for (std::size_t f = begin; f < end; ++f) sum += face_size(gather_face_nodes(surface.faces[f], coordinates));
    partial[chunk] = sum;
  });
  double sum = 0;
  for (const double s : partial) sum += s;
  return sum / static_cast<double>(surface.faces.size());
}

}  // namespace

void InterfaceResult::clear() {
  contacts.clear();
  predicted.clear();
  pair_slave.clear();
  pair_master.clear();
  pair_distance.clear();
  pair_distance_predicted.clear();
  degenerate_master_faces.clear();
  degenerate_slave_faces.clear();
  tolerance = 0;
  configurations = 1;
  counters = {};
  searched = false;
  rebuilt = false;
}

struct ContactSearch::State {
  Index node_count = 0;
  std::vector<ContactInterface> definitions;
  std::vector<InterfaceState> interfaces;  // one per definition
  std::vector<std::array<double, 2>> motions;  // scratch: each interface's sides' largest motion

  void step(Coordinates current, const Coordinates* predicted, const MeasuredStep* measured,
            std::vector<InterfaceResult>& results);
  void search(InterfaceState& s, const std::array<double, 2>& motion, Coordinates current,
              const Coordinates* predicted, const MeasuredStep* measured, InterfaceResult& r);
};

// Every check first (coordinate counts, finite coordinates: they throw), so that a rejected step
// changes nothing; then each interface. A measured step has its checks and measures from the
// caller.
void ContactSearch::State::step(Coordinates current, const Coordinates* predicted, const MeasuredStep* measured,
                                std::vector<InterfaceResult>& results) {
  const auto expected = static_cast<std::size_t>(node_count);
  if (current.size() != expected || (predicted && predicted->size() != expected))
    throw std::invalid_argument("contact search: " + std::to_string(expected) + " coordinates expected (one per node), got " +
                                std::to_string(predicted && predicted->size() != expected ? predicted->size() : current.size()));
  for (std::size_t i = 0; i < interfaces.size() && !measured; ++i)
    for (std::size_t side = 0; side < 2; ++side) {
      motions[i][side] = detail::largest_motion(interfaces[i].moving[side], current);
      if (predicted) detail::largest_coordinate(interfaces[i].moving[side], *predicted);  // finite?
    }
  results.resize(interfaces.size());
  for (std::size_t i = 0; i < interfaces.size(); ++i)
    search(interfaces[i], motions[i], current, predicted, measured, results[i]);
}

void ContactSearch::State::search(InterfaceState& s, const std::array<double, 2>& motion, Coordinates current,
                                  const Coordinates* predicted, const MeasuredStep* measured, InterfaceResult& r) {
  const ContactInterface& in = *s.definition;
  r.clear();
  r.configurations = predicted ? 2 : 1;
  // The skin holds while no pair can have closed by the skin since the last search of the trees.
  const double closing = s.moving[0].motion_bound * motion[0] + s.moving[1].motion_bound * motion[1];
  const bool search_trees = predicted || !s.searched_once ||
                            (measured ? measured->search_trees : !(closing < in.options.skin));
  r.searched = search_trees;
  if (search_trees) {
    double magnitude = 0;
    if (measured)
      magnitude = measured->magnitude;
    else
      for (detail::MovingNodes& side : s.moving) {
        magnitude = std::max(magnitude, detail::largest_coordinate(side, current));
        if (predicted) magnitude = std::max(magnitude, detail::largest_coordinate(side, *predicted));
      }
    s.slack = detail::rounding_slack(magnitude);
  }
  r.tolerance = !search_trees ? s.kept_tolerance
                : in.options.relative ? in.options.tolerance * mean_face_size(in.master, current, s.face_size_partial)
                                      : in.options.tolerance;
  if (in.mode == ContactMode::node_to_surface) detail::node_to_surface(s, r, search_trees, current, predicted);
  else detail::face_pairs(s, r, search_trees, current, predicted);
  r.degenerate_master_faces = s.master.degenerate_faces;
  if (in.mode == ContactMode::surface_to_surface) r.degenerate_slave_faces = s.slave.degenerate_faces;
  if (!search_trees) return;
  s.searched_once = !predicted && in.options.skin > 0;
  s.kept_tolerance = r.tolerance;
  // The positions of the skin's test; a measured step's caller keeps its own, and without them
  // a later step of search searches the trees (largest_motion: +inf).
  for (detail::MovingNodes& side : s.moving) {
    if (s.searched_once && !measured) detail::take_reference(side, current);
    else side.reference.clear();
  }
}

ContactSearch::ContactSearch(Index node_count, std::vector<ContactInterface> interfaces)
    : state_(std::make_unique<State>()) {
  if (node_count < 0) throw std::invalid_argument("contact search: the node count must be >= 0");
  for (std::size_t i = 0; i < interfaces.size(); ++i) check_interface(i, interfaces[i], node_count);
  state_->node_count = node_count;
  state_->definitions = std::move(interfaces);
  state_->interfaces.resize(state_->definitions.size());
  state_->motions.resize(state_->definitions.size());
  for (std::size_t i = 0; i < state_->definitions.size(); ++i) {
    ContactInterface& definition = state_->definitions[i];
    std::sort(definition.slave_nodes.begin(), definition.slave_nodes.end());
    definition.slave_nodes.erase(std::unique(definition.slave_nodes.begin(), definition.slave_nodes.end()),
                                 definition.slave_nodes.end());
    InterfaceState& s = state_->interfaces[i];
    s.definition = &definition;
    s.master.patches = make_patches(definition.master, definition.options);
    if (definition.mode == ContactMode::surface_to_surface)
      s.slave.patches = make_patches(definition.slave, definition.options);
    set_moving_nodes(s);
    const auto tri3 = [](const SurfaceFace& face) { return face.type == ElementType::tri3; };
    s.triangles_only = std::all_of(definition.master.faces.begin(), definition.master.faces.end(), tri3) &&
                       std::all_of(definition.slave.faces.begin(), definition.slave.faces.end(), tri3);
  }
}

ContactSearch::ContactSearch(const Mesh& mesh, std::vector<ContactInterface> interfaces)
    : ContactSearch(mesh.node_count(), std::move(interfaces)) {}

ContactSearch::~ContactSearch() = default;
ContactSearch::ContactSearch(ContactSearch&&) noexcept = default;
ContactSearch& ContactSearch::operator=(ContactSearch&&) noexcept = default;

void ContactSearch::search(Coordinates coordinates, std::vector<InterfaceResult>& results) {
  state_->step(coordinates, nullptr, nullptr, results);
}

void ContactSearch::search(Coordinates coordinates, const MeasuredStep& measured, std::vector<InterfaceResult>& results) {
  state_->step(coordinates, nullptr, &measured, results);
}

void ContactSearch::search(Coordinates current, Coordinates predicted, std::vector<InterfaceResult>& results) {
  state_->step(current, &predicted, nullptr, results);
}

std::vector<InterfaceResult> ContactSearch::search(Coordinates coordinates) {
  std::vector<InterfaceResult> results;
  search(coordinates, results);
  return results;
}

std::vector<InterfaceResult> ContactSearch::search(Coordinates current, Coordinates predicted) {
  std::vector<InterfaceResult> results;
  search(current, predicted, results);
  return results;
}

void ContactSearch::accept_step() {
  for (InterfaceState& s : state_->interfaces)
    if (s.definition->mode == ContactMode::node_to_surface && s.definition->options.track_slip)
      detail::accept_trial_contacts(s);
}

Index ContactSearch::node_count() const { return state_->node_count; }

Index ContactSearch::build_count() const {
  Index builds = 0;
  for (const InterfaceState& s : state_->interfaces) builds += s.builds;
  return builds;
}

std::span<const ContactInterface> ContactSearch::interfaces() const { return state_->definitions; }

template <BoundingVolume BV>
const Bvh<BV>* ContactSearch::tree(std::size_t i, TreeSide side) const {
  FECONTACT_ASSERT(i < state_->interfaces.size(), "ContactSearch::tree: no such interface");
  const InterfaceState& s = state_->interfaces[i];
  const std::optional<detail::Tree>& tree = side == TreeSide::master ? s.master.tree : s.slave.tree;
  return tree ? std::get_if<Bvh<BV>>(&*tree) : nullptr;
}

template const Bvh<Aabb>* ContactSearch::tree<Aabb>(std::size_t, TreeSide) const;
template const Bvh<Obb>* ContactSearch::tree<Obb>(std::size_t, TreeSide) const;

ContactInterface ContactInterface::node_to_surface(MasterSurface master, std::vector<Index> slave_nodes,
                                                   double tolerance) {
  ContactInterface i;
  i.mode = ContactMode::node_to_surface;
  i.master = std::move(master.surface);
  i.slave_nodes = std::move(slave_nodes);
  i.options.tolerance = tolerance;
  return i;
}

ContactInterface ContactInterface::surface_to_surface(MasterSurface master, SlaveSurface slave, double tolerance) {
  ContactInterface i;
  i.mode = ContactMode::surface_to_surface;
  i.master = std::move(master.surface);
  i.slave = std::move(slave.surface);
  i.options.tolerance = tolerance;
  return i;
}

ContactInterface ContactInterface::self_contact(Surface surface, double tolerance) {
  ContactInterface i;
  i.mode = ContactMode::self;
  i.master = std::move(surface);
  i.options.tolerance = tolerance;
  return i;
}

Surface surface_from_arrays(std::span<const Index> face_offsets, std::span<const Index> face_nodes) {
  if (face_offsets.empty() || face_offsets.front() != 0)
    throw std::invalid_argument("surface_from_arrays: face_offsets must start with 0 (one more entry than faces)");
  Surface surface;
  surface.faces.reserve(face_offsets.size() - 1);
  for (std::size_t f = 0; f + 1 < face_offsets.size(); ++f) {
    const Index begin = face_offsets[f], end = face_offsets[f + 1];
    if (end < begin || static_cast<std::size_t>(end) > face_nodes.size())
      throw std::invalid_argument("surface_from_arrays: face " + std::to_string(f) + ": offsets " +
                                  std::to_string(begin) + ".." + std::to_string(end) + " are not a range of the " +
                                  std::to_string(face_nodes.size()) + " face nodes");
    SurfaceFace face;
    switch (end - begin) {
      case 3: face.type = ElementType::tri3; break;
      case 4: face.type = ElementType::quad4; break;
      case 6: face.type = ElementType::tri6; break;
      case 8: face.type = ElementType::quad8; break;
      case 9: face.type = ElementType::quad9; break;
      default:
        throw std::invalid_argument("surface_from_arrays: face " + std::to_string(f) + " has " +
                                    std::to_string(end - begin) + " nodes; 3, 4, 6, 8 or 9 expected");
    }
    std::copy(face_nodes.begin() + begin, face_nodes.begin() + end, face.node_storage.begin());
    surface.faces.push_back(face);
  }
  return surface;
}

}  // namespace fecontact
