// SPDX-License-Identifier: BSD-3-Clause
// A T-handle meshed by the real gmsh (FECONTACT_GMSH) with tet4 and tet10 elements, read by
// read_gmsh: its mass properties equal the closed form of the two boxes to round-off (the
// elements tile the polyhedron exactly), element and exterior-surface integration agree, and
// its principal moments are those the rigid-body tests spin.
#include <boost/test/unit_test.hpp>

#include <array>
#include <string>

#include "fecontact/io/gmsh_reader.hpp"
#include "fecontact/mass/element_mass.hpp"
#include "fecontact/mass/surface_mass.hpp"
#include "fecontact/mesh/surface_extraction.hpp"
#include "gmsh_runner.hpp"

namespace {

using namespace fecontact;
using Eigen::Vector3d;

// Box of size s centred at c, unit density.
MassProperties box(const Vector3d& s, const Vector3d& c) {
  MassProperties m;
  m.volume = m.mass = s.prod();
  m.center_of_mass = c;
  const Vector3d q = s.cwiseProduct(s);
  m.inertia = (m.mass / 12 * Vector3d(q.y() + q.z(), q.x() + q.z(), q.x() + q.y())).asDiagonal();
  return m;
}

const std::string t_handle_geo = R"(SetFactory("OpenCASCADE");
Box(1) = {-2, 0, 0, 4, 0.5, 0.5};
Box(2) = {-0.25, -2, 0, 0.5, 2, 0.5};
BooleanUnion(3) = {Volume{1}; Delete;}{Volume{2}; Delete;};
Physical Volume("t_handle") = {3};
Mesh.CharacteristicLengthMax = 0.3;
)";

BOOST_AUTO_TEST_SUITE(mass_gmsh)

BOOST_AUTO_TEST_CASE(gmsh_t_handle_matches_the_closed_form,
                     *boost::unit_test::label("gmsh") *
                         boost::unit_test::precondition(fecontact::test::gmsh_found)) {
  const fecontact::test::GmshRunner gmsh("mass_t_handle");
  const std::array parts = {box({4, 0.5, 0.5}, {0, 0.25, 0.25}), box({0.5, 2, 0.5}, {0, -1, 0.25})};
  const MassProperties exact = combine(parts);
  for (const std::string order : {"1", "2"}) {
    BOOST_TEST_REQUIRE(gmsh.run("t" + order + ".geo", t_handle_geo + "Mesh 3; SetOrder " + order +
                                                          "; Save \"t" + order + ".msh\";\n"));
    const Mesh mesh = read_gmsh(gmsh.folder() / ("t" + order + ".msh"));
    const ElementMassResult element = element_mass_properties(mesh);
    BOOST_TEST_REQUIRE((element.status == ElementMassStatus::ok));
    std::vector<Index> blocks;
    for (std::size_t b = 0; b < mesh.blocks.size(); ++b)
      if (is_volume(mesh.blocks[b].type)) blocks.push_back(static_cast<Index>(b));
    const SurfaceMassResult surface = surface_mass_properties(exterior_surface(mesh, blocks), mesh.coordinates);
    BOOST_TEST_REQUIRE((surface.status == SurfaceMassStatus::ok));
    for (const MassProperties& m : {element.properties, surface.properties})
      BOOST_TEST_CONTEXT("order " << order) {
        BOOST_TEST(std::abs(m.volume - 1.5) < 1e-13);
        BOOST_TEST((m.center_of_mass - exact.center_of_mass).norm() < 1e-13);
        BOOST_TEST((m.inertia - exact.inertia).norm() < 1e-12 * exact.inertia.norm());
      }
    BOOST_TEST_MESSAGE("gmsh T-handle, order " << order << ": " << mesh.blocks[0].size() << " "
                       << name(mesh.blocks[0].type) << ", inertia deviation "
                       << (element.properties.inertia - exact.inertia).norm() / exact.inertia.norm());
  }
  // the moments the rigid-body tests spin (hex8 boxes there): 0.739583, 1.375, 2.05208
  BOOST_TEST((principal_inertia(exact.inertia).moments - Vector3d(71.0 / 96, 1.375, 197.0 / 96)).norm() < 1e-12);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
