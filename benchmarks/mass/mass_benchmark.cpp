// SPDX-License-Identifier: BSD-3-Clause
// Mass properties at scale: a closed torus of 10⁷ triangles (divergence theorem) and a curved
// block of ~10⁶ tet10 elements (64-point exact quadrature), each with 1 and 2 threads. A triad
// loop (STREAM's a = b + s·c) measures the memory bandwidth in the same run; the surface sum
// is reported as bytes it must stream (triangle indices + vertex coordinates) per second and as
// a percentage of the triad bandwidth. Results must be bit-identical for 1 and 2 threads (the
// program fails otherwise). `--smoke`: a small instance for ctest.

#include <cmath>
#include <cstdio>
#include <cstring>
#include <numbers>
#include <vector>

#include <omp.h>

#include <fecontact/mass/element_mass.hpp>
#include <fecontact/mass/surface_mass.hpp>

#include "bench.hpp"
#include "mass_shapes.hpp"
#include "structured_mesh.hpp"

namespace {

using Eigen::Vector3d;

// STREAM triad with `threads` threads: bytes moved per second (24 bytes per element).
double triad_bandwidth(int threads, std::size_t n, int runs) {
  std::vector<double> a(n), b(n, 1.0), c(n, 2.0);
  const auto count = static_cast<long long>(n);
  omp_set_num_threads(threads);
#pragma omp parallel for schedule(static)
  for (long long i = 0; i < count; ++i) a[i] = 0;  // first touch by the threads that use it
  const double seconds = fecontact::bench::median_seconds(runs, [&] {
#pragma omp parallel for schedule(static)
    for (long long i = 0; i < count; ++i) a[i] = b[i] + 3.0 * c[i];
  });
  return 24.0 * static_cast<double>(n) / seconds;
}

std::uint64_t checksum(const fecontact::MassProperties& m) {
  fecontact::bench::Checksum c;
  c.add(&m, sizeof m);
  return c.value();
}

template <class Compute>
bool run(const char* label, int runs, double bytes, const double* bandwidth, Compute&& compute) {
  std::uint64_t sums[2];
  for (int threads = 1; threads <= 2; ++threads) {
    omp_set_num_threads(threads);
    fecontact::MassProperties result;
    const double seconds = fecontact::bench::median_seconds(runs, [&] { result = compute(); });
    sums[threads - 1] = checksum(result);
    std::printf("%-34s %d thread%s %9.4f s", label, threads, threads > 1 ? "s" : " ", seconds);
    if (bytes > 0)
      std::printf("   %6.2f GB/s = %5.1f%% of triad", bytes / seconds / 1e9,
                  100 * bytes / seconds / bandwidth[threads - 1]);
    std::printf("   checksum %016llx\n", static_cast<unsigned long long>(sums[threads - 1]));
  }
  const bool identical = sums[0] == sums[1];
  std::printf("%-34s 1 and 2 threads bit-identical: %s\n", label, identical ? "yes" : "NO");
  return identical;
}

}  // namespace

int main(int argc, char** argv) {
  const bool smoke = fecontact::bench::smoke_run(argc, argv);
  const int runs = smoke ? 1 : 5;
  const int nu = smoke ? 100 : 2500, nv = smoke ? 50 : 2000;  // 2·nu·nv triangles
  const int cells = smoke ? 6 : 55;                           // 6·cells³ tet10 elements

  const std::size_t triad_n = smoke ? 1u << 20 : 40'000'000;  // 3 arrays of 320 MB
  const double bandwidth[2] = {triad_bandwidth(1, triad_n, runs), triad_bandwidth(2, triad_n, runs)};
  std::printf("triad bandwidth: %.2f GB/s (1 thread), %.2f GB/s (2 threads), %d hardware threads\n\n",
              bandwidth[0] / 1e9, bandwidth[1] / 1e9, omp_get_num_procs());

  const auto torus = fecontact::testing::torus_triangles(nu, nv, 3, 1);
  const double surface_bytes = static_cast<double>(torus.triangles.size() * sizeof(torus.triangles[0]) +
                                                   torus.vertices.size() * sizeof(Vector3d));
  std::printf("torus surface: %zu triangles, %zu vertices, %.0f MB to stream\n", torus.triangles.size(),
              torus.vertices.size(), surface_bytes / 1e6);
  bool ok = true;
  fecontact::SurfaceMassResult check;
  ok &= run("surface sum (topology known)", runs, surface_bytes, bandwidth, [&] {
    return fecontact::surface_mass_properties(torus.vertices, torus.triangles, {.check_topology = false}).properties;
  });
  ok &= run("surface with topology check", smoke ? 1 : 3, 0, bandwidth, [&] {
    check = fecontact::surface_mass_properties(torus.vertices, torus.triangles);
    return check.properties;
  });
  const double exact_volume = 2 * std::numbers::pi * std::numbers::pi * 3;
  std::printf("  status %s, volume %.9f vs torus %.9f (inscribed polyhedron)\n\n",
              check.status == fecontact::SurfaceMassStatus::ok ? "ok" : "NOT OK",
              check.properties.volume, exact_volume);
  ok &= check.status == fecontact::SurfaceMassStatus::ok;

  const fecontact::Mesh block = fecontact::testing::structured_mesh(
      fecontact::ElementType::tet10, {cells, cells, cells}, [](const Vector3d& p) {
        return Vector3d(p.x() + 0.1 * std::sin(3 * p.y()) * p.z(), 2 * p.y() + 0.15 * p.x() * p.x(),
                        3 * p.z() + 0.2 * p.x() * p.y());
      });
  std::printf("curved tet10 block: %d elements, %zu nodes\n", block.blocks[0].size(), block.coordinates.size());
  fecontact::ElementMassResult element;
  ok &= run("tet10 block (64 points/element)", smoke ? 1 : 3, 0, bandwidth, [&] {
    element = fecontact::element_mass_properties(block);
    return element.properties;
  });
  std::printf("  status %s, volume %.15f\n", element.status == fecontact::ElementMassStatus::ok ? "ok" : "NOT OK",
              element.properties.volume);
  ok &= element.status == fecontact::ElementMassStatus::ok;
  return ok ? 0 : 1;
}
