// SPDX-License-Identifier: BSD-3-Clause
// The contact search of the C interface: collects interfaces and options as plain arrays, builds
// a fecontact::ContactSearch at the first step (again after a change) and keeps its results,
// which the getters copy out.

#include <algorithm>
#include <array>
#include <initializer_list>
#include <charconv>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>
#include <vector>

#include <Eigen/Core>

#include "call.hpp"
#include "fecontact/contact/contact_search.hpp"
#include "fecontact/frontend/option_names.hpp"
#include "fecontact/detail/ascii.hpp"
#include "fecontact/detail/number_text.hpp"
#include "fecontact/fecontact.h"
#include "search_object.hpp"

// A step views xyz as Eigen::Vector3d without a copy (as Eigen::Map does): three contiguous
// doubles, no padding, a double's alignment.
static_assert(sizeof(Eigen::Vector3d) == 3 * sizeof(double) && alignof(Eigen::Vector3d) == alignof(double));

namespace fecontact::capi {
namespace {

using Mode = ContactMode;

// The faces of offsets[n + 1] and nodes, checked: "<offsets_name>[f]", "<nodes_name>[k]".
Surface surface_of(std::int64_t n_faces, const std::int64_t* offsets, const std::int64_t* nodes,
                   const char* count_name, const char* offsets_name, const char* nodes_name) {
  require_count(n_faces, count_name);
  require(offsets, offsets_name);
  const std::string offsets_string = offsets_name;
  if (offsets[0] != 0)
    throw ArgumentError(offsets_string + "[0] = " + std::to_string(offsets[0]) + " (0 expected)");
  std::vector<Index> face_offsets(static_cast<std::size_t>(n_faces) + 1, 0);
  for (std::int64_t f = 0; f < n_faces; ++f) {
    const std::int64_t count = offsets[f + 1] - offsets[f];
    if (offsets[f + 1] < offsets[f] || offsets[f + 1] > INT32_MAX)
      throw ArgumentError(offsets_string + "[" + std::to_string(f + 1) + "] = " + std::to_string(offsets[f + 1]) +
                          " is not an offset after " + std::to_string(offsets[f]));
    if (count != 3 && count != 4 && count != 6 && count != 8 && count != 9)
      throw ArgumentError(offsets_string + ": face " + std::to_string(f) + " has " + std::to_string(count) +
                          " nodes (3, 4, 6, 8 or 9 expected)");
    face_offsets[static_cast<std::size_t>(f) + 1] = static_cast<Index>(offsets[f + 1]);
  }
  const std::int64_t node_total = offsets[n_faces];
  if (node_total > 0) require(nodes, nodes_name);
  std::vector<Index> face_nodes(static_cast<std::size_t>(node_total));
  for (std::int64_t k = 0; k < node_total; ++k) face_nodes[static_cast<std::size_t>(k)] = to_index(nodes, k, nodes_name);
  return surface_from_arrays(face_offsets, face_nodes);
}

void require_tolerance(double tolerance) {
  if (!(std::isfinite(tolerance) && tolerance >= 0))
    throw ArgumentError("tolerance = " + detail::number_text(tolerance) + " must be finite and >= 0");
}

// The interface is added: its index.
int add(fecontact_search* s, ContactInterface interface) {
  if (s->interfaces.size() >= INT32_MAX) throw ArgumentError("s: too many interfaces");
  s->interfaces.push_back(std::move(interface));
  s->changed = true;
  return static_cast<int>(s->interfaces.size() - 1);
}

// The options of fecontact_set_option and its typed forms, by the type of their value.
enum class OptionType { name, number, integer, on_off };

struct OptionSpec {
  std::string_view name;
  OptionType type;
};

constexpr std::array<OptionSpec, 8> option_specs{{{"bv", OptionType::name},
                                                  {"leaves", OptionType::name},
                                                  {"skin", OptionType::number},
                                                  {"tolerance", OptionType::number},
                                                  {"rebuild_factor", OptionType::number},
                                                  {"patch_faces", OptionType::integer},
                                                  {"relative", OptionType::on_off},
                                                  {"track_slip", OptionType::on_off}}};

std::string option_list() {
  std::string out;
  for (const OptionSpec& o : option_specs) out.append(out.empty() ? "" : ", ").append(o.name);
  return out;
}

OptionType type_of(std::string_view name) {
  for (const OptionSpec& o : option_specs)
    if (o.name == name) return o.type;
  throw ArgumentError("name \"" + std::string(name) + "\" is not an option (" + option_list() + ")");
}

std::string_view type_name(OptionType type) {
  switch (type) {
    case OptionType::name: return "a name (fecontact_set_option)";
    case OptionType::number: return "a number (fecontact_set_option_double)";
    case OptionType::integer: return "an integer (fecontact_set_option_int)";
    case OptionType::on_off: return "on | off (fecontact_set_option) or 1 | 0 (fecontact_set_option_int)";
  }
  return "?";
}

// Throws unless option `name` takes a value of one of `types`.
void require_type(std::string_view name, std::initializer_list<OptionType> types) {
  const OptionType wanted = type_of(name);
  if (std::find(types.begin(), types.end(), wanted) == types.end())
    throw ArgumentError("option \"" + std::string(name) + "\" takes " + std::string(type_name(wanted)));
}

// `text`: the value as the caller wrote it, for messages.
void set_number(SearchOptions& options, std::string_view name, double value, const std::string& text) {
  require_type(name, {OptionType::number});
  const double minimum = name == "rebuild_factor" ? 1 : 0;
  if (!(std::isfinite(value) && value >= minimum))
    throw ArgumentError("value " + text + " of option \"" + std::string(name) +
                        "\" is not a finite number >= " + detail::number_text(minimum));
  if (name == "skin") options.skin = value;
  else if (name == "tolerance") options.tolerance = value;
  else options.rebuild_factor = value;
}

void set_integer(SearchOptions& options, std::string_view name, std::int64_t value, const std::string& text) {
  require_type(name, {OptionType::integer, OptionType::on_off});
  if (type_of(name) == OptionType::on_off) {
    if (value != 0 && value != 1)
      throw ArgumentError("value " + text + " of option \"" + std::string(name) + "\" is not 1 or 0");
    (name == "relative" ? options.relative : options.track_slip) = value == 1;
    return;
  }
  if (value < 1 || value > INT32_MAX)  // patch_faces, the one integer option
    throw ArgumentError("value " + text + " of option \"" + std::string(name) +
                        "\" is not an integer from 1 to 2147483647");
  options.patch_faces = static_cast<Index>(value);
}

// The string form: names and on | off ignoring case, numbers read in the C locale (from_chars).
void set_text(SearchOptions& options, std::string_view name, std::string_view value) {
  std::string text = "\"";  // appended: "\"" + std::string(...) trips a false -Wrestrict in GCC 12
  text.append(value).append("\"");
  const std::string quoted = "value " + text + " of option \"" + std::string(name) + "\"";
  switch (type_of(name)) {
    case OptionType::name:
      if (name == "bv") {
        const auto bv = bv_kind_named(value);
        if (!bv) throw ArgumentError(quoted + " is not " + bv_kind_names());
        options.bv = *bv;
      } else {
        const auto leaves = leaf_unit_named(value);
        if (!leaves) throw ArgumentError(quoted + " is not " + leaf_unit_names());
        options.leaves = *leaves;
      }
      return;
    case OptionType::number: {
      double number = 0;
      const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), number);
      if (error != std::errc() || end != value.data() + value.size())
        throw ArgumentError(quoted + " is not a number");
      set_number(options, name, number, text);
      return;
    }
    case OptionType::integer: {
      std::int64_t number = 0;
      const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), number);
      if (error != std::errc() || end != value.data() + value.size())
        throw ArgumentError(quoted + " is not an integer");
      set_integer(options, name, number, text);
      return;
    }
    case OptionType::on_off:
      if (detail::equals_ignoring_case(value, "on")) set_integer(options, name, 1, text);
      else if (detail::equals_ignoring_case(value, "off")) set_integer(options, name, 0, text);
      else throw ArgumentError(quoted + " is not on or off");
      return;
  }
}

void set_double(SearchOptions& options, std::string_view name, double value) {
  set_number(options, name, value, detail::number_text(value));
}

void set_int(SearchOptions& options, std::string_view name, std::int64_t value) {
  set_integer(options, name, value, std::to_string(value));
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
  const auto points = [n_nodes](const double* x) {
    return std::span<const Eigen::Vector3d>(reinterpret_cast<const Eigen::Vector3d*>(x), static_cast<std::size_t>(n_nodes));
  };
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
                           [&](fecontact::SearchOptions& options, std::string_view n) { set_text(options, n, value); });
  });
}

extern "C" int fecontact_set_option_double(fecontact_search* s, int interface_index, const char* name, double value) {
  return guarded("fecontact_set_option_double", -1, [&] {
    return set_option_with(s, interface_index, name,
                           [&](fecontact::SearchOptions& options, std::string_view n) { set_double(options, n, value); });
  });
}

extern "C" int fecontact_set_option_int(fecontact_search* s, int interface_index, const char* name, int64_t value) {
  return guarded("fecontact_set_option_int", -1, [&] {
    return set_option_with(s, interface_index, name,
                           [&](fecontact::SearchOptions& options, std::string_view n) { set_int(options, n, value); });
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
