// SPDX-License-Identifier: BSD-3-Clause
// The same gmsh mesh saved as .msh (read_gmsh) and as .inp (read_abaqus) gives the same model:
// nodes, volume elements, volumes, exterior surface and the named bottom surface.

#include <algorithm>
#include <cmath>
#include <array>
#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>
#include <Eigen/Geometry>

#include "fecontact/io/abaqus_reader.hpp"
#include "fecontact/io/gmsh_reader.hpp"
#include "fecontact/mesh/surface_extraction.hpp"
#include "gmsh_runner.hpp"
#include "independent_geometry.hpp"
#include "named.hpp"

using namespace fecontact;

namespace {

struct Summary {
  // Sorted, rounded to 1e-8: node numbering may differ, and gmsh writes .inp coordinates with
  // about 10 significant digits (.msh ones with 17).
  std::vector<std::array<double, 3>> coordinates;
  std::size_t volume_elements = 0;
  double volume = 0;
  std::size_t exterior_faces = 0;
  double exterior_area = 0;
};

double area(const Mesh& mesh, const SurfaceFace& face) {
  const auto nodes = face.nodes();
  const int corners = corner_count(face.type);
  Eigen::Vector3d sum = Eigen::Vector3d::Zero();  // Newell: exact for planar faces
  for (int i = 0; i < corners; ++i)
    sum += mesh.coordinates[nodes[i]].cross(mesh.coordinates[nodes[(i + 1) % corners]]) / 2;
  return sum.norm();
}

Summary summarize(const Mesh& mesh) {
  Summary s;
  const auto rounded = [](double v) { return std::round(v * 1e8) / 1e8; };
  for (const Eigen::Vector3d& x : mesh.coordinates)
    s.coordinates.push_back({rounded(x.x()), rounded(x.y()), rounded(x.z())});
  std::sort(s.coordinates.begin(), s.coordinates.end());
  std::vector<Index> volume_blocks;
  for (Index b = 0; b < static_cast<Index>(mesh.blocks.size()); ++b) {
    const ElementBlock& block = mesh.blocks[static_cast<std::size_t>(b)];
    if (!is_volume(block.type)) continue;
    volume_blocks.push_back(b);
    s.volume_elements += static_cast<std::size_t>(block.size());
    for (Index e = 0; e < block.size(); ++e)
      s.volume += test::corner_volume(mesh.coordinates, block.type, block.element(e));
  }
  const Surface exterior = exterior_surface(mesh, volume_blocks);
  s.exterior_faces = exterior.faces.size();
  for (const SurfaceFace& face : exterior.faces) s.exterior_area += area(mesh, face);
  return s;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(msh_inp_agreement)

BOOST_AUTO_TEST_CASE(gmsh_and_abaqus_files_of_one_mesh_agree,
                     *boost::unit_test::label("gmsh") *
                         boost::unit_test::precondition(test::gmsh_found)) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"tet4", "Mesh 3;"},
      {"tet10", "Mesh 3; SetOrder 2;"},
      {"hex8", "Transfinite Volume{1} = {}; Transfinite Surface{:}; Recombine Surface{:};\n"
               "Transfinite Curve{:} = 4; Mesh.Recombine3DAll = 1; Mesh 3;"},
  };
  for (const auto& [name, meshing] : cases) {
    BOOST_TEST_CONTEXT(name) {
      const test::GmshRunner gmsh("msh_inp_" + name);
      const std::string script = "SetFactory(\"OpenCASCADE\");\nBox(1) = {0, 0, 0, 2, 1, 1};\n"
                                 "Physical Volume(\"solid\") = {1};\n"
                                 "Physical Surface(\"bottom\") = {5};\n"
                                 "Mesh.MeshSizeMax = 0.4;\n" + meshing +
                                 "\nSave \"box.msh\";\nSave \"box.inp\";\n";
      BOOST_TEST_REQUIRE(gmsh.run("box.geo", script));
      const Mesh from_msh = read_gmsh(gmsh.folder() / "box.msh");
      const Mesh from_inp = read_abaqus(gmsh.folder() / "box.inp");
      const Summary a = summarize(from_msh), b = summarize(from_inp);
      BOOST_TEST((a.coordinates == b.coordinates));
      BOOST_TEST(a.volume_elements == b.volume_elements);
      BOOST_TEST(a.volume == 2.0, boost::test_tools::tolerance(1e-12));
      BOOST_TEST(b.volume == 2.0, boost::test_tools::tolerance(1e-9));
      BOOST_TEST(a.exterior_faces == b.exterior_faces);
      BOOST_TEST(a.exterior_area == 10.0, boost::test_tools::tolerance(1e-12));
      BOOST_TEST(b.exterior_area == 10.0, boost::test_tools::tolerance(1e-9));
      // The physical surface "bottom": a surface in the .msh, an element set in the .inp.
      const SurfaceDefinition& bottom_surface = test::named(from_msh.surfaces, "bottom");
      const ElementSet& bottom_set = test::named(from_inp.element_sets, "bottom");
      const Surface bottom = surface_from_boundary_elements(from_msh, bottom_surface);
      BOOST_TEST(bottom.faces.size() == bottom_set.elements.size());
      double bottom_area = 0;
      for (const SurfaceFace& face : bottom.faces) bottom_area += area(from_msh, face);
      BOOST_TEST(bottom_area == 2.0, boost::test_tools::tolerance(1e-12));
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()
