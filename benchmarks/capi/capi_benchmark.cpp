// SPDX-License-Identifier: BSD-3-Clause
// The per-step cost of the C interface against the C++ object it wraps: the block pressed by a
// cylinder of the contact_search benchmark (n × n quad4 master faces, the cylinder's nodes the
// slaves, node-to-surface, AABB trees), searched step after step by a fecontact::ContactSearch
// and by a fecontact_search, alternately (which goes first alternates too), on the same
// coordinates. Timed per step: the C++ search into kept results; the C step; and reading every
// contact (node, face, gap, normal, point) into the caller's arrays, which a C or Fortran solver
// adds. Prints the medians, the C step's difference and ratio to the C++ one; exits 1 when the
// gaps of the two differ at any step.
//   bench_capi [--smoke] [--n N] [--steps S]

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <vector>

#include <omp.h>

#include "fecontact/contact/contact_search.hpp"
#include "fecontact/fecontact.h"
#include "scene.hpp"

namespace bench = fecontact::bench;

namespace {

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return values[values.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  const bool smoke = bench::smoke_run(argc, argv);
  const int n = int(bench::int_option(argc, argv, "--n", smoke ? 24 : 300));
  const int steps = int(bench::int_option(argc, argv, "--steps", smoke ? 3 : 101));
  const bench::ContactScene scene = bench::contact_scene(n);

  fecontact::ContactInterface in;
  in.master = scene.master;
  in.slave_nodes = scene.slave_nodes;
  in.options.tolerance = scene.tolerance;
  fecontact::ContactSearch cpp(scene.mesh.node_count(), {in});
  std::vector<fecontact::InterfaceResult> results;

  std::vector<int64_t> offsets{0}, face_nodes, slaves(scene.slave_nodes.begin(), scene.slave_nodes.end());
  for (const fecontact::SurfaceFace& face : scene.master.faces) {
    face_nodes.insert(face_nodes.end(), face.nodes().begin(), face.nodes().end());
    offsets.push_back(int64_t(face_nodes.size()));
  }
  fecontact_search* c = fecontact_search_new();
  if (!c || fecontact_add_node_to_surface(c, int64_t(scene.master.faces.size()), offsets.data(), face_nodes.data(),
                                          int64_t(slaves.size()), slaves.data(), scene.tolerance) != 0) {
    std::fprintf(stderr, "bench_capi: %s\n", fecontact_last_error());
    return 1;
  }
  std::vector<int64_t> node(slaves.size()), face(slaves.size());
  std::vector<double> gap(slaves.size()), normal(3 * slaves.size()), point(3 * slaves.size());

  std::vector<Eigen::Vector3d> x = scene.mesh.coordinates;
  std::vector<double> cpp_times, c_times, read_times;
  int64_t contacts = 0;
  bool same = true;
  for (int k = 0; k <= steps; ++k) {  // step 0 builds the trees: not timed
    bench::advance(x, scene);
    const auto run_cpp = [&] { return bench::seconds([&] { cpp.search(x, results); }); };
    double t_cpp = 0, t_c = 0, t_read = 0;
    const auto run_c = [&] {
      const double t = bench::seconds([&] { same = fecontact_search_step(c, int64_t(x.size()), x.front().data()) == 0 && same; });
      t_read = bench::seconds([&] {
        same = fecontact_get_contacts(c, 0, int64_t(node.size()), node.data(), face.data(), gap.data(), normal.data(), point.data()) == 0 && same;
      });
      return t;
    };
    if (k % 2) {
      t_cpp = run_cpp();
      t_c = run_c();
    } else {
      t_c = run_c();
      t_cpp = run_cpp();
    }
    contacts = fecontact_contact_count(c, 0);
    const std::vector<double>& expected = results[0].contacts.gap;
    same = same && contacts == int64_t(expected.size()) && std::equal(expected.begin(), expected.end(), gap.begin());
    if (k == 0) continue;
    cpp_times.push_back(t_cpp);
    c_times.push_back(t_c);
    read_times.push_back(t_read);
  }
  fecontact_search_free(c);

  const double m_cpp = median(cpp_times), m_c = median(c_times);
  std::printf("block_cylinder n = %d: %zu master faces, %zu slave nodes, %lld contacts, %d threads, %d steps\n", n,
              scene.master.faces.size(), slaves.size(), static_cast<long long>(contacts), omp_get_max_threads(),
              steps);
  std::printf("| search step | median |\n|---|---|\n");
  std::printf("| C++ ContactSearch::search | %.1f us |\n", 1e6 * m_cpp);
  std::printf("| C fecontact_search_step | %.1f us |\n", 1e6 * m_c);
  std::printf("| C fecontact_get_contacts (all five arrays) | %.1f us |\n", 1e6 * median(read_times));
  std::printf("C step - C++ step: %.2f us (%.4fx)\n", 1e6 * (m_c - m_cpp), m_c / m_cpp);
  if (!same) {
    std::fprintf(stderr, "bench_capi: the C interface's gaps differ from the C++ object's\n");
    return 1;
  }
  return 0;
}
