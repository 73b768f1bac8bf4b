// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The names of the search's modes and option values, one table that every front end reads: the
// command line (--mode, --bv, leaves), the JSON reports, the Python module and the C interface
// (fecontact_set_option) spell them as here. C++ uses the same words: ContactInterface::mode
// (ContactMode), SearchOptions::bv (BvKind) and ::leaves (LeafUnit), whose values are these names
// with '_' for '-' (spectral_patch for "spectral-patch"); names compare ignoring ASCII case, and
// '_' in a name looked up matches '-' in the table, so either spelling is read.

#include <optional>
#include <string>
#include <string_view>

#include "fecontact/contact/contact_search.hpp"
#include "fecontact/mesh/mesh.hpp"

namespace fecontact {

/// "node-to-surface", "surface-to-surface", "self".
std::string_view name(ContactMode mode);
/// "aabb", "obb", "dual".
std::string_view name(BvKind bv);
/// "face", "spectral-patch".
std::string_view name(LeafUnit leaves);

/// The value named `text`, or nothing.
std::optional<ContactMode> contact_mode_named(std::string_view text);
std::optional<BvKind> bv_kind_named(std::string_view text);
std::optional<LeafUnit> leaf_unit_named(std::string_view text);

/// Every name of a table for messages: "'aabb', 'obb' or 'dual'".
std::string contact_mode_names();
std::string bv_kind_names();
std::string leaf_unit_names();

}  // namespace fecontact
