// SPDX-License-Identifier: BSD-3-Clause
// The CGAL + fcl rows of bench_face_pairs: what a user would assemble from existing libraries.
#include <CGAL/box_intersection_d.h>
#include <fcl/narrowphase/detail/primitive_shape_algorithm/triangle_distance.h>

#include <algorithm>

#include "face_pairs.hpp"

namespace fecontact::bench {

namespace {

using Box = CGAL::Box_intersection_d::Box_with_info_d<double, 3, Index>;

std::vector<Box> boxes(const FacePairScene& s, int side) {
  std::vector<Box> result;
  result.reserve(s.triangles[side].size());
  for (std::size_t t = 0; t < s.triangles[side].size(); ++t) {
    double lo[3], hi[3];
    for (int i = 0; i < 3; ++i) {
      lo[i] = hi[i] = s.nodes[std::size_t(s.triangles[side][t][0])][i];
      for (const Index n : s.triangles[side][t]) {
        lo[i] = std::min(lo[i], s.nodes[std::size_t(n)][i]);
        hi[i] = std::max(hi[i], s.nodes[std::size_t(n)][i]);
      }
      lo[i] -= s.distance / 2;
      hi[i] += s.distance / 2;
    }
    result.emplace_back(lo, hi, Index(t));
  }
  return result;
}

}  // namespace

FacePairs cgal_fcl_pairs(const FacePairScene& s) {
  std::vector<Box> slave = boxes(s, 0), master = boxes(s, 1);
  std::vector<std::pair<Index, Index>> candidates;
  CGAL::box_intersection_d(slave.begin(), slave.end(), master.begin(), master.end(),
                           [&](const Box& a, const Box& b) { candidates.emplace_back(a.info(), b.info()); });
  FacePairs found;
  found.candidates = candidates.size();
  for (const auto& [a, b] : candidates) {
    fcl::Vector3d p[3], q[3], closest_p, closest_q;
    for (int k = 0; k < 3; ++k) {
      p[k] = s.nodes[std::size_t(s.triangles[0][std::size_t(a)][std::size_t(k)])];
      q[k] = s.nodes[std::size_t(s.triangles[1][std::size_t(b)][std::size_t(k)])];
    }
    const double d = fcl::detail::TriangleDistance<double>::triDistance(p, q, closest_p, closest_q);
    if (d <= s.distance) {
      found.pairs.emplace_back(a, b);
      found.distances.push_back(d);
    }
  }
  return found;
}

}  // namespace fecontact::bench
