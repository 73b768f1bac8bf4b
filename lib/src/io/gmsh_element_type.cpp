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
// Gmsh's triangle (0,1,2) turns towards (3,4,5), VTK's away from it: corners 1-2 and 4-5 swap.
// Gmsh wedge edges: 6(0,1) 7(0,2) 8(0,3) 9(1,2) 10(1,4) 11(2,5) 12(3,4) 13(3,5) 14(4,5);
// VTK: (0,1)(1,2)(2,0) (3,4)(4,5)(5,3) (0,3)(1,4)(2,5), which after the swap are Gmsh's
// (0,2)(2,1)(1,0) (3,5)(5,4)(4,3) (0,3)(2,5)(1,4).
constexpr Map wedge15[15] = {0, 2, 1, 3, 5, 4, 7, 9, 6, 13, 14, 12, 8, 11, 10};

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
