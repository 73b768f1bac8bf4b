// SPDX-License-Identifier: BSD-3-Clause
// The closest-face search of the C interface: a fecontact::ClosestFaceSearch over faces given
// as plain arrays, and its answers copied out.

#include <algorithm>
#include <span>
#include <vector>

#include <Eigen/Core>

#include "call.hpp"
#include "fecontact/contact/closest_face_search.hpp"
#include "fecontact/fecontact.h"
#include "search_arguments.hpp"

struct fecontact_closest_face_search {
  explicit fecontact_closest_face_search(fecontact::Surface surface) : search(std::move(surface)) {}
  fecontact::ClosestFaceSearch search;
  std::vector<fecontact::ClosestFace> answers;  // kept: a call whose point count does not grow allocates nothing
};

using namespace fecontact::capi;

extern "C" fecontact_closest_face_search* fecontact_closest_face_search_new(int64_t n_faces,
                                                                            const int64_t* face_offsets,
                                                                            const int64_t* face_nodes) {
  return guarded("fecontact_closest_face_search_new", static_cast<fecontact_closest_face_search*>(nullptr), [&] {
    return new fecontact_closest_face_search(
        surface_of(n_faces, face_offsets, face_nodes, "n_faces", "face_offsets", "face_nodes"));
  });
}

extern "C" void fecontact_closest_face_search_free(fecontact_closest_face_search* c) { delete c; }

extern "C" int fecontact_closest_face_search_update(fecontact_closest_face_search* c, int64_t n_nodes,
                                                    const double* xyz) {
  return guarded("fecontact_closest_face_search_update", -1, [&] {
    require(c, "c");
    require_count(n_nodes, "n_nodes");
    if (n_nodes > 0) require(xyz, "xyz");
    c->search.update(points_view(xyz, n_nodes));  // checks the face nodes' coordinates, changes nothing when it throws
    return 0;
  });
}

extern "C" int fecontact_find_closest_faces(fecontact_closest_face_search* c, int64_t n_points, const double* points,
                                            double max_distance, double tie_distance, int64_t* face,
                                            double* distance, double* point, double* local) {
  return guarded("fecontact_find_closest_faces", -1, [&] {
    require(c, "c");
    require_count(n_points, "n_points", INT64_MAX / 3);
    if (n_points > 0) {
      require(points, "points");
      require(face, "face");
    }
    const auto n = static_cast<std::size_t>(n_points);
    if (c->answers.size() < n) c->answers.resize(n);
    const std::span answers = std::span(c->answers).first(n);
    c->search.find(points_view(points, n_points), max_distance, tie_distance, answers);  // throws before any output
    for (std::size_t k = 0; k < n; ++k) {
      const fecontact::ClosestFace& a = answers[k];
      face[k] = a.face;
      if (distance) distance[k] = a.projection.distance;
      if (point) std::copy(a.projection.point.data(), a.projection.point.data() + 3, point + 3 * k);
      if (local) std::copy(a.projection.local.data(), a.projection.local.data() + 2, local + 2 * k);
    }
    return 0;
  });
}
