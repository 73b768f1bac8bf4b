// SPDX-License-Identifier: BSD-3-Clause
// Spectral patches: a cover of the faces by connected patches within the size bound, the
// Fiedler split of strips where the answer is known, disconnected surfaces, determinism.

#include <algorithm>
#include <set>
#include <vector>

#include <boost/test/unit_test.hpp>
#include <omp.h>

#include "fecontact/contact/face_adjacency.hpp"
#include "fecontact/contact/spectral_patches.hpp"
#include "grid_surface.hpp"
#include "spectra.hpp"

using fecontact::Index;
using Eigen::Vector3d;

namespace {

const auto flat = [](const Vector3d& x) { return x; };

// Every face exactly once, every patch connected (breadth-first search inside the patch, over
// an adjacency rebuilt here from shared corner pairs), every patch within the size bound.
void check_patches(const fecontact::Surface& surface, const fecontact::SpectralPatches& patches, Index max_faces) {
  std::vector<int> seen(static_cast<std::size_t>(surface.size()), 0);
  for (const Index f : patches.patches.values) ++seen[static_cast<std::size_t>(f)];
  BOOST_TEST(std::all_of(seen.begin(), seen.end(), [](int n) { return n == 1; }));
  const auto corners = [&](Index f) {
    const auto& face = surface.faces[static_cast<std::size_t>(f)];
    std::set<std::pair<Index, Index>> edges;
    const int n = fecontact::corner_count(face.type);
    for (int k = 0; k < n; ++k) {
      const Index a = face.node_storage[k], b = face.node_storage[(k + 1) % n];
      edges.insert({std::min(a, b), std::max(a, b)});
    }
    return edges;
  };
  for (Index p = 0; p < patches.patches.size(); ++p) {
    const auto patch = patches.patches.row(p);
    BOOST_TEST(!patch.empty());
    BOOST_TEST(static_cast<Index>(patch.size()) <= max_faces);
    BOOST_TEST(std::is_sorted(patch.begin(), patch.end()));
    std::vector<Index> reached{patch[0]};
    for (std::size_t head = 0; head < reached.size(); ++head)
      for (const Index f : patch) {
        if (std::find(reached.begin(), reached.end(), f) != reached.end()) continue;
        const auto a = corners(reached[head]), b = corners(f);
        if (std::any_of(a.begin(), a.end(), [&](const auto& e) { return b.count(e) > 0; })) reached.push_back(f);
      }
    BOOST_TEST(reached.size() == patch.size(), "patch " << p << " is not connected");
    if (p > 0) BOOST_TEST(patches.patches.row(p - 1)[0] < patch[0]);
  }
  BOOST_TEST(patches.fallback_splits == 0);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(spectral_patches)

BOOST_AUTO_TEST_CASE(adjacency_of_a_grid) {
  const auto grid = fecontact::test::grid_surface(4, 3, 1.0, false, flat);
  const fecontact::CompressedRows a = fecontact::face_adjacency(grid.surface);
  // face j·4 + i: neighbours left, right, below, above when they exist
  for (int j = 0; j < 3; ++j)
    for (int i = 0; i < 4; ++i) {
      std::vector<Index> expected;
      if (j > 0) expected.push_back((j - 1) * 4 + i);
      if (i > 0) expected.push_back(j * 4 + i - 1);
      if (i < 3) expected.push_back(j * 4 + i + 1);
      if (j < 2) expected.push_back((j + 1) * 4 + i);
      const auto got = a.row(j * 4 + i);
      BOOST_TEST(std::vector<Index>(got.begin(), got.end()) == expected);
    }
}

BOOST_AUTO_TEST_CASE(a_long_strip_is_cut_across_its_length, *boost::unit_test::label("spectra") *
                                     boost::unit_test::precondition(fecontact::test::spectra_found)) {
  // 40 × 10 cells: λ₂ belongs to the long direction (2 − 2cos(π/40) < 2 − 2cos(π/10)) and its
  // eigenvector is monotone along it, so the median cut is the middle column line.
  const auto grid = fecontact::test::grid_surface(40, 10, 1.0, false, flat);
  const fecontact::SpectralPatches patches = fecontact::spectral_patches(grid.surface, 200);
  BOOST_TEST(patches.patches.size() == 2);
  check_patches(grid.surface, patches, 200);
  for (const Index f : patches.patches.row(0)) BOOST_TEST(f % 40 < 20);
}

BOOST_AUTO_TEST_CASE(grids_meshes_and_bounds, *boost::unit_test::label("spectra") *
                                     boost::unit_test::precondition(fecontact::test::spectra_found)) {
  for (const bool triangles : {false, true})
    for (const Index max_faces : {1, 5, 16, 64}) {
      const auto grid = fecontact::test::grid_surface(23, 17, 0.1, triangles, flat);
      const fecontact::SpectralPatches patches = fecontact::spectral_patches(grid.surface, max_faces);
      check_patches(grid.surface, patches, max_faces);
      // The halving keeps patches compact: on a connected grid no more than 4× the ideal count.
      BOOST_TEST(patches.patches.size() <= 4 * (grid.surface.size() + max_faces - 1) / max_faces);
    }
}

BOOST_AUTO_TEST_CASE(disconnected_surfaces_are_split_by_component_first, *boost::unit_test::label("spectra") *
                                     boost::unit_test::precondition(fecontact::test::spectra_found)) {
  auto a = fecontact::test::grid_surface(6, 6, 1.0, false, flat);
  const auto b = fecontact::test::grid_surface(3, 2, 1.0, true, [](const Vector3d& x) { return Vector3d(x + Vector3d(0, 0, 5)); },
                                               static_cast<Index>(a.nodes.size()));
  a.nodes.insert(a.nodes.end(), b.nodes.begin(), b.nodes.end());
  a.surface.faces.insert(a.surface.faces.end(), b.surface.faces.begin(), b.surface.faces.end());
  const fecontact::SpectralPatches patches = fecontact::spectral_patches(a.surface, 100);
  BOOST_TEST(patches.patches.size() == 2);  // each component fits: no bisection at all
  BOOST_TEST(patches.patches.row(1).size() == 12u);
  check_patches(a.surface, patches, 100);
}

BOOST_AUTO_TEST_CASE(deterministic_and_empty, *boost::unit_test::label("spectra") *
                                     boost::unit_test::precondition(fecontact::test::spectra_found)) {
  // Big enough for Eigen's OpenMP products inside the eigensolver: 1 and 2 threads must agree.
  const auto grid = fecontact::test::grid_surface(60, 50, 1.0, true, flat);
  const int threads = omp_get_max_threads();
  omp_set_num_threads(1);
  const fecontact::SpectralPatches first = fecontact::spectral_patches(grid.surface, 20);
  omp_set_num_threads(2);
  const fecontact::SpectralPatches second = fecontact::spectral_patches(grid.surface, 20);
  omp_set_num_threads(threads);
  BOOST_TEST(first.patches.values == second.patches.values);
  BOOST_TEST(first.patches.offsets == second.patches.offsets);
  const fecontact::SpectralPatches none = fecontact::spectral_patches(fecontact::Surface{}, 1);
  BOOST_TEST(none.patches.size() == 0);
}

BOOST_AUTO_TEST_SUITE_END()
