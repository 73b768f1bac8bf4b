// SPDX-License-Identifier: BSD-3-Clause
// The bodies of a mesh (body_mass.hpp) against closed forms: a body is every volume block of
// one name whatever its element type, shells are no body, and a mesh of triangles is the body
// its surface bounds (taken the right way out when inside out); what is wrong is reported.
#include <boost/test/unit_test.hpp>

#include <array>
#include <cmath>

#include "fecontact/mass/body_mass.hpp"

namespace {

using namespace fecontact;
using Eigen::Vector3d;

void add_block(Mesh& mesh, std::string name, ElementType type, std::vector<Index> connectivity, FileId first_id) {
  ElementBlock block{std::move(name), type, std::move(connectivity), {}};
  const auto count = block.connectivity.size() / static_cast<std::size_t>(node_count(type));
  for (std::size_t e = 0; e < count; ++e) block.element_ids.push_back(first_id + static_cast<FileId>(e));
  mesh.blocks.push_back(std::move(block));
}

// Block "a": the unit cube (hex8) and the unit tetrahedron at x = 5 (tet4); block "b": a box
// 2 × 1 × 1 at x = 2 (hex8); block "skin": a quad4 shell, not a body.
Mesh blocks_mesh() {
  Mesh mesh;
  for (const Vector3d& p : {Vector3d(0, 0, 0), Vector3d(1, 0, 0), Vector3d(1, 1, 0), Vector3d(0, 1, 0)})
    mesh.coordinates.push_back(p);
  for (int k = 0; k < 4; ++k) mesh.coordinates.push_back(mesh.coordinates[static_cast<std::size_t>(k)] + Vector3d(0, 0, 1));
  for (int k = 0; k < 8; ++k) {
    const Vector3d& p = mesh.coordinates[static_cast<std::size_t>(k)];
    mesh.coordinates.push_back(Vector3d(2 + 2 * p.x(), p.y(), p.z()));
  }
  for (const Vector3d& p : {Vector3d(5, 0, 0), Vector3d(6, 0, 0), Vector3d(5, 1, 0), Vector3d(5, 0, 1)})
    mesh.coordinates.push_back(p);
  add_block(mesh, "a", ElementType::hex8, {0, 1, 2, 3, 4, 5, 6, 7}, 1);
  add_block(mesh, "skin", ElementType::quad4, {0, 1, 2, 3}, 2);
  add_block(mesh, "b", ElementType::hex8, {8, 9, 10, 11, 12, 13, 14, 15}, 3);
  add_block(mesh, "a", ElementType::tet4, {16, 17, 18, 19}, 4);
  return mesh;
}

// The unit tetrahedron's four faces, outward, as a mesh of triangles (as the STL reader makes).
Mesh tetrahedron_surface(std::vector<Index> triangles) {
  Mesh mesh;
  mesh.coordinates = {Vector3d(0, 0, 0), Vector3d(1, 0, 0), Vector3d(0, 1, 0), Vector3d(0, 0, 1)};
  add_block(mesh, "shape", ElementType::tri3, std::move(triangles), 1);
  SurfaceDefinition surface{"shape", SurfaceDefinition::Kind::element_faces, {}, {}};
  for (Index e = 0; e < mesh.blocks[0].size(); ++e) surface.faces.push_back(FaceRef{ElementRef{0, e}, 0});
  mesh.surfaces.push_back(std::move(surface));
  return mesh;
}
const std::vector<Index> outward = {0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3};

BOOST_AUTO_TEST_SUITE(mass_body)

BOOST_AUTO_TEST_CASE(a_body_is_every_volume_block_of_one_name) {
  const Mesh mesh = blocks_mesh();
  BOOST_TEST((body_names(mesh) == std::vector<std::string>{"a", "b"}));
  const BodyMassResult a = body_mass_properties(mesh, "a", 3.0);
  BOOST_TEST_REQUIRE(a.valid());
  BOOST_TEST_REQUIRE(a.elements.has_value());
  const double volume = 1 + 1.0 / 6;
  BOOST_TEST(std::abs(a.properties().volume - volume) < 1e-14);
  BOOST_TEST(std::abs(a.properties().mass - 3 * volume) < 1e-13);
  // Centres: cube (0.5, 0.5, 0.5) with volume 1, tetrahedron (5.25, 0.25, 0.25) with 1/6.
  const Vector3d centre = (Vector3d(0.5, 0.5, 0.5) + Vector3d(5.25, 0.25, 0.25) / 6) / volume;
  BOOST_TEST((a.properties().center_of_mass - centre).norm() < 1e-13);
  const BodyMassResult b = body_mass_properties(mesh, "b", 1.0);
  BOOST_TEST(std::abs(b.properties().volume - 2) < 1e-14);
  BOOST_TEST((b.properties().center_of_mass - Vector3d(3, 0.5, 0.5)).norm() < 1e-14);
}

BOOST_AUTO_TEST_CASE(an_inverted_element_is_named) {
  Mesh mesh = blocks_mesh();
  std::swap(mesh.blocks[3].connectivity[1], mesh.blocks[3].connectivity[2]);  // the tetrahedron turned inside out
  const BodyMassResult a = body_mass_properties(mesh, "a", 1.0);
  BOOST_TEST(!a.valid());
  BOOST_TEST_REQUIRE(a.elements->invalid_elements.size() == 1u);
  BOOST_TEST(a.elements->invalid_elements[0].id == 4);
  BOOST_TEST(body_mass_properties(mesh, "b", 1.0).valid());
}

BOOST_AUTO_TEST_CASE(a_mesh_of_triangles_is_the_body_its_surface_bounds) {
  const Mesh mesh = tetrahedron_surface(outward);
  BOOST_TEST((body_names(mesh) == std::vector<std::string>{"shape"}));
  const BodyMassResult r = body_mass_properties(mesh, "shape", 2.0);
  BOOST_TEST_REQUIRE(r.surface.has_value());
  BOOST_TEST(r.valid());
  BOOST_TEST(std::abs(r.properties().volume - 1.0 / 6) < 1e-15);
  BOOST_TEST(std::abs(r.properties().mass - 2.0 / 6) < 1e-15);
  BOOST_TEST((r.properties().center_of_mass - Vector3d(0.25, 0.25, 0.25)).norm() < 1e-15);

  std::vector<Index> reversed = outward;
  for (std::size_t t = 0; t < reversed.size(); t += 3) std::swap(reversed[t + 1], reversed[t + 2]);
  const BodyMassResult turned = body_mass_properties(tetrahedron_surface(reversed), "shape", 2.0);
  BOOST_TEST(turned.valid());
  BOOST_TEST(turned.surface->flipped);
  BOOST_TEST(std::abs(turned.properties().volume - 1.0 / 6) < 1e-15);

  const BodyMassResult open = body_mass_properties(
      tetrahedron_surface(std::vector<Index>(outward.begin(), outward.end() - 3)), "shape", 1.0);
  BOOST_TEST(!open.valid());
  BOOST_TEST((open.surface->status == SurfaceMassStatus::open));
}

BOOST_AUTO_TEST_CASE(a_mesh_without_volume_or_surface_has_no_body) {
  Mesh mesh;
  mesh.coordinates = {Vector3d(0, 0, 0), Vector3d(1, 0, 0), Vector3d(1, 1, 0), Vector3d(0, 1, 0)};
  add_block(mesh, "skin", ElementType::quad4, {0, 1, 2, 3}, 1);
  BOOST_TEST(body_names(mesh).empty());
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
