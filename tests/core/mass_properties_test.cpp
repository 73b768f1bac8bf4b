// SPDX-License-Identifier: BSD-3-Clause
// MassProperties and its formulas against closed forms: the 1×2×3 box with every element type,
// Tonon's tetrahedron (2004), the parallel-axis theorem both ways against the box about its
// corner, off-diagonal signs on rotated boxes, invariance under rigid motions, scaling laws,
// unions of parts and per-block densities, precision 10⁶ away from the origin.
#include <boost/test/unit_test.hpp>

#include <array>
#include <cmath>
#include <numbers>

#include <Eigen/Geometry>

#include "fecontact/mass/element_mass.hpp"
#include "fecontact/mass/mass_properties.hpp"
#include "fecontact/mass/surface_mass.hpp"
#include "fecontact/mesh/surface_extraction.hpp"
#include "mass_shapes.hpp"
#include "structured_mesh.hpp"

namespace {

using namespace fecontact;
using namespace fecontact::testing;
using Eigen::Matrix3d;
using Eigen::Vector3d;

constexpr std::array volume_types = {ElementType::tet4,  ElementType::tet10,  ElementType::hex8,
                                     ElementType::hex20, ElementType::hex27,  ElementType::wedge6,
                                     ElementType::wedge15, ElementType::pyramid5};

const Vector3d box_size(1, 2, 3);
Vector3d box_map(const Vector3d& p) { return p.cwiseProduct(box_size); }

// A smooth warp of the cube (non-affine: hexahedra get warped faces, quadratic elements curved
// edges).
Vector3d warp(const Vector3d& p) {
  return {p.x() + 0.1 * std::sin(3 * p.y()) * p.z(), 2 * p.y() + 0.15 * p.x() * p.x(),
          3 * p.z() + 0.2 * p.x() * p.y()};
}

MassProperties properties_of(const Mesh& mesh) {
  const ElementMassResult result = element_mass_properties(mesh);
  BOOST_TEST_REQUIRE((result.status == ElementMassStatus::ok));
  return result.properties;
}

Mesh moved(Mesh mesh, const Matrix3d& rotation, const Vector3d& translation, double scale = 1) {
  for (Vector3d& x : mesh.coordinates) x = rotation * (scale * x) + translation;
  return mesh;
}

BOOST_AUTO_TEST_SUITE(mass_properties)

BOOST_AUTO_TEST_CASE(box_1x2x3_with_every_element_type) {
  for (ElementType type : volume_types) {
    const MassProperties m = properties_of(structured_mesh(type, {2, 3, 2}, box_map));
    BOOST_TEST_CONTEXT(name(type)) {
      BOOST_TEST(std::abs(m.volume - 6) < 1e-13);
      BOOST_TEST(std::abs(m.mass - 6) < 1e-13);
      BOOST_TEST((m.center_of_mass - Vector3d(0.5, 1, 1.5)).norm() < 1e-14);
      BOOST_TEST((m.inertia - Vector3d(6.5, 5, 2.5).asDiagonal().toDenseMatrix()).norm() < 1e-13);
    }
  }
}

// Tonon, "Explicit exact formulas for the 3-D tetrahedron inertia tensor in terms of its vertex
// coordinates", J. Math. Stat. 1(1), 2004, example: reference values as printed (5 decimals).
BOOST_AUTO_TEST_CASE(tonon_tetrahedron) {
  const std::vector<Vector3d> v = {{8.33220, -11.86875, 0.93355}, {0.75523, 5, 16.37072},
                                   {52.61236, 5, -5.38580},       {2, 5, 3}};
  Mesh mesh;
  mesh.coordinates = v;
  ElementBlock block;
  block.type = ElementType::tet4;
  block.connectivity = {0, 1, 2, 3};
  block.element_ids = {1};
  mesh.blocks.push_back(block);
  // the printed order has a negative orientation: swap two nodes
  if ((v[1] - v[0]).dot((v[2] - v[0]).cross(v[3] - v[0])) < 0)
    std::swap(mesh.blocks[0].connectivity[1], mesh.blocks[0].connectivity[2]);
  const std::vector<std::array<Index, 3>> triangles = {{0, 2, 1}, {0, 1, 3}, {1, 2, 3}, {2, 0, 3}};
  const auto& c = mesh.blocks[0].connectivity;
  std::vector<std::array<Index, 3>> oriented;  // the tet's faces, outward
  for (const auto& t : triangles) oriented.push_back({c[t[0]], c[t[1]], c[t[2]]});
  const SurfaceMassResult surface = surface_mass_properties(mesh.coordinates, oriented);
  BOOST_TEST_REQUIRE((surface.status == SurfaceMassStatus::ok));
  for (const MassProperties& m : {properties_of(mesh), surface.properties}) {
    Matrix3d printed;  // Tonon's values in the tensor convention
    printed << 43520.33329, -11996.20139, 46343.16738, -11996.20139, 194711.29259, 4417.66157,
        46343.16738, 4417.66157, 191168.76489;
    printed(1, 2) = printed(2, 1) = -4417.66157;
    BOOST_TEST_MESSAGE("Tonon: |ΔV| " << std::abs(m.volume - 1873.233364) << ", max |ΔI| "
                       << (m.inertia - printed).cwiseAbs().maxCoeff() << " (printed to 5 decimals)");
    BOOST_TEST(std::abs(m.volume - 1873.233364) < 1e-6);
    BOOST_TEST((m.center_of_mass - Vector3d(15.9249475, 0.7828125, 3.7296175)).norm() < 1e-7);
    BOOST_TEST(std::abs(m.inertia(0, 0) - 43520.33329) < 1e-5);
    BOOST_TEST(std::abs(m.inertia(1, 1) - 194711.29259) < 1e-5);
    BOOST_TEST(std::abs(m.inertia(2, 2) - 191168.76489) < 1e-5);
    // tensor convention: I_yz = −∫yz, I_xz = −∫xz, I_xy = −∫xy (Tonon's a', b', c')
    BOOST_TEST(std::abs(m.inertia(1, 2) + 4417.66157) < 1e-5);
    BOOST_TEST(std::abs(m.inertia(0, 2) - 46343.16738) < 1e-5);
    BOOST_TEST(std::abs(m.inertia(0, 1) + 11996.20139) < 1e-5);
    const Matrix3d positive = to_positive_product_convention(m.inertia);
    BOOST_TEST(std::abs(positive(0, 1) - 11996.20139) < 1e-5);
    BOOST_TEST(positive(2, 2) == m.inertia(2, 2));
  }
}

// Box [0,1]×[0,2]×[0,3] about its corner: Ixx = m(b²+c²)/3, Ixy = −m a b/4, ...
BOOST_AUTO_TEST_CASE(parallel_axis_both_ways) {
  const MassProperties m = properties_of(structured_mesh(ElementType::hex8, {2, 2, 2}, box_map));
  const double a = 1, b = 2, c = 3, mass = 6;
  Matrix3d corner;
  corner << mass * (b * b + c * c) / 3, -mass * a * b / 4, -mass * a * c / 4,  //
      -mass * a * b / 4, mass * (a * a + c * c) / 3, -mass * b * c / 4,          //
      -mass * a * c / 4, -mass * b * c / 4, mass * (a * a + b * b) / 3;
  const Matrix3d about_corner = inertia_about(m, Vector3d::Zero());
  BOOST_TEST((about_corner - corner).norm() < 1e-12);
  const Matrix3d back = inertia_about_center(about_corner, m.mass, m.center_of_mass, Vector3d::Zero());
  BOOST_TEST((back - m.inertia).norm() < 1e-12);
}

// Rotating the box about each axis by θ makes exactly one product of inertia non-zero, with the
// sign of the tensor convention: I'_ij = (I_ii − I_jj) sinθ cosθ for the rotation in plane ij.
BOOST_AUTO_TEST_CASE(off_diagonal_signs_on_rotated_boxes) {
  const Mesh box = structured_mesh(ElementType::hex8, {1, 1, 1}, [](const Vector3d& p) {
    return (box_map(p) - Vector3d(0.5, 1, 1.5)).eval();
  });
  const Vector3d moments(6.5, 5, 2.5);
  const double theta = std::numbers::pi / 6;
  for (int axis = 0; axis < 3; ++axis) {
    const int i = (axis + 1) % 3, j = (axis + 2) % 3;  // the rotation turns e_i towards e_j
    const Matrix3d r = Eigen::AngleAxisd(theta, Vector3d::Unit(axis)).toRotationMatrix();
    const MassProperties m = properties_of(moved(box, r, Vector3d::Zero()));
    const double expected = (moments[i] - moments[j]) * std::sin(theta) * std::cos(theta);
    BOOST_TEST_CONTEXT("rotation about axis " << axis) {
      BOOST_TEST(std::abs(m.inertia(i, j) - expected) < 1e-12);
      BOOST_TEST(std::abs(m.inertia(j, i) - expected) < 1e-12);
      BOOST_TEST(std::abs(m.inertia(axis, i)) < 1e-12);
      BOOST_TEST(std::abs(m.inertia(axis, j)) < 1e-12);
      // the sign itself: I_ij = −∫x_i x_j, with ∫x xᵀ = R diag(m a²/12, m b²/12, m c²/12) Rᵀ
      const Matrix3d second = r * Vector3d(0.5, 2, 4.5).asDiagonal() * r.transpose();
      BOOST_TEST(std::abs(m.inertia(i, j) + second(i, j)) < 1e-12);
      BOOST_TEST(std::abs(to_positive_product_convention(m.inertia)(i, j) - second(i, j)) < 1e-12);
    }
  }
}

BOOST_AUTO_TEST_CASE(invariance_under_rigid_motion_and_scaling) {
  const Matrix3d r = Eigen::AngleAxisd(0.7, Vector3d(1, -2, 0.5).normalized()).toRotationMatrix();
  const Vector3d t(3, -4, 12);
  for (ElementType type : volume_types) {
    const Mesh mesh = structured_mesh(type, {2, 2, 2}, warp);
    const MassProperties m = properties_of(mesh);
    const MassProperties expected = transformed(m, r, t);
    const MassProperties moved_m = properties_of(moved(mesh, r, t));
    const double s = 1.7;
    const MassProperties scaled = properties_of(moved(mesh, Matrix3d::Identity(), Vector3d::Zero(), s));
    BOOST_TEST_CONTEXT(name(type)) {
      BOOST_TEST(std::abs(moved_m.volume - m.volume) < 1e-13 * m.volume);
      BOOST_TEST((moved_m.center_of_mass - expected.center_of_mass).norm() < 1e-13 * 20);
      BOOST_TEST((moved_m.inertia - expected.inertia).norm() < 1e-13 * m.inertia.norm());
      BOOST_TEST(std::abs(scaled.volume - std::pow(s, 3) * m.volume) < 1e-13 * scaled.volume);
      BOOST_TEST((scaled.inertia - std::pow(s, 5) * m.inertia).norm() < 1e-13 * scaled.inertia.norm());
      BOOST_TEST((scaled.center_of_mass - s * m.center_of_mass).norm() < 1e-13 * 10);
    }
  }
}

// Principal moments ascending, axes right-handed and diagonalising: the rotated box gives back
// (2.5, 5, 6.5) and axes ± the rotated coordinate axes.
BOOST_AUTO_TEST_CASE(principal_moments_and_axes) {
  const Matrix3d r = Eigen::AngleAxisd(0.4, Vector3d(1, 1, 1).normalized()).toRotationMatrix();
  const Mesh box = moved(structured_mesh(ElementType::hex8, {1, 1, 1}, box_map), r, Vector3d(1, 2, 3));
  const MassProperties m = properties_of(box);
  const PrincipalInertia principal = principal_inertia(m.inertia);
  BOOST_TEST((principal.status == EigenStatus::ok));
  BOOST_TEST((principal.moments - Vector3d(2.5, 5, 6.5)).norm() < 1e-12);
  BOOST_TEST(std::abs(principal.axes.determinant() - 1) < 1e-14);
  BOOST_TEST((principal.axes * principal.moments.asDiagonal() * principal.axes.transpose() - m.inertia).norm() < 1e-12);
  // smallest moment about the box's longest edge (z, length 3), largest about its shortest (x)
  BOOST_TEST(std::abs(std::abs(principal.axes.col(0).dot(r.col(2))) - 1) < 1e-12);
  BOOST_TEST(std::abs(std::abs(principal.axes.col(2).dot(r.col(0))) - 1) < 1e-12);
}

// Two blocks of different densities: the group result equals the union of the block results,
// and both equal the closed form of the two stacked boxes.
BOOST_AUTO_TEST_CASE(union_of_parts_and_densities_per_block) {
  Mesh mesh = structured_mesh(ElementType::hex8, {1, 2, 1}, box_map, "lower");
  const Mesh upper = structured_mesh(ElementType::tet10, {1, 2, 1}, [](const Vector3d& p) {
    return (box_map(p) + Vector3d(0, 0, 3)).eval();
  }, "upper");
  const auto offset = static_cast<Index>(mesh.coordinates.size());
  mesh.coordinates.insert(mesh.coordinates.end(), upper.coordinates.begin(), upper.coordinates.end());
  ElementBlock block = upper.blocks[0];
  for (Index& n : block.connectivity) n += offset;
  mesh.blocks.push_back(block);
  const std::vector<double> densities = {2, 3};
  const ElementMassResult group = element_mass_properties(mesh, densities);
  BOOST_TEST_REQUIRE((group.status == ElementMassStatus::ok));
  std::vector<MassProperties> parts;
  for (Index b : {0, 1}) parts.push_back(element_mass_properties(mesh, std::vector<Index>{b}, densities).properties);
  const MassProperties combined = combine(parts);
  // closed form: boxes of mass 12 (centre z 1.5) and 18 (centre z 4.5)
  MassProperties lower_box{12, 6, Vector3d(0.5, 1, 1.5), 2 * Vector3d(6.5, 5, 2.5).asDiagonal().toDenseMatrix()};
  MassProperties upper_box{18, 6, Vector3d(0.5, 1, 4.5), 3 * Vector3d(6.5, 5, 2.5).asDiagonal().toDenseMatrix()};
  const std::array boxes = {lower_box, upper_box};
  const MassProperties exact = combine(boxes);
  BOOST_TEST(std::abs(exact.center_of_mass.z() - (12 * 1.5 + 18 * 4.5) / 30) < 1e-14);
  BOOST_TEST(std::abs(exact.inertia(0, 0) - (2 * 6.5 + 3 * 6.5 + 12 * 1.8 * 1.8 + 18 * 1.2 * 1.2)) < 1e-12);
  for (const MassProperties& m : {group.properties, combined}) {
    BOOST_TEST(std::abs(m.mass - 30) < 1e-12);
    BOOST_TEST(std::abs(m.volume - 12) < 1e-12);
    BOOST_TEST((m.center_of_mass - exact.center_of_mass).norm() < 1e-13);
    BOOST_TEST((m.inertia - exact.inertia).norm() < 1e-11);
  }
  BOOST_TEST(combine(std::span<const MassProperties>()).mass == 0);
}

// A warped body 10⁶ from the origin: the inertia about its centre of mass matches the body at
// the origin to 1e-9 relative (moments are summed about a local reference point).
BOOST_AUTO_TEST_CASE(precision_far_from_the_origin) {
  const Vector3d far(1e6, -1e6, 1e6);
  for (ElementType type : {ElementType::tet4, ElementType::hex8, ElementType::tet10}) {
    const Mesh mesh = structured_mesh(type, {3, 3, 3}, warp);
    const MassProperties near_m = properties_of(mesh);
    const MassProperties far_m = properties_of(moved(mesh, Matrix3d::Identity(), far));
    const Surface surface = exterior_surface(mesh, std::vector<Index>{0});
    const SurfaceMassResult near_s = surface_mass_properties(surface, mesh.coordinates);
    const SurfaceMassResult far_s = surface_mass_properties(surface, moved(mesh, Matrix3d::Identity(), far).coordinates);
    BOOST_TEST_CONTEXT(name(type)) {
      const double relative = (far_m.inertia - near_m.inertia).norm() / near_m.inertia.norm();
      const double relative_surface = (far_s.properties.inertia - near_s.properties.inertia).norm() / near_m.inertia.norm();
      BOOST_TEST_MESSAGE("10⁶ from the origin, " << name(type) << ": inertia relative change "
                         << relative << " (elements), " << relative_surface << " (surface)");
      BOOST_TEST(relative < 1e-9);
      BOOST_TEST(relative_surface < 1e-9);
      BOOST_TEST((far_m.center_of_mass - far - near_m.center_of_mass).norm() < 1e-9);
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
