// SPDX-License-Identifier: BSD-3-Clause
// The .vtu writer and its grids: files parsed back independently (vtu_parse.hpp), binary arrays
// compared bit for bit, box corners checked against VTK's hexahedron numbering.

#include "fecontact/frontend/vtu_writer.hpp"

#include <Eigen/Geometry>
#include <array>
#include <bit>
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <cstdint>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "fecontact/frontend/vtu_grids.hpp"
#include "scratch_files.hpp"
#include "vtu_parse.hpp"

namespace {

using Eigen::Vector3d;
using fecontact::Index;
using fecontact::VtkCellType;
using fecontact::VtuGrid;
using fecontact::test::parse_vtu;
using fecontact::test::ParsedVtu;
using fecontact::test::ScratchFolder;

ParsedVtu write_and_parse(const VtuGrid& grid, const std::string& name = "grid.vtu") {
  const ScratchFolder folder;
  const auto file = folder.path() / name;
  fecontact::write_vtu(file, grid);
  return parse_vtu(ScratchFolder::read(file));
}

std::vector<double> flat(const std::vector<Vector3d>& points) {
  std::vector<double> values;
  for (const Vector3d& p : points) values.insert(values.end(), {p.x(), p.y(), p.z()});
  return values;
}

// Bit patterns, so that NaN and −0 compare exactly.
std::vector<std::uint64_t> bits(const std::vector<double>& values) {
  std::vector<std::uint64_t> result;
  for (const double x : values) result.push_back(std::bit_cast<std::uint64_t>(x));
  return result;
}

std::vector<std::uint8_t> type_numbers(const VtuGrid& grid) {
  std::vector<std::uint8_t> numbers;
  for (const VtkCellType t : grid.cell_types) numbers.push_back(static_cast<std::uint8_t>(t));
  return numbers;
}

// Every array of `grid` is in the file, with its type, components and exact values.
void check_round_trip(const VtuGrid& grid, const ParsedVtu& vtu) {
  BOOST_TEST(vtu.file_attributes.at("type") == "UnstructuredGrid");
  BOOST_TEST(vtu.file_attributes.at("byte_order") == "LittleEndian");
  BOOST_TEST(vtu.file_attributes.at("header_type") == "UInt64");
  BOOST_TEST(vtu.piece_attributes.at("NumberOfPoints") == std::to_string(grid.points.size()));
  BOOST_TEST(vtu.piece_attributes.at("NumberOfCells") == std::to_string(grid.cell_count()));
  BOOST_TEST(bits(vtu.values<double>("Points", "Points")) == bits(flat(grid.points)),
             boost::test_tools::per_element());
  BOOST_TEST(vtu.array("Points", "Points").attributes.at("NumberOfComponents") == "3");
  BOOST_TEST(vtu.values<std::int64_t>("Cells", "connectivity") == grid.connectivity,
             boost::test_tools::per_element());
  BOOST_TEST(vtu.values<std::int64_t>("Cells", "offsets") == grid.offsets,
             boost::test_tools::per_element());
  BOOST_TEST(vtu.values<std::uint8_t>("Cells", "types") == type_numbers(grid),
             boost::test_tools::per_element());
  const auto check_arrays = [&](const std::vector<fecontact::VtuArray>& arrays,
                                const std::string& section) {
    for (const fecontact::VtuArray& a : arrays) {
      const auto& attributes = vtu.array(section, a.name).attributes;
      BOOST_TEST(attributes.at("NumberOfComponents") == std::to_string(a.components));
      if (const auto* doubles = std::get_if<std::vector<double>>(&a.values)) {
        BOOST_TEST(attributes.at("type") == "Float64");
        BOOST_TEST(bits(vtu.values<double>(section, a.name)) == bits(*doubles),
                   boost::test_tools::per_element());
      } else {
        BOOST_TEST(attributes.at("type") == "Int64");
        BOOST_TEST(vtu.values<std::int64_t>(section, a.name) ==
                       std::get<std::vector<std::int64_t>>(a.values),
                   boost::test_tools::per_element());
      }
    }
  };
  check_arrays(grid.point_data, "PointData");
  check_arrays(grid.cell_data, "CellData");
  BOOST_TEST(vtu.arrays.size() == 4 + grid.point_data.size() + grid.cell_data.size());
}

// VTK's unit hexahedron (vtkHexahedron's parametric coordinates).
constexpr std::array<std::array<int, 3>, 8> vtk_unit_hexahedron{
    {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}, {0, 0, 1}, {1, 0, 1}, {1, 1, 1}, {0, 1, 1}}};

}  // namespace

BOOST_AUTO_TEST_SUITE(vtu_writer)

BOOST_AUTO_TEST_CASE(generic_grid_round_trips_bit_for_bit) {
  std::mt19937_64 random(7);
  std::uniform_real_distribution<double> coordinate(-1e3, 1e3);
  VtuGrid grid;
  for (int i = 0; i < 6; ++i)
    grid.points.emplace_back(coordinate(random), coordinate(random), coordinate(random));
  fecontact::add_cell(grid, VtkCellType::tetra, std::array<Index, 4>{0, 1, 2, 3});
  fecontact::add_cell(grid, VtkCellType::triangle, std::array<Index, 3>{3, 4, 5});
  fecontact::add_cell(grid, VtkCellType::line, std::array<Index, 2>{5, 0});
  BOOST_TEST(grid.offsets == (std::vector<std::int64_t>{4, 7, 9}),
             boost::test_tools::per_element());
  std::vector<double> displacement;
  for (int i = 0; i < 18; ++i) displacement.push_back(coordinate(random));
  grid.point_data.push_back({"displacement", 3, displacement});
  grid.point_data.push_back(
      {"a<b & \"c\"", 1, std::vector<std::int64_t>{-1, 0, 1, 2, 3, INT64_MAX}});
  grid.cell_data.push_back({"gap", 1, std::vector<double>{-0.0, 1e-300, std::nan("")}});
  const ParsedVtu vtu = write_and_parse(grid);
  check_round_trip(grid, vtu);
  BOOST_TEST(vtu.array("PointData", "a<b & \"c\"").attributes.at("type") == "Int64");
  const std::vector<double> gap = vtu.values<double>("CellData", "gap");
  BOOST_TEST(std::signbit(gap.at(0)));
  BOOST_TEST(std::isnan(gap.at(2)));
}

// The checker itself can fail: a byte less, or a wrong offset, is caught.
BOOST_AUTO_TEST_CASE(parse_back_rejects_a_damaged_file) {
  VtuGrid grid;
  grid.points.emplace_back(1, 2, 3);
  grid.point_data.push_back({"x", 1, std::vector<double>{4}});
  const ScratchFolder folder;
  const auto file = folder.path() / "damaged.vtu";
  fecontact::write_vtu(file, grid);
  const std::string content = ScratchFolder::read(file);
  BOOST_CHECK_NO_THROW(parse_vtu(content));
  BOOST_CHECK_THROW(parse_vtu(content.substr(0, content.size() - 1)), std::runtime_error);
  std::string shifted = content;
  shifted.replace(shifted.find("offset=\"16\""), 11, "offset=\"17\"");
  BOOST_CHECK_THROW(parse_vtu(shifted), std::runtime_error);
}

BOOST_AUTO_TEST_CASE(empty_grid_is_a_valid_file) {
  const VtuGrid grid;
  check_round_trip(grid, write_and_parse(grid));
}

BOOST_AUTO_TEST_CASE(unwritable_path_names_the_file) {
  const ScratchFolder folder;
  const auto file = folder.path() / "no_such_folder" / "grid.vtu";
  BOOST_CHECK_EXCEPTION(fecontact::write_vtu(file, VtuGrid{}), std::runtime_error,
                        [&](const std::runtime_error& e) {
                          return std::string(e.what()).find(file.string()) != std::string::npos;
                        });
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(vtu_grids)

BOOST_AUTO_TEST_CASE(cell_types_are_vtk_numbers) {
  using fecontact::ElementType;
  const std::vector<std::pair<ElementType, int>> expected{
      {ElementType::tet4, 10},    {ElementType::tet10, 24},    {ElementType::hex8, 12},
      {ElementType::hex20, 25},   {ElementType::hex27, 29},    {ElementType::wedge6, 13},
      {ElementType::wedge15, 26}, {ElementType::pyramid5, 14}, {ElementType::tri3, 5},
      {ElementType::tri6, 22},    {ElementType::quad4, 9},     {ElementType::quad8, 23},
      {ElementType::quad9, 28}};  // vtkCellType.h
  BOOST_TEST(expected.size() == static_cast<std::size_t>(fecontact::element_type_count));
  for (const auto& [type, number] : expected) {
    BOOST_TEST(static_cast<int>(fecontact::vtk_cell_type(type)) == number);
  }
}

// A hex8 and two tri3 in two blocks, written and read back.
BOOST_AUTO_TEST_CASE(mesh_elements_of_all_blocks) {
  fecontact::Mesh mesh;
  for (int k = 0; k < 8; ++k) mesh.coordinates.emplace_back(k & 1, (k >> 1) & 1, (k >> 2) & 1);
  for (int k = 0; k < 8; ++k) mesh.node_ids.push_back(100 + k);
  mesh.blocks.push_back({"solid", fecontact::ElementType::hex8, {0, 1, 3, 2, 4, 5, 7, 6}, {41}});
  mesh.blocks.push_back({"skin", fecontact::ElementType::tri3, {0, 2, 3, 0, 3, 1}, {7, 9}});
  const VtuGrid grid = fecontact::vtu_grid(mesh);
  BOOST_TEST(type_numbers(grid) == (std::vector<std::uint8_t>{12, 5, 5}),
             boost::test_tools::per_element());
  BOOST_TEST(
      grid.connectivity == (std::vector<std::int64_t>{0, 1, 3, 2, 4, 5, 7, 6, 0, 2, 3, 0, 3, 1}),
      boost::test_tools::per_element());
  const ParsedVtu vtu = write_and_parse(grid);
  check_round_trip(grid, vtu);
  BOOST_TEST(vtu.values<std::int64_t>("CellData", "block") == (std::vector<std::int64_t>{0, 1, 1}),
             boost::test_tools::per_element());
  BOOST_TEST(
      vtu.values<std::int64_t>("CellData", "element_id") == (std::vector<std::int64_t>{41, 7, 9}),
      boost::test_tools::per_element());
  BOOST_TEST(vtu.values<std::int64_t>("PointData", "node_id").at(7) == 107);
}

BOOST_AUTO_TEST_CASE(surface_faces_on_the_nodes_they_use) {
  fecontact::Mesh mesh;
  for (int i = 0; i < 10; ++i) mesh.coordinates.emplace_back(i, 2.0 * i, -i);
  mesh.blocks.push_back({"a", fecontact::ElementType::tet4, {}, {}});
  mesh.blocks.push_back({"b", fecontact::ElementType::tet4, {}, {11, 12, 13}});
  fecontact::Surface surface;
  surface.faces.push_back({fecontact::ElementType::tri3, {7, 3, 5}, {{1, 2}, 3}});
  surface.faces.push_back({fecontact::ElementType::quad4, {5, 3, 9, 8}, {{1, 0}, 1}});
  const VtuGrid grid = fecontact::vtu_grid(mesh, surface);
  BOOST_TEST(grid.points.size() == 5u);
  BOOST_TEST(grid.connectivity == (std::vector<std::int64_t>{0, 1, 2, 2, 1, 3, 4}),
             boost::test_tools::per_element());
  BOOST_TEST(type_numbers(grid) == (std::vector<std::uint8_t>{5, 9}),
             boost::test_tools::per_element());
  const ParsedVtu vtu = write_and_parse(grid);
  check_round_trip(grid, vtu);
  BOOST_TEST(
      vtu.values<std::int64_t>("PointData", "node") == (std::vector<std::int64_t>{7, 3, 5, 9, 8}),
      boost::test_tools::per_element());
  BOOST_TEST(vtu.values<double>("Points", "Points").at(9) == 9.0);  // point 3 is node 9: x = 9
  BOOST_TEST(
      vtu.values<std::int64_t>("CellData", "element_id") == (std::vector<std::int64_t>{13, 11}),
      boost::test_tools::per_element());
  BOOST_TEST(
      vtu.values<std::int64_t>("CellData", "local_face") == (std::vector<std::int64_t>{3, 1}),
      boost::test_tools::per_element());
  BOOST_TEST(vtu.values<std::int64_t>("CellData", "block") == (std::vector<std::int64_t>{1, 1}),
             boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(aabbs_as_vtk_hexahedra_empty_ones_skipped) {
  const std::vector<fecontact::Aabb> boxes{{Vector3d(0, 0, 0), Vector3d(1, 2, 3)},
                                           fecontact::Aabb{},
                                           {Vector3d(-1, -1, -1), Vector3d(-1, 0, 5)}};
  const VtuGrid grid = fecontact::vtu_grid(std::span<const fecontact::Aabb>(boxes));
  BOOST_TEST_REQUIRE(grid.cell_count() == 2u);
  BOOST_TEST(type_numbers(grid) == (std::vector<std::uint8_t>{12, 12}),
             boost::test_tools::per_element());
  for (std::size_t j = 0; j < 8; ++j) {
    const auto& u = vtk_unit_hexahedron[j];
    BOOST_TEST(grid.points[j] == Vector3d(u[0], 2 * u[1], 3 * u[2]));
    BOOST_TEST(grid.points[8 + j] == Vector3d(-1, u[1] - 1, 6 * u[2] - 1));
  }
  const ParsedVtu vtu = write_and_parse(grid);
  check_round_trip(grid, vtu);
  BOOST_TEST(vtu.values<std::int64_t>("CellData", "index") == (std::vector<std::int64_t>{0, 2}),
             boost::test_tools::per_element());
}

// An OBB's corners are p0 + u·e1 + v·e3 + w·e4 for VTK's unit hexahedron (u, v, w), with
// e1 = p1 − p0, e3 = p3 − p0, e4 = p4 − p0 along the box's axes and a right-handed frame.
BOOST_AUTO_TEST_CASE(obbs_as_vtk_hexahedra) {
  fecontact::Obb box;
  box.center = Vector3d(3, -2, 1);
  box.axes = Eigen::AngleAxisd(0.7, Vector3d(1, 2, 3).normalized()).toRotationMatrix();
  box.half_extents = Vector3d(0.5, 1.5, 2.5);
  const std::vector<fecontact::Obb> boxes{fecontact::Obb{}, box};
  const VtuGrid grid = fecontact::vtu_grid(std::span<const fecontact::Obb>(boxes));
  BOOST_TEST_REQUIRE(grid.points.size() == 8u);
  const Vector3d p0 = grid.points[0];
  const Vector3d e1 = grid.points[1] - p0, e3 = grid.points[3] - p0, e4 = grid.points[4] - p0;
  const double tolerance = 1e-12 * 10;
  BOOST_TEST((p0 - (box.center - box.axes * box.half_extents)).norm() < tolerance);
  BOOST_TEST((e1 - 2 * box.half_extents.x() * box.axes.col(0)).norm() < tolerance);
  BOOST_TEST((e3 - 2 * box.half_extents.y() * box.axes.col(1)).norm() < tolerance);
  BOOST_TEST((e4 - 2 * box.half_extents.z() * box.axes.col(2)).norm() < tolerance);
  BOOST_TEST(e1.cross(e3).dot(e4) > 0);
  for (std::size_t j = 0; j < 8; ++j) {
    const auto& u = vtk_unit_hexahedron[j];
    BOOST_TEST((grid.points[j] - (p0 + u[0] * e1 + u[1] * e3 + u[2] * e4)).norm() < tolerance);
  }
  const ParsedVtu vtu = write_and_parse(grid);
  check_round_trip(grid, vtu);
  BOOST_TEST(vtu.values<std::int64_t>("CellData", "index") == (std::vector<std::int64_t>{1}),
             boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(segments_as_lines) {
  const std::vector<std::array<Vector3d, 2>> segments{{Vector3d(0, 0, 0), Vector3d(1, 0, 0)},
                                                      {Vector3d(0, 1, 0), Vector3d(0, 1, 2)}};
  const VtuGrid grid = fecontact::vtu_grid(std::span<const std::array<Vector3d, 2>>(segments));
  BOOST_TEST(type_numbers(grid) == (std::vector<std::uint8_t>{3, 3}),
             boost::test_tools::per_element());
  BOOST_TEST(grid.connectivity == (std::vector<std::int64_t>{0, 1, 2, 3}),
             boost::test_tools::per_element());
  BOOST_TEST(grid.points[3] == Vector3d(0, 1, 2));
  check_round_trip(grid, write_and_parse(grid));
}

BOOST_AUTO_TEST_SUITE_END()
