// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// One contact interface searched once with one kind of bounding volume, timed, and reported as
// JSON, .vtu or a table row. Shared by `fecontact search` and the demo.

#include <filesystem>
#include <ostream>
#include <string>
#include <vector>

#include "fecontact/contact/contact_search.hpp"
#include "fecontact/frontend/json_writer.hpp"
#include "fecontact/mesh/mesh.hpp"

namespace fecontact::cli {

/// An interface as named by the user or the file. For mode self, `slave` is unused.
struct InterfaceSpec {
  std::string slave;
  std::string master;
  ContactMode mode = ContactMode::node_to_surface;
};

/// Search distance: absolute (mesh length units), or when `relative` a multiple of the master
/// surface's mean face size.
struct Tolerance {
  double value = 0.1;
  bool relative = true;
};

struct InterfaceRun {
  InterfaceSpec spec;
  ContactInterface interface;  ///< as searched: the result's face indices refer to its surfaces
  InterfaceResult result;
  double build_ms = 0;   ///< the first search, which builds the trees
  double search_ms = 0;  ///< median of later searches on the built trees (refit, query, narrow)
};

/// The interface of `spec` (its surfaces found by named_contact_surface) with the tolerance and
/// bounding volume. Throws std::runtime_error for an unknown surface name or a node surface
/// used as a master.
ContactInterface make_interface(const Mesh& mesh, const InterfaceSpec& spec, const Tolerance& tolerance,
                                BvKind bv);

/// The interface of `spec` searched at the mesh's coordinates (throws as make_interface).
InterfaceRun run_interface(const Mesh& mesh, const InterfaceSpec& spec, const Tolerance& tolerance,
                           BvKind bv);

/// The broad-phase candidate pairs handed to the narrow phase.
std::uint64_t candidate_count(const InterfaceRun& run);
/// Contacts: slave nodes with a master face within the tolerance (node-to-surface), face pairs
/// within the tolerance (surface-to-surface, self).
std::size_t contact_count(const InterfaceRun& run);
/// The smallest gap (node-to-surface, negative = penetration) or face distance; +inf if none.
double closest_gap(const InterfaceRun& run);

/// Writes the runs as the JSON report of `fecontact search --json` (write_contact_json; keys in
/// README), with each run's names and times.
void write_runs_json(std::ostream& out, const Mesh& mesh, const std::vector<InterfaceRun>& runs);
/// The same "interfaces" key and array, in an object that the caller has opened.
void write_runs_json(JsonWriter& json, const Mesh& mesh, const std::vector<InterfaceRun>& runs);

/// Writes the mesh with the runs' contacts and pairs (write_contact_vtu at the mesh's coordinates).
/// Throws std::runtime_error when the file cannot be written.
void write_runs_vtu(const std::filesystem::path& path, const Mesh& mesh, const std::vector<InterfaceRun>& runs);

/// Writes the mesh as Exodus II with nodal variables gap (the smallest over the runs'
/// node-to-surface contacts, NaN elsewhere), normal_x, normal_y, normal_z (its master normal, 0
/// elsewhere) and contact (1 at a node with a contact, else 0). Throws std::runtime_error when
/// the file cannot be written.
void write_runs_exodus(const std::filesystem::path& path, const Mesh& mesh, const std::vector<InterfaceRun>& runs);

/// Prints the runs as one table: interface, bv, tolerance, statistics, closest gap, times.
void print_interface_table(const std::vector<InterfaceRun>& runs);

}  // namespace fecontact::cli
