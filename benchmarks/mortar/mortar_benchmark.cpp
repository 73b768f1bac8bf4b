// SPDX-License-Identifier: BSD-3-Clause
// Mortar preprocessing against the search that feeds it: on one interface, the steady-state
// surface-to-surface search step (refit, broad and narrow phase: every face pair within the
// distance) and the mortar step on its pairs (cells, quadrature points, D, M, weighted gaps),
// each the median of several runs, on 1 and 2 threads. Scenes: the coaxial cylinders of
// common/scenes.hpp (tri3, radii 1 and 1.002; the outer shell's faces turned inward, as the
// inside of a tube faces its content), distance 2e-3; and a flat interface of 316 × 316 quad4
// slave faces under 331 × 331 master faces 1e-3 above. Prints one row per scene and thread
// count: seconds of each, their ratio, cells per second, and a checksum of the mortar result
// (the same on 1 and 2 threads, or the program exits 1).
//   bench_mortar [--smoke] [--cylinder-triangles N] [--flat-cells N] [--runs R]

#include <cstdio>
#include <string>
#include <vector>

#include <omp.h>

#include "bench.hpp"
#include "fecontact/contact/contact_search.hpp"
#include "fecontact/contact/mortar/mortar_integration.hpp"
#include "scenes.hpp"

namespace {

using namespace fecontact;
using Eigen::Vector3d;

struct Interface {
  std::string name;
  std::vector<Vector3d> nodes;
  ContactInterface interface;
};

Surface triangles_of(const bench::TriangleSurface& s, Index offset, bool reversed) {
  Surface surface;
  for (const auto& t : s.triangles) {
    SurfaceFace face;
    face.type = ElementType::tri3;
    face.node_storage = {t[0] + offset, reversed ? t[2] + offset : t[1] + offset, reversed ? t[1] + offset : t[2] + offset};
    surface.faces.push_back(face);
  }
  return surface;
}

Interface cylinders(std::size_t triangles) {
  const bench::Scene scene = bench::coaxial_cylinders(triangles);
  Interface in{"coaxial_cylinders", scene.surfaces[0].coordinates, {}};
  const auto offset = static_cast<Index>(in.nodes.size());
  in.nodes.insert(in.nodes.end(), scene.surfaces[1].coordinates.begin(), scene.surfaces[1].coordinates.end());
  in.interface.mode = ContactMode::surface_to_surface;
  in.interface.slave = triangles_of(scene.surfaces[0], 0, false);
  in.interface.master = triangles_of(scene.surfaces[1], offset, true);
  in.interface.options.tolerance = 2e-3;
  return in;
}

// An n × n grid of quad4 faces over [x0, x0 + size]² at height z, normal +z or (down) −z.
Surface quad_grid(std::vector<Vector3d>& nodes, int n, double x0, double size, double z, bool down) {
  const auto first = static_cast<Index>(nodes.size());
  for (int j = 0; j <= n; ++j)
    for (int i = 0; i <= n; ++i) nodes.emplace_back(x0 + size * i / n, x0 + size * j / n, z);
  const auto at = [&](int i, int j) { return first + j * (n + 1) + i; };
  Surface s;
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) {
      SurfaceFace f;
      f.type = ElementType::quad4;
      f.node_storage = down ? std::array<Index, 9>{at(i, j), at(i, j + 1), at(i + 1, j + 1), at(i + 1, j)}
                            : std::array<Index, 9>{at(i, j), at(i + 1, j), at(i + 1, j + 1), at(i, j + 1)};
      s.faces.push_back(f);
    }
  return s;
}

Interface flat(int n) {
  Interface in{"flat_quad4", {}, {}};
  in.interface.mode = ContactMode::surface_to_surface;
  in.interface.slave = quad_grid(in.nodes, n, 0, 1, 0, false);
  in.interface.master = quad_grid(in.nodes, n + n / 20, -0.01, 1.02, 1e-3, true);
  in.interface.options.tolerance = 2e-3;
  return in;
}

std::uint64_t checksum(const MortarResult& r) {
  bench::Checksum c;
  c.add(r.point_weight.data(), r.point_weight.size() * sizeof(double));
  c.add(r.D.values.data(), r.D.values.size() * sizeof(double));
  c.add(r.M.values.data(), r.M.values.size() * sizeof(double));
  c.add(r.weighted_gap.data(), r.weighted_gap.size() * sizeof(double));
  return c.value();
}

// The rows of one scene; 1 when the checksums differ between thread counts.
int run(const Interface& in, int runs) {
  std::uint64_t first_checksum = 0;
  double mortar_one_thread = 0;
  int status = 0;
  for (const int threads : {1, 2}) {
    omp_set_num_threads(threads);
    ContactSearch search(static_cast<Index>(in.nodes.size()), {in.interface});
    std::vector<InterfaceResult> results;
    search.search(in.nodes, results);  // builds the trees: a solver's later steps refit them
    const double search_seconds = bench::median_seconds(runs, [&] { search.search(in.nodes, results); });
    MortarIntegration mortar;
    MortarResult result;
    const ContactInterface& interface = search.interfaces()[0];
    mortar.compute(interface, results[0], in.nodes, {}, result);  // grows the buffers
    const double mortar_seconds =
        bench::median_seconds(runs, [&] { mortar.compute(interface, results[0], in.nodes, {}, result); });
    // The step with the weighted gaps' Jacobian (MortarDerivatives), beside the values step.
    MortarDerivatives derivatives;
    mortar.compute(interface, results[0], in.nodes, {}, result, derivatives);
    const double derivative_seconds = bench::median_seconds(
        runs, [&] { mortar.compute(interface, results[0], in.nodes, {}, result, derivatives); });
    const std::uint64_t sum = checksum(result);
    if (threads == 1) {
      first_checksum = sum;
      mortar_one_thread = mortar_seconds;
    } else if (sum != first_checksum) {
      std::printf("# %s: the mortar result differs between 1 and 2 threads\n", in.name.c_str());
      status = 1;
    }
    std::printf("%-18s %7zu %7zu %8zu %9d %2d %10.4f %10.4f %8.2f %8.2f %12.3e %10.4f %8.2f %016llx\n", in.name.c_str(),
                interface.slave.faces.size(), interface.master.faces.size(), results[0].pair_slave.size(),
                result.cell_count(), threads, search_seconds, mortar_seconds, mortar_seconds / search_seconds,
                mortar_one_thread / mortar_seconds, result.cell_count() / mortar_seconds, derivative_seconds,
                derivative_seconds / mortar_seconds, static_cast<unsigned long long>(sum));
  }
  return status;
}

}  // namespace

int main(int argc, char** argv) {
  const bool smoke = bench::smoke_run(argc, argv);
  // 82,100 requested: 359 × 114 cells, 81,852 triangles on the inner shell (as bench_face_pairs).
  const auto cylinder_triangles = std::size_t(bench::int_option(argc, argv, "--cylinder-triangles", smoke ? 500 : 82100));
  const int flat_cells = int(bench::int_option(argc, argv, "--flat-cells", smoke ? 20 : 316));
  const int runs = int(bench::int_option(argc, argv, "--runs", smoke ? 1 : 5));
  std::printf("# mortar: --cylinder-triangles %zu, --flat-cells %d, --runs %d (medians)\n", cylinder_triangles,
              flat_cells, runs);
  std::printf("%-18s %7s %7s %8s %9s %2s %10s %10s %8s %8s %12s %10s %8s %16s\n", "scene", "slave", "master", "pairs",
              "cells", "th", "search_s", "mortar_s", "ratio", "speedup", "cells_per_s", "jacobian_s", "/mortar", "checksum");
  int status = run(cylinders(cylinder_triangles), runs);
  status |= run(flat(flat_cells), runs);
  return status;
}
