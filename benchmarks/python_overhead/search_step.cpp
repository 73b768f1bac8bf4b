// SPDX-License-Identifier: BSD-3-Clause
// One node-to-surface contact search step as a solver makes it from C++: a ContactSearch built
// once, searched again and again at the same coordinates into results it keeps. Prints the
// median time of a step (after the first, which builds the trees) and the results' size and
// checksum, which search_overhead.py compares with the same step made from Python.
//
// usage: bench_search_step MESH SLAVE MASTER TOLERANCE [--runs N] [--bv aabb|obb|dual]

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "bench.hpp"
#include "fecontact/contact/contact_definitions.hpp"
#include "fecontact/frontend/option_names.hpp"
#include "fecontact/io/read_mesh.hpp"

namespace {

using namespace fecontact;

ContactSurface named(const Mesh& mesh, const char* name) {
  const SurfaceDefinition* definition = find_surface_definition(mesh, name);
  if (!definition) {
    std::fprintf(stderr, "no surface named '%s'\n", name);
    std::exit(1);
  }
  return contact_surface(mesh, *definition);
}

BvKind bv_option(const std::string& text) {
  if (const auto bv = bv_kind_named(text)) return *bv;
  std::fprintf(stderr, "--bv: expected %s, got '%s'\n", bv_kind_names().c_str(), text.c_str());
  std::exit(2);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 5) {
    std::fprintf(stderr, "usage: bench_search_step MESH SLAVE MASTER TOLERANCE [--runs N] [--bv aabb|obb|dual]\n");
    return 2;
  }
  const Mesh mesh = read_mesh(argv[1]);
  SearchOptions options;
  options.tolerance = std::atof(argv[4]);
  std::string bv = "aabb";
  for (int i = 5; i + 1 < argc; ++i)
    if (std::string(argv[i]) == "--bv") bv = argv[i + 1];
  options.bv = bv_option(bv);
  ContactSearch search(mesh, {make_contact_interface(ContactMode::node_to_surface, named(mesh, argv[2]), argv[2],
                                                     named(mesh, argv[3]), argv[3], options)});
  std::vector<InterfaceResult> results;
  search.search(mesh.coordinates, results);  // builds the trees
  const long runs = bench::int_option(argc, argv, "--runs", 200);
  const double median = bench::median_seconds(int(runs), [&] { search.search(mesh.coordinates, results); });
  bench::Checksum checksum;
  for (const double gap : results.front().contacts.gap) checksum.add(gap);
  std::printf("median_us %.3f contacts %zu checksum %016llx\n", median * 1e6, results.front().contacts.size(),
              static_cast<unsigned long long>(checksum.value()));
  return 0;
}
