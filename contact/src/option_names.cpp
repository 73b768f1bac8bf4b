#include "fecontact/contact/option_names.hpp"

#include <array>
#include <utility>

#include "fecontact/detail/ascii.hpp"

namespace fecontact {
namespace {

template <class Enum, std::size_t N>
using Table = std::array<std::pair<Enum, std::string_view>, N>;

constexpr Table<ContactKind, 3> modes{{{ContactKind::node_to_surface, "node-to-surface"},
                                       {ContactKind::surface_to_surface, "surface-to-surface"},
                                       {ContactKind::self, "self"}}};
constexpr Table<VolumeKind, 3> volumes{{{VolumeKind::aabb, "aabb"}, {VolumeKind::obb, "obb"}, {VolumeKind::dual, "dual"}}};
constexpr Table<LeafUnit, 2> leaf_units{{{LeafUnit::face, "face"}, {LeafUnit::spectral_patch, "spectral-patch"}}};

template <class Enum, std::size_t N>
std::string_view name_in(const Table<Enum, N>& table, Enum value) {
  for (const auto& [entry, text] : table)
    if (entry == value) return text;
  return "?";
}

template <class Enum, std::size_t N>
std::optional<Enum> named_in(const Table<Enum, N>& table, std::string_view text) {
  for (const auto& [entry, name] : table)
    if (detail::equals_ignoring_case(name, text)) return entry;
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

std::string_view name(ContactKind mode) { return name_in(modes, mode); }
std::string_view name(VolumeKind bv) { return name_in(volumes, bv); }
std::string_view name(LeafUnit leaves) { return name_in(leaf_units, leaves); }

std::optional<ContactKind> contact_kind_named(std::string_view text) { return named_in(modes, text); }
std::optional<VolumeKind> volume_kind_named(std::string_view text) { return named_in(volumes, text); }
std::optional<LeafUnit> leaf_unit_named(std::string_view text) { return named_in(leaf_units, text); }

std::string contact_kind_names() { return names_in(modes); }
std::string volume_kind_names() { return names_in(volumes); }
std::string leaf_unit_names() { return names_in(leaf_units); }

}  // namespace fecontact
