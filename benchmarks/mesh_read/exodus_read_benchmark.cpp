// SPDX-License-Identifier: BSD-3-Clause
// Speed and peak memory of read_exodus against read_gmsh on one hex8 mesh: a cube of n^3 hex8
// (10^6 for n = 100) saved as Exodus II (write_exodus) and as Gmsh .msh 4.1 binary. The files are
// written by a forked child and each read runs in a forked child of its own, so that its memory
// (peak resident size above the size at its start, getrusage) is its own; the files are in the
// page cache (just written), so the figures are reading speed, not disk speed.
//
// Usage: bench_exodus_read [--smoke] [--cells n] [--runs r]

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include <fecontact/io/exodus_writer.hpp>
#include <fecontact/io/gmsh_reader.hpp>
#include <fecontact/io/read_mesh.hpp>

#include "bench.hpp"
#include "child_measure.hpp"
#include "file_writer.hpp"

namespace {

// The n^3 hex8 cube [0,1]^3, node (i,j,k) numbered i + m(j + m k) + 1 with m = n + 1.
fecontact::Mesh hex_cube(int n) {
  fecontact::Mesh mesh;
  const int m = n + 1;
  for (int k = 0; k < m; ++k)
    for (int j = 0; j < m; ++j)
      for (int i = 0; i < m; ++i) {
        mesh.node_ids.push_back(static_cast<fecontact::FileId>(mesh.coordinates.size() + 1));
        mesh.coordinates.emplace_back(double(i) / n, double(j) / n, double(k) / n);
      }
  fecontact::ElementBlock block{"solid", fecontact::ElementType::hex8, {}, {}};
  const auto node = [m](int i, int j, int k) { return i + m * (j + m * k); };
  for (int k = 0; k < n; ++k)
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i) {
        for (const int c : {node(i, j, k), node(i + 1, j, k), node(i + 1, j + 1, k), node(i, j + 1, k),
                            node(i, j, k + 1), node(i + 1, j, k + 1), node(i + 1, j + 1, k + 1), node(i, j + 1, k + 1)})
          block.connectivity.push_back(c);
        block.element_ids.push_back(static_cast<fecontact::FileId>(block.element_ids.size() + 1));
      }
  mesh.blocks.push_back(std::move(block));
  return mesh;
}

// .msh 4.1 binary: one volume entity (physical "solid"), one node block, one hex8 block (type 5).
void write_gmsh_binary(const std::filesystem::path& path, const fecontact::Mesh& mesh) {
  fecontact::bench::FileWriter out(path);
  const auto& block = mesh.blocks[0];
  const auto nodes = static_cast<std::uint64_t>(mesh.coordinates.size());
  const auto elements = static_cast<std::uint64_t>(block.size());
  out.text("$MeshFormat\n4.1 1 8\n");
  out.raw(std::int32_t{1});
  out.text("\n$EndMeshFormat\n$PhysicalNames\n1\n3 1 \"solid\"\n$EndPhysicalNames\n$Entities\n");
  for (const std::uint64_t count : {0, 0, 0, 1}) out.raw(count);
  out.raw(std::int32_t{1});
  for (const double b : {0.0, 0.0, 0.0, 1.0, 1.0, 1.0}) out.raw(b);
  out.raw(std::uint64_t{1}), out.raw(std::int32_t{1}), out.raw(std::uint64_t{0});
  out.text("\n$EndEntities\n$Nodes\n");
  for (const std::uint64_t v : {std::uint64_t{1}, nodes, std::uint64_t{1}, nodes}) out.raw(v);
  out.raw(std::int32_t{3}), out.raw(std::int32_t{1}), out.raw(std::int32_t{0}), out.raw(nodes);
  for (std::uint64_t t = 1; t <= nodes; ++t) out.raw(t);
  for (const auto& x : mesh.coordinates) out.raw(x.x()), out.raw(x.y()), out.raw(x.z());
  out.text("\n$EndNodes\n$Elements\n");
  for (const std::uint64_t v : {std::uint64_t{1}, elements, std::uint64_t{1}, elements}) out.raw(v);
  out.raw(std::int32_t{3}), out.raw(std::int32_t{1}), out.raw(std::int32_t{5}), out.raw(elements);
  for (std::uint64_t e = 0; e < elements; ++e) {
    out.raw(e + 1);
    for (const fecontact::Index n : block.element(static_cast<fecontact::Index>(e)))
      out.raw(static_cast<std::uint64_t>(n) + 1);
  }
  out.text("\n$EndElements\n");
}

struct Measure {
  double seconds = 0;
  long peak_kib = 0, start_kib = 0;
  std::uint64_t checksum = 0;
  int ok = 0;
};

}  // namespace

int main(int argc, char** argv) {
  const bool smoke = fecontact::bench::smoke_run(argc, argv);
  const int n = int(fecontact::bench::int_option(argc, argv, "--cells", smoke ? 6 : 100));
  const int runs = int(fecontact::bench::int_option(argc, argv, "--runs", smoke ? 1 : 3));
  const auto folder = std::filesystem::temp_directory_path() / ("fecontact_exodus_read_" + std::to_string(getpid()));
  std::filesystem::create_directories(folder);
  const auto gmsh = folder / "hex8.msh", exodus = folder / "hex8.e";
  const Measure written = fecontact::bench::in_child<Measure>([&](Measure&) {
    const fecontact::Mesh mesh = hex_cube(n);
    write_gmsh_binary(gmsh, mesh);
    fecontact::write_exodus(exodus, mesh);
  });
  std::printf("hex8 cube: %d^3 = %lld elements, %d^3 nodes; %d runs each (median time, largest peak)\n", n,
              static_cast<long long>(n) * n * n, n + 1, runs);
  int failures = written.ok ? 0 : 1;
  double time[2] = {0, 0}, memory[2] = {0, 0};
  std::uint64_t checksums[2] = {0, 0};
  for (const int format : {0, 1}) {
    const auto& path = format == 0 ? gmsh : exodus;
    std::vector<double> times;
    long extra = 0;
    for (int r = 0; r < runs; ++r) {
      const Measure m = fecontact::bench::in_child<Measure>([&](Measure& m) {
        fecontact::Mesh mesh;
        m.seconds = fecontact::bench::seconds([&] { mesh = fecontact::read_mesh(path); });
        fecontact::bench::Checksum checksum;
        for (const auto& x : mesh.coordinates) checksum.add(x.x() + 2 * x.y() + 3 * x.z());
        const auto& c = mesh.blocks.at(0).connectivity;
        checksum.add(c.data(), c.size() * sizeof(fecontact::Index));
        m.checksum = checksum.value();
      });
      if (!m.ok) ++failures;
      times.push_back(m.seconds);
      extra = std::max(extra, m.peak_kib - m.start_kib);
      checksums[format] = m.checksum;
    }
    std::sort(times.begin(), times.end());
    time[format] = times[times.size() / 2];
    memory[format] = extra / 1024.0 * 1.048576;
    std::printf("%-14s %8.1f MB file  read %7.3f s  memory %7.1f MB (peak RSS above start)\n",
                format == 0 ? "gmsh 4.1 bin" : "exodus", double(std::filesystem::file_size(path)) / 1e6,
                time[format], memory[format]);
  }
  std::printf("exodus / gmsh: time %.2f, memory %.2f; same mesh: %s\n", time[1] / time[0], memory[1] / memory[0],
              checksums[0] == checksums[1] ? "yes" : "NO");
  if (checksums[0] != checksums[1]) ++failures;
  std::filesystem::remove_all(folder);
  return failures == 0 ? 0 : 1;
}
