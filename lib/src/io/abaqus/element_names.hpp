#pragma once
// Abaqus element type names (C3D10, S4R, ...) and how their node and face numbering maps to the
// internal (VTK) numbering of element_type.hpp.

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "fecontact/mesh/element_type.hpp"

namespace fecontact::detail::abaqus {

/// How one Abaqus element type becomes an internal element.
struct AbaqusElement {
  ElementType type;
  /// internal node i = Abaqus node abaqus_node[i] (0-based); empty when the orders agree.
  std::span<const std::uint8_t> abaqus_node;
  /// internal face index of Abaqus face S(k+1) = face_of_label[k]; empty when face k = S(k+1).
  std::span<const std::uint8_t> face_of_label;
};

/// The Abaqus type named `upper_name` (upper case), or nothing when it is not supported.
std::optional<AbaqusElement> abaqus_element(std::string_view upper_name);

/// The supported names, comma-separated, for error messages.
std::string_view supported_abaqus_elements();

}  // namespace fecontact::detail::abaqus
