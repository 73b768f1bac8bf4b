// SPDX-License-Identifier: BSD-3-Clause
#include "element_names.hpp"

#include <array>

namespace fecontact::detail::abaqus {
namespace {

using T = ElementType;

// Abaqus numbers tet4/tet10, hex8/hex20, wedge6/wedge15, pyramid5 and the shell faces tri3/tri6/
// quad4/quad8/quad9 as VTK does: corners first (a wedge's 1-2-3 turning towards 4-5-6, checked on
// every C3D6 of CalculiX's metalforming.inp), then mid-edge nodes on edges (0,1), (1,2), ...
// (Abaqus Analysis User's Guide, "Three-dimensional solid element library": C3D10, C3D15, C3D20,
// C3D5), and faces S1..S6 in the order of the face tables.
struct Entry {
  std::string_view name;
  ElementType type;
};

// Hybrid (H), reduced (R), incompatible-mode (I), modified (M), thermally coupled (T) variants
// share the node numbering of their base element. Membranes (M3D), rigid (R3D) and surface
// (SFM3D) elements are surface elements like the shells.
constexpr std::array<Entry, 62> entries = {{
    {"C3D4", T::tet4},     {"C3D4H", T::tet4},
    {"C3D4T", T::tet4},    {"C3D10", T::tet10},
    {"C3D10H", T::tet10},  {"C3D10M", T::tet10},
    {"C3D10MH", T::tet10}, {"C3D10T", T::tet10},
    {"C3D10MT", T::tet10}, {"C3D10HS", T::tet10},
    {"C3D10I", T::tet10},  {"C3D8", T::hex8},
    {"C3D8R", T::hex8},    {"C3D8I", T::hex8},
    {"C3D8H", T::hex8},    {"C3D8RH", T::hex8},
    {"C3D8IH", T::hex8},   {"C3D8T", T::hex8},
    {"C3D8RT", T::hex8},   {"C3D20", T::hex20},
    {"C3D20R", T::hex20},  {"C3D20H", T::hex20},
    {"C3D20RH", T::hex20}, {"C3D20T", T::hex20},
    {"C3D20RT", T::hex20}, {"C3D6", T::wedge6},
    {"C3D6H", T::wedge6},           {"C3D6T", T::wedge6},
    {"C3D15", T::wedge15},          {"C3D15H", T::wedge15},
    {"C3D5", T::pyramid5}, {"C3D5H", T::pyramid5},
    {"S3", T::tri3},       {"S3R", T::tri3},
    {"S3RS", T::tri3},     {"M3D3", T::tri3},
    {"R3D3", T::tri3},     {"SFM3D3", T::tri3},
    {"S6", T::tri6},       {"STRI65", T::tri6},
    {"M3D6", T::tri6},     {"SFM3D6", T::tri6},
    {"S4", T::quad4},      {"S4R", T::quad4},
    {"S4RS", T::quad4},    {"S4R5", T::quad4},
    {"M3D4", T::quad4},    {"M3D4R", T::quad4},
    {"R3D4", T::quad4},    {"SFM3D4", T::quad4},
    {"SFM3D4R", T::quad4}, {"S8", T::quad8},
    {"S8R", T::quad8},     {"S8R5", T::quad8},
    {"M3D8", T::quad8},    {"M3D8R", T::quad8},
    {"S9R5", T::quad9},    {"M3D9R", T::quad9},
    // Gmsh's .inp export writes its surface elements as plane-stress elements: in a 3D deck
    // they are surface elements like the others.
    {"CPS3", T::tri3},     {"CPS4", T::quad4},
    {"CPS6", T::tri6},     {"CPS8", T::quad8},
}};

}  // namespace

std::optional<ElementType> abaqus_element_type(std::string_view upper_name) {
  for (const Entry& entry : entries)
    if (entry.name == upper_name) return entry.type;
  return std::nullopt;
}

std::string_view supported_abaqus_elements() {
  return "C3D4, C3D10, C3D8, C3D20, C3D6, C3D15, C3D5 (with H, R, I, M, T variants), "
         "S3, S3R, S4, S4R, S6, S8, S8R, S9R5, STRI65, M3D*, R3D3, R3D4, SFM3D*, "
         "CPS3, CPS4, CPS6, CPS8 (as surface elements)";
}

}  // namespace fecontact::detail::abaqus
