// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// What `fecontact search` and `fecontact-mpi search` are asked: the mesh, the interfaces (named
// on the command line, or the file's contact pairs), the tolerance, the bounding volumes and the
// reports. One parser for both programs, so that they take the same options.

#include <optional>
#include <string>
#include <vector>

#include "arguments.hpp"
#include "commands.hpp"
#include "fecontact/contact/contact_search.hpp"
#include "fecontact/io/exodus_reader.hpp"
#include "fecontact/mesh/mesh.hpp"
#include "interface_run.hpp"

namespace fecontact::cli {

struct SearchRequest {
  Arguments arguments;  ///< --pair and --self, resolved against the mesh by interface_specs
  std::string mesh;
  Tolerance tolerance;
  BvKind bv = BvKind::aabb;
  bool json = false;
  std::optional<std::string> vtu;
  std::optional<std::string> exodus;  ///< --exodus FILE
  ExodusStep step;                    ///< --step N|last (Exodus results files)
};

/// The options' lines of both programs' help (after their usage line).
extern const char* const search_options_help;

/// Parses the words after `search`. Prints `help` and returns nothing for --help. Throws
/// UsageError.
std::optional<SearchRequest> parse_search_request(Words words, const std::string& help);

/// Parses --step: a time step from 1, or "last". Throws UsageError.
ExodusStep parse_step(const std::string& text);

/// The mesh of `path`, at `step` of an Exodus results file (read_mesh when there is no step).
/// Throws UsageError for a step on a file of another format, ReadError on malformed input.
Mesh read_mesh_at(const std::string& path, ExodusStep step);

/// The interfaces of the request: --pair and --self, else the file's contact pairs (with --mode
/// for their mode when given). Throws std::runtime_error when there is none.
std::vector<InterfaceSpec> interface_specs(const Arguments& arguments, const Mesh& mesh);

}  // namespace fecontact::cli
