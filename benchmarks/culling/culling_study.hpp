// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The AABB-versus-OBB culling study (bench_culling): the benchmarks' generated contact scenes
// (benchmarks/common/scenes.hpp) at growing resolution, each searched with both volumes.

#include <functional>
#include <string>
#include <vector>

namespace fecontact::bench {

/// One scene at one resolution with one kind of volume.
struct CullingRow {
  std::string scene;
  std::size_t patches = 0;  ///< faces of both surfaces (one face per patch)
  std::string bv;           ///< "aabb" or "obb"
  double tolerance = 0;
  double build_ms = 0, refit_ms = 0, query_ms = 0;  ///< medians, both trees
  std::uint64_t bv_tests = 0;
  std::uint64_t candidates = 0;  ///< face pairs whose volumes overlap
  std::uint64_t contacts = 0;    ///< of them, pairs whose exact distance is <= tolerance
  double tightness = 0;  ///< sum of the patch volumes / sum of (area x 2 tolerance) of the faces
  double bv_tests_per_contact() const;   ///< NaN without contacts
  double false_positive_ratio() const;   ///< (candidates - contacts) / candidates; NaN if none
};

struct CullingSettings {
  int min_level = 2, max_level = 5;  ///< icosphere levels (20·4^level sphere triangles)
  int runs = 3;                      ///< timings are medians of this many runs
};

/// Runs the study; `progress` is told what is being run.
std::vector<CullingRow> culling_study(const CullingSettings& settings,
                                      const std::function<void(const std::string&)>& progress);

/// CSV with a header line (columns as CullingRow, with the two ratios), doubles round-trip.
std::string culling_csv(const std::vector<CullingRow>& rows);

/// A gnuplot script holding the figures of `rows` that writes the PNG plots (culling_plots).
std::string culling_gnuplot_script(const std::vector<CullingRow>& rows);

/// The PNG files the script writes.
std::vector<std::string> culling_plots();

}  // namespace fecontact::bench
