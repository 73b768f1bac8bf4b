#pragma once
// The names of the search's modes and option values, one table that every front end reads: the
// command line (--mode, --bv, leaves), the JSON reports, the Python module and the C interface
// (fecontact_set_option) spell them as here. Names compare ignoring ASCII case.

#include <optional>
#include <string>
#include <string_view>

#include "fecontact/contact/contact_search.hpp"
#include "fecontact/mesh/mesh.hpp"

namespace fecontact {

/// "node-to-surface", "surface-to-surface", "self".
std::string_view name(ContactKind mode);
/// "aabb", "obb", "dual".
std::string_view name(VolumeKind bv);
/// "face", "spectral-patch".
std::string_view name(LeafUnit leaves);

/// The value named `text`, or nothing.
std::optional<ContactKind> contact_kind_named(std::string_view text);
std::optional<VolumeKind> volume_kind_named(std::string_view text);
std::optional<LeafUnit> leaf_unit_named(std::string_view text);

/// Every name of a table for messages: "'aabb', 'obb' or 'dual'".
std::string contact_kind_names();
std::string volume_kind_names();
std::string leaf_unit_names();

}  // namespace fecontact
