// SPDX-License-Identifier: BSD-3-Clause
#include "fecontact/frontend/option_names.hpp"

#include <algorithm>
#include <array>
#include <utility>

#include "fecontact/detail/ascii.hpp"

namespace fecontact {
namespace {

template <class Enum, std::size_t N>
using Table = std::array<std::pair<Enum, std::string_view>, N>;

constexpr Table<ContactMode, 3> modes{{{ContactMode::node_to_surface, "node-to-surface"},
                                       {ContactMode::surface_to_surface, "surface-to-surface"},
                                       {ContactMode::self, "self"}}};
constexpr Table<BvKind, 3> bv_kinds{{{BvKind::aabb, "aabb"}, {BvKind::obb, "obb"}, {BvKind::dual, "dual"}}};
constexpr Table<LeafUnit, 2> leaf_units{{{LeafUnit::face, "face"}, {LeafUnit::spectral_patch, "spectral-patch"}}};

template <class Enum, std::size_t N>
std::string_view name_in(const Table<Enum, N>& table, Enum value) {
  for (const auto& [entry, text] : table)
    if (entry == value) return text;
  return "?";
}

// The table's '-' also matches '_', the C++ enumerators' spelling (spectral_patch).
bool same_name(std::string_view name, std::string_view text) {
  return std::equal(name.begin(), name.end(), text.begin(), text.end(), [](char n, char t) {
    return detail::to_lower_ascii(n) == detail::to_lower_ascii(t) || (n == '-' && t == '_');
  });
}

template <class Enum, std::size_t N>
std::optional<Enum> named_in(const Table<Enum, N>& table, std::string_view text) {
  for (const auto& [entry, name] : table)
    if (same_name(name, text)) return entry;
  return std::nullopt;
}

template <class Enum, std::size_t N>
std::string names_in(const Table<Enum, N>& table) {
  std::string out;
  for (std::size_t i = 0; i < N; ++i)
    out.append(i == 0 ? "" : i + 1 == N ? " or " : ", ").append("'").append(table[i].second).append("'");
  return out;
}

}  // namespace

std::string_view name(ContactMode mode) { return name_in(modes, mode); }
std::string_view name(BvKind bv) { return name_in(bv_kinds, bv); }
std::string_view name(LeafUnit leaves) { return name_in(leaf_units, leaves); }

std::optional<ContactMode> contact_mode_named(std::string_view text) { return named_in(modes, text); }
std::optional<BvKind> bv_kind_named(std::string_view text) { return named_in(bv_kinds, text); }
std::optional<LeafUnit> leaf_unit_named(std::string_view text) { return named_in(leaf_units, text); }

std::string contact_mode_names() { return names_in(modes); }
std::string bv_kind_names() { return names_in(bv_kinds); }
std::string leaf_unit_names() { return names_in(leaf_units); }

}  // namespace fecontact
