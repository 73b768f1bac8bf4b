// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// What the rows of bench_face_pairs share: a scene's two triangle surfaces in one node array,
// and the pairs a method found within the distance.

#include <string>
#include <utility>
#include <vector>

#include <Eigen/Core>

#include "fecontact/types.hpp"
#include "scenes.hpp"

namespace fecontact::bench {

/// Both surfaces of a scene as a solver holds them: one node array, faces as node indices.
struct FacePairScene {
  std::string name;
  std::vector<Eigen::Vector3d> nodes;
  std::array<std::vector<std::array<Index, 3>>, 2> triangles;  ///< [0] slave, [1] master
  double distance = 0;                                         ///< pairs within it are reported
};

inline FacePairScene face_pair_scene(const Scene& scene, double distance) {
  FacePairScene s{scene.name, scene.surfaces[0].coordinates, {}, distance};
  const auto offset = static_cast<Index>(s.nodes.size());
  s.nodes.insert(s.nodes.end(), scene.surfaces[1].coordinates.begin(), scene.surfaces[1].coordinates.end());
  s.triangles[0] = scene.surfaces[0].triangles;
  for (auto t : scene.surfaces[1].triangles) s.triangles[1].push_back({t[0] + offset, t[1] + offset, t[2] + offset});
  return s;
}

/// The face pairs (slave, master) found within the distance, ascending, with their distances.
struct FacePairs {
  std::vector<std::pair<Index, Index>> pairs;
  std::vector<double> distances;
  std::size_t candidates = 0;  ///< pairs the broad phase handed to the distance computation
};

#ifdef FECONTACT_BENCH_CGAL_FCL
/// CGAL box_intersection_d on the triangles' boxes grown by half the distance, then fcl's exact
/// TriangleDistance::triDistance on every candidate, serial.
FacePairs cgal_fcl_pairs(const FacePairScene& s);
#endif

}  // namespace fecontact::bench
