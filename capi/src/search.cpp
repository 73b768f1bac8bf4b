// SPDX-License-Identifier: BSD-3-Clause
// The contact search of the C interface: collects interfaces and options as plain arrays, builds
// a fecontact::ContactSearch at the first step (again after a change) and keeps its results,
// which the getters copy out.

#include <algorithm>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <Eigen/Core>

#include "call.hpp"
#include "fecontact/contact/contact_search.hpp"
#include "fecontact/fecontact.h"
#include "search_arguments.hpp"
#include "search_object.hpp"

namespace fecontact::capi {
namespace {

using Mode = ContactMode;

// The interface is added: its index.
int add(fecontact_search* s, ContactInterface interface) {
  if (s->interfaces.size() >= INT32_MAX) throw ArgumentError("s: too many interfaces");
  s->interfaces.push_back(std::move(interface));
  s->changed = true;
  return static_cast<int>(s->interfaces.size() - 1);
}

// Sets one option of interface `index` through `set` (which throws, changing nothing, for a bad
// value) and marks the search for a rebuild.
template <class Set>
int set_option_with(fecontact_search* s, int index, const char* name, Set&& set) {
  require_interface(s, index);
  require(name, "name");
  SearchOptions& options = s->interfaces[static_cast<std::size_t>(index)].options;
  SearchOptions changed = options;
  set(changed, std::string_view(name));
  options = changed;
  s->changed = true;
  return 0;
}

// A step at xyz (and, for the two-configuration search, predicted) of n_nodes nodes: builds the
// search again after a change, keeping the new one only when its first step succeeds, so that a
// rejected step changes neither the search nor its results.
void step(fecontact_search* s, std::int64_t n_nodes, const double* xyz, const double* predicted) {
  require(s, "s");
  require_count(n_nodes, "n_nodes");
  if (n_nodes > 0) require(xyz, predicted ? "current" : "xyz");
  const auto points = [n_nodes](const double* x) { return points_view(x, n_nodes); };
  const auto search = [&](ContactSearch& on, std::vector<InterfaceResult>& results) {
    if (predicted) on.search(points(xyz), points(predicted), results);
    else on.search(points(xyz), results);  // throws before it changes anything
  };
  const auto node_count = static_cast<Index>(n_nodes);
  if (s->search && !s->changed && s->search->node_count() == node_count) {
    search(*s->search, s->results);
    return;
  }
  ContactSearch built(node_count, s->interfaces);
  std::vector<InterfaceResult> results;
  search(built, results);
  s->search = std::move(built);
  s->results = std::move(results);
  s->changed = false;
}

// Copies a result array into a C array (none when `out` is NULL), widening indices.
template <class From, class To>
void copy_out(const std::vector<From>& from, To* out) {
  if (out) std::copy(from.begin(), from.end(), out);
}

void copy_out(const std::vector<Eigen::Vector3d>& from, double* out) {
  if (!out) return;
  for (std::size_t k = 0; k < from.size(); ++k)
    for (int i = 0; i < 3; ++i) out[3 * k + static_cast<std::size_t>(i)] = from[k][i];
}

}  // namespace

void require_interface(const fecontact_search* s, int index) {
  require(s, "s");
  if (index < 0 || static_cast<std::size_t>(index) >= s->interfaces.size())
    throw ArgumentError("interface_index = " + std::to_string(index) + " is not one of the " +
                        std::to_string(s->interfaces.size()) + " interfaces added");
}

// The results of interface `index` at the last successful step.
const InterfaceResult& result_of(const fecontact_search* s, int index) {
  require_interface(s, index);
  if (static_cast<std::size_t>(index) >= s->results.size())
    throw ArgumentError("interface_index = " + std::to_string(index) + ": no successful step since it was added");
  return s->results[static_cast<std::size_t>(index)];
}

const InterfaceResult& node_contacts_of(const fecontact_search* s, int index) {
  const InterfaceResult& r = result_of(s, index);
  if (s->interfaces[static_cast<std::size_t>(index)].mode != Mode::node_to_surface)
    throw ArgumentError("interface_index = " + std::to_string(index) +
                        " is not node-to-surface: its results are pairs (fecontact_get_pairs)");
  return r;
}

// The results of interface `index` at the last successful step, which was two-configuration.
const InterfaceResult& swept_result_of(const InterfaceResult& r, int index) {
  if (r.configurations != 2)
    throw ArgumentError("interface_index = " + std::to_string(index) +
                        ": the last step had one configuration (fecontact_search_step_swept has two)");
  return r;
}

}  // namespace fecontact::capi

using namespace fecontact::capi;

extern "C" fecontact_search* fecontact_search_new(void) {
  return guarded("fecontact_search_new", static_cast<fecontact_search*>(nullptr), [] { return new fecontact_search; });
}

extern "C" void fecontact_search_free(fecontact_search* s) { delete s; }

extern "C" int fecontact_add_node_to_surface(fecontact_search* s, int64_t n_faces, const int64_t* face_offsets,
                                             const int64_t* face_nodes, int64_t n_slave_nodes,
                                             const int64_t* slave_nodes, double tolerance) {
  return guarded("fecontact_add_node_to_surface", -1, [&] {
    require(s, "s");
    fecontact::ContactInterface in;
    in.mode = Mode::node_to_surface;
    in.master = surface_of(n_faces, face_offsets, face_nodes, "n_faces", "face_offsets", "face_nodes");
    require_count(n_slave_nodes, "n_slave_nodes");
    if (n_slave_nodes > 0) require(slave_nodes, "slave_nodes");
    in.slave_nodes.resize(static_cast<std::size_t>(n_slave_nodes));
    for (std::int64_t k = 0; k < n_slave_nodes; ++k)
      in.slave_nodes[static_cast<std::size_t>(k)] = to_index(slave_nodes, k, "slave_nodes");
    require_tolerance(tolerance);
    in.options.tolerance = tolerance;
    return add(s, std::move(in));
  });
}

extern "C" int fecontact_add_surface_to_surface(fecontact_search* s, int64_t n_master_faces,
                                                const int64_t* master_offsets, const int64_t* master_nodes,
                                                int64_t n_slave_faces, const int64_t* slave_offsets,
                                                const int64_t* slave_nodes, double tolerance) {
  return guarded("fecontact_add_surface_to_surface", -1, [&] {
    require(s, "s");
    fecontact::ContactInterface in;
    in.mode = Mode::surface_to_surface;
    in.master = surface_of(n_master_faces, master_offsets, master_nodes, "n_master_faces", "master_offsets",
                           "master_nodes");
    in.slave = surface_of(n_slave_faces, slave_offsets, slave_nodes, "n_slave_faces", "slave_offsets", "slave_nodes");
    require_tolerance(tolerance);
    in.options.tolerance = tolerance;
    return add(s, std::move(in));
  });
}

extern "C" int fecontact_add_self_contact(fecontact_search* s, int64_t n_faces, const int64_t* face_offsets,
                                          const int64_t* face_nodes, double tolerance) {
  return guarded("fecontact_add_self_contact", -1, [&] {
    require(s, "s");
    fecontact::ContactInterface in;
    in.mode = Mode::self;
    in.master = surface_of(n_faces, face_offsets, face_nodes, "n_faces", "face_offsets", "face_nodes");
    require_tolerance(tolerance);
    in.options.tolerance = tolerance;
    return add(s, std::move(in));
  });
}

extern "C" int fecontact_set_option(fecontact_search* s, int interface_index, const char* name, const char* value) {
  return guarded("fecontact_set_option", -1, [&] {
    require(value, "value");
    return set_option_with(s, interface_index, name,
                           [&](fecontact::SearchOptions& options, std::string_view n) {
                             set_text(options, n, value, "fecontact_set_option");
                           });
  });
}

extern "C" int fecontact_set_option_double(fecontact_search* s, int interface_index, const char* name, double value) {
  return guarded("fecontact_set_option_double", -1, [&] {
    return set_option_with(s, interface_index, name,
                           [&](fecontact::SearchOptions& options, std::string_view n) {
                             set_double(options, n, value, "fecontact_set_option");
                           });
  });
}

extern "C" int fecontact_set_option_int(fecontact_search* s, int interface_index, const char* name, int64_t value) {
  return guarded("fecontact_set_option_int", -1, [&] {
    return set_option_with(s, interface_index, name,
                           [&](fecontact::SearchOptions& options, std::string_view n) {
                             set_int(options, n, value, "fecontact_set_option");
                           });
  });
}

extern "C" int fecontact_search_step(fecontact_search* s, int64_t n_nodes, const double* xyz) {
  return guarded("fecontact_search_step", -1, [&] {
    step(s, n_nodes, xyz, nullptr);
    return 0;
  });
}

extern "C" int fecontact_search_step_swept(fecontact_search* s, int64_t n_nodes, const double* current,
                                           const double* predicted) {
  return guarded("fecontact_search_step_swept", -1, [&] {
    require(s, "s");
    if (n_nodes > 0) require(predicted, "predicted");  // NULL would make step a one-configuration one
    step(s, n_nodes, current, predicted);
    return 0;
  });
}

extern "C" int fecontact_accept_step(fecontact_search* s) {
  return guarded("fecontact_accept_step", -1, [&] {
    require(s, "s");
    if (s->search) s->search->accept_step();
    return 0;
  });
}

extern "C" int64_t fecontact_contact_count(const fecontact_search* s, int interface_index) {
  return guarded("fecontact_contact_count", int64_t{-1}, [&] {
    return static_cast<int64_t>(node_contacts_of(s, interface_index).contacts.size());
  });
}

extern "C" int fecontact_get_contacts(const fecontact_search* s, int interface_index, int64_t capacity,
                                      int64_t* slave_node, int64_t* master_face, double* gap, double* normal,
                                      double* point) {
  return guarded("fecontact_get_contacts", -1, [&] {
    const fecontact::NodeContacts& c = node_contacts_of(s, interface_index).contacts;
    require_capacity(capacity, c.size(), "capacity", "contacts (fecontact_contact_count)");
    copy_out(c.node, slave_node);
    copy_out(c.face, master_face);
    copy_out(c.gap, gap);
    copy_out(c.normal, normal);
    copy_out(c.point, point);
    return 0;
  });
}

extern "C" int64_t fecontact_pair_count(const fecontact_search* s, int interface_index) {
  return guarded("fecontact_pair_count", int64_t{-1}, [&] {
    return static_cast<int64_t>(result_of(s, interface_index).pair_slave.size());
  });
}

extern "C" int fecontact_get_pairs(const fecontact_search* s, int interface_index, int64_t capacity,
                                   int64_t* slave_face, int64_t* master_face, double* distance) {
  return guarded("fecontact_get_pairs", -1, [&] {
    const fecontact::InterfaceResult& r = result_of(s, interface_index);
    require_capacity(capacity, r.pair_slave.size(), "capacity", "pairs (fecontact_pair_count)");
    copy_out(r.pair_slave, slave_face);
    copy_out(r.pair_master, master_face);
    copy_out(r.pair_distance, distance);
    return 0;
  });
}

extern "C" int fecontact_get_predicted_contacts(const fecontact_search* s, int interface_index, int64_t capacity,
                                                int64_t* slave_node, int64_t* master_face, double* gap,
                                                double* normal, double* point) {
  return guarded("fecontact_get_predicted_contacts", -1, [&] {
    const fecontact::NodeContacts& c = swept_result_of(node_contacts_of(s, interface_index), interface_index).predicted;
    require_capacity(capacity, c.size(), "capacity", "contacts (fecontact_contact_count)");
    copy_out(c.node, slave_node);
    copy_out(c.face, master_face);
    copy_out(c.gap, gap);
    copy_out(c.normal, normal);
    copy_out(c.point, point);
    return 0;
  });
}

extern "C" int fecontact_get_predicted_pair_distances(const fecontact_search* s, int interface_index,
                                                      int64_t capacity, double* distance) {
  return guarded("fecontact_get_predicted_pair_distances", -1, [&] {
    const fecontact::InterfaceResult& r = swept_result_of(result_of(s, interface_index), interface_index);
    if (s->interfaces[static_cast<std::size_t>(interface_index)].mode == Mode::node_to_surface)
      throw ArgumentError("interface_index = " + std::to_string(interface_index) +
                          " is node-to-surface: its predicted gaps are fecontact_get_predicted_contacts'");
    require_capacity(capacity, r.pair_distance_predicted.size(), "capacity", "pairs (fecontact_pair_count)");
    copy_out(r.pair_distance_predicted, distance);
    return 0;
  });
}
