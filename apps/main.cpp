// The fecontact program. Until the command-line interface lands (issue 7), it shows the
// geometry kernel on a sample: the PCA-fitted OBB and the AABB of a rotated box's surface points.

#include <cstdio>
#include <vector>

#include <Eigen/Geometry>

#include <fecontact/fecontact.hpp>

namespace {

// Points on the surface of a 4 × 2 × 1 box centred at (10, 20, 30), rotated about (1, 2, 3).
std::vector<Eigen::Vector3d> sample_points() {
  const Eigen::Matrix3d rotation =
      Eigen::AngleAxisd(0.7, Eigen::Vector3d(1, 2, 3).normalized()).toRotationMatrix();
  const Eigen::Vector3d half(2, 1, 0.5), center(10, 20, 30);
  std::vector<Eigen::Vector3d> points;
  const int n = 8;
  for (int i = 0; i <= n; ++i)
    for (int j = 0; j <= n; ++j)
      for (int k = 0; k <= n; ++k) {
        if (i != 0 && i != n && j != 0 && j != n && k != 0 && k != n) continue;  // interior
        const Eigen::Vector3d unit(2.0 * i / n - 1, 2.0 * j / n - 1, 2.0 * k / n - 1);
        points.push_back(center + rotation * unit.cwiseProduct(half));
      }
  return points;
}

void print_vector(const char* label, const Eigen::Vector3d& v) {
  std::printf("  %-22s %12.6f %12.6f %12.6f\n", label, v.x(), v.y(), v.z());
}

}  // namespace

int main() {
  const std::vector<Eigen::Vector3d> points = sample_points();
  std::printf("fecontact geometry kernel on a sample: %zu surface points of a rotated 4 x 2 x 1 box\n\n",
              points.size());

  const fecontact::Covariance covariance = fecontact::point_covariance(points);
  const fecontact::SymmetricEigen3 eigen = fecontact::eigen_symmetric3(covariance.matrix);
  std::printf("covariance eigen-decomposition (analytic 3x3 solver):\n");
  print_vector("eigenvalues", eigen.values);
  for (int i = 0; i < 3; ++i) print_vector(i == 0 ? "eigenvectors (columns)" : "", eigen.vectors.row(i));

  const fecontact::Obb obb = fecontact::fit_obb(points);
  const fecontact::Aabb aabb = fecontact::fit_aabb(points);
  std::printf("\nPCA-fitted OBB:\n");
  print_vector("centre", obb.center);
  print_vector("half extents", obb.half_extents);
  std::printf("  %-22s %12.6f   (the box's own volume: 8)\n", "volume", fecontact::volume(obb));
  std::printf("\nAABB:\n");
  print_vector("min", aabb.min);
  print_vector("max", aabb.max);
  std::printf("  %-22s %12.6f\n", "volume", fecontact::volume(aabb));

  const fecontact::Obb shifted = [&] {
    fecontact::Obb copy = obb;
    copy.center += 1.2 * obb.axes.col(0);  // 0.2 clear of the box along its thinnest axis
    return copy;
  }();
  std::printf("\na copy of the OBB moved 1.2 along its thinnest axis: OBBs overlap: %s, AABBs overlap: %s\n",
              fecontact::overlap(obb, shifted, 1e-12) ? "yes" : "no",
              fecontact::overlap(aabb, fecontact::bounding_aabb(shifted)) ? "yes" : "no");
  return 0;
}
