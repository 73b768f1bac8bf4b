// SPDX-License-Identifier: BSD-3-Clause
// fecontact pairs MESH [--distance D] [--angle DEG] [--bodies NAME,...] [--json] [--inp FILE]
//   [--vtu FILE] [--exodus FILE]: which bodies touch, and the contact pairs a solver deck needs.
// The program's bodies are detection's components (contact_detection.hpp): --bodies, the JSON's
// "bodies" and the cell data "body" are public names, older than the library's word.

#include <fstream>
#include <iostream>
#include <sstream>

#include "command_line.hpp"
#include "fecontact/detail/ascii.hpp"
#include "fecontact/frontend/contact_detection.hpp"
#include "fecontact/frontend/contact_pairs_inp.hpp"
#include "fecontact/frontend/json_writer.hpp"
#include "fecontact/frontend/vtu_grids.hpp"
#include "fecontact/io/exodus_writer.hpp"
#include "fecontact/io/read_mesh.hpp"
#include "table.hpp"

namespace fecontact::cli {

namespace {

constexpr const char* help =
    "usage: fecontact pairs MESH [--distance D] [--angle DEG] [--bodies NAME,...] [--json]\n"
    "         [--inp FILE] [--vtu FILE] [--exodus FILE]\n"
    "Finds which bodies touch: the exterior faces of two bodies within the distance of each\n"
    "other whose outward normals are opposed within the angle, grouped into connected regions;\n"
    "each group of regions becomes a contact pair whose master is the coarser side. A body is a\n"
    "connected set of volume (or shell) elements; bodies that share nodes are one body.\n"
    "  --distance D      largest face-to-face distance (mesh units; default 0.25 x the mean\n"
    "                    exterior face size)\n"
    "  --angle DEG       largest angle between one normal and the other reversed (default 45)\n"
    "  --bodies LIST     the bodies, comma-separated, instead of the connected parts: each an\n"
    "                    element set or block name, or several joined by '+' as one body\n"
    "  --json            JSON: distance, angle, bodies [name, elements, faces, groups], pairs\n"
    "                    [bodies, surfaces, faces, areas, min_distance, max_distance, master]\n"
    "  --inp FILE        write *SURFACE and *CONTACT PAIR cards (slave first) and a\n"
    "                    *SURFACE INTERACTION for a CalculiX or Abaqus deck (*INCLUDE it)\n"
    "  --vtu FILE        write the bodies' exterior faces with cell data body, pair (0: none)\n"
    "                    and role (0 none, 1 slave, 2 master) for ParaView\n"
    "  --exodus FILE     write the mesh as Exodus II with each pair's two surfaces as side sets\n"
    "                    (named as in --inp) after the file's own, for Cubit or MOOSE\n";

std::vector<std::string> split(const std::string& text, char separator) {
  std::vector<std::string> parts;
  std::size_t begin = 0;
  for (std::size_t end; (end = text.find(separator, begin)) != std::string::npos; begin = end + 1)
    parts.push_back(text.substr(begin, end - begin));
  parts.push_back(text.substr(begin));
  return parts;
}

// The elements called `name`: an element set (exact name first), else the blocks of that name.
std::vector<ElementRef> named_elements(const Mesh& mesh, const std::string& name) {
  for (const bool exact : {true, false})
    for (const auto& set : mesh.element_sets)
      if (exact ? set.name == name : detail::equals_ignoring_case(set.name, name)) return set.elements;
  std::vector<ElementRef> elements;
  for (Index b = 0; b < static_cast<Index>(mesh.blocks.size()); ++b)
    if (detail::equals_ignoring_case(mesh.blocks[static_cast<std::size_t>(b)].name, name))
      for (Index e = 0; e < mesh.blocks[static_cast<std::size_t>(b)].size(); ++e) elements.push_back({b, e});
  if (elements.empty()) {
    std::string names;
    for (const auto& set : mesh.element_sets) names += (names.empty() ? "" : ", ") + set.name;
    for (const auto& block : mesh.blocks) names += (names.empty() ? "" : ", ") + block.name;
    throw std::runtime_error("--bodies: no element set or block named '" + name + "' (available: " +
                             (names.empty() ? "none" : names) + ")");
  }
  return elements;
}

std::vector<ElementGroup> element_groups(const Mesh& mesh, const std::optional<std::string>& list) {
  if (!list) return connected_components(mesh);
  std::vector<ElementGroup> groups;
  for (const auto& item : split(*list, ',')) {
    ElementGroup group{item, {}};
    for (const auto& name : split(item, '+')) {
      if (name.empty()) throw UsageError("--bodies: empty name in '" + *list + "'");
      const auto elements = named_elements(mesh, name);
      group.elements.insert(group.elements.end(), elements.begin(), elements.end());
    }
    groups.push_back(std::move(group));
  }
  return groups;
}

const std::string& body_name(const ContactDetection& d, const DetectedPair& pair, int side) {
  return d.components[static_cast<std::size_t>(pair.components[static_cast<std::size_t>(side)])].name;
}

void print_json(const ContactDetection& d) {
  JsonWriter json(std::cout);
  json.begin_object().key("distance").value(d.distance).key("angle").value(d.angle_degrees);
  json.key("bodies").begin_array();
  for (const auto& body : d.components) {
    json.begin_object().key("name").value(body.name).key("elements").value(body.elements.size());
    json.key("faces").value(body.skin.faces.size()).key("groups").begin_array();
    for (const auto& group : body.groups) json.value(group);
    json.end_array().end_object();
  }
  json.end_array().key("pairs").begin_array();
  for (const auto& pair : d.pairs) {
    json.begin_object().key("bodies").begin_array().value(body_name(d, pair, 0)).value(body_name(d, pair, 1));
    json.end_array().key("surfaces").begin_array().value(pair.surfaces[0]).value(pair.surfaces[1]);
    json.end_array().key("faces").begin_array().value(pair.faces[0].size()).value(pair.faces[1].size());
    json.end_array().key("areas").begin_array().value(pair.areas[0]).value(pair.areas[1]).end_array();
    json.key("min_distance").value(pair.min_distance).key("max_distance").value(pair.max_distance);
    json.key("master").value(pair.surfaces[static_cast<std::size_t>(pair.master)]).end_object();
  }
  json.end_array().end_object();
  std::cout << '\n';
}

void print_tables(const ContactDetection& d) {
  std::cout << "distance " << format_number(d.distance, 4) << ", angle " << format_number(d.angle_degrees, 4)
            << " degrees\n\nbodies\n";
  Table bodies({"name", "elements", "exterior faces"});
  for (const auto& body : d.components)
    bodies.add_row({body.name, std::to_string(body.elements.size()), std::to_string(body.skin.faces.size())});
  bodies.print(std::cout);
  for (const auto& body : d.components)
    if (body.groups.size() > 1) std::cout << "  note: '" << body.name << "': these share nodes, searched as one body\n";
  std::cout << "\ncontact pairs" << (d.pairs.empty() ? ": none\n" : "\n");
  if (d.pairs.empty()) return;
  Table pairs({"slave", "master", "faces", "areas", "distance", "bodies"});
  for (const auto& pair : d.pairs) {
    const auto m = static_cast<std::size_t>(pair.master);
    const auto s = 1 - m;
    pairs.add_row({pair.surfaces[s], pair.surfaces[m],
                   std::to_string(pair.faces[s].size()) + " / " + std::to_string(pair.faces[m].size()),
                   format_number(pair.areas[s], 4) + " / " + format_number(pair.areas[m], 4),
                   format_number(pair.min_distance, 3) + " .. " + format_number(pair.max_distance, 3),
                   body_name(d, pair, static_cast<int>(s)) + " - " + body_name(d, pair, static_cast<int>(m))});
  }
  pairs.print(std::cout);
}

void write_inp(const std::string& path, const Mesh& mesh, const ContactDetection& d) {
  std::ostringstream text;  // the whole include first: a refused one leaves no file behind
  write_contact_pairs_inp(text, mesh, d);
  std::ofstream out(path);
  out << text.str();
  out.close();
  if (!out) throw std::runtime_error("cannot write " + path);
}

// Every body's exterior faces, the contact faces marked by pair and role.
void write_regions_vtu(const std::string& path, const Mesh& mesh, const ContactDetection& d) {
  Surface all;
  std::vector<std::int64_t> body, pair, role;
  std::vector<std::size_t> first;
  for (std::size_t b = 0; b < d.components.size(); ++b) {
    first.push_back(all.faces.size());
    all.faces.insert(all.faces.end(), d.components[b].skin.faces.begin(), d.components[b].skin.faces.end());
    body.insert(body.end(), d.components[b].skin.faces.size(), static_cast<std::int64_t>(b));
  }
  pair.assign(all.faces.size(), 0);
  role.assign(all.faces.size(), 0);
  for (std::size_t k = 0; k < d.pairs.size(); ++k)
    for (int side = 0; side < 2; ++side)
      for (const Index f : d.pairs[k].faces[static_cast<std::size_t>(side)]) {
        const std::size_t i = first[static_cast<std::size_t>(d.pairs[k].components[static_cast<std::size_t>(side)])] +
                              static_cast<std::size_t>(f);
        pair[i] = static_cast<std::int64_t>(k + 1);
        role[i] = side == d.pairs[k].master ? 2 : 1;
      }
  VtuGrid grid = vtu_grid(mesh, all);
  grid.cell_data.push_back({"body", 1, std::move(body)});
  grid.cell_data.push_back({"pair", 1, std::move(pair)});
  grid.cell_data.push_back({"role", 1, std::move(role)});
  write_vtu(path, grid);
}

// The mesh with both surfaces of every pair as side sets (element faces), after its own surfaces.
void write_pairs_exodus(const std::string& path, const Mesh& mesh, const ContactDetection& d) {
  Mesh with_pairs = mesh;
  for (const auto& pair : d.pairs)
    for (std::size_t side = 0; side < 2; ++side) {
      const Surface& skin = d.components[static_cast<std::size_t>(pair.components[side])].skin;
      SurfaceDefinition surface{pair.surfaces[side], SurfaceDefinition::Kind::element_faces, {}, {}};
      for (const Index f : pair.faces[side]) surface.faces.push_back(skin.faces[static_cast<std::size_t>(f)].owner);
      with_pairs.surfaces.push_back(std::move(surface));
    }
  write_exodus(path, with_pairs);
}

}  // namespace

int run_pairs(Words words) {
  static constexpr OptionSpec options[] = {{"distance", true}, {"angle", true}, {"bodies", true},
                                           {"json"}, {"inp", true}, {"vtu", true}, {"exodus", true}};
  const auto arguments = parse_command_line(words, options, help);
  if (!arguments) return 0;
  const std::string path = mesh_argument(*arguments);
  DetectionOptions detection_options;
  if (const auto text = arguments->value("distance")) {
    detection_options.distance = parse_double(*text, "--distance");
    if (*detection_options.distance < 0) throw UsageError("--distance must be >= 0");
  }
  if (const auto text = arguments->value("angle")) {
    detection_options.angle_degrees = parse_double(*text, "--angle");
    if (detection_options.angle_degrees < 0 || detection_options.angle_degrees > 180)
      throw UsageError("--angle must be in [0, 180] degrees");
  }
  const Mesh mesh = read_mesh(path);
  const ContactDetection detection = detect_contact(mesh, element_groups(mesh, arguments->value("bodies")), detection_options);
  if (arguments->has("json")) print_json(detection);
  else print_tables(detection);
  if (const auto inp = arguments->value("inp")) write_inp(*inp, mesh, detection);
  if (const auto vtu = arguments->value("vtu")) write_regions_vtu(*vtu, mesh, detection);
  if (const auto exodus = arguments->value("exodus")) write_pairs_exodus(*exodus, mesh, detection);
  return 0;
}

}  // namespace fecontact::cli
