// SPDX-License-Identifier: BSD-3-Clause
#include "fecontact/mesh/element_type.hpp"

#include <array>

namespace fecontact {
namespace {

struct TypeInfo {
  std::string_view name;
  int nodes;
  int corners;
  int dimension;
};

constexpr std::array<TypeInfo, element_type_count> type_info = {{
    {"tet4", 4, 4, 3},    {"tet10", 10, 4, 3},  {"hex8", 8, 8, 3},      {"hex20", 20, 8, 3},
    {"hex27", 27, 8, 3},  {"wedge6", 6, 6, 3},  {"wedge15", 15, 6, 3},  {"pyramid5", 5, 5, 3},
    {"tri3", 3, 3, 2},    {"tri6", 6, 3, 2},    {"quad4", 4, 4, 2},     {"quad8", 8, 4, 2},
    {"quad9", 9, 4, 2},
}};

const TypeInfo& info(ElementType type) { return type_info[static_cast<std::size_t>(type)]; }

// Face tables in VTK node order. Each face lists its corners counter-clockwise seen from outside,
// then its mid-edge nodes in the order of the edges (c0c1, c1c2, ...), then its mid-face node.
// Face k is Abaqus's face S(k+1). Checked by tests on meshes of every type (outward normals).
using N = std::uint8_t;

// tet: S1 = 0-1-2, S2 = 0-1-3, S3 = 1-2-3, S4 = 2-0-3. tet10 edges: 4(0,1) 5(1,2) 6(2,0) 7(0,3)
// 8(1,3) 9(2,3).
constexpr N tet_f1[] = {0, 2, 1, 6, 5, 4}, tet_f2[] = {0, 1, 3, 4, 8, 7},
            tet_f3[] = {1, 2, 3, 5, 9, 8}, tet_f4[] = {0, 3, 2, 7, 9, 6};

// hex: S1 bottom (z−), S2 top (z+), S3 y−, S4 x+, S5 y+, S6 x−. hex20 edges: 8(0,1) 9(1,2)
// 10(2,3) 11(3,0) 12(4,5) 13(5,6) 14(6,7) 15(7,4) 16(0,4) 17(1,5) 18(2,6) 19(3,7); hex27 face
// centres: 20 x−, 21 x+, 22 y−, 23 y+, 24 z−, 25 z+.
constexpr N hex_f1[] = {0, 3, 2, 1, 11, 10, 9, 8, 24}, hex_f2[] = {4, 5, 6, 7, 12, 13, 14, 15, 25},
            hex_f3[] = {0, 1, 5, 4, 8, 17, 12, 16, 22}, hex_f4[] = {1, 2, 6, 5, 9, 18, 13, 17, 21},
            hex_f5[] = {2, 3, 7, 6, 10, 19, 14, 18, 23}, hex_f6[] = {3, 0, 4, 7, 11, 16, 15, 19, 20};

// wedge (0-1-2 turns towards 3-4-5, as in VTK's reference cell, Abaqus and Gmsh): S1 = 0-1-2,
// S2 = 3-4-5, S3 = 0-1-4-3, S4 = 1-2-5-4, S5 = 2-0-3-5. wedge15 edges: 6(0,1) 7(1,2) 8(2,0)
// 9(3,4) 10(4,5) 11(5,3) 12(0,3) 13(1,4) 14(2,5).
constexpr N wedge_f1[] = {0, 2, 1, 8, 7, 6}, wedge_f2[] = {3, 4, 5, 9, 10, 11},
            wedge_f3[] = {0, 1, 4, 3, 6, 13, 9, 12}, wedge_f4[] = {1, 2, 5, 4, 7, 14, 10, 13},
            wedge_f5[] = {2, 0, 3, 5, 8, 12, 11, 14};

// pyramid (VTK: the right-hand normal of the base 0-1-2-3 points to the apex 4): S1 base, then
// the sides on edges 0-1, 1-2, 2-3, 3-0.
constexpr N pyramid_f1[] = {0, 3, 2, 1}, pyramid_f2[] = {0, 1, 4}, pyramid_f3[] = {1, 2, 4},
            pyramid_f4[] = {2, 3, 4}, pyramid_f5[] = {3, 0, 4};

template <std::size_t size>
constexpr std::span<const N> first(const N (&nodes)[size], std::size_t count) {
  return std::span<const N>(nodes, count);
}

using T = ElementType;
const ReferenceFace tet4_faces[] = {{T::tri3, first(tet_f1, 3)}, {T::tri3, first(tet_f2, 3)},
                                    {T::tri3, first(tet_f3, 3)}, {T::tri3, first(tet_f4, 3)}};
const ReferenceFace tet10_faces[] = {{T::tri6, first(tet_f1, 6)}, {T::tri6, first(tet_f2, 6)},
                                     {T::tri6, first(tet_f3, 6)}, {T::tri6, first(tet_f4, 6)}};
const ReferenceFace hex8_faces[] = {
    {T::quad4, first(hex_f1, 4)}, {T::quad4, first(hex_f2, 4)}, {T::quad4, first(hex_f3, 4)},
    {T::quad4, first(hex_f4, 4)}, {T::quad4, first(hex_f5, 4)}, {T::quad4, first(hex_f6, 4)}};
const ReferenceFace hex20_faces[] = {
    {T::quad8, first(hex_f1, 8)}, {T::quad8, first(hex_f2, 8)}, {T::quad8, first(hex_f3, 8)},
    {T::quad8, first(hex_f4, 8)}, {T::quad8, first(hex_f5, 8)}, {T::quad8, first(hex_f6, 8)}};
const ReferenceFace hex27_faces[] = {
    {T::quad9, first(hex_f1, 9)}, {T::quad9, first(hex_f2, 9)}, {T::quad9, first(hex_f3, 9)},
    {T::quad9, first(hex_f4, 9)}, {T::quad9, first(hex_f5, 9)}, {T::quad9, first(hex_f6, 9)}};
const ReferenceFace wedge6_faces[] = {
    {T::tri3, first(wedge_f1, 3)}, {T::tri3, first(wedge_f2, 3)}, {T::quad4, first(wedge_f3, 4)},
    {T::quad4, first(wedge_f4, 4)}, {T::quad4, first(wedge_f5, 4)}};
const ReferenceFace wedge15_faces[] = {
    {T::tri6, first(wedge_f1, 6)}, {T::tri6, first(wedge_f2, 6)}, {T::quad8, first(wedge_f3, 8)},
    {T::quad8, first(wedge_f4, 8)}, {T::quad8, first(wedge_f5, 8)}};
const ReferenceFace pyramid5_faces[] = {
    {T::quad4, first(pyramid_f1, 4)}, {T::tri3, first(pyramid_f2, 3)},
    {T::tri3, first(pyramid_f3, 3)}, {T::tri3, first(pyramid_f4, 3)},
    {T::tri3, first(pyramid_f5, 3)}};

}  // namespace

std::string_view name(ElementType type) { return info(type).name; }

std::optional<ElementType> element_type_from_name(std::string_view name) {
  for (std::size_t i = 0; i < type_info.size(); ++i)
    if (type_info[i].name == name) return static_cast<ElementType>(i);
  return std::nullopt;
}

int node_count(ElementType type) { return info(type).nodes; }
int corner_count(ElementType type) { return info(type).corners; }
int dimension(ElementType type) { return info(type).dimension; }
bool is_volume(ElementType type) { return dimension(type) == 3; }
bool is_quadratic(ElementType type) { return node_count(type) > corner_count(type); }

std::span<const ReferenceFace> faces(ElementType type) {
  switch (type) {
    case T::tet4: return tet4_faces;
    case T::tet10: return tet10_faces;
    case T::hex8: return hex8_faces;
    case T::hex20: return hex20_faces;
    case T::hex27: return hex27_faces;
    case T::wedge6: return wedge6_faces;
    case T::wedge15: return wedge15_faces;
    case T::pyramid5: return pyramid5_faces;
    default: return {};
  }
}

}  // namespace fecontact
