// SPDX-License-Identifier: BSD-3-Clause
// read_abaqus speed and memory on a structured tet10 deck written at run time: an n x n x n grid
// of unit cubes, each cut into the 6 tetrahedra of Kuhn's triangulation (all with positive
// volume), every node of the doubled grid used as a corner or mid-edge node. The full run
// (n = 55) has 998,250 tet10 elements and 1,367,631 nodes (about 190 MB of text).
//
// Usage: bench_abaqus_read [--smoke] [--cells n] [--runs r]
// Prints the file size, the median read time of r runs and MB/s, and the peak resident memory
// (getrusage) against the size of the final Mesh.

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "bench.hpp"
#include "file_writer.hpp"
#include "kuhn_grid.hpp"
#include "fecontact/io/abaqus_reader.hpp"

namespace {

using fecontact::FileId;
using fecontact::bench::GridPoint;
using fecontact::bench::midpoint;

// Writes the deck; returns the number of elements.
std::size_t write_deck(const std::filesystem::path& path, long n) {
  fecontact::bench::FileWriter out(path);
  const long m = 2 * n + 1;  // doubled-grid points per axis
  const auto id = [m](const GridPoint& p) { return 1 + p[0] + m * (p[1] + m * p[2]); };
  out.text("** structured tet10 benchmark deck\n*NODE, NSET=Nall\n");
  for (long k = 0; k < m; ++k)
    for (long j = 0; j < m; ++j)
      for (long i = 0; i < m; ++i) {
        out.number(id({i, j, k}));
        for (const long c : {i, j, k}) {
          out.text(", ");
          out.scientific(0.5 * static_cast<double>(c), 12);  // fixed width, as CalculiX decks are written
        }
        out.text("\n");
      }
  out.text("*ELEMENT, TYPE=C3D10, ELSET=Eall\n");
  std::size_t count = 0;
  fecontact::bench::for_each_kuhn_tetrahedron(n, [&](const std::array<GridPoint, 4>& c) {
    // C3D10: corners, then the edges 0-1, 1-2, 2-0, 0-3, 1-3, 2-3.
    const std::array<GridPoint, 10> nodes = {c[0], c[1], c[2], c[3], midpoint(c[0], c[1]),
                                             midpoint(c[1], c[2]), midpoint(c[2], c[0]), midpoint(c[0], c[3]),
                                             midpoint(c[1], c[3]), midpoint(c[2], c[3])};
    out.number(++count);
    for (const GridPoint& p : nodes) {
      out.text(", ");
      out.number(id(p));
    }
    out.text("\n");
  });
  return count;
}

std::size_t mesh_bytes(const fecontact::Mesh& mesh) {
  std::size_t bytes = mesh.coordinates.capacity() * sizeof(Eigen::Vector3d) +
                      mesh.node_ids.capacity() * sizeof(FileId) +
                      mesh.node_index.bucket_count() * sizeof(void*) +
                      mesh.node_index.size() * 32;  // hash node: next pointer + pair, rounded
  for (const auto& block : mesh.blocks)
    bytes += block.connectivity.capacity() * sizeof(fecontact::Index) +
             block.element_ids.capacity() * sizeof(FileId);
  for (const auto& set : mesh.node_sets) bytes += set.nodes.capacity() * sizeof(fecontact::Index);
  for (const auto& set : mesh.element_sets)
    bytes += set.elements.capacity() * sizeof(fecontact::ElementRef);
  return bytes;
}

// User + system CPU seconds of this process: on a shared machine the wall clock also counts
// the time other processes held the cores.
double cpu_seconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  const auto seconds = [](const timeval& t) {
    return static_cast<double>(t.tv_sec) + 1e-6 * static_cast<double>(t.tv_usec);
  };
  return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

double peak_mb() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_maxrss) / 1024.0;  // ru_maxrss is in KiB on Linux
}

}  // namespace

int main(int argc, char** argv) {
  const bool smoke = fecontact::bench::smoke_run(argc, argv);
  const long cells = fecontact::bench::int_option(argc, argv, "--cells", smoke ? 6 : 55);
  const int runs = int(fecontact::bench::int_option(argc, argv, "--runs", smoke ? 1 : 5));
  const std::filesystem::path path =
      std::filesystem::temp_directory_path() /
      ("fecontact-abaqus-bench-" + std::to_string(::getpid()) + ".inp");
  const std::size_t elements = write_deck(path, cells);
  const double megabytes = static_cast<double>(std::filesystem::file_size(path)) / 1e6;
  const double baseline = peak_mb();

  fecontact::bench::Checksum checksum;
  std::size_t bytes = 0;
  fecontact::Index nodes = 0;
  bool whole = true;
  std::vector<double> cpu;
  const double seconds = fecontact::bench::median_seconds(runs, [&] {
    const double cpu_start = cpu_seconds();
    const fecontact::Mesh mesh = fecontact::read_abaqus(path);
    cpu.push_back(cpu_seconds() - cpu_start);
    nodes = mesh.node_count();
    bytes = mesh_bytes(mesh);
    whole =
        mesh.blocks.size() == 1 && mesh.blocks[0].size() == static_cast<fecontact::Index>(elements);
    checksum = {};
    checksum.add(mesh.coordinates.data(), mesh.coordinates.size() * sizeof(Eigen::Vector3d));
    checksum.add(mesh.blocks[0].connectivity.data(),
                 mesh.blocks[0].connectivity.size() * sizeof(fecontact::Index));
  });
  const double peak = peak_mb();
  std::filesystem::remove(path);
  if (!whole) {
    std::printf("error: the mesh read back does not hold the %zu elements written\n", elements);
    return 1;
  }
  std::printf("deck: %ld^3 cells, %zu tet10 elements, %d nodes, %.1f MB\n", cells, elements, nodes,
              megabytes);
  std::sort(cpu.begin(), cpu.end());
  const double cpu_median = cpu[cpu.size() / 2];
  std::printf("read_abaqus: median %.3f s wall (%.1f MB/s), %.3f s CPU (%.1f MB/s), %d runs\n",
              seconds, megabytes / seconds, cpu_median, megabytes / cpu_median, runs);
  std::printf(
      "memory: peak RSS %.1f MB (%.1f MB before reading), final mesh %.1f MB, "
      "peak / mesh = %.2f\n",
      peak, baseline, static_cast<double>(bytes) / 1e6, peak / (static_cast<double>(bytes) / 1e6));
  std::printf("checksum %016llx\n", static_cast<unsigned long long>(checksum.value()));
  return 0;
}
