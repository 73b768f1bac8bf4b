// SPDX-License-Identifier: BSD-3-Clause
// Bounding volumes of point sets and the analytic eigen solver, for C callers.

#include <algorithm>
#include <span>
#include <vector>

#include <Eigen/Core>

#include "call.hpp"
#include "fecontact/fecontact.h"
#include "fecontact/geometry/aabb.hpp"
#include "fecontact/geometry/eigen3.hpp"
#include "fecontact/geometry/obb.hpp"

namespace fecontact::capi {
namespace {

// The points xyz[3n], n >= 1, checked and copied (Eigen::Vector3d is 3 doubles, but a copy
// keeps these rarely called functions free of the aliasing cast).
std::vector<Eigen::Vector3d> points_of(std::int64_t n_points, const double* xyz) {
  require_count(n_points, "n_points", INT64_MAX / 3);
  if (n_points == 0) throw ArgumentError("n_points = 0: a bounding volume needs at least one point");
  require(xyz, "xyz");
  require_finite_points(xyz, n_points, "xyz");
  std::vector<Eigen::Vector3d> points(static_cast<std::size_t>(n_points));
  for (std::size_t k = 0; k < points.size(); ++k) points[k] = {xyz[3 * k], xyz[3 * k + 1], xyz[3 * k + 2]};
  return points;
}

void copy_out(const Eigen::Vector3d& v, double* out) {
  if (out) std::copy(v.data(), v.data() + 3, out);
}
void copy_out(const Eigen::Matrix3d& m, double* out) {
  if (out) std::copy(m.data(), m.data() + 9, out);  // Eigen: column-major
}

}  // namespace
}  // namespace fecontact::capi

using namespace fecontact::capi;

extern "C" int fecontact_fit_aabb(int64_t n_points, const double* xyz, double* min, double* max) {
  return guarded("fecontact_fit_aabb", -1, [&] {
    const fecontact::Aabb box = fecontact::fit_aabb(points_of(n_points, xyz));
    copy_out(box.min, min);
    copy_out(box.max, max);
    return 0;
  });
}

extern "C" int fecontact_fit_obb(int64_t n_points, const double* xyz, double* center, double* axes,
                                 double* half_extents) {
  return guarded("fecontact_fit_obb", -1, [&] {
    const fecontact::Obb box = fecontact::fit_obb(points_of(n_points, xyz));
    copy_out(box.center, center);
    copy_out(box.axes, axes);
    copy_out(box.half_extents, half_extents);
    return 0;
  });
}

extern "C" int fecontact_eigen_symmetric3(const double* a, double* values, double* vectors) {
  return guarded("fecontact_eigen_symmetric3", -1, [&] {
    require(a, "a");
    const fecontact::SymmetricEigen3 e = fecontact::eigen_symmetric3(Eigen::Map<const Eigen::Matrix3d>(a));
    if (e.status != fecontact::EigenStatus::ok) throw ArgumentError("a holds NaN or infinity");
    copy_out(e.values, values);
    copy_out(e.vectors, vectors);
    return 0;
  });
}
