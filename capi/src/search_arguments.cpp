// SPDX-License-Identifier: BSD-3-Clause
// The checks of faces and tolerance and the option table of the C searches (search_arguments.hpp).

#include "search_arguments.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <initializer_list>
#include <string>
#include <system_error>
#include <vector>

#include "call.hpp"
#include "fecontact/detail/ascii.hpp"
#include "fecontact/detail/number_text.hpp"
#include "fecontact/frontend/option_names.hpp"

namespace fecontact::capi {

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

namespace {

// The options by the type of their value.
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

// What an option of `type` takes, naming the setter's form that takes it.
std::string type_name(OptionType type, std::string_view setter) {
  const std::string text(setter), typed_double = text + "_double", typed_int = text + "_int";
  switch (type) {
    case OptionType::name: return "a name (" + text + ")";
    case OptionType::number: return "a number (" + typed_double + ")";
    case OptionType::integer: return "an integer (" + typed_int + ")";
    case OptionType::on_off: return "on | off (" + text + ") or 1 | 0 (" + typed_int + ")";
  }
  return "?";
}

// Throws unless option `name` takes a value of one of `types`.
void require_type(std::string_view name, std::initializer_list<OptionType> types, std::string_view setter) {
  const OptionType wanted = type_of(name);
  if (std::find(types.begin(), types.end(), wanted) == types.end())
    throw ArgumentError("option \"" + std::string(name) + "\" takes " + type_name(wanted, setter));
}

// `text`: the value as the caller wrote it, for messages.
void set_number(SearchOptions& options, std::string_view name, double value, const std::string& text,
                std::string_view setter) {
  require_type(name, {OptionType::number}, setter);
  const double minimum = name == "rebuild_factor" ? 1 : 0;
  if (!(std::isfinite(value) && value >= minimum))
    throw ArgumentError("value " + text + " of option \"" + std::string(name) +
                        "\" is not a finite number >= " + detail::number_text(minimum));
  if (name == "skin") options.skin = value;
  else if (name == "tolerance") options.tolerance = value;
  else options.rebuild_factor = value;
}

void set_integer(SearchOptions& options, std::string_view name, std::int64_t value, const std::string& text,
                 std::string_view setter) {
  require_type(name, {OptionType::integer, OptionType::on_off}, setter);
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

}  // namespace

void set_text(SearchOptions& options, std::string_view name, std::string_view value, std::string_view setter) {
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
      set_number(options, name, number, text, setter);
      return;
    }
    case OptionType::integer: {
      std::int64_t number = 0;
      const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), number);
      if (error != std::errc() || end != value.data() + value.size())
        throw ArgumentError(quoted + " is not an integer");
      set_integer(options, name, number, text, setter);
      return;
    }
    case OptionType::on_off:
      if (detail::equals_ignoring_case(value, "on")) set_integer(options, name, 1, text, setter);
      else if (detail::equals_ignoring_case(value, "off")) set_integer(options, name, 0, text, setter);
      else throw ArgumentError(quoted + " is not on or off");
      return;
  }
}

void set_double(SearchOptions& options, std::string_view name, double value, std::string_view setter) {
  set_number(options, name, value, detail::number_text(value), setter);
}

void set_int(SearchOptions& options, std::string_view name, std::int64_t value, std::string_view setter) {
  set_integer(options, name, value, std::to_string(value), setter);
}

}  // namespace fecontact::capi
