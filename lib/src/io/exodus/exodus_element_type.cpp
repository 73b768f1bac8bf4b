// SPDX-License-Identifier: BSD-3-Clause
#include "exodus_element_type.hpp"

#include <algorithm>
#include <array>

#include "fecontact/detail/ascii.hpp"

namespace fecontact::detail {
namespace {

using N = std::uint8_t;
using S = std::int8_t;
using T = ElementType;

constexpr N identity[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19};
constexpr N hex27_order[] = {0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 16, 17,
                             18, 19, 12, 13, 14, 15, 23, 24, 25, 26, 21, 22, 20};
constexpr N wedge15_order[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 12, 13, 14, 9, 10, 11};

constexpr S tetra_sides[] = {1, 2, 3, 0};
constexpr S hex_sides[] = {2, 3, 4, 5, 0, 1};
constexpr S wedge_sides[] = {2, 3, 4, 0, 1};
constexpr S pyramid_sides[] = {1, 2, 3, 4, 0};
constexpr S shell_sides[] = {0, 1, -1, -1, -1, -1};  // 2 faces, 4 edges
constexpr S trishell_sides[] = {0, 1, -1, -1, -1};   // 2 faces, 3 edges
constexpr S quad_sides[] = {-1, -1, -1, -1};
constexpr S triangle_sides[] = {-1, -1, -1};

std::span<const N> first(std::span<const N> order, int count) {
  return order.first(static_cast<std::size_t>(count));
}

ExodusTopology topology(T type, std::span<const S> sides) {
  return {type, first(identity, node_count(type)), sides};
}

}  // namespace

std::optional<ExodusTopology> exodus_topology(std::string_view name, int nodes_per_element, int dimension) {
  std::string key(name.substr(0, 3));
  std::transform(key.begin(), key.end(), key.begin(), detail::to_upper_ascii);
  const int n = nodes_per_element;
  if (key == "TET") {
    if (n == 4) return topology(T::tet4, tetra_sides);
    if (n == 10) return topology(T::tet10, tetra_sides);
  } else if (key == "HEX") {
    if (n == 8) return topology(T::hex8, hex_sides);
    if (n == 20) return ExodusTopology{T::hex20, first(hex27_order, 20), hex_sides};
    if (n == 27) return ExodusTopology{T::hex27, hex27_order, hex_sides};
  } else if (key == "WED") {
    if (n == 6) return topology(T::wedge6, wedge_sides);
    if (n == 15) return ExodusTopology{T::wedge15, wedge15_order, wedge_sides};
  } else if (key == "PYR") {
    if (n == 5) return topology(T::pyramid5, pyramid_sides);
  } else if (key == "SHE") {
    if (n == 3) return topology(T::tri3, trishell_sides);
    if (n == 6) return topology(T::tri6, trishell_sides);
    if (n == 4) return topology(T::quad4, shell_sides);
    if (n == 8) return topology(T::quad8, shell_sides);
    if (n == 9) return topology(T::quad9, shell_sides);
  } else if (key == "TRI") {
    const std::span<const S> sides = dimension == 3 ? std::span<const S>(trishell_sides) : triangle_sides;
    if (n == 3) return topology(T::tri3, sides);
    if (n == 6) return topology(T::tri6, sides);
  } else if (key == "QUA") {
    if (n == 4) return topology(T::quad4, quad_sides);
    if (n == 8) return topology(T::quad8, quad_sides);
    if (n == 9) return topology(T::quad9, quad_sides);
  }
  return std::nullopt;
}

std::string_view exodus_name(ElementType type) {
  static constexpr std::array<std::string_view, element_type_count> names = {
      "TETRA", "TETRA10", "HEX8", "HEX20", "HEX27", "WEDGE", "WEDGE15",
      "PYRAMID", "TRI3", "TRI6", "SHELL4", "SHELL8", "SHELL9"};
  return names[static_cast<std::size_t>(type)];
}

int exodus_side(ElementType type, int local_face) {
  std::span<const S> sides = shell_sides;
  switch (type) {
    case T::tet4: case T::tet10: sides = tetra_sides; break;
    case T::hex8: case T::hex20: case T::hex27: sides = hex_sides; break;
    case T::wedge6: case T::wedge15: sides = wedge_sides; break;
    case T::pyramid5: sides = pyramid_sides; break;
    default: break;
  }
  const auto side = std::find(sides.begin(), sides.end(), static_cast<S>(local_face));
  return static_cast<int>(side - sides.begin()) + 1;
}

}  // namespace fecontact::detail
