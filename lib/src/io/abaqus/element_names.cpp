#include "element_names.hpp"

#include <array>

namespace fecontact::detail::abaqus {
namespace {

using T = ElementType;
using N = std::uint8_t;

// Abaqus numbers tet4/tet10, hex8/hex20, pyramid5 and the shell faces tri3/tri6/quad4/quad8/quad9
// as VTK does: corners first, then mid-edge nodes on edges (0,1), (1,2), ... (Abaqus Analysis
// User's Guide, "Three-dimensional solid element library", figures of C3D10, C3D20, C3D5).
//
// Wedges differ in handedness. In Abaqus (and CalculiX) the right-hand normal of face 1-2-3
// points towards face 4-5-6: every C3D6 of CalculiX's metalforming.inp has
// det(x2 - x1, x3 - x1, x4 - x1) > 0. The internal wedge follows VTK's documentation, where the
// normal of 0-1-2 points away from 3-4-5. Swapping nodes 2<->3 and 5<->6 (1-based) maps one
// onto the other; mid-edge nodes follow their edges. The swap exchanges which quadrilateral is
// which: Abaqus S3 (nodes 1-2-5-4) becomes internal face 4, S5 (3-1-4-6) internal face 2.
constexpr N wedge6_nodes[] = {0, 2, 1, 3, 5, 4};
constexpr N wedge15_nodes[] = {0, 2, 1, 3, 5, 4, 8, 7, 6, 11, 10, 9, 12, 14, 13};
constexpr N wedge_faces[] = {0, 1, 4, 3, 2};

struct Entry {
  std::string_view name;
  AbaqusElement element;
};

constexpr AbaqusElement same(T type) { return {type, {}, {}}; }
constexpr AbaqusElement wedge6{T::wedge6, wedge6_nodes, wedge_faces};
constexpr AbaqusElement wedge15{T::wedge15, wedge15_nodes, wedge_faces};

// Hybrid (H), reduced (R), incompatible-mode (I), modified (M), thermally coupled (T) variants
// share the node numbering of their base element. Membranes (M3D), rigid (R3D) and surface
// (SFM3D) elements are surface elements like the shells.
constexpr std::array<Entry, 58> entries = {{
    {"C3D4", same(T::tet4)},     {"C3D4H", same(T::tet4)},
    {"C3D4T", same(T::tet4)},    {"C3D10", same(T::tet10)},
    {"C3D10H", same(T::tet10)},  {"C3D10M", same(T::tet10)},
    {"C3D10MH", same(T::tet10)}, {"C3D10T", same(T::tet10)},
    {"C3D10MT", same(T::tet10)}, {"C3D10HS", same(T::tet10)},
    {"C3D10I", same(T::tet10)},  {"C3D8", same(T::hex8)},
    {"C3D8R", same(T::hex8)},    {"C3D8I", same(T::hex8)},
    {"C3D8H", same(T::hex8)},    {"C3D8RH", same(T::hex8)},
    {"C3D8IH", same(T::hex8)},   {"C3D8T", same(T::hex8)},
    {"C3D8RT", same(T::hex8)},   {"C3D20", same(T::hex20)},
    {"C3D20R", same(T::hex20)},  {"C3D20H", same(T::hex20)},
    {"C3D20RH", same(T::hex20)}, {"C3D20T", same(T::hex20)},
    {"C3D20RT", same(T::hex20)}, {"C3D6", wedge6},
    {"C3D6H", wedge6},           {"C3D6T", wedge6},
    {"C3D15", wedge15},          {"C3D15H", wedge15},
    {"C3D5", same(T::pyramid5)}, {"C3D5H", same(T::pyramid5)},
    {"S3", same(T::tri3)},       {"S3R", same(T::tri3)},
    {"S3RS", same(T::tri3)},     {"M3D3", same(T::tri3)},
    {"R3D3", same(T::tri3)},     {"SFM3D3", same(T::tri3)},
    {"S6", same(T::tri6)},       {"STRI65", same(T::tri6)},
    {"M3D6", same(T::tri6)},     {"SFM3D6", same(T::tri6)},
    {"S4", same(T::quad4)},      {"S4R", same(T::quad4)},
    {"S4RS", same(T::quad4)},    {"S4R5", same(T::quad4)},
    {"M3D4", same(T::quad4)},    {"M3D4R", same(T::quad4)},
    {"R3D4", same(T::quad4)},    {"SFM3D4", same(T::quad4)},
    {"SFM3D4R", same(T::quad4)}, {"S8", same(T::quad8)},
    {"S8R", same(T::quad8)},     {"S8R5", same(T::quad8)},
    {"M3D8", same(T::quad8)},    {"M3D8R", same(T::quad8)},
    {"S9R5", same(T::quad9)},    {"M3D9R", same(T::quad9)},
}};

}  // namespace

std::optional<AbaqusElement> abaqus_element(std::string_view upper_name) {
  for (const Entry& entry : entries)
    if (entry.name == upper_name) return entry.element;
  return std::nullopt;
}

std::string_view supported_abaqus_elements() {
  return "C3D4, C3D10, C3D8, C3D20, C3D6, C3D15, C3D5 (with H, R, I, M, T variants), "
         "S3, S3R, S4, S4R, S6, S8, S8R, S9R5, STRI65, M3D*, R3D3, R3D4, SFM3D*";
}

}  // namespace fecontact::detail::abaqus
