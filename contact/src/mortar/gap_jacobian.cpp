// SPDX-License-Identifier: BSD-3-Clause
#include "gap_jacobian.hpp"

#include <algorithm>

#include <Eigen/Dense>

#include "../face_area.hpp"
#include "dual_number.hpp"
#include "slave_segments.hpp"

namespace fecontact::detail {

using Eigen::Vector2d;
using Eigen::Vector3d;

namespace {

using DualMatrix = Eigen::Matrix<Dual, Eigen::Dynamic, Eigen::Dynamic, 0, 9, 9>;

// The coordinates of a face's nodes less `origin`, as dual numbers whose gradient entries
// first, first + 1, … are the nodes' coordinates in turn (3 per node), of `size` entries in all.
std::array<Dual3, 9> dual_nodes(const FaceNodes& face, const Vector3d& origin, int first, int size) {
  std::array<Dual3, 9> x;
  for (int i = 0; i < node_count(face.type); ++i)
    for (int a = 0; a < 3; ++a)
      x[static_cast<std::size_t>(i)][a] = Dual(face.x[static_cast<std::size_t>(i)][a] - origin[a], Gradient::Unit(size, first + 3 * i + a));
  return x;
}

// The corners of piece `piece` of a face of `type` with nodes `x` (linear_pieces).
std::array<Dual3, 4> piece_corners(ElementType type, int piece, int corners, const std::array<Dual3, 9>& x) {
  std::array<Dual3, 4> c;
  for (int i = 0; i < corners; ++i) {
    const int node = piece_corner_node(type, piece, i);
    if (node >= 0) {
      c[static_cast<std::size_t>(i)] = x[static_cast<std::size_t>(node)];
    } else if (type == ElementType::quad9) {
      c[static_cast<std::size_t>(i)] = x[8];
    } else {  // quad8: the point x(0, 0)
      std::array<double, 9> n{};
      face_shape_values(type, Vector2d::Zero(), n);
      Dual3 centre = n[0] * x[0];
      for (int k = 1; k < 8; ++k) centre += n[static_cast<std::size_t>(k)] * x[static_cast<std::size_t>(k)];
      c[static_cast<std::size_t>(i)] = centre;
    }
  }
  return c;
}

// auxiliary_plane (linear_pieces.cpp) in dual numbers: the projection of points onto it.
struct DualPlane {
  Dual3 centre, e1, e2;

  DualPlane(const std::array<Dual3, 4>& x, int corners) {
    Dual3 normal;
    if (corners == 3) {
      centre = (x[0] + x[1] + x[2]) / 3.0;
      normal = (x[1] - x[0]).cross(x[2] - x[0]);
    } else {
      centre = 0.25 * (x[0] + x[1] + x[2] + x[3]);
      normal = (x[2] - x[0]).cross(x[3] - x[1]);
    }
    normal /= normal.norm();
    const Dual3 edge = x[1] - x[0];
    e1 = edge - edge.dot(normal) * normal;
    e1 /= e1.norm();
    e2 = normal.cross(e1);
  }
  Dual2 project(const Dual3& x) const {
    const Dual3 d = x - centre;
    return {d.dot(e1), d.dot(e2)};
  }
};

// PlaneToParent in dual numbers: the parent face's (ξ, η) of point p of the plane in which a
// piece's corners (at `parent` on the parent face) project to q. Always the general map (affine
// on triangles, bilinear inverted by Newton on quadrilaterals): at a parallelogram the bilinear
// map's derivatives include the warp the affine shortcut leaves out.
Dual2 to_parent(int corners, const std::array<Dual2, 4>& q, const std::array<Vector2d, 4>& parent, const Dual2& p) {
  if (corners == 3) {
    const Dual2 a = q[1] - q[0], b = q[2] - q[0], d = p - q[0];
    const Dual det = cross2(a, b);
    const Dual s = cross2(d, b) / det, t = cross2(a, d) / det;  // p = q₀ + s a + t b
    return parent[0].cast<Dual>() + s * (parent[1] - parent[0]).cast<Dual>() + t * (parent[2] - parent[0]).cast<Dual>();
  }
  // The values by Newton in doubles, then one step in dual numbers from there: with the residual
  // at rounding, that step's gradient is the implicit function's, −J⁻¹ ∂r/∂(p, q), exactly.
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
  Dual s = constant(sv, p.x().derivatives().size()), t = constant(tv, p.x().derivatives().size());
  {
    const Dual sm = 1.0 - s, sp = 1.0 + s, tm = 1.0 - t, tp = 1.0 + t;
    const Dual2 x = 0.25 * (sm * tm * q[0] + sp * tm * q[1] + sp * tp * q[2] + sm * tp * q[3]);
    const Dual2 x_s = 0.25 * ((q[1] - q[0]) * tm + (q[2] - q[3]) * tp);
    const Dual2 x_t = 0.25 * ((q[3] - q[0]) * sm + (q[2] - q[1]) * sp);
    const Dual2 r = p - x;
    const Dual det = cross2(x_s, x_t);
    s += cross2(r, x_t) / det;
    t += cross2(x_s, r) / det;
  }
  const Dual sm = 1.0 - s, sp = 1.0 + s, tm = 1.0 - t, tp = 1.0 + t;
  return 0.25 * (sm * tm * parent[0].cast<Dual>() + sp * tm * parent[1].cast<Dual>() + sp * tp * parent[2].cast<Dual>() +
                 sm * tp * parent[3].cast<Dual>());
}

// The vertex of an overlap polygon from the two lines it lies on (overlap_polygon.hpp): a corner
// of the subject (the master piece, reversed) or of the clipper (the slave piece), or the crossing
// of one edge of each. False for lines that the clipping could not name.
bool polygon_vertex(const VertexLines& lines, const std::array<Dual2, 4>& subject, int subject_size,
                    const std::array<Dual2, 4>& clipper, int clipper_size, Dual2& vertex) {
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
  const Dual2& s0 = subject[static_cast<std::size_t>(s)];
  const Dual2 ds = subject[static_cast<std::size_t>((s + 1) % subject_size)] - s0;
  const Dual2& c0 = clipper[static_cast<std::size_t>(e)];
  const Dual2 dc = clipper[static_cast<std::size_t>((e + 1) % clipper_size)] - c0;
  vertex = s0 + (cross2(c0 - s0, dc) / cross2(ds, dc)) * ds;
  return true;
}

// A gradient over the slave nodes' coordinates (3 · ns entries) within one over a pair's (size).
Dual widened(const Dual& x, Eigen::Index size) {
  Gradient g = Gradient::Zero(size);
  g.head(x.derivatives().size()) = x.derivatives();
  return Dual(x.value(), g);
}

// The dual coefficients A = D_e M_e⁻¹ of the slave face (dual_coefficients) with their gradients
// over its nodes' coordinates: dA = (dD_e − A dM_e) M_e⁻¹ from the dual-number M_e.
DualMatrix dual_coefficients_with_gradient(const SlaveFace& face, const std::array<Dual3, 9>& x) {
  const ElementType type = face.nodes.type;
  const int n = node_count(type);
  const auto size = x[0].x().derivatives().size();
  DualMatrix mass(n, n);
  for (int j = 0; j < n; ++j)
    for (int k = 0; k < n; ++k) mass(j, k) = constant(0, size);
  for (int p = 0; p < face.piece_count; ++p) {
    const SlavePiece& s = face.pieces[static_cast<std::size_t>(p)];
    if (!s.usable) continue;
    const std::array<Dual3, 4> corners = piece_corners(type, p, s.piece.corners, x);
    const DualPlane plane(corners, s.piece.corners);
    std::array<Dual2, 4> q;
    for (int i = 0; i < s.piece.corners; ++i) q[static_cast<std::size_t>(i)] = plane.project(corners[static_cast<std::size_t>(i)]);
    for_each_dual_point(s.piece.corners, q, s.piece.parent_local, [&](const Vector2d& local, const Dual& weight) {
      const std::array<double, 9> shape = modified_values(type, local);
      for (int j = 0; j < n; ++j)
        for (int k = 0; k < n; ++k) mass(j, k) += weight * (shape[static_cast<std::size_t>(j)] * shape[static_cast<std::size_t>(k)]);
    });
  }
  const DualCoefficients a = dual_coefficients(face);
  DualCoefficients m(n, n), dm(n, n);
  for (int j = 0; j < n; ++j)
    for (int k = 0; k < n; ++k) m(j, k) = mass(j, k).value();
  const auto lu = m.partialPivLu();
  DualMatrix out(n, n);
  for (int j = 0; j < n; ++j)
    for (int k = 0; k < n; ++k) out(j, k) = Dual(a(j, k), Gradient::Zero(size));
  for (Eigen::Index v = 0; v < size; ++v) {
    for (int j = 0; j < n; ++j)
      for (int k = 0; k < n; ++k) dm(j, k) = mass(j, k).derivatives()[v];
    DualCoefficients rhs = -a * dm;
    for (int j = 0; j < n; ++j) rhs(j, j) += dm.row(j).sum();  // dD_e: the row sums of dM_e
    const DualCoefficients da = lu.solve(rhs.transpose()).transpose();  // (dD_e − A dM_e) M_e⁻¹, M_e symmetric
    for (int j = 0; j < n; ++j)
      for (int k = 0; k < n; ++k) out(j, k).derivatives()[v] = da(j, k);
  }
  return out;
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
  const auto covered = [&](Index row) {
    return out.D.row_offsets[static_cast<std::size_t>(row)] != out.D.row_offsets[static_cast<std::size_t>(row) + 1];
  };
  const SlaveFace slave = prepare_face(context, face);
  const Vector3d origin = slave.nodes.x[0];  // coordinates relative to it: no cancellation far from 0
  const std::array<Dual3, 9> x_own = dual_nodes(slave.nodes, origin, 0, 3 * ns);

  // The second term: ((1 − n nᵀ) W_j / |m_j|) · ∂(a_f n_f(ξ_j)) over this face's nodes.
  {
    const Dual area = face_area_of(slave_type, x_own);
    for (int i = 0; i < ns; ++i) {
      const Index row = row_of(i);
      if (!covered(row)) continue;
      const Dual3 a = area_vector_of(slave_type, x_own, reference_face_node(slave_type, i));
      const Dual length = a.norm();
      if (!(length.value() > 0)) continue;  // a collapsed corner: face_normal's fallback is not differentiated
      const Vector3d& n = out.slave_normals[static_cast<std::size_t>(row)];
      const Vector3d& w = gap_vector[static_cast<std::size_t>(row)];
      const Vector3d u = (w - n * n.dot(w)) / normal_length[static_cast<std::size_t>(row)];
      append(Dual((area / length) * a.dot(u.cast<Dual>())), row, slave_nodes, {}, entries);
      if (slip)
        for (std::size_t alpha = 0; alpha < 2; ++alpha) {
          const Vector3d& v = slip->sensitivity[static_cast<std::size_t>(row)][alpha];
          append(Dual((area / length) * a.dot(v.cast<Dual>())), 2 * row + static_cast<Index>(alpha), slave_nodes, {},
                 *slip->entries);
        }
    }
  }
  if (begin == end) return;

  // The first term, pair by pair.
  const bool dual = context.basis == MortarBasis::dual, quadratic = is_quadratic(slave_type);
  DualMatrix dual_a;
  if (dual) dual_a = dual_coefficients_with_gradient(slave, x_own);
  const SparseRows& transformation = out.slave_transformation;
  Index dropped = 0;
  for (std::size_t k = begin; k < end; ++k) {
    const SurfaceFace& master_face = context.master->faces[static_cast<std::size_t>(context.pair_master[k])];
    const FaceNodes master = gather_face_nodes(master_face, context.coordinates);
    const ElementType master_type = master.type;
    const int nm = node_count(master_type);
    const int size = 3 * (ns + nm);
    const std::array<Dual3, 9> xs = dual_nodes(slave.nodes, origin, 0, size);
    const std::array<Dual3, 9> xm = dual_nodes(master, origin, 3 * ns, size);
    // The slave points the gaps are measured from: x(ξ) (the standard basis) or x̃_j (the dual).
    std::array<Dual3, 9> x_tilde;
    if (dual)
      for (int j = 0; j < ns; ++j) {
        if (!quadratic || transformation.row_offsets.empty()) {
          x_tilde[static_cast<std::size_t>(j)] = xs[static_cast<std::size_t>(j)];
          continue;
        }
        const Index row = row_of(j);
        Dual3 sum = Dual3::Zero();
        for (Index e = transformation.row_offsets[static_cast<std::size_t>(row)]; e < transformation.row_offsets[static_cast<std::size_t>(row) + 1]; ++e)
          for (int i = 0; i < ns; ++i)
            if (row_of(i) == transformation.columns[static_cast<std::size_t>(e)])
              sum += transformation.values[static_cast<std::size_t>(e)] * xs[static_cast<std::size_t>(i)];
        x_tilde[static_cast<std::size_t>(j)] = sum;
      }
    DualMatrix a(ns, ns);
    if (dual)
      for (int j = 0; j < ns; ++j)
        for (int i = 0; i < ns; ++i) a(j, i) = widened(dual_a(j, i), size);
    std::array<Dual, 9> s;
    std::array<std::array<Dual, 2>, 9> slip_sum;  // τ^α · ũ_j^pair with the positions held fixed
    std::array<std::array<Dual, 9>, 9> d_sum, m_sum;  // the pair's D_jk (D_jj for the dual basis), M_jl
    for (int j = 0; j < ns; ++j) {
      const auto jj = static_cast<std::size_t>(j);
      s[jj] = constant(0, size);
      if (slip) slip_sum[jj] = {constant(0, size), constant(0, size)};
      if (matrices) {
        for (int k = 0; k < (dual ? 1 : ns); ++k) d_sum[jj][static_cast<std::size_t>(k)] = constant(0, size);
        for (int l = 0; l < nm; ++l) m_sum[jj][static_cast<std::size_t>(l)] = constant(0, size);
      }
    }
    for_each_overlap(slave, master, dropped, [&](const SlavePiece& sp, int slave_piece, const LinearPiece& mp, int master_piece,
                                                 const std::array<Vector2d, 4>&, const Polygon& polygon) {
      const std::array<Dual3, 4> slave_corners = piece_corners(slave_type, slave_piece, sp.piece.corners, xs);
      const std::array<Dual3, 4> master_corners = piece_corners(master_type, master_piece, mp.corners, xm);
      const DualPlane plane(slave_corners, sp.piece.corners);
      std::array<Dual2, 4> qs, qm, subject;
      for (int i = 0; i < sp.piece.corners; ++i) qs[static_cast<std::size_t>(i)] = plane.project(slave_corners[static_cast<std::size_t>(i)]);
      for (int i = 0; i < mp.corners; ++i) {
        qm[static_cast<std::size_t>(i)] = plane.project(master_corners[static_cast<std::size_t>(i)]);
        subject[static_cast<std::size_t>(mp.corners - 1 - i)] = qm[static_cast<std::size_t>(i)];
      }
      std::array<Dual2, Polygon::capacity> vertex;
      for (int i = 0; i < polygon.size; ++i) {
        const auto v = static_cast<std::size_t>(i);
        if (!polygon_vertex(polygon.lines[v], subject, mp.corners, qs, sp.piece.corners, vertex[v]))
          vertex[v] = Dual2(constant(polygon.vertex[v].x(), size), constant(polygon.vertex[v].y(), size));
      }
      for_each_cell(vertex, polygon.size, [&](const Dual2& p0, const Dual2& p1, const Dual2& p2, const Dual& area) {
        for (const TrianglePoint& point : dunavant_degree5()) {
          const Dual2 p = (1 - point.l1 - point.l2) * p0 + point.l1 * p1 + point.l2 * p2;
          const Dual weight = point.weight * area;
          const std::array<Dual, 9> n_slave = shape_values(slave_type, to_parent(sp.piece.corners, qs, sp.piece.parent_local, p));
          const std::array<Dual, 9> n_master = shape_values(master_type, to_parent(mp.corners, qm, mp.parent_local, p));
          std::array<Dual, 9> modified = n_slave;
          modify_quadratic_values(slave_type, modified);
          Dual3 x_master = n_master[0] * xm[0];
          for (int l = 1; l < nm; ++l) x_master += n_master[static_cast<std::size_t>(l)] * xm[static_cast<std::size_t>(l)];
          Dual3 x_slave;  // the slave point, which only the standard basis measures from
          if (!dual) {
            x_slave = n_slave[0] * xs[0];
            for (int i = 1; i < ns; ++i) x_slave += n_slave[static_cast<std::size_t>(i)] * xs[static_cast<std::size_t>(i)];
          }
          // The same points with the positions held at their values (the slip's ∂D, ∂M term).
          Dual3 x_master_fixed, x_slave_fixed;
          if (slip) {
            x_master_fixed = combination(n_master, xm, nm);
            if (!dual) x_slave_fixed = combination(n_slave, xs, ns);
          }
          for (int j = 0; j < ns; ++j) {
            Dual phi = modified[static_cast<std::size_t>(j)];
            if (dual) {
              phi = a(j, 0) * modified[0];
              for (int i = 1; i < ns; ++i) phi += a(j, i) * modified[static_cast<std::size_t>(i)];
            }
            const Vector3d& normal = out.slave_normals[static_cast<std::size_t>(row_of(j))];
            const Dual3 gap = x_master - (dual ? x_tilde[static_cast<std::size_t>(j)] : x_slave);
            s[static_cast<std::size_t>(j)] += weight * phi * gap.dot(normal.cast<Dual>());
            if (matrices) {
              const Dual weighted = weight * phi;
              if (dual)
                d_sum[static_cast<std::size_t>(j)][0] += weighted;
              else
                for (int k = 0; k < ns; ++k) d_sum[static_cast<std::size_t>(j)][static_cast<std::size_t>(k)] += weighted * n_slave[static_cast<std::size_t>(k)];
              for (int l = 0; l < nm; ++l) m_sum[static_cast<std::size_t>(j)][static_cast<std::size_t>(l)] += weighted * n_master[static_cast<std::size_t>(l)];
            }
            if (slip) {
              const Dual weighted = weight * phi;
              for (std::size_t alpha = 0; alpha < 2; ++alpha) {
                const Vector3d& tangent = slip->tangents[static_cast<std::size_t>(row_of(j))][alpha];
                const Dual along = dual ? Dual(dot(x_master_fixed, tangent) - tangent.dot(value(x_tilde[static_cast<std::size_t>(j)])))
                                        : Dual(dot(x_master_fixed, tangent) - dot(x_slave_fixed, tangent));
                slip_sum[static_cast<std::size_t>(j)][alpha] += weighted * along;
              }
            }
          }
        }
      });
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
      for (int k = 0; k < (dual ? 1 : ns); ++k) {
        const Index e = entry_of(out.D, row_of(j), row_of(dual ? j : k));
        if (e >= 0) append(d_sum[jj][static_cast<std::size_t>(k)], e, slave_nodes, master_nodes, *matrices->d_entries);
      }
      for (int l = 0; l < nm; ++l) {
        const Index column = context.master_column[static_cast<std::size_t>(master_nodes[static_cast<std::size_t>(l)])];
        const Index e = entry_of(out.M, row_of(j), column);
        if (e >= 0) append(m_sum[jj][static_cast<std::size_t>(l)], e, slave_nodes, master_nodes, *matrices->m_entries);
      }
    }
  }
}

}  // namespace fecontact::detail
