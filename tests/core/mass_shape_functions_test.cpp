// SPDX-License-Identifier: BSD-3-Clause
// Shape functions of every element type: partition of unity, Kronecker property at the nodes,
// derivatives against central differences, and agreement with the face tables of
// element_type.cpp (the reference element has a positive Jacobian and its faces, ordered by
// those tables, have outward normals).
#include <boost/test/unit_test.hpp>

#include <array>
#include <cmath>
#include <random>
#include <vector>

#include <Eigen/Geometry>
#include <Eigen/LU>

#include "fecontact/mesh/shape_functions.hpp"

namespace {

using namespace fecontact;
using Eigen::Vector3d;

constexpr std::array all_types = {
    ElementType::tet4,     ElementType::tet10, ElementType::hex8,  ElementType::hex20,
    ElementType::hex27,    ElementType::wedge6, ElementType::wedge15, ElementType::pyramid5,
    ElementType::tri3,     ElementType::tri6,  ElementType::quad4, ElementType::quad8,
    ElementType::quad9};

// A random point inside the reference domain of `type`.
Vector3d random_point(ElementType type, std::mt19937_64& rng) {
  std::uniform_real_distribution<double> u(0.05, 0.3), s(-0.9, 0.9), t(0.05, 0.9);
  switch (type) {
    case ElementType::tet4:
    case ElementType::tet10: return {u(rng), u(rng), u(rng)};
    case ElementType::wedge6:
    case ElementType::wedge15: return {u(rng), u(rng), s(rng)};
    case ElementType::pyramid5: return {s(rng), s(rng), t(rng)};
    case ElementType::tri3:
    case ElementType::tri6: return {u(rng), u(rng), 0};
    default: return {s(rng), s(rng), is_volume(type) ? s(rng) : 0};
  }
}

struct Evaluation {
  std::vector<double> values;
  std::vector<Vector3d> derivatives;
};

Evaluation evaluate(ElementType type, const Vector3d& xi) {
  const auto n = static_cast<std::size_t>(node_count(type));
  Evaluation e{std::vector<double>(n), std::vector<Vector3d>(n)};
  shape_functions(type, xi, e.values, e.derivatives);
  return e;
}

BOOST_AUTO_TEST_SUITE(mass_shape_functions)

BOOST_AUTO_TEST_CASE(partition_of_unity_and_zero_derivative_sum) {
  std::mt19937_64 rng(7);
  for (ElementType type : all_types)
    for (int trial = 0; trial < 20; ++trial) {
      const Evaluation e = evaluate(type, random_point(type, rng));
      double sum = 0;
      Vector3d gradient_sum = Vector3d::Zero();
      for (std::size_t i = 0; i < e.values.size(); ++i) {
        sum += e.values[i];
        gradient_sum += e.derivatives[i];
      }
      BOOST_TEST_CONTEXT(name(type)) {
        BOOST_TEST(std::abs(sum - 1) < 1e-14);
        BOOST_TEST(gradient_sum.norm() < 1e-13);
      }
    }
}

BOOST_AUTO_TEST_CASE(kronecker_property_at_the_nodes) {
  for (ElementType type : all_types)
    for (int node = 0; node < node_count(type); ++node) {
      const Evaluation e = evaluate(type, reference_node(type, node));
      for (int i = 0; i < node_count(type); ++i)
        BOOST_TEST_CONTEXT(name(type) << " node " << node << " function " << i) {
          BOOST_TEST(std::abs(e.values[static_cast<std::size_t>(i)] - (i == node ? 1.0 : 0.0)) < 1e-15);
        }
    }
}

BOOST_AUTO_TEST_CASE(derivatives_match_central_differences) {
  std::mt19937_64 rng(11);
  const double h = 1e-6;
  for (ElementType type : all_types)
    for (int trial = 0; trial < 10; ++trial) {
      const Vector3d xi = random_point(type, rng);
      const Evaluation e = evaluate(type, xi);
      for (int k = 0; k < dimension(type); ++k) {
        const Evaluation plus = evaluate(type, xi + h * Vector3d::Unit(k));
        const Evaluation minus = evaluate(type, xi - h * Vector3d::Unit(k));
        for (std::size_t i = 0; i < e.values.size(); ++i) {
          const double difference = (plus.values[i] - minus.values[i]) / (2 * h);
          BOOST_TEST_CONTEXT(name(type) << " function " << i << " direction " << k) {
            BOOST_TEST(std::abs(e.derivatives[i][k] - difference) < 1e-8);
          }
        }
      }
      if (!is_volume(type))
        for (const Vector3d& d : e.derivatives) BOOST_TEST(d[2] == 0.0);
    }
}

// The identity map x = ξ over the reference nodes: det J > 0 inside, and every face of the
// face tables, walked by its corners, has its normal pointing away from the element's centroid.
BOOST_AUTO_TEST_CASE(reference_element_agrees_with_the_face_tables) {
  std::mt19937_64 rng(13);
  for (ElementType type : all_types) {
    if (!is_volume(type)) continue;
    const auto n = static_cast<std::size_t>(node_count(type));
    std::vector<Vector3d> nodes(n);
    Vector3d centroid = Vector3d::Zero();
    for (std::size_t i = 0; i < n; ++i) {
      nodes[i] = reference_node(type, static_cast<int>(i));
      centroid += nodes[i] / static_cast<double>(n);
    }
    for (int trial = 0; trial < 10; ++trial) {
      const Evaluation e = evaluate(type, random_point(type, rng));
      Eigen::Matrix3d jacobian = Eigen::Matrix3d::Zero();
      for (std::size_t i = 0; i < n; ++i) jacobian += nodes[i] * e.derivatives[i].transpose();
      BOOST_TEST_CONTEXT(name(type)) { BOOST_TEST(jacobian.determinant() > 0); }
    }
    // For the pyramid the reference nodes are the real pyramid's vertices (the collapsed
    // coordinates agree with it at the nodes), so the geometric check applies to all types.
    for (const ReferenceFace& face : faces(type)) {
      const int corners = corner_count(face.type);
      Vector3d face_centre = Vector3d::Zero(), normal = Vector3d::Zero();
      for (int k = 0; k < corners; ++k) {
        const Vector3d a = nodes[face.nodes[static_cast<std::size_t>(k)]];
        const Vector3d b = nodes[face.nodes[static_cast<std::size_t>((k + 1) % corners)]];
        face_centre += a / corners;
        normal += a.cross(b);  // Newell's normal
      }
      BOOST_TEST_CONTEXT(name(type)) { BOOST_TEST(normal.dot(face_centre - centroid) > 0); }
      // mid-edge nodes in edge order, then the mid-face node: our node tables agree with theirs
      for (std::size_t k = static_cast<std::size_t>(corners); k < face.nodes.size(); ++k) {
        const std::size_t edge = k - static_cast<std::size_t>(corners);
        const Vector3d expected =
            edge < static_cast<std::size_t>(corners)
                ? 0.5 * (nodes[face.nodes[edge]] + nodes[face.nodes[(edge + 1) % corners]])
                : face_centre;
        BOOST_TEST_CONTEXT(name(type) << " face node " << int(face.nodes[k])) {
          BOOST_TEST((nodes[face.nodes[k]] - expected).norm() < 1e-15);
        }
      }
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
