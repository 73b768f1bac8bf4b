// SPDX-License-Identifier: BSD-3-Clause
#include "fecontact/bvh/detail/bezier.hpp"

#include "fecontact/detail/assert.hpp"

namespace fecontact::detail {
namespace {

using Tri = std::array<Index, 3>;
constexpr Tri tri3_net[] = {{0, 1, 2}};
constexpr Tri quad4_net[] = {{0, 1, 2}, {0, 2, 3}};
// tri6 net: corners 0 1 2, edge points 3 (0–1), 4 (1–2), 5 (2–0).
constexpr Tri tri6_net[] = {{0, 3, 5}, {3, 1, 4}, {5, 4, 2}, {3, 4, 5}};
// 3×3 net: corners 0 1 2 3, edge points 4 (0–1) 5 (1–2) 6 (2–3) 7 (3–0), centre 8.
constexpr Tri quad9_net[] = {{0, 4, 8}, {0, 8, 7}, {4, 1, 5}, {4, 5, 8},
                             {8, 5, 2}, {8, 2, 6}, {7, 8, 6}, {7, 6, 3}};

// Control point of a quadratic edge with end nodes a, c and mid node m: the Bernstein form
// a(1−t)² + 2b t(1−t) + c t² equals the interpolant at t = ½ when b = 2m − (a + c)/2.
Eigen::Vector3d edge_point(const Eigen::Vector3d& a, const Eigen::Vector3d& m,
                           const Eigen::Vector3d& c) {
  return 2.0 * m - 0.5 * (a + c);
}

void quadratic_edges(std::span<const Eigen::Vector3d> x, int corners, std::span<Eigen::Vector3d> out) {
  for (int k = 0; k < corners; ++k) {
    out[k] = x[k];
    out[corners + k] = edge_point(x[k], x[corners + k], x[(k + 1) % corners]);
  }
}

}  // namespace

int control_point_count(ElementType face_type) {
  switch (face_type) {
    case ElementType::tri3: return 3;
    case ElementType::quad4: return 4;
    case ElementType::tri6: return 6;
    case ElementType::quad8:
    case ElementType::quad9: return 9;
    default: FECONTACT_ASSERT(false, "control_point_count: not a face type"); return 0;
  }
}

void control_points(ElementType face_type, std::span<const Eigen::Vector3d> x,
                    std::span<Eigen::Vector3d> out) {
  FECONTACT_ASSERT(x.size() == static_cast<std::size_t>(node_count(face_type)),
                   "control_points: one position per face node");
  FECONTACT_ASSERT(out.size() >= static_cast<std::size_t>(control_point_count(face_type)),
                   "control_points: output too small");
  switch (face_type) {
    case ElementType::tri3:
    case ElementType::quad4:
      for (std::size_t k = 0; k < x.size(); ++k) out[k] = x[k];
      return;
    case ElementType::tri6: quadratic_edges(x, 3, out); return;
    case ElementType::quad8: {
      quadratic_edges(x, 4, out);
      const Eigen::Vector3d corners = x[0] + x[1] + x[2] + x[3];
      const Eigen::Vector3d mids = x[4] + x[5] + x[6] + x[7];
      out[8] = mids - 0.75 * corners;
      return;
    }
    case ElementType::quad9: {
      quadratic_edges(x, 4, out);
      const Eigen::Vector3d corners = x[0] + x[1] + x[2] + x[3];
      const Eigen::Vector3d mids = x[4] + x[5] + x[6] + x[7];
      out[8] = 4.0 * x[8] - mids + 0.25 * corners;
      return;
    }
    default: FECONTACT_ASSERT(false, "control_points: not a face type");
  }
}

std::span<const std::array<Index, 3>> control_triangles(ElementType face_type) {
  switch (face_type) {
    case ElementType::tri3: return tri3_net;
    case ElementType::quad4: return quad4_net;
    case ElementType::tri6: return tri6_net;
    case ElementType::quad8:
    case ElementType::quad9: return quad9_net;
    default: FECONTACT_ASSERT(false, "control_triangles: not a face type"); return {};
  }
}

}  // namespace fecontact::detail
