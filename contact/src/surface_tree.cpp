// SPDX-License-Identifier: BSD-3-Clause
// A surface's trees kept between steps: geometry moved in place, degenerate faces marked,
// refit, and a rebuild when the refit has made the tree much worse.
#include <algorithm>

#include "fecontact/bvh/build.hpp"
#include "fecontact/bvh/quality.hpp"
#include "fecontact/bvh/refit.hpp"
#include "fecontact/contact/face_geometry.hpp"
#include "fecontact/mesh/face_shape_functions.hpp"
#include "fecontact/detail/parallel.hpp"
#include "search_state.hpp"

namespace fecontact::detail {
namespace {

void move_geometry(SurfaceTree& t, const Surface& surface, Coordinates current, const Coordinates* predicted) {
  PatchGeometry& geometry = predicted ? t.swept : t.geometry;
  if (geometry.size() != t.patches.size()) {  // the first search at this number of configurations
    geometry = predicted ? patch_geometry(surface, t.patches, current, *predicted)
                         : patch_geometry(surface, t.patches, current);
    return;
  }
  if (predicted) update_patch_geometry(surface, t.patches, current, *predicted, geometry);
  else update_patch_geometry(surface, t.patches, current, geometry);
}

void mark_degenerate(SurfaceTree& t, const Surface& surface, Coordinates x) {
  t.degenerate.resize(surface.faces.size());
  detail::parallel_for(surface.faces.size(), 4096, [&](std::size_t f) {
    t.degenerate[f] = is_degenerate(gather_face_nodes(surface.faces[f], x));
  });
  t.degenerate_faces.clear();
  for (std::size_t f = 0; f < t.degenerate.size(); ++f)
    if (t.degenerate[f]) t.degenerate_faces.push_back(static_cast<Index>(f));
}

template <class BV>
bool refit_or_build(SurfaceTree& t, const PatchGeometry& geometry, double inflate, double rebuild_factor) {
  if (t.tree && std::holds_alternative<Bvh<BV>>(*t.tree)) {
    Bvh<BV>& tree = std::get<Bvh<BV>>(*t.tree);
    tree.tolerance = inflate;  // the search distance may change (relative tolerance)
    refit(tree, geometry);
    if (sah_cost(tree) <= rebuild_factor * t.build_cost) return false;
  }
  BuildConfig config;
  config.tolerance = inflate;
  t.tree = build<BV>(geometry, config);
  t.build_cost = sah_cost(std::get<Bvh<BV>>(*t.tree));
  return true;
}

}  // namespace

bool update_surface_tree(SurfaceTree& t, const Surface& surface, BvKind bv, double inflate,
                         double rebuild_factor, Coordinates current, const Coordinates* predicted) {
  move_geometry(t, surface, current, predicted);
  mark_degenerate(t, surface, current);
  const PatchGeometry& geometry = t.fitted(predicted != nullptr);
  return bv == BvKind::obb ? refit_or_build<Obb>(t, geometry, inflate, rebuild_factor)
                                   : refit_or_build<Aabb>(t, geometry, inflate, rebuild_factor);
}

double face_motion_bound(const Surface& surface) {
  double bound = 1;
  for (const SurfaceFace& face : surface.faces) bound = std::max(bound, interpolation_bound(face.type));
  return bound;
}

}  // namespace fecontact::detail
