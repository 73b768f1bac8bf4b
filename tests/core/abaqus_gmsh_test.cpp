// SPDX-License-Identifier: BSD-3-Clause
// read_abaqus on the .inp files that the real gmsh writes (FECONTACT_GMSH; skipped, and reported
// so, without it): a structured 2 x 3 x 4 box extruded into hexes, wedges or tets,
// first and second order. Counts come from the structured grid in closed form, the volume is
// 24, and every mid-edge node must sit at the midpoint of its VTK edge (straight edges).

#include <boost/test/unit_test.hpp>
#include <cstdlib>
#include <string>
#include <vector>

#include "fecontact/io/abaqus_reader.hpp"
#include "element_geometry.hpp"
#include "independent_geometry.hpp"
#include "requirements.hpp"
#include "scratch_files.hpp"

using namespace fecontact;
using Eigen::Vector3d;

namespace {

struct Case {
  const char* name;
  const char* surface_recombine;  // "Recombine;" or ""
  const char* volume_recombine;
  int order;
  ElementType type;
  std::size_t elements;  // closed form for the 2 x 3 x 4 grid
  std::size_t nodes;     // 0: not checked (depends on gmsh's diagonals)
};

}  // namespace

BOOST_AUTO_TEST_SUITE(abaqus_gmsh)

BOOST_AUTO_TEST_CASE(gmsh_written_decks_have_closed_form_counts_volume_and_mid_nodes,
                     *boost::unit_test::label("gmsh") *
                         boost::unit_test::precondition(test::gmsh_found)) {
  const std::filesystem::path gmsh = *test::gmsh_binary();
  // Grid 2 x 3 x 4 cells: 60 corner nodes; 40 + 45 + 48 = 133 mid-edge nodes on cell edges.
  const Case cases[] = {
      {"hex8", "Recombine;", "Recombine;", 1, ElementType::hex8, 24, 60},
      {"hex20", "Recombine;", "Recombine;", 2, ElementType::hex20, 24, 193},
      {"wedge6", "", "Recombine;", 1, ElementType::wedge6, 48, 60},
      // plus one diagonal per xy cell on each of the 5 layers: 6 x 5 = 30
      {"wedge15", "", "Recombine;", 2, ElementType::wedge15, 48, 223},
      {"tet4", "", "", 1, ElementType::tet4, 144, 60},
      {"tet10", "", "", 2, ElementType::tet10, 144, 0},
  };
  const test::ScratchFolder directory;
  for (const Case& c : cases) {
    BOOST_TEST_CONTEXT(c.name) {
      const std::string geo = std::string(
                                  "Point(1) = {0, 0, 0};\n"
                                  "l[] = Extrude {2, 0, 0} { Point{1}; Layers{2}; };\n"
                                  "s[] = Extrude {0, 3, 0} { Line{l[1]}; Layers{3}; ") +
                              c.surface_recombine +
                              "};\nv[] = Extrude {0, 0, 4} { Surface{s[1]}; Layers{4}; " +
                              c.volume_recombine + "};\nPhysical Volume(\"solid\") = {v[1]};\n" +
                              "Mesh.SecondOrderIncomplete = 1;\n";
      const auto geo_path = directory.write(std::string(c.name) + ".geo", geo);
      const auto inp_path = directory.path() / (std::string(c.name) + ".inp");
      const std::string command = gmsh.string() + " " + geo_path.string() + " -3 -order " +
                                  std::to_string(c.order) + " -format inp -o " + inp_path.string() +
                                  " > " + inp_path.string() + ".log 2>&1";
      BOOST_TEST_REQUIRE(std::system(command.c_str()) == 0, command);
      const Mesh mesh = read_abaqus(inp_path);
      BOOST_TEST_REQUIRE(mesh.blocks.size() == 1u);
      const ElementBlock& block = mesh.blocks[0];
      BOOST_TEST((block.type == c.type));
      BOOST_TEST(static_cast<std::size_t>(block.size()) == c.elements);
      if (c.nodes != 0) BOOST_TEST(static_cast<std::size_t>(mesh.node_count()) == c.nodes);
      double volume = 0;
      std::size_t inverted = 0, misplaced = 0;
      const auto edges = test::midside_edges(block.type);
      const int corners = corner_count(block.type);
      for (Index e = 0; e < block.size(); ++e) {
        const auto nodes = block.element(e);
        volume += test::corner_volume(mesh.coordinates, block.type, nodes);
        if (test::min_corner_volume(mesh.coordinates, block.type, nodes) <= 0) ++inverted;
        for (std::size_t k = 0; k < edges.size(); ++k) {
          const Vector3d mid = 0.5 * (mesh.coordinates[nodes[edges[k][0]]] +
                                      mesh.coordinates[nodes[edges[k][1]]]);
          if ((mesh.coordinates[nodes[corners + static_cast<int>(k)]] - mid).norm() > 1e-9)
            ++misplaced;
        }
      }
      BOOST_TEST(std::abs(volume - 24.0) < 1e-9);
      BOOST_TEST(inverted == 0u);
      BOOST_TEST(misplaced == 0u);
      // gmsh puts the physical volume's elements in an *ELSET of its name.
      bool has_solid = false;
      for (const ElementSet& set : mesh.element_sets)
        has_solid |= set.name == "solid" && set.elements.size() == c.elements;
      BOOST_TEST(has_solid);
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()
