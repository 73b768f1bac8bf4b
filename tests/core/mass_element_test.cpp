// SPDX-License-Identifier: BSD-3-Clause
// Element-group integration: convergence at O(h²) or better to the closed forms of the sphere
// (hex8, hex27), cylinder (wedge6), cone with h = 2r (hex8 with a collapsed top layer,
// isotropic inertia), torus (tet10, pyramid5); hex8 equals its split into tetrahedra on affine
// geometry; a warped hex8 with 3×3×3 Gauss equals a 10×10×10 reference (2×2×2 and the tet split
// do not); element and exterior-surface integration agree to round-off for every type on curved
// geometry; inverted elements are reported by id; 1 and 2 threads give identical bits.
// Meshes are generated in code (structured_mesh.hpp), not by gmsh.
#include <boost/test/unit_test.hpp>

#include <array>
#include <cmath>
#include <cstring>

#include <Eigen/LU>

#include "fecontact/mass/element_mass.hpp"
#include "fecontact/mass/quadrature.hpp"
#include "fecontact/mass/surface_mass.hpp"
#include "fecontact/mesh/shape_functions.hpp"
#include "fecontact/detail/parallel.hpp"
#include "fecontact/mesh/surface_extraction.hpp"
#include "mass_shapes.hpp"
#include "structured_mesh.hpp"

namespace {

using namespace fecontact;
using namespace fecontact::testing;
using Eigen::Matrix3d;
using Eigen::Vector3d;

MassProperties properties_of(const Mesh& mesh) {
  const ElementMassResult result = element_mass_properties(mesh);
  BOOST_TEST_REQUIRE((result.status == ElementMassStatus::ok));
  return result.properties;
}

Vector3d warp(const Vector3d& p) {
  return {p.x() + 0.1 * std::sin(3 * p.y()) * p.z(), 2 * p.y() + 0.15 * p.x() * p.x(),
          3 * p.z() + 0.2 * p.x() * p.y()};
}

struct Shape {
  const char* name;
  ElementType type;
  PointMap map;
  MassProperties exact;
  double min_order;  // observed order of convergence required
  int stretch = 1;   // cells along the third direction per cell along the others
};

// Meshes of n and 2n cells per direction; the error of every quantity must fall like h^order.
void check_convergence(const Shape& shape, int n) {
  const auto mesh = [&](int cells) {
    return structured_mesh(shape.type, {cells, cells, shape.stretch * cells}, shape.map);
  };
  const Deviation coarse = deviation(properties_of(mesh(n)), shape.exact);
  const Deviation fine = deviation(properties_of(mesh(2 * n)), shape.exact);
  const double volume_order = std::log2(coarse.volume / fine.volume);
  const double inertia_order = std::log2(coarse.inertia / fine.inertia);
  BOOST_TEST_MESSAGE(shape.name << " (" << name(shape.type) << ", n = " << n << " → " << 2 * n
                     << "): volume error " << coarse.volume << " → " << fine.volume << " (order "
                     << volume_order << "), inertia error " << coarse.inertia << " → " << fine.inertia
                     << " (order " << inertia_order << "), centre error " << fine.center);
  BOOST_TEST_CONTEXT(shape.name << " " << name(shape.type)) {
    BOOST_TEST(volume_order > shape.min_order);
    BOOST_TEST(inertia_order > shape.min_order);
    BOOST_TEST(fine.volume < 0.02);
    BOOST_TEST(fine.inertia < 0.02);
    BOOST_TEST(fine.center < std::max(0.01, 2 * fine.inertia));
  }
}

BOOST_AUTO_TEST_SUITE(mass_element)

BOOST_AUTO_TEST_CASE(convergence_to_closed_forms) {
  const double r = 1.5, h = 3, big_r = 3, a = 1;
  const std::vector<Shape> shapes = {
      {"sphere", ElementType::hex8, [](const Vector3d& p) { return cube_to_ball(p, 2); }, sphere_properties(2), 1.8},
      {"sphere", ElementType::hex27, [](const Vector3d& p) { return cube_to_ball(p, 2); }, sphere_properties(2), 1.8},
      {"cylinder", ElementType::wedge6, [=](const Vector3d& p) { return cube_to_cylinder(p, r, h); }, cylinder_properties(r, h), 1.8},
      {"cone h=2r", ElementType::hex8, [=](const Vector3d& p) { return cube_to_cone(p, r, h); }, cone_properties(r, h), 1.8},
      {"torus", ElementType::tet10, [=](const Vector3d& p) { return cube_to_torus(p, big_r, a); }, torus_properties(big_r, a), 1.8, 4},
      {"torus", ElementType::pyramid5, [=](const Vector3d& p) { return cube_to_torus(p, big_r, a); }, torus_properties(big_r, a), 1.8, 4},
  };
  for (const Shape& shape : shapes) check_convergence(shape, 4);
}

// h = 2r: the cone's central inertia is isotropic (3/10 m r² about every axis), the triple
// eigenvalue case of the eigen solver; the meshed cone gets there as h → 0 and its principal
// axes stay an orthonormal right-handed basis.
BOOST_AUTO_TEST_CASE(cone_with_h_equal_2r_is_isotropic) {
  const MassProperties exact = cone_properties(1, 2);
  BOOST_TEST(std::abs(exact.inertia(0, 0) - exact.inertia(2, 2)) < 1e-14 * exact.inertia(2, 2));
  const MassProperties m = properties_of(structured_mesh(ElementType::hex8, {8, 8, 8}, [](const Vector3d& p) { return cube_to_cone(p, 1, 2); }));
  const PrincipalInertia principal = principal_inertia(m.inertia);
  BOOST_TEST((principal.status == EigenStatus::ok));
  BOOST_TEST((principal.axes.transpose() * principal.axes - Matrix3d::Identity()).norm() < 1e-14);
  BOOST_TEST(std::abs(principal.axes.determinant() - 1) < 1e-14);
  BOOST_TEST((principal.moments.maxCoeff() - principal.moments.minCoeff()) / principal.moments.maxCoeff() < 0.02);
}

BOOST_AUTO_TEST_CASE(hex8_equals_its_tetrahedra_on_affine_geometry) {
  Matrix3d a;
  a << 1.0, 0.3, -0.2, 0.1, 2.0, 0.4, -0.3, 0.2, 1.5;
  const auto affine = [&](const Vector3d& p) { return (a * p + Vector3d(1, 2, 3)).eval(); };
  const MassProperties hex = properties_of(structured_mesh(ElementType::hex8, {2, 2, 2}, affine));
  const MassProperties tet = properties_of(structured_mesh(ElementType::tet4, {2, 2, 2}, affine));
  BOOST_TEST(std::abs(hex.volume - a.determinant()) < 1e-14 * hex.volume);
  BOOST_TEST(std::abs(hex.volume - tet.volume) < 1e-14 * hex.volume);
  BOOST_TEST((hex.center_of_mass - tet.center_of_mass).norm() < 1e-14 * 4);
  BOOST_TEST((hex.inertia - tet.inertia).norm() < 1e-14 * hex.inertia.norm());
}

// One warped hexahedron: the isoparametric integrals by 3×3×3 Gauss equal a 10×10×10 Gauss
// reference computed here independently; 2×2×2 and the 6-tetrahedra split are measurably off.
BOOST_AUTO_TEST_CASE(warped_hex8_needs_3x3x3_gauss) {
  const Mesh mesh = structured_mesh(ElementType::hex8, {1, 1, 1}, [](const Vector3d& p) {
    return Vector3d(p.x() + 0.3 * p.y() * p.z(), p.y() + 0.4 * p.x() * p.z() - 0.2 * p.x() * p.y(),
                    p.z() + 0.5 * p.x() * p.y());
  });
  const MassProperties m = properties_of(mesh);
  const auto integrate = [&](int degree) {
    double volume = 0;
    Vector3d first = Vector3d::Zero();
    Matrix3d second = Matrix3d::Zero();
    std::array<double, 8> n;
    std::array<Vector3d, 8> dn;
    const auto nodes = mesh.blocks[0].element(0);
    for (const QuadraturePoint& q : quadrature_rule(ElementType::hex8, degree)) {
      shape_functions(ElementType::hex8, q.xi, n, dn);
      Vector3d x = Vector3d::Zero();
      Matrix3d j = Matrix3d::Zero();
      for (int i = 0; i < 8; ++i) {
        x += n[i] * mesh.coordinates[nodes[i]];
        j += mesh.coordinates[nodes[i]] * dn[i].transpose();
      }
      const double w = q.weight * j.determinant();
      volume += w, first += w * x, second += w * x * x.transpose();
    }
    const Vector3d c = first / volume;
    const Matrix3d cov = second - volume * c * c.transpose();
    return std::pair(volume, (cov.trace() * Matrix3d::Identity() - cov).eval());
  };
  const auto [reference_volume, reference_inertia] = integrate(19);
  BOOST_TEST(std::abs(m.volume - reference_volume) < 1e-15 * 4);
  BOOST_TEST((m.inertia - reference_inertia).norm() < 1e-15 * 8);
  const auto [volume_2, inertia_2] = integrate(3);  // 2×2×2: exact volume, wrong inertia
  BOOST_TEST(std::abs(volume_2 - reference_volume) < 1e-15 * 4);
  BOOST_TEST((inertia_2 - reference_inertia).norm() > 1e-5);
  BOOST_TEST_MESSAGE("warped hex8: 2×2×2 Gauss inertia error " << (inertia_2 - reference_inertia).norm());
  Mesh split = structured_mesh(ElementType::tet4, {1, 1, 1}, [](const Vector3d& p) {
    return Vector3d(p.x() + 0.3 * p.y() * p.z(), p.y() + 0.4 * p.x() * p.z() - 0.2 * p.x() * p.y(),
                    p.z() + 0.5 * p.x() * p.y());
  });
  const MassProperties tets = properties_of(split);
  BOOST_TEST(std::abs(tets.volume - reference_volume) > 1e-4);
}

// Element and exterior-surface integration of the same curved block agree to round-off for
// every type: the surface rules integrate bilinear and quadratic faces exactly.
BOOST_AUTO_TEST_CASE(element_and_surface_integration_agree) {
  for (ElementType type : {ElementType::tet4, ElementType::tet10, ElementType::hex8, ElementType::hex20,
                           ElementType::hex27, ElementType::wedge6, ElementType::wedge15, ElementType::pyramid5}) {
    const Mesh mesh = structured_mesh(type, {2, 3, 2}, warp);
    const MassProperties element = properties_of(mesh);
    const Surface surface = exterior_surface(mesh, std::vector<Index>{0});
    const SurfaceMassResult result = surface_mass_properties(surface, mesh.coordinates);
    BOOST_TEST_CONTEXT(name(type)) {
      BOOST_TEST_REQUIRE((result.status == SurfaceMassStatus::ok));
      const MassProperties& s = result.properties;
      BOOST_TEST(std::abs(s.volume - element.volume) < 1e-14 * element.volume * 8);
      BOOST_TEST((s.center_of_mass - element.center_of_mass).norm() < 1e-14 * 8);
      BOOST_TEST((s.inertia - element.inertia).norm() < 1e-14 * 8 * element.inertia.norm());
    }
  }
}

BOOST_AUTO_TEST_CASE(inverted_elements_are_reported_by_id) {
  Mesh mesh = structured_mesh(ElementType::hex8, {2, 1, 1}, warp);
  mesh.blocks[0].element_ids = {101, 102};
  auto& c = mesh.blocks[0].connectivity;
  std::swap(c[8 + 0], c[8 + 4]);  // element 102: bottom and top corner swapped → det J < 0 there
  Mesh tets = structured_mesh(ElementType::tet4, {1, 1, 1}, warp);
  std::swap(tets.blocks[0].connectivity[4 * 3 + 1], tets.blocks[0].connectivity[4 * 3 + 2]);  // 4th tet
  const ElementMassResult hex_result = element_mass_properties(mesh);
  BOOST_TEST((hex_result.status == ElementMassStatus::invalid_elements));
  BOOST_TEST_REQUIRE(hex_result.invalid_elements.size() == 1u);
  BOOST_TEST(hex_result.invalid_elements[0].id == 102);
  BOOST_TEST((hex_result.invalid_elements[0].element == ElementRef{0, 1}));
  BOOST_TEST(hex_result.invalid_elements[0].min_jacobian <= 0);
  const ElementMassResult tet_result = element_mass_properties(tets);
  BOOST_TEST_REQUIRE(tet_result.invalid_elements.size() == 1u);
  BOOST_TEST(tet_result.invalid_elements[0].id == 4);
  BOOST_TEST(tet_result.invalid_elements[0].min_jacobian < 0);
  BOOST_TEST((element_mass_properties(Mesh{}).status == ElementMassStatus::empty));
}

// Chunks are fixed by the element count, so the sum is the same with any thread count. Run once
// normally (parallel when OpenMP has 2+ threads) and once inside a parallel region, where
// parallel_chunks runs serially, and compare the bits.
BOOST_AUTO_TEST_CASE(one_and_two_threads_give_identical_bits) {
  const Mesh mesh = structured_mesh(ElementType::tet10, {8, 8, 8}, warp);  // 3,072 elements, 3 chunks
  const MassProperties parallel = properties_of(mesh);
  MassProperties serial;
  fecontact::detail::parallel_for(2, 1, [&](std::size_t i) {
    if (i == 0) serial = element_mass_properties(mesh).properties;
  });
  BOOST_TEST_MESSAGE("threads available: " << fecontact::detail::max_threads()
                     << (fecontact::detail::max_threads() > 1 ? " (parallel vs serial compared)" : " (both runs serial)"));
  BOOST_TEST(std::memcmp(&parallel, &serial, sizeof(MassProperties)) == 0);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
