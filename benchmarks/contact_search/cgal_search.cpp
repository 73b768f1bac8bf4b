// SPDX-License-Identifier: BSD-3-Clause
// The CGAL rows of the contact_search benchmark (built when CGAL is found).
#include <CGAL/box_intersection_d.h>

#include "scene.hpp"

namespace fecontact::bench {

namespace {

using Box = CGAL::Box_intersection_d::Box_with_info_d<double, 3, Index>;

Box box_of(std::span<const Eigen::Vector3d> points, double grow, Index info) {
  double lo[3], hi[3];
  for (int i = 0; i < 3; ++i) {
    lo[i] = hi[i] = points[0][i];
    for (const auto& p : points) {
      lo[i] = std::min(lo[i], p[i]);
      hi[i] = std::max(hi[i], p[i]);
    }
    lo[i] -= grow;
    hi[i] += grow;
  }
  return Box(lo, hi, info);
}

}  // namespace

Row cgal_search(const ContactScene& s, int steps) {
  std::vector<Box> faces, nodes;
  std::vector<std::pair<Index, Index>> candidates;
  return time_search("cgal box_intersection_d + narrow", 1, s, steps, [&](const std::vector<Eigen::Vector3d>& x) {
    faces.clear();
    nodes.clear();
    candidates.clear();
    for (Index f = 0; f < s.master.size(); ++f) {
      std::array<Eigen::Vector3d, 9> corners;
      const auto face = s.master.faces[static_cast<std::size_t>(f)].nodes();
      for (std::size_t k = 0; k < face.size(); ++k) corners[k] = x[static_cast<std::size_t>(face[k])];
      faces.push_back(box_of(std::span(corners).first(face.size()), 0, f));
    }
    for (const Index n : s.slave_nodes) nodes.push_back(box_of({&x[static_cast<std::size_t>(n)], 1}, s.tolerance, n));
    CGAL::box_intersection_d(nodes.begin(), nodes.end(), faces.begin(), faces.end(),
                             [&](const Box& node, const Box& face) { candidates.emplace_back(node.info(), face.info()); });
    return narrow_phase(candidates, s, x);
  });
}

}  // namespace fecontact::bench
