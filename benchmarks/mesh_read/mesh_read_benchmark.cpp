// SPDX-License-Identifier: BSD-3-Clause
// Speed and peak memory of read_gmsh on a large tet10 mesh in .msh 4.1, ASCII and binary.
//
// The mesh is a cube of n^3 cells, each split into 6 tets along its diagonal (Kuhn), with the
// tet10 midside nodes on the half-step grid (every half-step point is a node): 6 n^3 elements,
// (2n+1)^3 nodes. It is written by this program, streaming, into a temporary folder. Each read
// runs in a forked child, so that its peak resident memory (getrusage) is its own; the file is
// in the page cache (just written), so the figures are parsing speed, not disk speed.
//
// Usage: bench_mesh_read [--smoke] [--cells n] [--runs r] [--dir folder]

#include <sys/resource.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include <Eigen/Geometry>

#include <fecontact/io/gmsh_reader.hpp>

#include "bench.hpp"
#include "child_measure.hpp"
#include "file_writer.hpp"
#include "kuhn_grid.hpp"

namespace {

using fecontact::bench::GridPoint;
using fecontact::bench::midpoint;

/// Writes the structured tet10 mesh of n^3 cells in .msh 4.1 (one volume entity, physical "solid").
void write_mesh(const std::filesystem::path& path, int n, bool binary) {
  fecontact::bench::FileWriter out(path);
  const int m = 2 * n + 1;
  const auto tag = [m](const GridPoint& p) {
    return static_cast<std::uint64_t>(p[0] + m * (p[1] + m * p[2])) + 1;
  };
  const std::uint64_t nodes = static_cast<std::uint64_t>(m) * m * m;
  const std::uint64_t elements = 6ull * n * n * n;
  const auto size = [&](std::uint64_t v, char after) {
    binary ? out.raw(v) : out.number(v, after);
  };
  const auto integer = [&](int v, char after) {
    binary ? out.raw(static_cast<std::int32_t>(v)) : out.number(v, after);
  };
  const auto real = [&](double v, char after) { binary ? out.raw(v) : out.number(v, after); };
  out.text(binary ? "$MeshFormat\n4.1 1 8\n" : "$MeshFormat\n4.1 0 8\n");
  if (binary) {
    out.raw(std::int32_t{1});
    out.text("\n");
  }
  out.text("$EndMeshFormat\n$PhysicalNames\n1\n3 1 \"solid\"\n$EndPhysicalNames\n$Entities\n");
  size(0, ' '), size(0, ' '), size(0, ' '), size(1, '\n');
  integer(1, ' ');
  for (const double b : {0.0, 0.0, 0.0, 1.0, 1.0, 1.0}) real(b, ' ');
  size(1, ' '), integer(1, ' '), size(0, '\n');
  out.text(binary ? "\n$EndEntities\n$Nodes\n" : "$EndEntities\n$Nodes\n");
  size(1, ' '), size(nodes, ' '), size(1, ' '), size(nodes, '\n');
  integer(3, ' '), integer(1, ' '), integer(0, ' '), size(nodes, '\n');
  for (std::uint64_t t = 1; t <= nodes; ++t) size(t, '\n');
  const double h = 0.5 / n;
  for (int k = 0; k < m; ++k)
    for (int j = 0; j < m; ++j)
      for (int i = 0; i < m; ++i) real(i * h, ' '), real(j * h, ' '), real(k * h, '\n');
  out.text(binary ? "\n$EndNodes\n$Elements\n" : "$EndNodes\n$Elements\n");
  size(1, ' '), size(elements, ' '), size(1, ' '), size(elements, '\n');
  integer(3, ' '), integer(1, ' '), integer(11, ' '), size(elements, '\n');
  std::uint64_t id = 1;
  fecontact::bench::for_each_kuhn_tetrahedron(n, [&](const std::array<GridPoint, 4>& v) {
    // Gmsh's tet10 order: corners, then the edges 0-1, 1-2, 2-0, 3-0, 3-2, 3-1.
    const std::array<GridPoint, 10> nodes10 = {v[0], v[1], v[2], v[3], midpoint(v[0], v[1]),
                                               midpoint(v[1], v[2]), midpoint(v[2], v[0]), midpoint(v[3], v[0]),
                                               midpoint(v[3], v[2]), midpoint(v[3], v[1])};
    size(id++, ' ');
    for (int q = 0; q < 10; ++q) size(tag(nodes10[q]), q == 9 ? '\n' : ' ');
  });
  out.text(binary ? "\n$EndElements\n" : "$EndElements\n");
}

struct Measure {
  double seconds = 0, cpu_seconds = 0;  // wall clock, and user + system time of the read
  long peak_kib = 0, start_kib = 0;
  double mesh_mb = 0, index_mb = 0;
  std::uint64_t checksum = 0, elements = 0;
  double volume = 0;  // of all tets: 1 for the unit cube if the mesh is read right
  int ok = 0;
};

/// One read in a forked child: time, peak memory, sizes and a checksum of the mesh.
Measure read_in_child(const std::filesystem::path& path) {
  return fecontact::bench::in_child<Measure>([&](Measure& m) {
    fecontact::Mesh mesh;
    const auto cpu = [] {
      rusage u{};
      getrusage(RUSAGE_SELF, &u);
      return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
             1e-6 * static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec);
    };
    const double cpu_start = cpu();
    m.seconds = fecontact::bench::seconds([&] { mesh = fecontact::read_gmsh(path); });
    m.cpu_seconds = cpu() - cpu_start;
    const auto& block = mesh.blocks.at(0);
    m.mesh_mb = (mesh.coordinates.capacity() * sizeof(Eigen::Vector3d) +
                 mesh.node_ids.capacity() * sizeof(fecontact::FileId) +
                 block.connectivity.capacity() * sizeof(fecontact::Index) +
                 block.element_ids.capacity() * sizeof(fecontact::FileId)) /
                1e6;
    // libstdc++ node: next pointer, key, value, cached hash; plus one bucket pointer each.
    m.index_mb = (mesh.node_index.size() * 32.0 + mesh.node_index.bucket_count() * 8.0) / 1e6;
    fecontact::bench::Checksum checksum;
    for (const auto& x : mesh.coordinates) checksum.add(x.x() + 2 * x.y() + 3 * x.z());
    checksum.add(block.connectivity.data(), block.connectivity.size() * sizeof(fecontact::Index));
    m.checksum = checksum.value();
    m.elements = static_cast<std::uint64_t>(block.size());
    for (fecontact::Index e = 0; e < block.size(); ++e) {
      const auto t = block.element(e);
      const auto& a = mesh.coordinates[static_cast<std::size_t>(t[0])];
      m.volume += (mesh.coordinates[static_cast<std::size_t>(t[1])] - a)
                      .cross(mesh.coordinates[static_cast<std::size_t>(t[2])] - a)
                      .dot(mesh.coordinates[static_cast<std::size_t>(t[3])] - a) /
                  6.0;
    }
  });
}

}  // namespace

int main(int argc, char** argv) {
  const bool smoke = fecontact::bench::smoke_run(argc, argv);
  const int n = int(fecontact::bench::int_option(argc, argv, "--cells", smoke ? 4 : 55));
  const int runs = int(fecontact::bench::int_option(argc, argv, "--runs", smoke ? 1 : 5));
  std::filesystem::path folder =
      std::filesystem::temp_directory_path() / ("fecontact_mesh_read_" + std::to_string(getpid()));
  for (int i = 1; i + 1 < argc; ++i)
    if (std::string_view(argv[i]) == "--dir")
      folder =
          std::filesystem::path(argv[i + 1]) / ("fecontact_mesh_read_" + std::to_string(getpid()));
  std::filesystem::create_directories(folder);
  const std::uint64_t expected = 6ull * n * n * n;
  std::printf("tet10 mesh: %d^3 cells, %llu elements, %d^3 nodes; %d runs each (median)\n", n,
              static_cast<unsigned long long>(expected), 2 * n + 1, runs);
  int failures = 0;
  for (const bool binary : {false, true}) {
    const auto path = folder / (binary ? "tet10_binary.msh" : "tet10_ascii.msh");
    write_mesh(path, n, binary);
    const double file_mb = static_cast<double>(std::filesystem::file_size(path)) / 1e6;
    std::vector<Measure> measures;
    for (int r = 0; r < runs; ++r) measures.push_back(read_in_child(path));
    std::vector<double> times, cpu_times;
    long peak = 0, start = 0;
    for (const auto& m : measures) {
      if (!m.ok || m.elements != expected || std::abs(m.volume - 1.0) > 1e-9 ||
          m.checksum != measures[0].checksum)
        ++failures;
      times.push_back(m.seconds);
      cpu_times.push_back(m.cpu_seconds);
      peak = std::max(peak, m.peak_kib);
      start = std::max(start, m.start_kib);
    }
    std::sort(times.begin(), times.end());
    std::sort(cpu_times.begin(), cpu_times.end());
    const double median = times[times.size() / 2], cpu_median = cpu_times[cpu_times.size() / 2];
    const Measure& m = measures[0];
    std::printf(
        "%-6s %8.1f MB  read %7.3f s wall %7.1f MB/s, %7.3f s cpu %7.1f MB/s  peak RSS %7.1f MB "
        "(start %5.1f)  mesh %7.1f MB + node_index ~%6.1f MB  "
        "peak/mesh %.2f  checksum %016llx\n",
        binary ? "binary" : "ascii", file_mb, median, file_mb / median, cpu_median,
        file_mb / cpu_median, peak / 1024.0 * 1.048576, start / 1024.0 * 1.048576, m.mesh_mb,
        m.index_mb, (peak - start) / 1024.0 * 1.048576 / (m.mesh_mb + m.index_mb),
        static_cast<unsigned long long>(m.checksum));
    std::filesystem::remove(path);
  }
  std::filesystem::remove_all(folder);
  if (failures > 0) std::printf("FAILED: %d reads gave a wrong or differing mesh\n", failures);
  return failures == 0 ? 0 : 1;
}
