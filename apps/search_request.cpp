// SPDX-License-Identifier: BSD-3-Clause
#include "search_request.hpp"

#include <filesystem>
#include <limits>
#include <stdexcept>

#include "command_line.hpp"
#include "fecontact/detail/ascii.hpp"
#include "fecontact/frontend/option_names.hpp"
#include "fecontact/io/read_mesh.hpp"

namespace fecontact::cli {

namespace {

// --mode names a mode of a --pair, which self contact is not (--self SURFACE).
ContactMode parse_mode(const std::string& mode) {
  const auto named = contact_mode_named(mode);
  if (!named || *named == ContactMode::self)
    throw UsageError("--mode: expected node-to-surface or surface-to-surface, got '" + mode + "'");
  return *named;
}

BvKind parse_bv(const std::string& bv) {
  if (const auto named = bv_kind_named(bv)) return *named;
  throw UsageError("--bv: expected " + bv_kind_names() + ", got '" + bv + "'");
}

}  // namespace

const char* const search_options_help =
    "Contact search between surfaces named as in the file (Gmsh physical names, Abaqus surface\n"
    "names; a volume block name means its exterior). Without --pair/--self: the file's own\n"
    "contact pairs.\n"
    "  --pair SLAVE:MASTER  an interface (repeatable)\n"
    "  --self SURFACE       self contact of a surface: faces sharing no node (repeatable)\n"
    "  --tolerance D        largest slave-to-master distance that counts as contact (mesh units;\n"
    "                       default: 0.1 x the master's mean face size)\n"
    "  --mode M             node-to-surface (default) or surface-to-surface, for --pair\n"
    "  --bv aabb|obb|dual   bounding volumes of the trees (default aabb; dual: AABB trees whose\n"
    "                       pairs are then tested by the faces' normal slabs)\n"
    "  --json               JSON: interfaces [slave, master, mode, tolerance, bv, statistics\n"
    "                       {bv_tests, leaf_tests, candidates, contacts, build_ms, search_ms},\n"
    "                       contacts [node, face, gap, normal, point | slave_face, master_face,\n"
    "                       distance]]\n"
    "                       (all keys: README)\n"
    "  --vtu FILE           write the mesh with the gap and normal on the slave nodes, the\n"
    "                       contacts and candidate pairs as lines (cell data 'kind')\n"
    "  --exodus FILE        write the mesh as Exodus II with nodal variables gap, normal_x,\n"
    "                       normal_y, normal_z and contact (1 at a slave node in contact)\n"
    "  --step N|last        Exodus results file: search the nodes moved by the displacements\n"
    "                       (DISP_X/Y/Z or DISPX/Y/Z) of time step N (from 1) or of the last one\n";

std::optional<SearchRequest> parse_search_request(Words words, const std::string& help) {
  static constexpr OptionSpec options[] = {{"pair", true, true}, {"self", true, true}, {"tolerance", true},
                                           {"mode", true}, {"bv", true}, {"json"}, {"vtu", true},
                                           {"exodus", true}, {"step", true}};
  auto arguments = parse_command_line(words, options, help.c_str());
  if (!arguments) return std::nullopt;
  SearchRequest request{*arguments, mesh_argument(*arguments), {}, BvKind::aabb, arguments->has("json"),
                        arguments->value("vtu"), arguments->value("exodus"), {}};
  if (const auto text = arguments->value("step")) request.step = parse_step(*text);
  if (const auto text = arguments->value("tolerance")) {
    request.tolerance = {parse_double(*text, "--tolerance"), false};
    if (request.tolerance.value < 0) throw UsageError("--tolerance must be >= 0");
  }
  request.bv = parse_bv(arguments->value("bv").value_or("aabb"));
  return request;
}

ExodusStep parse_step(const std::string& text) {
  if (text == "last") return exodus_last_step;
  return {parse_integer(text, "--step", 1, std::numeric_limits<int>::max())};
}

Mesh read_mesh_at(const std::string& path, ExodusStep step) {
  if (step.step == 0) return read_mesh(path);
  const std::string extension = detail::lower_case_ascii(std::filesystem::path(path).extension().string());
  if (extension != ".e" && extension != ".exo")
    throw UsageError("--step applies to Exodus results files (.e, .exo), not to '" + path + "'");
  return read_exodus(path, step);
}

std::vector<InterfaceSpec> interface_specs(const Arguments& arguments, const Mesh& mesh) {
  const auto mode_option = arguments.value("mode");
  const auto mode = mode_option ? parse_mode(*mode_option) : ContactMode::node_to_surface;
  std::vector<InterfaceSpec> specs;
  for (const auto& pair : arguments.values("pair")) {
    const auto colon = pair.find(':');
    if (colon == std::string::npos || colon == 0 || colon + 1 == pair.size())
      throw UsageError("--pair expects SLAVE:MASTER, got '" + pair + "'");
    specs.push_back({pair.substr(0, colon), pair.substr(colon + 1), mode});
  }
  for (const auto& surface : arguments.values("self"))
    specs.push_back({surface, surface, ContactMode::self});
  if (!specs.empty()) return specs;
  for (const auto& p : mesh.contact_pairs)
    specs.push_back({p.slave, p.master, mode_option ? mode : p.mode});
  if (specs.empty())
    throw std::runtime_error("the file defines no contact pair: name surfaces with --pair SLAVE:MASTER "
                             "or --self SURFACE ('fecontact info' lists them)");
  return specs;
}

}  // namespace fecontact::cli
