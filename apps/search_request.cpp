#include "search_request.hpp"

#include <stdexcept>

#include "command_line.hpp"

namespace fecontact::cli {

namespace {

ContactKind parse_mode(const std::string& mode) {
  if (mode == "node-to-surface") return ContactKind::node_to_surface;
  if (mode == "surface-to-surface") return ContactKind::surface_to_surface;
  throw UsageError("--mode: expected node-to-surface or surface-to-surface, got '" + mode + "'");
}

VolumeKind parse_volume(const std::string& bv) {
  if (bv == "aabb") return VolumeKind::aabb;
  if (bv == "obb") return VolumeKind::obb;
  if (bv == "dual") return VolumeKind::dual;
  throw UsageError("--bv: expected aabb, obb or dual, got '" + bv + "'");
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
    "                       contacts and candidate pairs as lines (cell data 'kind')\n";

std::optional<SearchRequest> parse_search_request(Words words, const std::string& help) {
  static constexpr OptionSpec options[] = {{"pair", true, true}, {"self", true, true}, {"tolerance", true},
                                           {"mode", true}, {"bv", true}, {"json"}, {"vtu", true}};
  auto arguments = parse_command_line(words, options, help.c_str());
  if (!arguments) return std::nullopt;
  SearchRequest request{*arguments, mesh_argument(*arguments), {}, VolumeKind::aabb, arguments->has("json"),
                        arguments->value("vtu")};
  if (const auto text = arguments->value("tolerance")) {
    request.tolerance = {parse_double(*text, "--tolerance"), false};
    if (request.tolerance.value < 0) throw UsageError("--tolerance must be >= 0");
  }
  request.volume = parse_volume(arguments->value("bv").value_or("aabb"));
  return request;
}

std::vector<InterfaceSpec> interface_specs(const Arguments& arguments, const Mesh& mesh) {
  const auto mode = arguments.value("mode");
  const auto kind = mode ? parse_mode(*mode) : ContactKind::node_to_surface;
  std::vector<InterfaceSpec> specs;
  for (const auto& pair : arguments.values("pair")) {
    const auto colon = pair.find(':');
    if (colon == std::string::npos || colon == 0 || colon + 1 == pair.size())
      throw UsageError("--pair expects SLAVE:MASTER, got '" + pair + "'");
    specs.push_back({pair.substr(0, colon), pair.substr(colon + 1), kind});
  }
  for (const auto& surface : arguments.values("self"))
    specs.push_back({surface, surface, ContactKind::self});
  if (!specs.empty()) return specs;
  for (const auto& p : mesh.contact_pairs)
    specs.push_back({p.slave, p.master, mode ? kind : p.kind});
  if (specs.empty())
    throw std::runtime_error("the file defines no contact pair: name surfaces with --pair SLAVE:MASTER "
                             "or --self SURFACE ('fecontact info' lists them)");
  return specs;
}

}  // namespace fecontact::cli
