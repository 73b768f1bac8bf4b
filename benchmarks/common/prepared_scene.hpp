// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// A scene of scenes.hpp made into what the trees take: its patches' geometry at rest and one step
// later (bench_bvh_scenes, bench_refit_floor).

#include <array>

#include "fecontact/bvh/patch_geometry.hpp"
#include "fecontact/bvh/patches.hpp"
#include "scenes.hpp"

namespace fecontact::bench {

struct PreparedScene {
  std::array<PatchGeometry, 2> geometry;  // at rest
  std::array<PatchGeometry, 2> moved;     // one step later: the sphere / inner shell moved
};

inline PreparedScene prepare(const Scene& scene) {
  PreparedScene p;
  for (std::size_t k = 0; k < 2; ++k) {
    const Surface surface = scene.surfaces[k].surface();
    const auto& x = scene.surfaces[k].coordinates;
    const Patches patches = face_patches(surface);
    p.geometry[k] = patch_geometry(surface, patches, x);
    p.moved[k] = patch_geometry(surface, patches, k == 0 ? stepped_coordinates(scene) : x);
  }
  return p;
}

}  // namespace fecontact::bench
