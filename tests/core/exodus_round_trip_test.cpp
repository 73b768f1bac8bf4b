// SPDX-License-Identifier: BSD-3-Clause
// write_exodus then read_exodus: every element type (volume blocks and the surface elements of
// their faces), node and element number maps (also beyond 32 bits), node sets, side sets of
// volume faces and of both sides of shells, names, and nodal displacements read as a step.

#include <boost/test/unit_test.hpp>

#include <cmath>
#include <string>
#include <vector>

#include "exodus_files.hpp"
#include "fecontact/io/exodus_reader.hpp"
#include "fecontact/io/exodus_writer.hpp"
#include "fecontact/mesh/surface_extraction.hpp"
#include "read_error_check.hpp"
#include "structured_mesh.hpp"

namespace {

using namespace fecontact;
namespace t = fecontact::test;

constexpr ElementType volume_types[] = {ElementType::tet4,  ElementType::tet10,   ElementType::hex8,
                                        ElementType::hex20, ElementType::hex27,   ElementType::wedge6,
                                        ElementType::wedge15, ElementType::pyramid5};

// A curved 2×1×1 block of `type` with sparse ids (first id `id_base`), its exterior as a side
// set, some of its faces again as a block of surface elements with both of their sides as side
// sets, and a node set.
Mesh sample_mesh(ElementType type, FileId id_base) {
  Mesh mesh = testing::structured_mesh(type, {2, 1, 1}, [](const Eigen::Vector3d& p) {
    return Eigen::Vector3d(2 * p.x() + 0.1 * p.y() * p.y(), p.y() + 0.05 * std::sin(p.x()), p.z() + 0.1 * p.x() * p.y());
  }, "solid " + std::string(name(type)));
  mesh.node_index.clear();
  for (std::size_t i = 0; i < mesh.node_ids.size(); ++i) {
    mesh.node_ids[i] = id_base + 7 * FileId(i);
    mesh.node_index[mesh.node_ids[i]] = Index(i);
  }
  for (auto& id : mesh.blocks[0].element_ids) id = id_base + 3 * id;
  const Index solid = 0;
  const Surface skin = exterior_surface(mesh, std::span<const Index>(&solid, 1));
  SurfaceDefinition exterior{"exterior", SurfaceDefinition::Kind::element_faces, {}, {}};
  for (const auto& face : skin.faces) exterior.faces.push_back(face.owner);
  mesh.surfaces.push_back(exterior);
  // The first face of each face type as a surface element block.
  for (const auto& face : skin.faces) {
    auto block = std::find_if(mesh.blocks.begin(), mesh.blocks.end(), [&](const ElementBlock& b) { return b.type == face.type; });
    if (block != mesh.blocks.end()) continue;
    ElementBlock shell{"shell " + std::string(name(face.type)), face.type, {}, {}};
    shell.connectivity.assign(face.nodes().begin(), face.nodes().end());
    shell.element_ids.push_back(id_base + 1000000 + FileId(mesh.blocks.size()));
    mesh.blocks.push_back(shell);
    const Index b = Index(mesh.blocks.size() - 1);
    mesh.surfaces.push_back({"top of " + shell.name, SurfaceDefinition::Kind::element_faces, {{{b, 0}, 0}}, {}});
    mesh.surfaces.push_back({"bottom of " + shell.name, SurfaceDefinition::Kind::element_faces, {{{b, 0}, 1}}, {}});
  }
  mesh.node_sets.push_back({"first nodes", {0, 1, 2, 5}});
  return mesh;
}

void check_same(const Mesh& read, const Mesh& written) {
  BOOST_TEST(read.coordinates == written.coordinates);
  BOOST_TEST(read.node_ids == written.node_ids);
  BOOST_TEST_REQUIRE(read.blocks.size() == written.blocks.size());
  for (std::size_t b = 0; b < read.blocks.size(); ++b) {
    BOOST_TEST(read.blocks[b].name == written.blocks[b].name);
    BOOST_TEST(name(read.blocks[b].type) == name(written.blocks[b].type));
    BOOST_TEST(read.blocks[b].connectivity == written.blocks[b].connectivity);
    BOOST_TEST(read.blocks[b].element_ids == written.blocks[b].element_ids);
  }
  BOOST_TEST_REQUIRE(read.node_sets.size() == written.node_sets.size());
  for (std::size_t s = 0; s < read.node_sets.size(); ++s) {
    BOOST_TEST(read.node_sets[s].name == written.node_sets[s].name);
    BOOST_TEST((read.node_sets[s].nodes == written.node_sets[s].nodes));
  }
  BOOST_TEST_REQUIRE(read.surfaces.size() == written.surfaces.size());
  for (std::size_t s = 0; s < read.surfaces.size(); ++s) {
    BOOST_TEST(read.surfaces[s].name == written.surfaces[s].name);
    BOOST_TEST((read.surfaces[s].faces == written.surfaces[s].faces));
  }
  BOOST_TEST(read.warnings.empty());
}

}  // namespace

BOOST_AUTO_TEST_SUITE(exodus_round_trip, *boost::unit_test::label("exodus") *
                                             boost::unit_test::precondition(t::exodus_tools_found))

BOOST_AUTO_TEST_CASE(every_element_type_with_its_sets_and_sides_reads_back_as_written) {
  const t::ScratchFolder folder;
  for (const ElementType type : volume_types) {
    BOOST_TEST_CONTEXT(name(type)) {
      const Mesh mesh = sample_mesh(type, 11);
      const auto path = folder.path() / (std::string(name(type)) + ".e");
      write_exodus(path, mesh);
      check_same(read_exodus(path), mesh);
    }
  }
}

BOOST_AUTO_TEST_CASE(ids_beyond_32_bits_make_a_64_bit_file_that_reads_back) {
  const t::ScratchFolder folder;
  const Mesh mesh = sample_mesh(ElementType::hex8, (FileId(5) << 32) + 1);  // as Abaqus instances number
  const auto path = folder.path() / "wide.exo";
  write_exodus(path, mesh);
  check_same(read_exodus(path), mesh);
}

BOOST_AUTO_TEST_CASE(displacements_written_as_nodal_variables_move_the_nodes_read_at_that_step) {
  const t::ScratchFolder folder;
  const Mesh mesh = sample_mesh(ElementType::hex20, 1);
  std::vector<NodalVariable> variables{{"disp_x", {}}, {"DISP_Y", {}}, {"Disp_Z", {}}, {"temperature", {}}};
  for (std::size_t i = 0; i < mesh.coordinates.size(); ++i) {
    for (int axis = 0; axis < 3; ++axis) variables[std::size_t(axis)].values.push_back(0.01 * double(i % 7) - 0.02 * axis);
    variables[3].values.push_back(300.0);
  }
  const auto path = folder.path() / "results.e";
  write_exodus(path, mesh, {}, variables);
  for (const ExodusStep step : {ExodusStep{1}, exodus_last_step}) {
    const Mesh moved = read_exodus(path, step);
    for (std::size_t i = 0; i < mesh.coordinates.size(); ++i)
      for (int axis = 0; axis < 3; ++axis)
        BOOST_TEST(moved.coordinates[i][axis] == mesh.coordinates[i][axis] + variables[std::size_t(axis)].values[i]);
  }
  check_same(read_exodus(path), mesh);
  t::expect_read_error([&] { read_exodus(path, {2}); }, path, 0, "time step 2 asked for; the file has 1 time steps");
}

BOOST_AUTO_TEST_CASE(bad_arguments_and_unwritable_files_are_errors_naming_them) {
  const t::ScratchFolder folder;
  const Mesh mesh = sample_mesh(ElementType::tet4, 1);
  const std::vector<NodalVariable> short_variable{{"gap", {1.0, 2.0}}};
  BOOST_CHECK_THROW(write_exodus(folder.path() / "a.e", mesh, {}, short_variable), std::invalid_argument);
  try {
    write_exodus(folder.path() / "missing folder" / "a.e", mesh);
    BOOST_ERROR("no error for a file in a missing folder");
  } catch (const std::runtime_error& e) {
    BOOST_TEST(std::string(e.what()).find("missing folder") != std::string::npos, e.what());
  }
}

BOOST_AUTO_TEST_SUITE_END()
