// SPDX-License-Identifier: BSD-3-Clause
#include "gmsh_element_type.hpp"

#include <array>

namespace fecontact::detail {
namespace {

using Map = std::uint8_t;
constexpr Map identity[27] = {0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13,
                              14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26};
// Gmsh tet10 edges: 4(0,1) 5(1,2) 6(2,0) 7(3,0) 8(3,2) 9(3,1); VTK's 8 is (1,3) and 9 is (2,3).
constexpr Map tet10[10] = {0, 1, 2, 3, 4, 5, 6, 7, 9, 8};
// Gmsh hex edges: 8(0,1) 9(0,3) 10(0,4) 11(1,2) 12(1,5) 13(2,3) 14(2,6) 15(3,7) 16(4,5) 17(4,7)
// 18(5,6) 19(6,7); VTK: (0,1)(1,2)(2,3)(3,0) (4,5)(5,6)(6,7)(7,4) (0,4)(1,5)(2,6)(3,7).
// Gmsh face centres: 20 z-, 21 y-, 22 x-, 23 x+, 24 y+, 25 z+; VTK: x- x+ y- y+ z- z+.
constexpr Map hex27[27] = {0,  1,  2,  3,  4,  5,  6,  7,  8,  11, 13, 9,  16, 18,
                           19, 17, 10, 12, 14, 15, 22, 23, 21, 24, 20, 25, 26};
// Gmsh wedge edges: 6(0,1) 7(0,2) 8(0,3) 9(1,2) 10(1,4) 11(2,5) 12(3,4) 13(3,5) 14(4,5);
// VTK: 6(0,1) 7(1,2) 8(2,0) 9(3,4) 10(4,5) 11(5,3) 12(0,3) 13(1,4) 14(2,5). Corners agree.
constexpr Map wedge15[15] = {0, 1, 2, 3, 4, 5, 6, 9, 7, 12, 14, 13, 8, 10, 11};

struct Row {
  int number;
  int node_count;
  std::optional<ElementType> type;
  const Map* map;
};

constexpr std::array<Row, 19> rows{{
    {1, 2, std::nullopt, identity},   // line2
    {8, 3, std::nullopt, identity},   // line3
    {26, 4, std::nullopt, identity},  // line4
    {27, 5, std::nullopt, identity},  // line5
    {28, 6, std::nullopt, identity},  // line6
    {15, 1, std::nullopt, identity},  // point
    {2, 3, ElementType::tri3, identity},
    {9, 6, ElementType::tri6, identity},
    {3, 4, ElementType::quad4, identity},
    {16, 8, ElementType::quad8, identity},
    {10, 9, ElementType::quad9, identity},
    {4, 4, ElementType::tet4, identity},
    {11, 10, ElementType::tet10, tet10},
    {5, 8, ElementType::hex8, identity},
    {17, 20, ElementType::hex20, hex27},  // hex20 is hex27's first 20
    {12, 27, ElementType::hex27, hex27},
    {6, 6, ElementType::wedge6, wedge15},  // wedge6 is wedge15's first 6
    {18, 15, ElementType::wedge15, wedge15},
    {7, 5, ElementType::pyramid5, identity},
}};

}  // namespace

std::optional<GmshElementType> gmsh_element_type(int number) {
  for (const Row& row : rows)
    if (row.number == number)
      return GmshElementType{
          row.node_count, row.type,
          std::span<const Map>(row.map, static_cast<std::size_t>(row.node_count))};
  return std::nullopt;
}

}  // namespace fecontact::detail
