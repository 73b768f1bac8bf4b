// SPDX-License-Identifier: BSD-3-Clause
// fecontact info MESH [--json]: what a mesh holds, and what is wrong with it (reported, not
// errors): inverted elements, open or inconsistently oriented surfaces, reader warnings.

#include <array>
#include <iostream>

#include "command_line.hpp"
#include "fecontact/contact/contact_definitions.hpp"
#include "fecontact/frontend/contact_json.hpp"
#include "fecontact/frontend/json_writer.hpp"
#include "fecontact/frontend/option_names.hpp"
#include "fecontact/geometry/aabb.hpp"
#include "fecontact/io/read_mesh.hpp"
#include "fecontact/mass/element_mass.hpp"
#include "fecontact/mass/surface_mass.hpp"
#include "fecontact/mesh/surface_extraction.hpp"
#include "located_ids.hpp"
#include "table.hpp"

namespace fecontact::cli {

namespace {

constexpr const char* help =
    "usage: fecontact info MESH [--json]\n"
    "Blocks with element types and counts, node and element sets, surfaces, contact pairs,\n"
    "bounding box and diagnostics (inverted elements, open or inconsistent surfaces).\n"
    "  --json   JSON on stdout: nodes, blocks [name, elements, element_types], surfaces\n"
    "           [name, faces | nodes], contact_pairs [slave, master, type], diagnostics\n"
    "           [kind, name, count, message, and where located: elements | faces (the first\n"
    "           few), element_count | face_count], bounding_box {min, max}\n";

struct Diagnostic {
  std::string kind;  ///< inverted_elements, open_surface, inconsistent_surface, reader_warning
  std::string name;  ///< block or surface name (empty for reader warnings)
  std::size_t count = 0;
  std::string message;
  LocatedIds where;  ///< the elements or faces at fault, when known
};

// Blocks merged by name, as the user names them: element counts per type.
struct BlockSummary {
  std::string name;
  std::array<Index, element_type_count> per_type{};
  Index elements = 0;
};

std::vector<BlockSummary> block_summaries(const Mesh& mesh) {
  std::vector<BlockSummary> out;
  for (const auto& block : mesh.blocks) {
    auto it = std::find_if(out.begin(), out.end(), [&](const auto& s) { return s.name == block.name; });
    if (it == out.end()) it = out.insert(out.end(), BlockSummary{block.name, {}, 0});
    it->per_type[static_cast<std::size_t>(block.type)] += block.size();
    it->elements += block.size();
  }
  return out;
}

std::vector<Diagnostic> diagnostics(const Mesh& mesh) {
  std::vector<Diagnostic> out;
  for (std::size_t b = 0; b < mesh.blocks.size(); ++b) {
    if (!is_volume(mesh.blocks[b].type)) continue;
    const Index blocks[] = {Index(b)};
    const auto r = element_mass_properties(mesh, blocks);
    if (!r.invalid_elements.empty())
      out.push_back({"inverted_elements", mesh.blocks[b].name, r.invalid_elements.size(),
                     invalid_element_reason, element_ids(r.invalid_elements)});
  }
  for (const auto& definition : mesh.surfaces) {
    if (definition.kind != SurfaceDefinition::Kind::element_faces) continue;
    const Surface surface = named_contact_surface(mesh, definition.name).surface;
    const auto d = surface_diagnostics(surface);
    if (!d.boundary_edges.empty())
      out.push_back({"open_surface", definition.name, d.boundary_edges.size(),
                     "boundary edges (fine for a contact patch, not for a closed body)",
                     face_ids(mesh, surface, d.boundary_edges)});
    if (!d.inconsistent_edges.empty() || !d.non_manifold_edges.empty()) {
      std::vector<SurfaceEdgeIssue> edges = d.inconsistent_edges;
      edges.insert(edges.end(), d.non_manifold_edges.begin(), d.non_manifold_edges.end());
      out.push_back({"inconsistent_surface", definition.name, edges.size(),
                     "edges walked twice in one direction or shared by more than two faces",
                     face_ids(mesh, surface, edges)});
    }
  }
  for (const auto& warning : mesh.warnings) out.push_back({"reader_warning", "", 1, warning, {}});
  return out;
}

std::string surface_size(const SurfaceDefinition& s) {
  return s.kind == SurfaceDefinition::Kind::nodes ? std::to_string(s.nodes.size()) + " nodes"
                                                  : std::to_string(s.faces.size()) + " faces";
}

void print_json(const Mesh& mesh) {
  JsonWriter json(std::cout);
  json.begin_object().key("nodes").value(mesh.node_count());
  json.key("blocks").begin_array();
  for (const auto& b : block_summaries(mesh)) {
    json.begin_object().key("name").value(b.name).key("elements").value(b.elements);
    json.key("element_types").begin_object();
    for (int t = 0; t < element_type_count; ++t)
      if (b.per_type[std::size_t(t)] > 0) json.key(name(ElementType(t))).value(b.per_type[std::size_t(t)]);
    json.end_object().end_object();
  }
  json.end_array().key("surfaces").begin_array();
  for (const auto& s : mesh.surfaces) {
    json.begin_object().key("name").value(s.name);
    if (s.kind == SurfaceDefinition::Kind::nodes) json.key("nodes").value(s.nodes.size());
    else json.key("faces").value(s.faces.size());
    json.end_object();
  }
  json.end_array().key("node_sets").begin_array();
  for (const auto& s : mesh.node_sets)
    json.begin_object().key("name").value(s.name).key("nodes").value(s.nodes.size()).end_object();
  json.end_array().key("element_sets").begin_array();
  for (const auto& s : mesh.element_sets)
    json.begin_object().key("name").value(s.name).key("elements").value(s.elements.size()).end_object();
  json.end_array().key("contact_pairs").begin_array();
  for (const auto& p : mesh.contact_pairs)
    json.begin_object().key("slave").value(p.slave).key("master").value(p.master).key("type")
        .value(std::string(fecontact::name(p.mode))).end_object();
  json.end_array().key("bounding_box").begin_object();
  const Aabb box = fit_aabb(mesh.coordinates);
  for (int k = 0; k < 2; ++k) {
    json.key(k == 0 ? "min" : "max").begin_array();
    for (int i = 0; i < 3; ++i) json.value((k == 0 ? box.min : box.max)[i]);
    json.end_array();
  }
  json.end_object().key("diagnostics").begin_array();
  for (const auto& d : diagnostics(mesh)) {
    json.begin_object().key("kind").value(d.kind).key("name").value(d.name).key("count")
        .value(d.count).key("message").value(d.message);
    d.where.write_json(json);
    json.end_object();
  }
  json.end_array().end_object();
  std::cout << '\n';
}

void print_text(const std::string& path, const Mesh& mesh) {
  std::cout << path << ": " << mesh.node_count() << " nodes\n\nblocks\n";
  Table blocks({"name", "elements", "element types"});
  for (const auto& b : block_summaries(mesh)) {
    std::string types;
    for (int t = 0; t < element_type_count; ++t)
      if (b.per_type[std::size_t(t)] > 0)
        types += (types.empty() ? "" : ", ") + std::string(name(ElementType(t))) + " " +
                 std::to_string(b.per_type[std::size_t(t)]);
    blocks.add_row({b.name, std::to_string(b.elements), types});
  }
  blocks.print(std::cout);
  std::cout << "\nsurfaces\n";
  Table surfaces({"name", "size"});
  for (const auto& s : mesh.surfaces) surfaces.add_row({s.name, surface_size(s)});
  for (const auto& s : mesh.node_sets) surfaces.add_row({s.name + " (node set)", std::to_string(s.nodes.size()) + " nodes"});
  for (const auto& s : mesh.element_sets)
    surfaces.add_row({s.name + " (element set)", std::to_string(s.elements.size()) + " elements"});
  surfaces.print(std::cout);
  std::cout << "\ncontact pairs:" << (mesh.contact_pairs.empty() ? " none" : "") << '\n';
  for (const auto& p : mesh.contact_pairs)
    std::cout << "  " << p.slave << " -> " << p.master << " (" << std::string(fecontact::name(p.mode)) << ")\n";
  const Aabb box = fit_aabb(mesh.coordinates);
  std::cout << "\nbounding box: " << format_vector(box.min.x(), box.min.y(), box.min.z(), 6) << " to "
            << format_vector(box.max.x(), box.max.y(), box.max.z(), 6) << "\n\ndiagnostics:";
  const auto found = diagnostics(mesh);
  std::cout << (found.empty() ? " none" : "") << '\n';
  for (const auto& d : found)
    std::cout << "  " << d.kind << (d.name.empty() ? "" : " " + d.name) << ": "
              << (d.count > 1 ? std::to_string(d.count) + " " : "") << d.message
              << (d.where.ids.empty() ? "" : ", at " + d.where.text()) << '\n';
}

}  // namespace

int run_info(Words words) {
  static constexpr OptionSpec options[] = {{"json"}};
  const auto arguments = parse_command_line(words, options, help);
  if (!arguments) return 0;
  const std::string path = mesh_argument(*arguments);
  const Mesh mesh = read_mesh(path);
  if (arguments->has("json")) print_json(mesh);
  else print_text(path, mesh);
  return 0;
}

}  // namespace fecontact::cli
