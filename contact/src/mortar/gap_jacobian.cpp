// SPDX-License-Identifier: BSD-3-Clause
#include "gap_jacobian.hpp"

#include <algorithm>
#include <type_traits>
#include <utility>

#include <Eigen/Dense>

#include "../face_area.hpp"
#include "dual_number.hpp"
#include "hyper_dual.hpp"
#include "slave_segments.hpp"

namespace fecontact::detail {

using Eigen::Vector2d;
using Eigen::Vector3d;

namespace {

template <class S>
using Vec2 = Eigen::Matrix<S, 2, 1>;
template <class S>
using Vec3 = Eigen::Matrix<S, 3, 1>;
template <class S>
using NodeArray = std::array<Vec3<S>, 9>;
// An n × n matrix (n ≤ 9) of S; not an Eigen matrix, whose fixed capacity would be too large
// for Eigen's stack limit with the second-order numbers (which live in a heap workspace).
template <class S>
class Coefficients {
 public:
  void resize(int n) { n_ = n; }
  S& operator()(int j, int k) { return entries_[static_cast<std::size_t>(9 * j + k)]; }
  const S& operator()(int j, int k) const { return entries_[static_cast<std::size_t>(9 * j + k)]; }
  void transpose_in_place() {
    for (int j = 0; j < n_; ++j)
      for (int k = 0; k < j; ++k) std::swap((*this)(j, k), (*this)(k, j));
  }

 private:
  int n_ = 0;
  std::array<S, 81> entries_;
};

// The coordinates of a face's nodes less `origin`, as variables first, first + 1, … (3 per node)
// of `size` in all.
template <class S>
void variable_nodes(const FaceNodes& face, const Vector3d& origin, int first, int size, NodeArray<S>& x) {
  for (int i = 0; i < node_count(face.type); ++i)
    for (int a = 0; a < 3; ++a)
      x[static_cast<std::size_t>(i)][a] = variable<S>(face.x[static_cast<std::size_t>(i)][a] - origin[a], first + 3 * i + a, size);
}

// The corners of piece `piece` of a face of `type` with nodes `x` (linear_pieces).
template <class S>
std::array<Vec3<S>, 4> piece_corners(ElementType type, int piece, int corners, const NodeArray<S>& x) {
  std::array<Vec3<S>, 4> c;
  for (int i = 0; i < corners; ++i) {
    const int node = piece_corner_node(type, piece, i);
    if (node >= 0) {
      c[static_cast<std::size_t>(i)] = x[static_cast<std::size_t>(node)];
    } else if (type == ElementType::quad9) {
      c[static_cast<std::size_t>(i)] = x[8];
    } else {  // quad8: the point x(0, 0)
      std::array<double, 9> n{};
      face_shape_values(type, Vector2d::Zero(), n);
      Vec3<S> centre = n[0] * x[0];
      for (int k = 1; k < 8; ++k) centre += n[static_cast<std::size_t>(k)] * x[static_cast<std::size_t>(k)];
      c[static_cast<std::size_t>(i)] = centre;
    }
  }
  return c;
}

// auxiliary_plane (linear_pieces.cpp) in S: the projection of points onto it.
template <class S>
struct Plane {
  Vec3<S> centre, e1, e2;

  Plane(const std::array<Vec3<S>, 4>& x, int corners) {
    Vec3<S> normal;
    if (corners == 3) {
      centre = (x[0] + x[1] + x[2]) / 3.0;
      normal = (x[1] - x[0]).cross(x[2] - x[0]);
    } else {
      centre = 0.25 * (x[0] + x[1] + x[2] + x[3]);
      normal = (x[2] - x[0]).cross(x[3] - x[1]);
    }
    normal /= normal.norm();
    const Vec3<S> edge = x[1] - x[0];
    e1 = edge - edge.dot(normal) * normal;
    e1 /= e1.norm();
    e2 = normal.cross(e1);
  }
  Vec2<S> project(const Vec3<S>& x) const {
    const Vec3<S> d = x - centre;
    return {d.dot(e1), d.dot(e2)};
  }
};

// PlaneToParent in S on a quadrilateral piece: the parent face's (ξ, η) of point p of the plane in
// which the piece's corners (at `parent` on the parent face) project to q, the bilinear map
// inverted by Newton. Always the bilinear map: at a parallelogram its derivatives include the warp
// the affine shortcut leaves out.
template <class S>
Vec2<S> quadrilateral_to_parent(const std::array<Vec2<S>, 4>& q, const std::array<Vector2d, 4>& parent, const Vec2<S>& p) {
  // The values by Newton in doubles, then the derivatives from there.
  std::array<Vector2d, 4> qv;
  for (std::size_t i = 0; i < 4; ++i) qv[i] = value(q[i]);
  const Vector2d pv = value(p);
  double sv = 0, tv = 0;
  for (int iteration = 0; iteration < 30; ++iteration) {
    const Vector2d x = 0.25 * ((1 - sv) * (1 - tv) * qv[0] + (1 + sv) * (1 - tv) * qv[1] + (1 + sv) * (1 + tv) * qv[2] +
                               (1 - sv) * (1 + tv) * qv[3]);
    const Vector2d x_s = 0.25 * ((qv[1] - qv[0]) * (1 - tv) + (qv[2] - qv[3]) * (1 + tv));
    const Vector2d x_t = 0.25 * ((qv[3] - qv[0]) * (1 - sv) + (qv[2] - qv[1]) * (1 + sv));
    const Vector2d r = pv - x;
    const double det = x_s.x() * x_t.y() - x_s.y() * x_t.x();
    const double ds = (r.x() * x_t.y() - r.y() * x_t.x()) / det, dt = (x_s.x() * r.y() - x_s.y() * r.x()) / det;
    sv += ds;
    tv += dt;
    if (!(ds * ds + dt * dt > 1e-30)) break;  // also stops on NaN
  }
  if constexpr (std::is_same_v<S, Hyper>) {
    // Newton steps in S from the converged values: a step from a point exact to order k is exact
    // to order 2k + 1 (the implicit function's Taylor series), so two give the Hessian.
    const int size = size_of(p.x());
    S s = constant<S>(sv, size), t = constant<S>(tv, size);
    for (int step = 0; step < 2; ++step) {
      const S sm = 1.0 - s, sp = 1.0 + s, tm = 1.0 - t, tp = 1.0 + t;
      const Vec2<S> x = 0.25 * (sm * tm * q[0] + sp * tm * q[1] + sp * tp * q[2] + sm * tp * q[3]);
      const Vec2<S> x_s = 0.25 * ((q[1] - q[0]) * tm + (q[2] - q[3]) * tp);
      const Vec2<S> x_t = 0.25 * ((q[3] - q[0]) * sm + (q[2] - q[1]) * sp);
      const Vec2<S> r = p - x;
      const S det = cross2(x_s, x_t);
      s += cross2(r, x_t) / det;
      t += cross2(x_s, r) / det;
    }
    const S sm = 1.0 - s, sp = 1.0 + s, tm = 1.0 - t, tp = 1.0 + t;
    return 0.25 * (sm * tm * parent[0].cast<S>() + sp * tm * parent[1].cast<S>() + sp * tp * parent[2].cast<S>() +
                   sm * tp * parent[3].cast<S>());
  } else {
    // The gradient: one Newton step from the converged (s, t) with only the residual in S,
    // (s, t) + J⁻¹ (p − x(s, t; q)), then the parent map's first-order term Ξ + Ξ' (Δs, Δt). The
    // derivatives of J and Ξ' multiply the residual and (Δs, Δt), zero at the converged point,
    // so they stay doubles: the same gradient as the full step, from a fraction of its arithmetic.
    const double sm = 1 - sv, sp = 1 + sv, tm = 1 - tv, tp = 1 + tv;
    const Vec2<S> r = p - 0.25 * (sm * tm * q[0] + sp * tm * q[1] + sp * tp * q[2] + sm * tp * q[3]);
    const Vector2d x_s = 0.25 * ((qv[1] - qv[0]) * tm + (qv[2] - qv[3]) * tp);
    const Vector2d x_t = 0.25 * ((qv[3] - qv[0]) * sm + (qv[2] - qv[1]) * sp);
    const double det = x_s.x() * x_t.y() - x_s.y() * x_t.x();
    const S ds = (r.x() * x_t.y() - r.y() * x_t.x()) / det, dt = (x_s.x() * r.y() - x_s.y() * r.x()) / det;
    const Vector2d xi = 0.25 * (sm * tm * parent[0] + sp * tm * parent[1] + sp * tp * parent[2] + sm * tp * parent[3]);
    const Vector2d xi_s = 0.25 * ((parent[1] - parent[0]) * tm + (parent[2] - parent[3]) * tp);
    const Vector2d xi_t = 0.25 * ((parent[3] - parent[0]) * sm + (parent[2] - parent[1]) * sp);
    return {xi.x() + xi_s.x() * ds + xi_t.x() * dt, xi.y() + xi_s.y() * ds + xi_t.y() * dt};
  }
}

// PlaneToParent in S for one piece, set up once for all its points: on a triangle the map is
// affine, ξ = ξ₀ + J (p − q₀) with J = E [a b]⁻¹ (E the parent's edge vectors, a, b the plane's),
// its coefficients computed once per piece instead of at every quadrature point; on a
// quadrilateral, quadrilateral_to_parent.
template <class S>
class ParentMap {
 public:
  ParentMap(int corners, const std::array<Vec2<S>, 4>& q, const std::array<Vector2d, 4>& parent)
      : corners_(corners), q_(q), parent_(parent) {
    if (corners != 3) return;
    const Vec2<S> a = q[1] - q[0], b = q[2] - q[0];
    const S det = cross2(a, b);
    const Vector2d e1 = parent[1] - parent[0], e2 = parent[2] - parent[0];
    for (int r = 0; r < 2; ++r) {
      j_[static_cast<std::size_t>(r)][0] = (e1[r] * b.y() - e2[r] * a.y()) / det;
      j_[static_cast<std::size_t>(r)][1] = (e2[r] * a.x() - e1[r] * b.x()) / det;
    }
  }
  Vec2<S> operator()(const Vec2<S>& p) const {
    if (corners_ != 3) return quadrilateral_to_parent(q_, parent_, p);
    const Vec2<S> d = p - q_[0];
    return {parent_[0].x() + j_[0][0] * d.x() + j_[0][1] * d.y(), parent_[0].y() + j_[1][0] * d.x() + j_[1][1] * d.y()};
  }

 private:
  int corners_;
  const std::array<Vec2<S>, 4>& q_;
  const std::array<Vector2d, 4>& parent_;
  std::array<std::array<S, 2>, 2> j_;
};

// The vertex of an overlap polygon from the two lines it lies on (overlap_polygon.hpp): a corner
// of the subject (the master piece, reversed) or of the clipper (the slave piece), or the crossing
// of one edge of each. False for lines that the clipping could not name.
template <class S>
bool polygon_vertex(const VertexLines& lines, const std::array<Vec2<S>, 4>& subject, int subject_size,
                    const std::array<Vec2<S>, 4>& clipper, int clipper_size, Vec2<S>& vertex) {
  const auto corner = [](int a, int b, int n) { return b == (a + 1) % n ? b : a == (b + 1) % n ? a : -1; };
  const int a = lines[0], b = lines[1];
  if (a < 0 || b < 0) return false;
  const bool a_clipper = a >= clipper_line, b_clipper = b >= clipper_line;
  if (a_clipper == b_clipper) {
    const int n = a_clipper ? clipper_size : subject_size, offset = a_clipper ? clipper_line : 0;
    const int k = corner(a - offset, b - offset, n);
    if (k < 0) return false;
    vertex = (a_clipper ? clipper : subject)[static_cast<std::size_t>(k)];
    return true;
  }
  const int s = a_clipper ? b : a, e = (a_clipper ? a : b) - clipper_line;
  const Vec2<S>& s0 = subject[static_cast<std::size_t>(s)];
  const Vec2<S> ds = subject[static_cast<std::size_t>((s + 1) % subject_size)] - s0;
  const Vec2<S>& c0 = clipper[static_cast<std::size_t>(e)];
  const Vec2<S> dc = clipper[static_cast<std::size_t>((e + 1) % clipper_size)] - c0;
  vertex = s0 + (cross2(Vec2<S>(c0 - s0), dc) / cross2(ds, dc)) * ds;
  return true;
}

// A number of the slave nodes' coordinates (the first entries) as one of `size` variables.
Dual widened(const Dual& x, int size) {
  Gradient g = Gradient::Zero(size);
  g.head(x.derivatives().size()) = x.derivatives();
  return Dual(x.value(), g);
}
Hyper widened(const Hyper& x, int size) { return x.widened(size); }

// The dual coefficients A = D_e M_e⁻¹ of the slave face (dual_coefficients) in S, over its nodes'
// coordinates `x`: M_e = ∫ Ñ Ñᵀ in the pieces' auxiliary-plane measure and D_e its row sums, then
// Aᵀ = M_e⁻¹ D_e by Gaussian elimination (M_e is symmetric positive definite: no pivoting). The
// identity for a face without a usable piece, as dual_coefficients.
template <class S>
void dual_coefficients_of(const SlaveFace& face, const NodeArray<S>& x, Coefficients<S>& mass, Coefficients<S>& a) {
  const ElementType type = face.nodes.type;
  const int n = node_count(type);
  const int size = size_of(x[0].x());
  mass.resize(n);
  for (int j = 0; j < n; ++j)
    for (int k = 0; k < n; ++k) mass(j, k) = constant<S>(0, size);
  bool usable = false;
  for (int p = 0; p < face.piece_count; ++p) {
    const SlavePiece& s = face.pieces[static_cast<std::size_t>(p)];
    if (!s.usable) continue;
    usable = true;
    const std::array<Vec3<S>, 4> corners = piece_corners(type, p, s.piece.corners, x);
    const Plane<S> plane(corners, s.piece.corners);
    std::array<Vec2<S>, 4> q;
    for (int i = 0; i < s.piece.corners; ++i) q[static_cast<std::size_t>(i)] = plane.project(corners[static_cast<std::size_t>(i)]);
    for_each_dual_point(s.piece.corners, q, s.piece.parent_local, [&](const Vector2d& local, const S& weight) {
      const std::array<double, 9> shape = modified_values(type, local);
      for (int j = 0; j < n; ++j)
        for (int k = 0; k < n; ++k) mass(j, k) += weight * (shape[static_cast<std::size_t>(j)] * shape[static_cast<std::size_t>(k)]);
    });
  }
  a.resize(n);
  for (int j = 0; j < n; ++j)
    for (int k = 0; k < n; ++k) a(j, k) = constant<S>(j == k ? 1 : 0, size);
  if (!usable) return;
  // a ← Aᵀ: solve M_e X = D_e column by column, D_e = diag(Σ_k M_jk).
  for (int j = 0; j < n; ++j) {
    a(j, j) = mass(j, 0);
    for (int k = 1; k < n; ++k) a(j, j) += mass(j, k);
  }
  for (int k = 0; k < n; ++k)
    for (int i = k + 1; i < n; ++i) {
      const S factor = mass(i, k) / mass(k, k);
      for (int j = k + 1; j < n; ++j) mass(i, j) -= factor * mass(k, j);
      for (int c = 0; c <= k; ++c) a(i, c) -= factor * a(k, c);  // columns c > k of row k are still 0
    }
  for (int k = n - 1; k >= 0; --k)
    for (int c = 0; c < n; ++c) {
      for (int j = k + 1; j < n; ++j) a(k, c) -= mass(k, j) * a(j, c);
      a(k, c) /= mass(k, k);
    }
  a.transpose_in_place();
}

// What one pair's walk holds (the large arrays of the second-order scalar live in a workspace,
// not on the stack): the pair's nodes as variables (slave first), the slave points the dual basis
// measures from, its coefficients, and at each quadrature point the weight, the shape functions of
// both faces, Ñ (quadratic slave faces), A Ñ (dual basis), Φ_j (pointing at the one of those it is),
// and the points x̂ (master) and x (slave, standard basis).
template <class S>
struct PairPoint {
  NodeArray<S> xs, xm, x_tilde;
  Coefficients<S> a;
  S weight;
  std::array<S, 9> n_slave, n_master, modified, dual_phi;
  const std::array<S, 9>* phi = nullptr;
  Vec3<S> x_master, x_slave;
};

// Calls visit() at each quadrature point of the overlaps of slave face `slave` with master face
// `master` (as for_each_overlap, the same polygons), with w's point fields filled; w.xs, w.xm (and
// w.a for the dual basis) prepared by the caller.
template <class S, class Visit>
void for_each_pair_point(const SlaveFace& slave, const FaceNodes& master, bool dual, PairPoint<S>& w, Index& dropped,
                         Visit&& visit) {
  const ElementType slave_type = slave.nodes.type, master_type = master.type;
  const int ns = node_count(slave_type), nm = node_count(master_type);
  const int size = size_of(w.xs[0].x());
  for_each_overlap(slave, master, dropped, [&](const SlavePiece& sp, int slave_piece, const LinearPiece& mp, int master_piece,
                                               const std::array<Vector2d, 4>&, const Polygon& polygon) {
    const std::array<Vec3<S>, 4> slave_corners = piece_corners(slave_type, slave_piece, sp.piece.corners, w.xs);
    const std::array<Vec3<S>, 4> master_corners = piece_corners(master_type, master_piece, mp.corners, w.xm);
    const Plane<S> plane(slave_corners, sp.piece.corners);
    std::array<Vec2<S>, 4> qs, qm, subject;
    for (int i = 0; i < sp.piece.corners; ++i) qs[static_cast<std::size_t>(i)] = plane.project(slave_corners[static_cast<std::size_t>(i)]);
    for (int i = 0; i < mp.corners; ++i) {
      qm[static_cast<std::size_t>(i)] = plane.project(master_corners[static_cast<std::size_t>(i)]);
      subject[static_cast<std::size_t>(mp.corners - 1 - i)] = qm[static_cast<std::size_t>(i)];
    }
    const ParentMap<S> slave_map(sp.piece.corners, qs, sp.piece.parent_local), master_map(mp.corners, qm, mp.parent_local);
    std::array<Vec2<S>, Polygon::capacity> vertex;
    for (int i = 0; i < polygon.size; ++i) {
      const auto v = static_cast<std::size_t>(i);
      if (!polygon_vertex(polygon.lines[v], subject, mp.corners, qs, sp.piece.corners, vertex[v]))
        vertex[v] = Vec2<S>(constant<S>(polygon.vertex[v].x(), size), constant<S>(polygon.vertex[v].y(), size));
    }
    for_each_cell(vertex, polygon.size, [&](const Vec2<S>& p0, const Vec2<S>& p1, const Vec2<S>& p2, const S& area) {
      for (const TrianglePoint& point : dunavant_degree5()) {
        const Vec2<S> p = (1 - point.l1 - point.l2) * p0 + point.l1 * p1 + point.l2 * p2;
        w.weight = point.weight * area;
        shape_values(slave_type, slave_map(p), w.n_slave);
        shape_values(master_type, master_map(p), w.n_master);
        // Φ = Ñ (standard), A Ñ (dual); Ñ = N on linear faces, else in w.modified.
        w.phi = &w.n_slave;
        if (is_quadratic(slave_type)) {
          for (int i = 0; i < ns; ++i) w.modified[static_cast<std::size_t>(i)] = w.n_slave[static_cast<std::size_t>(i)];
          modify_quadratic_values(slave_type, w.modified);
          w.phi = &w.modified;
        }
        if (dual) {
          const std::array<S, 9>& m = *w.phi;
          for (int j = 0; j < ns; ++j) {
            S& phi = w.dual_phi[static_cast<std::size_t>(j)];
            phi = w.a(j, 0) * m[0];
            for (int i = 1; i < ns; ++i) phi += w.a(j, i) * m[static_cast<std::size_t>(i)];
          }
          w.phi = &w.dual_phi;
        }
        w.x_master = w.n_master[0] * w.xm[0];
        for (int l = 1; l < nm; ++l) w.x_master += w.n_master[static_cast<std::size_t>(l)] * w.xm[static_cast<std::size_t>(l)];
        if (!dual) {
          w.x_slave = w.n_slave[0] * w.xs[0];
          for (int i = 1; i < ns; ++i) w.x_slave += w.n_slave[static_cast<std::size_t>(i)] * w.xs[static_cast<std::size_t>(i)];
        }
        visit();
      }
    });
  });
}

// Prepares w for the pair of slave face `slave` (rows `row_of`) and master face `master`: the
// nodes as variables, x̃_j = Σ T_ji x_i (the dual basis on quadratic faces; x_j otherwise) and the
// dual coefficients `face_a` (over the slave's coordinates) widened to the pair's.
template <class S, class RowOf>
void prepare_pair(const SlaveFace& slave, const FaceNodes& master, const Vector3d& origin, bool dual,
                  const SparseRows& transformation, RowOf&& row_of, const Coefficients<S>* face_a, PairPoint<S>& w) {
  const ElementType slave_type = slave.nodes.type;
  const int ns = node_count(slave_type), nm = node_count(master.type);
  const int size = 3 * (ns + nm);
  variable_nodes(slave.nodes, origin, 0, size, w.xs);
  variable_nodes(master, origin, 3 * ns, size, w.xm);
  if (!dual) return;
  for (int j = 0; j < ns; ++j) {
    if (!is_quadratic(slave_type) || transformation.row_offsets.empty()) {
      w.x_tilde[static_cast<std::size_t>(j)] = w.xs[static_cast<std::size_t>(j)];
      continue;
    }
    const Index row = row_of(j);
    Vec3<S> sum = Vec3<S>::Zero();
    for (Index e = transformation.row_offsets[static_cast<std::size_t>(row)]; e < transformation.row_offsets[static_cast<std::size_t>(row) + 1]; ++e)
      for (int i = 0; i < ns; ++i)
        if (row_of(i) == transformation.columns[static_cast<std::size_t>(e)])
          sum += transformation.values[static_cast<std::size_t>(e)] * w.xs[static_cast<std::size_t>(i)];
    w.x_tilde[static_cast<std::size_t>(j)] = sum;
  }
  w.a.resize(ns);
  for (int j = 0; j < ns; ++j)
    for (int i = 0; i < ns; ++i) w.a(j, i) = widened((*face_a)(j, i), size);
}

// True where slave row `row` has entries of D (its support is covered).
bool covered(const MortarResult& out, Index row) {
  return out.D.row_offsets[static_cast<std::size_t>(row)] != out.D.row_offsets[static_cast<std::size_t>(row) + 1];
}

// The averaged normals' terms of one slave face of `type` with nodes `x` (in S): calls
// term(i, row, m, u) for each covered node i whose corner is not collapsed, with
// m = a_f n_f(ξ_i) (this face's share of m_j, in S) and u = (1 − n_j n_jᵀ) W_j / |m_j|.
template <class S, class RowOf, class Term>
void for_each_normal_term(const MortarResult& out, std::span<const Vector3d> gap_vector, std::span<const double> normal_length,
                          ElementType type, const NodeArray<S>& x, RowOf&& row_of, Term&& term) {
  const S area = face_area_of(type, x);
  for (int i = 0; i < node_count(type); ++i) {
    const Index row = row_of(i);
    if (!covered(out, row)) continue;
    const Vec3<S> a = area_vector_of(type, x, reference_face_node(type, i));
    const S length = a.norm();
    if (!(value_of(length) > 0)) continue;  // a collapsed corner: face_normal's fallback is not differentiated
    const Vector3d& n = out.slave_normals[static_cast<std::size_t>(row)];
    const Vector3d& w = gap_vector[static_cast<std::size_t>(row)];
    const Vec3<S> m = (area / length) * a;
    term(i, row, m, Vector3d((w - n * n.dot(w)) / normal_length[static_cast<std::size_t>(row)]));
  }
}

void append(const Dual& x, Index row, std::span<const Index> slave_nodes, std::span<const Index> master_nodes,
            std::vector<MatrixEntry>& entries) {
  const auto ns = static_cast<Eigen::Index>(slave_nodes.size());
  for (Eigen::Index v = 0; v < x.derivatives().size(); ++v) {
    const Eigen::Index node = v / 3;
    const Index id = node < ns ? slave_nodes[static_cast<std::size_t>(node)] : master_nodes[static_cast<std::size_t>(node - ns)];
    entries.push_back({row, static_cast<Index>(3 * id + v % 3), x.derivatives()[v]});
  }
}

// Σ_i n_i x_i with the positions x_i held at their values: only the weights n_i carry gradients.
Dual3 combination(const std::array<Dual, 9>& n, const std::array<Dual3, 9>& x, int count) {
  Dual3 sum;
  for (int a = 0; a < 3; ++a) {
    Dual component = n[0] * x[0][a].value();
    for (int i = 1; i < count; ++i) component += n[static_cast<std::size_t>(i)] * x[static_cast<std::size_t>(i)][a].value();
    sum[a] = component;
  }
  return sum;
}

Dual dot(const Dual3& x, const Vector3d& v) { return x.x() * v.x() + x.y() * v.y() + x.z() * v.z(); }

// The position of (row, column) among `a`'s entries, −1 if it has none there.
Index entry_of(const SparseRows& a, Index row, Index column) {
  const auto first = a.columns.begin() + a.row_offsets[static_cast<std::size_t>(row)];
  const auto last = a.columns.begin() + a.row_offsets[static_cast<std::size_t>(row) + 1];
  const auto at = std::lower_bound(first, last, column);
  return at != last && *at == column ? static_cast<Index>(at - a.columns.begin()) : -1;
}

}  // namespace

void add_gap_gradients(const MortarContext& context, const MortarResult& out, std::span<const Vector3d> gap_vector,
                       std::span<const double> normal_length, Index face, std::size_t begin, std::size_t end,
                       std::vector<MatrixEntry>& entries, const SlipGradientInput* slip,
                       const MatrixGradientOutput* matrices) {
  const SurfaceFace& slave_face = context.slave->faces[static_cast<std::size_t>(face)];
  const std::span<const Index> slave_nodes = slave_face.nodes();
  const ElementType slave_type = slave_face.type;
  const int ns = node_count(slave_type);
  const auto row_of = [&](int i) { return context.slave_row[static_cast<std::size_t>(slave_nodes[static_cast<std::size_t>(i)])]; };
  const SlaveFace slave = prepare_face(context, face);
  const Vector3d origin = slave.nodes.x[0];  // coordinates relative to it: no cancellation far from 0
  NodeArray<Dual> x_own;
  variable_nodes(slave.nodes, origin, 0, 3 * ns, x_own);

  // The second term: ((1 − n nᵀ) W_j / |m_j|) · ∂(a_f n_f(ξ_j)) over this face's nodes.
  for_each_normal_term(out, gap_vector, normal_length, slave_type, x_own, row_of,
                       [&](int, Index row, const Dual3& m, const Vector3d& u) {
                         append(dot(m, u), row, slave_nodes, {}, entries);
                         if (slip)
                           for (std::size_t alpha = 0; alpha < 2; ++alpha)
                             append(dot(m, slip->sensitivity[static_cast<std::size_t>(row)][alpha]),
                                    2 * row + static_cast<Index>(alpha), slave_nodes, {}, *slip->entries);
                       });
  if (begin == end) return;

  // The first term, pair by pair.
  const bool dual = context.basis == MortarBasis::dual;
  Coefficients<Dual> face_a, mass;
  if (dual) dual_coefficients_of(slave, x_own, mass, face_a);
  PairPoint<Dual> w;
  Index dropped = 0;
  for (std::size_t k = begin; k < end; ++k) {
    const SurfaceFace& master_face = context.master->faces[static_cast<std::size_t>(context.pair_master[k])];
    const FaceNodes master = gather_face_nodes(master_face, context.coordinates);
    const int nm = node_count(master.type);
    const int size = 3 * (ns + nm);
    prepare_pair(slave, master, origin, dual, out.slave_transformation, row_of, &face_a, w);
    std::array<Dual, 9> s;
    std::array<std::array<Dual, 2>, 9> slip_sum;  // τ^α · ũ_j^pair with the positions held fixed
    std::array<std::array<Dual, 9>, 9> d_sum, m_sum;  // the pair's D_jk (D_jj for the dual basis), M_jl
    for (int j = 0; j < ns; ++j) {
      const auto jj = static_cast<std::size_t>(j);
      s[jj] = constant<Dual>(0, size);
      if (slip) slip_sum[jj] = {constant<Dual>(0, size), constant<Dual>(0, size)};
      if (matrices) {
        for (int l = 0; l < (dual ? 1 : ns); ++l) d_sum[jj][static_cast<std::size_t>(l)] = constant<Dual>(0, size);
        for (int l = 0; l < nm; ++l) m_sum[jj][static_cast<std::size_t>(l)] = constant<Dual>(0, size);
      }
    }
    for_each_pair_point(slave, master, dual, w, dropped, [&] {
      // The same points with the positions held at their values (the slip's ∂D, ∂M term).
      Dual3 x_master_fixed, x_slave_fixed;
      if (slip) {
        x_master_fixed = combination(w.n_master, w.xm, nm);
        if (!dual) x_slave_fixed = combination(w.n_slave, w.xs, ns);
      }
      for (int j = 0; j < ns; ++j) {
        const auto jj = static_cast<std::size_t>(j);
        const Vector3d& normal = out.slave_normals[static_cast<std::size_t>(row_of(j))];
        const Dual3 gap = w.x_master - (dual ? w.x_tilde[jj] : w.x_slave);
        const Dual weighted = w.weight * (*w.phi)[jj];
        s[jj] += weighted * dot(gap, normal);
        if (matrices) {
          if (dual)
            d_sum[jj][0] += weighted;
          else
            for (int l = 0; l < ns; ++l) d_sum[jj][static_cast<std::size_t>(l)] += weighted * w.n_slave[static_cast<std::size_t>(l)];
          for (int l = 0; l < nm; ++l) m_sum[jj][static_cast<std::size_t>(l)] += weighted * w.n_master[static_cast<std::size_t>(l)];
        }
        if (slip)
          for (std::size_t alpha = 0; alpha < 2; ++alpha) {
            const Vector3d& tangent = slip->tangents[static_cast<std::size_t>(row_of(j))][alpha];
            const Dual along = dual ? Dual(dot(x_master_fixed, tangent) - tangent.dot(value(w.x_tilde[jj])))
                                    : Dual(dot(x_master_fixed, tangent) - dot(x_slave_fixed, tangent));
            slip_sum[jj][alpha] += weighted * along;
          }
      }
    });
    const std::span<const Index> master_nodes = master_face.nodes();
    for (int j = 0; j < ns; ++j) {
      append(s[static_cast<std::size_t>(j)], row_of(j), slave_nodes, master_nodes, entries);
      if (slip)
        for (std::size_t alpha = 0; alpha < 2; ++alpha)
          append(slip_sum[static_cast<std::size_t>(j)][alpha], 2 * row_of(j) + static_cast<Index>(alpha), slave_nodes,
                 master_nodes, *slip->entries);
      if (!matrices) continue;
      const auto jj = static_cast<std::size_t>(j);
      for (int l = 0; l < (dual ? 1 : ns); ++l) {
        const Index e = entry_of(out.D, row_of(j), row_of(dual ? j : l));
        if (e >= 0) append(d_sum[jj][static_cast<std::size_t>(l)], e, slave_nodes, master_nodes, *matrices->d_entries);
      }
      for (int l = 0; l < nm; ++l) {
        const Index column = context.master_column[static_cast<std::size_t>(master_nodes[static_cast<std::size_t>(l)])];
        const Index e = entry_of(out.M, row_of(j), column);
        if (e >= 0) append(m_sum[jj][static_cast<std::size_t>(l)], e, slave_nodes, master_nodes, *matrices->m_entries);
      }
    }
  }
}

struct HessianWorkspace {
  NodeArray<Hyper> x_own;
  Coefficients<Hyper> face_a, mass;
  PairPoint<Hyper> w;
  std::array<Vec3<Dual>, 9> gap_vector_sum;  // ∂w_j^pair, first order
};

void HessianWorkspaceDeleter::operator()(HessianWorkspace* workspace) const { delete workspace; }
HessianWorkspacePtr make_hessian_workspace() { return HessianWorkspacePtr(new HessianWorkspace); }

namespace {

// The column (3 · node + axis) of variable v of a pair (slave nodes first).
Index column_of(int v, std::span<const Index> slave_nodes, std::span<const Index> master_nodes) {
  const auto ns = static_cast<int>(slave_nodes.size());
  const int node = v / 3;
  const Index id = node < ns ? slave_nodes[static_cast<std::size_t>(node)] : master_nodes[static_cast<std::size_t>(node - ns)];
  return 3 * id + v % 3;
}

// x's Hessian into `entries`, both triangles; exact zeros left out.
void append_hessian(const Hyper& x, std::span<const Index> slave_nodes, std::span<const Index> master_nodes,
                    std::vector<MatrixEntry>& entries) {
  for (int i = 0; i < x.size(); ++i)
    for (int j = 0; j <= i; ++j) {
      const double h = x.hessian(i, j);
      if (h == 0) continue;
      const Index ci = column_of(i, slave_nodes, master_nodes), cj = column_of(j, slave_nodes, master_nodes);
      entries.push_back({ci, cj, h});
      if (ci != cj) entries.push_back({cj, ci, h});
    }
}

// The gradient of a 3-vector of row `row` into `entries`.
template <class Vector>
void append_vector_gradient(const Vector& v, Index row, std::span<const Index> slave_nodes, std::span<const Index> master_nodes,
                            std::vector<VectorEntry>& entries) {
  for (int k = 0; k < size_of(v.x()); ++k) {
    const Vector3d value(v.x().derivatives()[k], v.y().derivatives()[k], v.z().derivatives()[k]);
    if (value.isZero(0)) continue;
    entries.push_back({row, column_of(k, slave_nodes, master_nodes), value});
  }
}

// Sorts `entries` by (row, column) and sums those with equal keys (in sorted order, fixed for a
// fixed input order).
void sum_duplicates(std::vector<VectorEntry>& entries) {
  std::sort(entries.begin(), entries.end(), [](const VectorEntry& a, const VectorEntry& b) {
    return a.row != b.row ? a.row < b.row : a.column < b.column;
  });
  std::size_t kept = 0;
  for (std::size_t e = 0; e < entries.size(); ++e) {
    if (kept > 0 && entries[kept - 1].row == entries[e].row && entries[kept - 1].column == entries[e].column)
      entries[kept - 1].value += entries[e].value;
    else
      entries[kept++] = entries[e];
  }
  entries.resize(kept);
}

}  // namespace

void add_gap_hessian_terms(const MortarContext& context, const MortarResult& out, std::span<const Vector3d> gap_vector,
                           std::span<const double> normal_length, std::span<const double> multipliers, Index face,
                           std::size_t begin, std::size_t end, HessianWorkspace& ws, MortarChunk& chunk) {
  const SurfaceFace& slave_face = context.slave->faces[static_cast<std::size_t>(face)];
  const std::span<const Index> slave_nodes = slave_face.nodes();
  const ElementType slave_type = slave_face.type;
  const int ns = node_count(slave_type);
  const auto row_of = [&](int i) { return context.slave_row[static_cast<std::size_t>(slave_nodes[static_cast<std::size_t>(i)])]; };
  // A row takes part where it is covered and its multiplier is not zero.
  const auto multiplier = [&](int i) {
    const Index row = row_of(i);
    return covered(out, row) ? multipliers[static_cast<std::size_t>(row)] : 0.0;
  };
  bool any = false;
  for (int i = 0; i < ns; ++i) any = any || multiplier(i) != 0;
  if (!any) return;
  const SlaveFace slave = prepare_face(context, face);
  const Vector3d origin = slave.nodes.x[0];
  variable_nodes(slave.nodes, origin, 0, 3 * ns, ws.x_own);

  // Σ_j λ_j u_j · m_j^f, and ∂m_j^f.
  Hyper face_sum(0);
  for_each_normal_term(out, gap_vector, normal_length, slave_type, ws.x_own, row_of,
                       [&](int i, Index row, const Vec3<Hyper>& m, const Vector3d& u) {
                         const double lambda = multiplier(i);
                         if (lambda == 0) return;
                         face_sum += lambda * (m.x() * u.x() + m.y() * u.y() + m.z() * u.z());
                         const Vec3<Dual> first(m.x().first_order(), m.y().first_order(), m.z().first_order());
                         append_vector_gradient(first, row, slave_nodes, {}, chunk.normal_gradient);
                       });
  append_hessian(face_sum, slave_nodes, {}, chunk.h);
  if (begin == end) return;

  // Σ_j λ_j n_j · w_j^pair, and ∂w_j^pair.
  const bool dual = context.basis == MortarBasis::dual;
  if (dual) dual_coefficients_of(slave, ws.x_own, ws.mass, ws.face_a);
  PairPoint<Hyper>& w = ws.w;
  Index dropped = 0;
  for (std::size_t k = begin; k < end; ++k) {
    const SurfaceFace& master_face = context.master->faces[static_cast<std::size_t>(context.pair_master[k])];
    const FaceNodes master = gather_face_nodes(master_face, context.coordinates);
    const int size = 3 * (ns + node_count(master.type));
    prepare_pair(slave, master, origin, dual, out.slave_transformation, row_of, &ws.face_a, w);
    Hyper sum(0);
    for (int j = 0; j < ns; ++j)
      for (int c = 0; c < 3; ++c) ws.gap_vector_sum[static_cast<std::size_t>(j)][c] = constant<Dual>(0, size);
    for_each_pair_point(slave, master, dual, w, dropped, [&] {
      for (int j = 0; j < ns; ++j) {
        const double lambda = multiplier(j);
        if (lambda == 0) continue;
        const auto jj = static_cast<std::size_t>(j);
        const Vector3d normal = lambda * out.slave_normals[static_cast<std::size_t>(row_of(j))];
        const Vec3<Hyper> gap = w.x_master - (dual ? w.x_tilde[jj] : w.x_slave);
        const Hyper weighted = w.weight * (*w.phi)[jj];
        sum += weighted * (gap.x() * normal.x() + gap.y() * normal.y() + gap.z() * normal.z());
        const Dual weighted_first = weighted.first_order();
        for (int c = 0; c < 3; ++c)
          ws.gap_vector_sum[jj][c] += weighted_first * gap[c].value() + weighted.value() * gap[c].first_order();
      }
    });
    const std::span<const Index> master_nodes = master_face.nodes();
    append_hessian(sum, slave_nodes, master_nodes, chunk.h);
    for (int j = 0; j < ns; ++j)
      if (multiplier(j) != 0)
        append_vector_gradient(ws.gap_vector_sum[static_cast<std::size_t>(j)], row_of(j), slave_nodes, master_nodes,
                               chunk.gap_vector_gradient);
  }
}

void add_normal_coupling(const MortarResult& out, std::span<const Vector3d> gap_vector, std::span<const double> normal_length,
                         std::span<const double> multipliers, std::vector<VectorEntry>& gap_vector_gradient,
                         std::vector<VectorEntry>& normal_gradient, std::vector<MatrixEntry>& entries) {
  sum_duplicates(gap_vector_gradient);
  sum_duplicates(normal_gradient);
  std::size_t wi = 0, mi = 0;
  while (mi < normal_gradient.size()) {
    const Index row = normal_gradient[mi].row;
    std::size_t m_end = mi;
    while (m_end < normal_gradient.size() && normal_gradient[m_end].row == row) ++m_end;
    while (wi < gap_vector_gradient.size() && gap_vector_gradient[wi].row < row) ++wi;
    std::size_t w_end = wi;
    while (w_end < gap_vector_gradient.size() && gap_vector_gradient[w_end].row == row) ++w_end;
    const auto r = static_cast<std::size_t>(row);
    const double lambda = multipliers[r], length = normal_length[r];
    const Vector3d& n = out.slave_normals[r];
    const Vector3d& w = gap_vector[r];
    const Eigen::Matrix3d projection = (Eigen::Matrix3d::Identity() - n * n.transpose()) * (lambda / length);
    const Eigen::Matrix3d t = -(lambda / (length * length)) *
                              (w * n.transpose() + n * w.transpose() +
                               n.dot(w) * (Eigen::Matrix3d::Identity() - 3 * n * n.transpose()));
    for (std::size_t c = mi; c < m_end; ++c) {
      const Vector3d pm = projection * normal_gradient[c].value, tm = t * normal_gradient[c].value;
      for (std::size_t d = wi; d < w_end; ++d) {
        const double v = pm.dot(gap_vector_gradient[d].value);
        entries.push_back({normal_gradient[c].column, gap_vector_gradient[d].column, v});
        entries.push_back({gap_vector_gradient[d].column, normal_gradient[c].column, v});
      }
      // T is symmetric: each entry computed once and stored in both triangles, so that every
      // entry of H and its transpose is the same sum of the same terms in the same order.
      for (std::size_t d = c; d < m_end; ++d) {
        const double v = tm.dot(normal_gradient[d].value);
        entries.push_back({normal_gradient[c].column, normal_gradient[d].column, v});
        if (d != c) entries.push_back({normal_gradient[d].column, normal_gradient[c].column, v});
      }
    }
    mi = m_end;
    wi = w_end;
  }
}

}  // namespace fecontact::detail
