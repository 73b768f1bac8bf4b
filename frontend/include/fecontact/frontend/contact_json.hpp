// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The JSON report of a contact search: per interface its mode, surfaces, tolerance, counters,
// candidate pairs and contacts, faces and nodes named by their ids in the input file. The keys
// are a public interface (README, `fecontact search --json`).

#include <optional>
#include <ostream>
#include <span>
#include <string>

#include "fecontact/contact/contact_search.hpp"
#include "fecontact/frontend/json_writer.hpp"
#include "fecontact/mesh/mesh.hpp"

namespace fecontact {

/// How the report names an interface, and optionally how long its search took (measured by the
/// caller; written only when given).
struct InterfaceLabel {
  std::string slave;   ///< slave surface name (self contact: the surface's name)
  std::string master;  ///< master surface name
  std::optional<double> build_ms;   ///< the first search, which builds the trees
  std::optional<double> search_ms;  ///< a later search on built trees
};


/// Writes one interface as a JSON object (a value: at the top level or in an open array):
///   slave, master (label names), mode (option_names.hpp), tolerance (absolute), bv,
///   leaves ("face" | "spectral-patch"), configurations (1 | 2),
///   statistics {bv_tests, leaf_tests (leaf pairs visited), candidates (primitive volume pairs
///     reported by the broad phase), contacts (node-to-surface: contact entries; otherwise
///     pairs), [build_ms, search_ms,] node_pairs, pairs (candidate pairs), rebuilt},
///   degenerate_master_faces, degenerate_slave_faces: [face],
///   contacts: node-to-surface [{node, face, gap, normal [3], point [3], local [2], feature
///     ("interior" | "edge" | "vertex"), feature_index[, predicted {face, gap, normal, point,
///     local}]}]; otherwise [{slave_face, master_face, distance[, distance_predicted]}],
///   pairs (node-to-surface only): [{node, face, distance}].
/// A node is its file id; a face is {"element": id, "local_face": k} for the face of a volume
/// element, the element id for a surface element, null for none. `predicted` and
/// `distance_predicted` appear after a two-configuration search. Numbers read back to the same
/// double; +inf (no face) is null. Preconditions: `result` comes from a search of `interface`
/// on `mesh`.
void write_interface_json(JsonWriter& json, const Mesh& mesh, const ContactInterface& interface,
                          const InterfaceResult& result, const InterfaceLabel& label);

/// Writes {"interfaces": [write_interface_json of each]} and a new line to `out`. `labels` has
/// one entry per interface or is empty (names then empty, no times). Preconditions:
/// results.size() == interfaces.size(); results come from searching `interfaces` (for a
/// ContactSearch: search.interfaces()). Stream errors are the caller's to check.
void write_contact_json(std::ostream& out, const Mesh& mesh, std::span<const ContactInterface> interfaces,
                        std::span<const InterfaceResult> results, std::span<const InterfaceLabel> labels = {});

}  // namespace fecontact
