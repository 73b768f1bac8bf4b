// SPDX-License-Identifier: BSD-3-Clause
// Every CalculiX deck of $FECONTACT_SHARED_DATA/calculix, read by read_abaqus and checked
// against what the test finds on its own: node and element counts from a plain scan of the data
// lines, surface and contact-pair names from the keyword lines, positive corner volumes and
// outward element faces computed from the coordinates (corner nodes only for quadratic
// elements). Skipped, and reported so, when the folder is absent.

#include <algorithm>
#include <boost/test/unit_test.hpp>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "fecontact/io/abaqus_reader.hpp"
#include "independent_geometry.hpp"
#include "requirements.hpp"

namespace fs = std::filesystem;
using namespace fecontact;

namespace {

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

std::string strip(const std::string& s) {
  const auto begin = s.find_first_not_of(" \t\r");
  if (begin == std::string::npos) return "";
  return s.substr(begin, s.find_last_not_of(" \t\r") - begin + 1);
}

// Nodes per element of the Abaqus types these decks use (Abaqus element library).
std::size_t nodes_per_element(const std::string& type) {
  const std::map<std::string, std::size_t> table = {{"c3d8", 8},   {"c3d20", 20}, {"c3d20r", 20},
                                                    {"c3d10", 10}, {"c3d6", 6},   {"s8", 8}};
  const auto found = table.find(type);
  BOOST_TEST_REQUIRE((found != table.end()), "element type " << type << " not in the test's table");
  return found->second;
}

// What a line-by-line scan of a deck (no includes in these decks) says, independently of the
// reader: data lines under *NODE, element records under *ELEMENT (non-empty fields divided by
// 1 + nodes per element: records may span lines, and lines may end with a comma), surface
// names, and contact pairs as written.
struct Scan {
  std::size_t nodes = 0, elements = 0;
  std::set<std::string> surfaces;  // lower case
  std::vector<std::pair<std::string, std::string>> pairs;
};

Scan scan(const fs::path& path) {
  Scan result;
  std::ifstream in(path);
  std::string raw, keyword, element_type;
  std::size_t element_fields = 0;
  const auto close_elements = [&] {
    if (element_fields > 0)
      result.elements += element_fields / (1 + nodes_per_element(element_type));
    element_fields = 0;
  };
  while (std::getline(in, raw)) {
    const std::string line = strip(raw);
    if (line.empty() || line.rfind("**", 0) == 0) continue;
    if (line[0] == '*') {
      const std::string l = lower(line);
      keyword = strip(
          l.substr(1, l.find(',') == std::string::npos ? std::string::npos : l.find(',') - 1));
      close_elements();
      if (keyword == "element") {
        const auto at = l.find("type=");
        element_type = strip(l.substr(at + 5, l.find(',', at) - at - 5));
      }
      if (keyword == "surface") {
        const auto at = l.find("name=");
        result.surfaces.insert(strip(l.substr(at + 5, l.find(',', at) - at - 5)));
      }
      continue;
    }
    if (keyword == "node") ++result.nodes;
    if (keyword == "element") {
      std::istringstream fields(line);
      for (std::string field; std::getline(fields, field, ',');)
        if (!strip(field).empty()) ++element_fields;
    }
    if (keyword == "contact pair") {
      const auto comma = line.find(',');
      result.pairs.emplace_back(lower(strip(line.substr(0, comma))),
                                lower(strip(line.substr(comma + 1))));
    }
  }
  close_elements();
  return result;
}

std::vector<fs::path> decks() {
  std::vector<fs::path> paths;
  for (const auto& entry : fs::directory_iterator(*test::shared_data_path("calculix")))
    if (entry.path().extension() == ".inp") paths.push_back(entry.path());
  std::sort(paths.begin(), paths.end());
  return paths;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(abaqus_calculix)

BOOST_AUTO_TEST_CASE(vertex_tets_are_right_handed_on_the_reference_cells) {
  // The checker's own convention, on element_type_test's reference cells (VTK's).
  const std::vector<Eigen::Vector3d> hex = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0},
                                            {0, 0, 1}, {1, 0, 1}, {1, 1, 1}, {0, 1, 1}};
  const std::vector<Eigen::Vector3d> wedge = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0},
                                              {0, 0, 1}, {1, 0, 1}, {0, 1, 1}};
  const std::vector<Eigen::Vector3d> tet = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
  const std::vector<Eigen::Vector3d> pyramid = {
      {0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}, {.5, .5, 1}};
  const std::vector<Index> ids = {0, 1, 2, 3, 4, 5, 6, 7};
  BOOST_TEST(test::min_corner_volume(hex, ElementType::hex8, ids) > 0);
  BOOST_TEST(test::min_corner_volume(wedge, ElementType::wedge6, ids) > 0);
  BOOST_TEST(test::min_corner_volume(tet, ElementType::tet4, ids) > 0);
  BOOST_TEST(test::min_corner_volume(pyramid, ElementType::pyramid5, ids) > 0);
}

BOOST_AUTO_TEST_CASE(every_deck_reads_with_the_counts_names_and_orientations_of_a_plain_scan,
                     *boost::unit_test::label("shared_data") *
                         boost::unit_test::precondition(test::SharedData{"calculix"})) {
  const std::vector<fs::path> paths = decks();
  BOOST_TEST_REQUIRE(!paths.empty(), "no .inp deck in FECONTACT_SHARED_DATA/calculix");
  for (const fs::path& path : paths) {
    BOOST_TEST_CONTEXT(path.filename().string()) {
      const Scan expected = scan(path);
      const Mesh mesh = read_abaqus(path);
      std::size_t elements = 0, inverted = 0, faces = 0, inward = 0, shell_faces = 0;
      std::map<std::string, std::size_t> per_type, faces_per_type;
      for (const ElementBlock& block : mesh.blocks) {
        elements += static_cast<std::size_t>(block.size());
        per_type[std::string(name(block.type))] += static_cast<std::size_t>(block.size());
        if (!is_volume(block.type)) continue;
        for (Index e = 0; e < block.size(); ++e)
          if (test::min_corner_volume(mesh.coordinates, block.type, block.element(e)) <= 0)
            ++inverted;
      }
      BOOST_TEST(static_cast<std::size_t>(mesh.node_count()) == expected.nodes);
      BOOST_TEST(elements == expected.elements);
      BOOST_TEST(inverted == 0u);

      std::set<std::string> surface_names;
      for (const SurfaceDefinition& surface : mesh.surfaces) {
        surface_names.insert(lower(surface.name));
        BOOST_TEST(!(surface.faces.empty() && surface.nodes.empty()), surface.name << " empty");
        for (const FaceRef& face : surface.faces) {
          const ElementBlock& block = mesh.blocks[static_cast<std::size_t>(face.element.block)];
          if (!is_volume(block.type)) {
            ++shell_faces;  // a shell face has no inside to point away from
            continue;
          }
          ++faces;
          ++faces_per_type[std::string(name(block.type))];
          if (test::face_outwardness(mesh.coordinates, block.type,
                                     block.element(face.element.element), face.local_face) <= 0)
            ++inward;
        }
      }
      BOOST_TEST(surface_names == expected.surfaces);
      BOOST_TEST(inward == 0u);
      BOOST_TEST_REQUIRE(mesh.contact_pairs.size() == expected.pairs.size());
      for (std::size_t i = 0; i < expected.pairs.size(); ++i) {
        BOOST_TEST(lower(mesh.contact_pairs[i].slave) == expected.pairs[i].first);
        BOOST_TEST(lower(mesh.contact_pairs[i].master) == expected.pairs[i].second);
      }

      std::ostringstream report;
      report << path.filename().string() << ": " << mesh.node_count() << " nodes, " << elements
             << " elements (";
      for (const auto& [type, count] : per_type) report << type << " " << count << " ";
      report << "), " << mesh.surfaces.size() << " surfaces, " << faces << " volume faces (";
      for (const auto& [type, count] : faces_per_type) report << type << " " << count << " ";
      report << ") + " << shell_faces << " shell faces, " << mesh.contact_pairs.size() << " pairs:";
      for (const ContactPairDefinition& pair : mesh.contact_pairs)
        report << " " << pair.slave << "->" << pair.master
               << (pair.mode == ContactMode::surface_to_surface ? " (s2s)" : " (n2s)");
      for (const std::string& warning : mesh.warnings) report << "\n    warning: " << warning;
      BOOST_TEST_MESSAGE(report.str());
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()
