// SPDX-License-Identifier: BSD-3-Clause
// The Exodus reader and writer against independent ones: Gmsh meshes written to Exodus by meshio
// read as read_gmsh reads the Gmsh files, and the files write_exodus writes read by VTK's
// vtkExodusIIReader (which converts Exodus's node orders to VTK's, fecontact's internal order)
// and by meshio: cells, nodal variables, side sets. Runs tests/exodus/meshio_vtk.py.

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <fstream>
#include <map>
#include <tuple>
#include <string>
#include <vector>

#include "exodus_files.hpp"
#include "fecontact/frontend/vtu_grids.hpp"
#include "fecontact/io/exodus_reader.hpp"
#include "fecontact/io/exodus_writer.hpp"
#include "fecontact/io/gmsh_reader.hpp"
#include "fecontact/mesh/surface_extraction.hpp"
#include "gmsh_runner.hpp"
#include "independent_geometry.hpp"
#include "structured_mesh.hpp"

namespace {

using namespace fecontact;
namespace t = fecontact::test;

const std::string script = FECONTACT_EXODUS_TEST_DIR "/meshio_vtk.py";

// Runs the script; its exit status (77: a Python module is missing).
int run_script(const std::string& arguments) {
  const char* python = std::getenv("FECONTACT_PYTHON3");
  const std::string command = std::string(python == nullptr ? "python3" : python) + " '" + script + "' " + arguments;
  const int status = std::system(command.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

boost::test_tools::assertion_result python_modules_found(boost::unit_test::test_unit_id id) {
  auto found = t::exodus_tools_found(id);
  if (!found) return found;
  const char* python = std::getenv("FECONTACT_PYTHON3");
  const std::string command = std::string(python == nullptr ? "python3" : python) +
                              " -c 'import meshio, netCDF4, vtk' > /dev/null 2>&1";
  boost::test_tools::assertion_result modules(std::system(command.c_str()) == 0);
  if (!modules) modules.message() << "FECONTACT_PYTHON3 lacks meshio, netCDF4 or vtk (python3-meshio python3-netcdf4 python3-vtk9)";
  return modules;
}

boost::test_tools::assertion_result gmsh_and_python_found(boost::unit_test::test_unit_id id) {
  auto found = t::gmsh_found(id);
  return found ? python_modules_found(id) : found;
}

// Every element of the mesh as (type, corner-to-last node coordinates), sorted: the same for two
// reads of one mesh whatever their node and block numbering.
std::vector<std::pair<int, std::vector<double>>> elements(const Mesh& mesh) {
  std::vector<std::pair<int, std::vector<double>>> result;
  for (const auto& block : mesh.blocks)
    for (Index e = 0; e < block.size(); ++e) {
      std::vector<double> points;
      for (const Index n : block.element(e))
        for (int axis = 0; axis < 3; ++axis) points.push_back(mesh.coordinates[std::size_t(n)][axis]);
      result.emplace_back(int(block.type), points);
    }
  std::sort(result.begin(), result.end());
  return result;
}

double volume(const Mesh& mesh) {
  double sum = 0;
  for (const auto& block : mesh.blocks)
    if (is_volume(block.type))
      for (Index e = 0; e < block.size(); ++e) sum += t::corner_volume(mesh.coordinates, block.type, block.element(e));
  return sum;
}

// The expectation file of meshio_vtk.py check: cells, side set faces, nodal variables.
void write_expected(const std::filesystem::path& path, const Mesh& mesh, const std::vector<NodalVariable>& variables) {
  std::ofstream out(path);
  out.precision(17);
  const VtuGrid grid = vtu_grid(mesh);
  for (std::size_t c = 0; c < grid.cell_count(); ++c) {
    out << "cell " << int(grid.cell_types[c]);
    for (auto k = c == 0 ? 0 : grid.offsets[c - 1]; k < grid.offsets[c]; ++k)
      out << ' ' << grid.points[std::size_t(grid.connectivity[std::size_t(k)])].transpose();
    out << '\n';
  }
  for (const auto& surface : mesh.surfaces)
    for (const auto& face : surface_from_definition(mesh, surface).faces) {
      out << "side " << surface.name;
      for (int k = 0; k < corner_count(face.type); ++k) out << ' ' << mesh.coordinates[std::size_t(face.nodes()[std::size_t(k)])].transpose();
      out << '\n';
    }
  for (const auto& v : variables) {
    out << "point " << v.name;
    for (const double value : v.values) out << ' ' << value;
    out << '\n';
  }
}

}  // namespace

BOOST_AUTO_TEST_SUITE(exodus_independent_readers, *boost::unit_test::label("meshio"))

BOOST_AUTO_TEST_CASE(gmsh_meshes_written_by_meshio_read_as_the_gmsh_files,
                     *boost::unit_test::precondition(gmsh_and_python_found)) {
  // meshio writes its (VTK) node order unconverted, which is Exodus's for these types only: not
  // for hex20, hex27, wedge15, which the VTK case below covers.
  const std::string box = "SetFactory(\"OpenCASCADE\");\nBox(1) = {0, 0, 0, 2, 1, 1};\n"
                          "Physical Volume(\"solid\") = {1};\nPhysical Surface(\"bottom\") = {5};\n";
  // A triangulated 2 × 1 rectangle extruded by 1 in two layers: wedges on triangles.
  const std::string prisms = "Point(1) = {0, 0, 0}; Point(2) = {2, 0, 0}; Point(3) = {2, 1, 0}; Point(4) = {0, 1, 0};\n"
                             "Line(1) = {1, 2}; Line(2) = {2, 3}; Line(3) = {3, 4}; Line(4) = {4, 1};\n"
                             "Curve Loop(1) = {1, 2, 3, 4}; Plane Surface(1) = {1};\n"
                             "out[] = Extrude {0, 0, 1} { Surface{1}; Layers{2}; Recombine; };\n"
                             "Physical Volume(\"solid\") = {out[1]};\nPhysical Surface(\"bottom\") = {1};\n";
  const std::vector<std::tuple<std::string, ElementType, std::string>> cases = {
      {"tet4", ElementType::tet4, box + "Mesh.MeshSizeMax = 0.5; Mesh 3;"},
      {"tet10", ElementType::tet10, box + "Mesh.MeshSizeMax = 0.5; Mesh 3; SetOrder 2;"},
      {"hex8", ElementType::hex8, box + "Transfinite Volume{1} = {}; Transfinite Surface{:}; Recombine Surface{:};\n"
                                        "Transfinite Curve{:} = 3; Mesh.Recombine3DAll = 1; Mesh 3;"},
      {"wedge6", ElementType::wedge6, prisms + "Mesh.MeshSizeMax = 0.5; Mesh 3;"},
  };
  for (const auto& [label, type, geometry] : cases) {
    BOOST_TEST_CONTEXT(label) {
      const t::GmshRunner gmsh("exodus_meshio_" + label);
      BOOST_TEST_REQUIRE(gmsh.run("box.geo", geometry + "\nSave \"box.msh\";\n"));
      const auto exodus = gmsh.folder() / "box.e";
      BOOST_TEST_REQUIRE(run_script("gmsh-to-exodus '" + (gmsh.folder() / "box.msh").string() + "' '" + exodus.string() + "'") == 0);
      const Mesh from_gmsh = read_gmsh(gmsh.folder() / "box.msh");
      const Mesh from_exodus = read_exodus(exodus);
      BOOST_TEST((from_exodus.coordinates == from_gmsh.coordinates));
      BOOST_TEST((elements(from_exodus) == elements(from_gmsh)));
      BOOST_TEST(volume(from_exodus) == 2.0, boost::test_tools::tolerance(1e-12));
      BOOST_TEST(volume(from_gmsh) == 2.0, boost::test_tools::tolerance(1e-12));
      BOOST_TEST(name(from_exodus.blocks.back().type) == name(type));  // the volume block comes last
    }
  }
}

BOOST_AUTO_TEST_CASE(our_files_read_by_vtk_and_meshio_give_our_cells_side_sets_and_variables,
                     *boost::unit_test::precondition(python_modules_found)) {
  const t::ScratchFolder folder;
  std::string files;  // one run of the script for all (Python and VTK take seconds to start)
  for (const ElementType type : {ElementType::tet4, ElementType::tet10, ElementType::hex8, ElementType::hex20,
                                 ElementType::hex27, ElementType::wedge6, ElementType::wedge15, ElementType::pyramid5}) {
    Mesh mesh = testing::structured_mesh(type, {2, 1, 1}, [](const Eigen::Vector3d& p) {
      return Eigen::Vector3d(2 * p.x() + 0.1 * p.y() * p.y(), p.y() + 0.05 * std::sin(3 * p.x()), p.z() + 0.1 * p.x());
    });
    const Index solid = 0;
    SurfaceDefinition skin{"skin", SurfaceDefinition::Kind::element_faces, {}, {}};
    for (const auto& face : exterior_surface(mesh, std::span<const Index>(&solid, 1)).faces) skin.faces.push_back(face.owner);
    mesh.surfaces.push_back(skin);
    std::vector<NodalVariable> variables{{"gap", {}}, {"contact", {}}};
    for (std::size_t i = 0; i < mesh.coordinates.size(); ++i) {
      variables[0].values.push_back(i % 3 == 0 ? std::nan("") : 0.25 * double(i));
      variables[1].values.push_back(double(i % 2));
    }
    const auto path = folder.path() / (std::string(name(type)) + ".e");
    const auto expected = folder.path() / (std::string(name(type)) + ".txt");
    write_exodus(path, mesh, {}, variables);
    write_expected(expected, mesh, variables);
    files += " '" + path.string() + "' '" + expected.string() + "'";
  }
  BOOST_TEST(run_script("check" + files) == 0);  // the differences, if any, are on stderr
}

BOOST_AUTO_TEST_SUITE_END()
