// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Small-strain linear elasticity on isoparametric solid elements (hex8, tet4, tet10: any volume
// type of fecontact's shape_functions), the solver's side of examples/implicit_contact: the
// stiffness matrix as triplets, stresses at element centres, and the consistent nodal forces and
// nodal areas of faces. It knows nothing of contact. Voigt order xx yy zz yz xz xy, engineering
// shear strains.

#include <array>
#include <span>
#include <vector>

#include <Eigen/Core>
#include <Eigen/SparseCore>

#include <fecontact/core.hpp>

namespace implicit {

using Eigen::Vector3d;
using fecontact::Index;
using Vector6d = Eigen::Matrix<double, 6, 1>;
using Matrix6d = Eigen::Matrix<double, 6, 6>;

struct Material {
  double young, poisson;

  Matrix6d elasticity() const {  // isotropic Hooke's law in Lamé's constants
    const double lambda = young * poisson / ((1 + poisson) * (1 - 2 * poisson));
    const double mu = young / (2 * (1 + poisson));
    Matrix6d c = Matrix6d::Zero();
    c.topLeftCorner<3, 3>().setConstant(lambda);
    c.diagonal() << lambda + 2 * mu, lambda + 2 * mu, lambda + 2 * mu, mu, mu, mu;
    return c;
  }
};

// The strain matrix B (6 × 3n) of element `nodes` at reference point `xi`, and det J.
inline double strain_matrix(fecontact::ElementType type, std::span<const Index> nodes,
                            std::span<const Vector3d> x, const Vector3d& xi, Eigen::MatrixXd& b) {
  const auto n = nodes.size();
  std::array<double, fecontact::max_element_nodes> values{};
  std::array<Vector3d, fecontact::max_element_nodes> d_ref{};
  fecontact::shape_functions(type, xi, std::span(values).first(n), std::span(d_ref).first(n));
  Eigen::Matrix3d jacobian = Eigen::Matrix3d::Zero();  // J_ij = ∂x_i/∂ξ_j
  for (std::size_t k = 0; k < n; ++k) jacobian += x[static_cast<std::size_t>(nodes[k])] * d_ref[k].transpose();
  const Eigen::Matrix3d inverse = jacobian.inverse();
  b.setZero(6, static_cast<Eigen::Index>(3 * n));
  for (std::size_t k = 0; k < n; ++k) {
    const Vector3d g = inverse.transpose() * d_ref[k];  // ∂N_k/∂x
    const auto c = static_cast<Eigen::Index>(3 * k);
    b(0, c) = g.x(), b(1, c + 1) = g.y(), b(2, c + 2) = g.z();
    b(3, c + 1) = g.z(), b(3, c + 2) = g.y();
    b(4, c) = g.z(), b(4, c + 2) = g.x();
    b(5, c) = g.y(), b(5, c + 1) = g.x();
  }
  return jacobian.determinant();
}

// Appends ∫BᵀCB of every element of `block` to `triplets`, over the equation numbers
// `equation[3·node + i]` (−1: a fixed degree of freedom, dropped). Gauss rules exact for the
// straight elements: 2 points a direction on hex8, 3 on hex20 (BᵀCB of degree 4 in each
// direction), degree 2 on tet10, 1 point on tet4.
inline void add_stiffness(const fecontact::ElementBlock& block, std::span<const Vector3d> x, const Material& material,
                          std::span<const Index> equation, std::vector<Eigen::Triplet<double>>& triplets) {
  const int degree = block.type == fecontact::ElementType::tet4 ? 1 : block.type == fecontact::ElementType::hex20 ? 4 : 2;
  const std::vector<fecontact::QuadraturePoint> rule = fecontact::quadrature_rule(block.type, degree);
  const Matrix6d c = material.elasticity();
  Eigen::MatrixXd b, k;
  for (Index e = 0; e < block.size(); ++e) {
    const std::span<const Index> nodes = block.element(e);
    k.setZero(static_cast<Eigen::Index>(3 * nodes.size()), static_cast<Eigen::Index>(3 * nodes.size()));
    for (const fecontact::QuadraturePoint& q : rule) {
      const double det = strain_matrix(block.type, nodes, x, q.xi, b);
      k.noalias() += (q.weight * det) * b.transpose() * c * b;
    }
    for (Eigen::Index i = 0; i < k.rows(); ++i) {
      const Index row = equation[static_cast<std::size_t>(3 * nodes[static_cast<std::size_t>(i / 3)] + i % 3)];
      for (Eigen::Index j = 0; j < k.cols(); ++j) {
        const Index col = equation[static_cast<std::size_t>(3 * nodes[static_cast<std::size_t>(j / 3)] + j % 3)];
        if (row >= 0 && col >= 0) triplets.emplace_back(row, col, k(i, j));
      }
    }
  }
}

// The stress Cε at the centre of every element of `block` for the displacements u.
inline std::vector<Vector6d> centre_stresses(const fecontact::ElementBlock& block, std::span<const Vector3d> x,
                                             std::span<const Vector3d> u, const Material& material) {
  const int corners = fecontact::corner_count(block.type);
  Vector3d centre = Vector3d::Zero();
  for (int k = 0; k < corners; ++k) centre += fecontact::reference_node(block.type, k) / corners;
  std::vector<Vector6d> stresses;
  Eigen::MatrixXd b;
  for (Index e = 0; e < block.size(); ++e) {
    const std::span<const Index> nodes = block.element(e);
    strain_matrix(block.type, nodes, x, centre, b);
    Eigen::VectorXd ue(b.cols());
    for (std::size_t k = 0; k < nodes.size(); ++k)
      ue.segment<3>(3 * static_cast<Eigen::Index>(k)) = u[static_cast<std::size_t>(nodes[k])];
    stresses.push_back(material.elasticity() * b * ue);
  }
  return stresses;
}

// Visits the quadrature points of every face of `faces` with (face nodes, shape values, the area
// vector x,ξ × x,η times the weight): outward, its length the area the point stands for.
template <class Visit>
void for_each_face_point(const fecontact::Surface& faces, std::span<const Vector3d> x, Visit&& visit) {
  for (const fecontact::SurfaceFace& face : faces.faces) {
    const std::span<const Index> nodes = face.nodes();
    for (const fecontact::QuadraturePoint& q : fecontact::quadrature_rule(face.type, 4)) {
      const fecontact::FaceShape s = fecontact::face_shape(face.type, q.xi.head<2>());
      Vector3d d_xi = Vector3d::Zero(), d_eta = Vector3d::Zero();
      for (std::size_t k = 0; k < nodes.size(); ++k) {
        d_xi += s.d_xi[k] * x[static_cast<std::size_t>(nodes[k])];
        d_eta += s.d_eta[k] * x[static_cast<std::size_t>(nodes[k])];
      }
      visit(nodes, s, Vector3d(q.weight * d_xi.cross(d_eta)));
    }
  }
}

// Adds the consistent nodal forces −p∫N_k n dA of a pressure p on `faces` to f (3 per node).
inline void add_pressure(const fecontact::Surface& faces, std::span<const Vector3d> x, double pressure,
                         Eigen::VectorXd& f) {
  for_each_face_point(faces, x, [&](std::span<const Index> nodes, const fecontact::FaceShape& s, const Vector3d& da) {
    for (std::size_t k = 0; k < nodes.size(); ++k) f.segment<3>(3 * nodes[k]) -= pressure * s.value[k] * da;
  });
}

// ∫N_k dA over `faces` for every node k (0 for nodes not on them).
inline std::vector<double> nodal_areas(const fecontact::Surface& faces, std::span<const Vector3d> x) {
  std::vector<double> area(x.size(), 0.0);
  for_each_face_point(faces, x, [&](std::span<const Index> nodes, const fecontact::FaceShape& s, const Vector3d& da) {
    for (std::size_t k = 0; k < nodes.size(); ++k) area[static_cast<std::size_t>(nodes[k])] += s.value[k] * da.norm();
  });
  return area;
}

}  // namespace implicit
