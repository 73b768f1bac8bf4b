// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Abaqus element type names (C3D10, S4R, ...) and the internal element types they become.

#include <optional>
#include <string_view>

#include "fecontact/mesh/element_type.hpp"

namespace fecontact::detail::abaqus {

/// The internal type of the Abaqus type named `upper_name` (upper case), or nothing when it is
/// not supported. Every supported type numbers its nodes and faces as the internal type does.
std::optional<ElementType> abaqus_element_type(std::string_view upper_name);

/// The supported names, comma-separated, for error messages.
std::string_view supported_abaqus_elements();

}  // namespace fecontact::detail::abaqus
