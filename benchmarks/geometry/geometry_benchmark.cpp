// SPDX-License-Identifier: BSD-3-Clause
// Bounding volumes fitted per second (AABB, OBB of points, OBB of triangles) and overlap tests
// per second (AABB–AABB, OBB–OBB, OBB–AABB), on patches shaped like FE contact faces: small
// groups of nearly coplanar points with random poses.

#include <array>
#include <cstdio>
#include <random>
#include <vector>

#include <Eigen/Geometry>

#include <fecontact/geometry/aabb.hpp>
#include <fecontact/geometry/obb.hpp>
#include <fecontact/geometry/overlap.hpp>

#include "bench.hpp"

namespace {

using Eigen::Vector3d;
using Triangle = std::array<fecontact::Index, 3>;

// A patch: a 3 × 3 grid of nodes (four quad faces, eight triangles), slightly curved.
constexpr int patch_points = 9;
const std::vector<Triangle> patch_triangles = {{0, 1, 4}, {0, 4, 3}, {1, 2, 5}, {1, 5, 4},
                                               {3, 4, 7}, {3, 7, 6}, {4, 5, 8}, {4, 8, 7}};

std::vector<Vector3d> make_patches(std::size_t count, std::mt19937_64& rng) {
  std::uniform_real_distribution<double> uniform(-1, 1);
  std::vector<Vector3d> points;
  points.reserve(count * patch_points);
  for (std::size_t p = 0; p < count; ++p) {
    const Eigen::Matrix3d rotation =
        Eigen::Quaterniond(uniform(rng), uniform(rng), uniform(rng), uniform(rng)).normalized().toRotationMatrix();
    const Vector3d origin(10 * uniform(rng), 10 * uniform(rng), 10 * uniform(rng));
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j)
        points.push_back(origin + rotation * Vector3d(0.1 * i, 0.1 * j, 0.01 * (i - 1) * (j - 1)));
  }
  return points;
}

template <class Fit>
void run_fit(const char* label, std::size_t count, int runs, const std::vector<Vector3d>& points,
             Fit&& fit) {
  fecontact::bench::Checksum checksum;
  const double seconds = fecontact::bench::median_seconds(runs, [&] {
    double sum = 0;
    for (std::size_t p = 0; p < count; ++p)
      sum += fit(std::span<const Vector3d>(points).subspan(p * patch_points, patch_points));
    checksum = {};
    checksum.add(sum);
  });
  std::printf("%-26s %12.3g per s   %8.1f ns each   checksum %016llx\n", label, count / seconds,
              1e9 * seconds / count, static_cast<unsigned long long>(checksum.value()));
}

template <class Test>
void run_overlap(const char* label, std::size_t count, int runs, Test&& test) {
  std::size_t hits = 0;
  const double seconds = fecontact::bench::median_seconds(runs, [&] {
    hits = 0;
    for (std::size_t i = 0; i + 1 < count; ++i) hits += test(i) ? 1 : 0;
  });
  std::printf("%-26s %12.3g per s   %8.1f ns each   overlapping %zu of %zu\n", label,
              count / seconds, 1e9 * seconds / count, hits, count - 1);
}

}  // namespace

int main(int argc, char** argv) {
  const bool smoke = fecontact::bench::smoke_run(argc, argv);
  const std::size_t count = smoke ? 1000 : 200000;
  const int runs = smoke ? 1 : 7;
  std::mt19937_64 rng(42);
  const std::vector<Vector3d> points = make_patches(count, rng);
  std::printf("fecontact geometry benchmark: %zu patches of %d points (8 triangles), median of %d runs\n\n",
              count, patch_points, runs);

  run_fit("fit AABB", count, runs, points,
          [](std::span<const Vector3d> p) { return fecontact::volume(fecontact::fit_aabb(p)); });
  run_fit("fit OBB of points", count, runs, points,
          [](std::span<const Vector3d> p) { return fecontact::volume(fecontact::fit_obb(p)); });
  run_fit("fit OBB of triangles", count, runs, points, [](std::span<const Vector3d> p) {
    return fecontact::volume(fecontact::fit_obb(p, patch_triangles));
  });

  std::vector<fecontact::Aabb> aabbs;
  std::vector<fecontact::Obb> obbs;
  for (std::size_t p = 0; p < count; ++p) {
    const auto patch = std::span<const Vector3d>(points).subspan(p * patch_points, patch_points);
    aabbs.push_back(fecontact::inflate(fecontact::fit_aabb(patch), 3.0));  // ~half overlap
    obbs.push_back(fecontact::inflate(fecontact::fit_obb(patch), 3.0));
  }
  std::printf("\n");
  run_overlap("overlap AABB-AABB", count, runs, [&](std::size_t i) { return fecontact::overlap(aabbs[i], aabbs[i + 1]); });
  run_overlap("overlap OBB-OBB", count, runs, [&](std::size_t i) { return fecontact::overlap(obbs[i], obbs[i + 1], 1e-12); });
  run_overlap("overlap OBB-AABB", count, runs, [&](std::size_t i) { return fecontact::overlap(obbs[i], aabbs[i + 1], 1e-12); });
  return 0;
}
