// The Exodus reader on SEACAS's own test files (tests/exodus/seacas, netCDF text made binary by
// ncgen): every block, node set and side set read as the file states, and every side checked
// against the side numbering of SEACAS's ex_get_side_set_node_list.

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <map>
#include <string>
#include <vector>

#include "exodus_files.hpp"
#include "fecontact/io/exodus_reader.hpp"
#include "fecontact/io/read_error.hpp"
#include "fecontact/mesh/surface_extraction.hpp"
#include "read_error_check.hpp"

namespace {

using namespace fecontact;
namespace t = fecontact::test;

const std::filesystem::path seacas_folder = FECONTACT_EXODUS_TEST_DIR "/seacas";

// SEACAS's ex_get_side_set_node_list: the corners of each side, 1-based positions in the
// element's Exodus connectivity, outward; an empty list is an edge (not a face).
using Sides = std::vector<std::vector<int>>;
const std::map<std::string, Sides> side_corners = {
    {"TET", {{1, 2, 4}, {2, 3, 4}, {1, 4, 3}, {1, 3, 2}}},
    {"HEX", {{1, 2, 6, 5}, {2, 3, 7, 6}, {3, 4, 8, 7}, {1, 5, 8, 4}, {1, 4, 3, 2}, {5, 6, 7, 8}}},
    {"WED", {{1, 2, 5, 4}, {2, 3, 6, 5}, {1, 4, 6, 3}, {1, 3, 2}, {4, 5, 6}}},
    {"SHE", {{1, 2, 3, 4}, {1, 4, 3, 2}, {}, {}, {}, {}}},
    {"TRI", {{1, 2, 3}, {3, 2, 1}, {}, {}, {}}},  // in 3D: a triangular shell
    {"QUA", {{}, {}, {}, {}}},
};

// The linear types this test expects read: first three letters and node count.
bool is_read(const std::string& key, long nodes) {
  return (key == "TET" && nodes == 4) || (key == "HEX" && nodes == 8) || (key == "WED" && nodes == 6) ||
         (key == "SHE" && nodes == 4) || (key == "TRI" && nodes == 3) || (key == "QUA" && nodes == 4);
}

std::string upper3(std::string s) {
  s = s.substr(0, 3);
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
  return s;
}

// Whether `a` is `b` turned cyclically (the same face, the same orientation).
bool same_cycle(std::vector<FileId> a, const std::vector<FileId>& b) {
  for (std::size_t k = 0; k < a.size(); ++k) {
    if (a == b) return true;
    std::rotate(a.begin(), a.begin() + 1, a.end());
  }
  return false;
}

struct FileBlock {
  std::string name, key;
  long nodes = 0;
  std::vector<double> connect;
};

// Reads the dump `name`, makes it binary, reads it and compares everything with the text.
void check_file(const std::string& name) {
  const t::ScratchFolder folder;
  const std::string cdl = t::ScratchFolder::read(seacas_folder / name);
  const auto path = t::ncgen(folder, name + ".e", t::with_exodus_version(cdl));
  const Mesh mesh = read_exodus(path);
  for (const auto& w : mesh.warnings) BOOST_TEST_MESSAGE(name << ": " << w);

  const auto x = t::cdl_numbers(cdl, "coordx"), y = t::cdl_numbers(cdl, "coordy"), z = t::cdl_numbers(cdl, "coordz");
  BOOST_TEST_REQUIRE(mesh.coordinates.size() == x.size());
  for (std::size_t i = 0; i < x.size(); ++i)  // stored as float in the file
    for (const auto& [axis, values] : {std::pair{0, &x}, std::pair{1, &y}, std::pair{2, &z}})
      BOOST_TEST(mesh.coordinates[i][axis] == double(float((*values)[i])), std::setprecision(17) << "node " << i + 1);
  auto node_map = t::cdl_numbers(cdl, "node_num_map");
  for (std::size_t i = 0; i < x.size(); ++i)
    BOOST_TEST(mesh.node_ids[i] == (node_map.empty() ? FileId(i + 1) : FileId(node_map[i])));

  // Blocks in file order; elements numbered over all of them.
  const auto block_names = t::cdl_strings(cdl, "eb_names");
  const auto block_ids = t::cdl_numbers(cdl, "eb_prop1");
  const auto element_map = t::cdl_numbers(cdl, "elem_num_map");
  std::vector<FileBlock> blocks;
  std::vector<std::pair<std::size_t, long>> element_of;  // global element -> (file block, position)
  std::size_t read_blocks = 0;
  for (std::size_t b = 0; b < block_ids.size(); ++b) {
    const std::string k = std::to_string(b + 1);
    FileBlock fb{block_names.empty() || block_names[b].empty() ? "block_" + std::to_string(long(block_ids[b])) : block_names[b],
                 upper3(t::cdl_attribute(cdl, "connect" + k, "elem_type")), *t::cdl_dimension(cdl, "num_nod_per_el" + k),
                 t::cdl_numbers(cdl, "connect" + k)};
    const long count = long(fb.connect.size()) / fb.nodes;
    for (long e = 0; e < count; ++e) element_of.emplace_back(b, e);
    if (is_read(fb.key, fb.nodes)) {
      BOOST_TEST_CONTEXT(name << " block " << fb.name) {
        BOOST_TEST_REQUIRE(read_blocks < mesh.blocks.size());
        const ElementBlock& block = mesh.blocks[read_blocks];
        BOOST_TEST(block.name == fb.name);
        BOOST_TEST(node_count(block.type) == fb.nodes);
        BOOST_TEST_REQUIRE(block.connectivity.size() == fb.connect.size());
        for (std::size_t i = 0; i < fb.connect.size(); ++i)  // linear types: the same node order
          BOOST_TEST(mesh.node_ids[std::size_t(block.connectivity[i])] == FileId(node_map.empty() ? fb.connect[i] : node_map[std::size_t(fb.connect[i]) - 1]));
        for (long e = 0; e < count; ++e) {
          const std::size_t global = element_of.size() - std::size_t(count - e) ;
          BOOST_TEST(block.element_ids[std::size_t(e)] == (element_map.empty() ? FileId(global + 1) : FileId(element_map[global])));
        }
      }
      ++read_blocks;
    } else {
      BOOST_TEST((std::any_of(mesh.warnings.begin(), mesh.warnings.end(),
                              [&](const std::string& w) { return w.find("'" + fb.name + "'") != std::string::npos; })),
                 name << ": no warning for the skipped block " << fb.name);
    }
    blocks.push_back(std::move(fb));
  }
  BOOST_TEST(mesh.blocks.size() == read_blocks);

  const auto set_names = t::cdl_strings(cdl, "ns_names");
  const auto set_ids = t::cdl_numbers(cdl, "ns_prop1");
  BOOST_TEST_REQUIRE(mesh.node_sets.size() == set_ids.size());
  for (std::size_t s = 0; s < set_ids.size(); ++s) {
    const auto& set = mesh.node_sets[s];
    BOOST_TEST(set.name == (set_names.empty() || set_names[s].empty() ? "nodelist_" + std::to_string(long(set_ids[s])) : set_names[s]));
    auto nodes = t::cdl_numbers(cdl, "node_ns" + std::to_string(s + 1));
    std::sort(nodes.begin(), nodes.end());
    BOOST_TEST_REQUIRE(set.nodes.size() == nodes.size());
    for (std::size_t i = 0; i < nodes.size(); ++i) BOOST_TEST(set.nodes[i] + 1 == Index(nodes[i]));
  }

  const auto surface_names = t::cdl_strings(cdl, "ss_names");
  const auto surface_ids = t::cdl_numbers(cdl, "ss_prop1");
  BOOST_TEST_REQUIRE(mesh.surfaces.size() == surface_ids.size());
  std::size_t faces_checked = 0;
  for (std::size_t s = 0; s < surface_ids.size(); ++s) {
    const auto& surface = mesh.surfaces[s];
    BOOST_TEST_CONTEXT(name << " side set " << surface.name) {
      BOOST_TEST(surface.name == (surface_names.empty() || surface_names[s].empty()
                                      ? "surface_" + std::to_string(long(surface_ids[s])) : surface_names[s]));
      const auto elements = t::cdl_numbers(cdl, "elem_ss" + std::to_string(s + 1));
      const auto sides = t::cdl_numbers(cdl, "side_ss" + std::to_string(s + 1));
      std::size_t next = 0;
      for (std::size_t k = 0; k < elements.size(); ++k) {
        const auto [b, e] = element_of[std::size_t(elements[k]) - 1];
        const FileBlock& fb = blocks[b];
        if (!is_read(fb.key, fb.nodes)) continue;
        const auto& corners = side_corners.at(fb.key)[std::size_t(sides[k]) - 1];
        if (corners.empty()) continue;  // an edge
        std::vector<FileId> expected;
        for (const int c : corners) expected.push_back(FileId(fb.connect[std::size_t(e * fb.nodes + c - 1)]));
        BOOST_TEST_REQUIRE(next < surface.faces.size());
        const SurfaceFace face = element_face(mesh, surface.faces[next++]);
        std::vector<FileId> got;
        for (int c = 0; c < corner_count(face.type); ++c) got.push_back(mesh.node_ids[std::size_t(face.nodes()[std::size_t(c)])]);
        BOOST_TEST(same_cycle(got, expected), "element " << elements[k] << " side " << sides[k]);
        ++faces_checked;
      }
      BOOST_TEST(next == surface.faces.size());
    }
  }
  BOOST_TEST_MESSAGE(name << ": " << faces_checked << " faces checked against SEACAS's side table");
  BOOST_TEST(faces_checked > 0u);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(exodus_seacas_files, *boost::unit_test::label("exodus") *
                                                 boost::unit_test::precondition(t::exodus_tools_found))

BOOST_AUTO_TEST_CASE(testwt_blocks_sets_and_side_sets_as_the_file_states) { check_file("test.dmp"); }
BOOST_AUTO_TEST_CASE(testwt_ss_shells_and_triangles_as_the_file_states) { check_file("testwt_ss.dmp"); }
BOOST_AUTO_TEST_CASE(testwt1_spheres_and_circles_skipped_the_rest_as_the_file_states) { check_file("test1.dmp"); }

BOOST_AUTO_TEST_CASE(a_step_without_displacements_is_a_read_error_naming_the_variables) {
  // test.dmp has 10 time steps and two nodal variables, nod_var0 and nod_var1.
  const t::ScratchFolder folder;
  const auto path = t::ncgen(folder, "test.e", t::with_exodus_version(t::ScratchFolder::read(seacas_folder / "test.dmp")));
  t::expect_read_error([&] { read_exodus(path, {3}); }, path, 0, "no nodal displacement DISP_X");
  t::expect_read_error([&] { read_exodus(path, {11}); }, path, 0, "time step 11 asked for; the file has 10 time steps");
}

BOOST_AUTO_TEST_SUITE_END()
