// SPDX-License-Identifier: BSD-3-Clause
#include "culling_study.hpp"

#include <charconv>
#include <cmath>
#include <limits>

#include <Eigen/Geometry>

#include "fecontact/bvh/build.hpp"
#include "fecontact/bvh/find_pairs.hpp"
#include "fecontact/bvh/patch_geometry.hpp"
#include "fecontact/bvh/patches.hpp"
#include "fecontact/bvh/refit.hpp"
#include "fecontact/contact/triangle_distance.hpp"
#include "bench.hpp"
#include "prepared_scene.hpp"
#include "scenes.hpp"

namespace fecontact::bench {

namespace {

using bench::Scene;
using bench::TriangleSurface;

template <class Fn>
double median_ms(int runs, Fn&& fn) {
  return 1e3 * bench::median_seconds(runs, fn);
}

std::array<Eigen::Vector3d, 3> triangle(const TriangleSurface& s, Index t) {
  const auto& v = s.triangles[static_cast<std::size_t>(t)];
  return {s.coordinates[std::size_t(v[0])], s.coordinates[std::size_t(v[1])], s.coordinates[std::size_t(v[2])]};
}

// Σ area × 2·tolerance over every face of both surfaces: the volume within the tolerance.
double slab_volume(const Scene& scene) {
  double volume = 0;
  for (const TriangleSurface& s : scene.surfaces)
    for (Index t = 0; t < Index(s.triangles.size()); ++t) {
      const auto v = triangle(s, t);
      volume += 0.5 * (v[1] - v[0]).cross(v[2] - v[0]).norm() * 2 * scene.tolerance;
    }
  return volume;
}

template <class BV>
CullingRow measure(const Scene& scene, const bench::PreparedScene& p, double slab, const char* name, int runs) {
  CullingRow row{scene.name, scene.patches(), name, scene.tolerance};
  BuildConfig config;
  config.tolerance = scene.tolerance;
  std::array<Bvh<BV>, 2> trees;
  row.build_ms = median_ms(runs, [&] {
    for (std::size_t k = 0; k < 2; ++k) trees[k] = build<BV>(p.geometry[k], config);
  });
  PairSearch search;
  row.query_ms = median_ms(runs, [&] { search = find_pairs(trees[0], trees[1]); });
  std::array<Bvh<BV>, 2> refitted = trees;
  row.refit_ms = median_ms(runs, [&] {
    for (std::size_t k = 0; k < 2; ++k) refit(refitted[k], p.moved[k]);
  });
  row.bv_tests = search.counters.bv_tests;
  row.candidates = search.pairs.size();
  for (const PatchPair& pair : search.pairs)
    if (triangle_distance(triangle(scene.surfaces[0], pair.a), triangle(scene.surfaces[1], pair.b)) <=
        scene.tolerance)
      ++row.contacts;
  double volume = 0;
  for (const auto& tree : trees)
    for (const auto& node : tree.nodes)
      for (Index i = node.index; i < node.index + node.prim_count; ++i)
        volume += BoundingVolumeOps<BV>::volume(tree.prim_volume(node, i));
  row.tightness = volume / slab;
  return row;
}

// The shells are 0.002 apart; a search distance of 0.003 makes every inner face touch the
// outer shell, the situation of two meshed bodies in contact.
constexpr double cylinder_tolerance = 0.003;

}  // namespace

double CullingRow::bv_tests_per_contact() const {
  return contacts == 0 ? std::numeric_limits<double>::quiet_NaN() : double(bv_tests) / double(contacts);
}

double CullingRow::false_positive_ratio() const {
  return candidates == 0 ? std::numeric_limits<double>::quiet_NaN()
                         : double(candidates - contacts) / double(candidates);
}

std::vector<CullingRow> culling_study(const CullingSettings& settings,
                                      const std::function<void(const std::string&)>& progress) {
  std::vector<CullingRow> rows;
  for (int level = settings.min_level; level <= settings.max_level; ++level) {
    std::array<Scene, 2> scenes = bench::scenes_of_level(level);
    scenes[1].tolerance = cylinder_tolerance;  // the cylinders
    for (const Scene* scene : {&scenes[0], &scenes[1]}) {
      const std::string what = "level " + std::to_string(level) + "/" + std::to_string(settings.max_level) + ": " +
                               scene->name + ", " + std::to_string(scene->patches()) + " patches";
      progress(what);
      const bench::PreparedScene p = bench::prepare(*scene);
      const double slab = slab_volume(*scene);
      rows.push_back(measure<Aabb>(*scene, p, slab, "aabb", settings.runs));
      progress(what + " (obb)");
      rows.push_back(measure<Obb>(*scene, p, slab, "obb", settings.runs));
    }
  }
  return rows;
}

namespace {

std::string number(double x) {
  if (std::isnan(x)) return "";
  char buffer[32];
  const auto r = std::to_chars(buffer, buffer + sizeof buffer, x);
  return std::string(buffer, r.ptr);
}

}  // namespace

std::string culling_csv(const std::vector<CullingRow>& rows) {
  std::string csv =
      "scene,patches,bv,tolerance,build_ms,refit_ms,query_ms,bv_tests,candidates,contacts,"
      "bv_tests_per_contact,false_positive_ratio,tightness\n";
  for (const auto& r : rows)
    csv += r.scene + ',' + std::to_string(r.patches) + ',' + r.bv + ',' + number(r.tolerance) + ',' +
           number(r.build_ms) + ',' + number(r.refit_ms) + ',' + number(r.query_ms) + ',' +
           std::to_string(r.bv_tests) + ',' + std::to_string(r.candidates) + ',' + std::to_string(r.contacts) +
           ',' + number(r.bv_tests_per_contact()) + ',' + number(r.false_positive_ratio()) + ',' +
           number(r.tightness) + '\n';
  return csv;
}

std::vector<std::string> culling_plots() {
  return {"bv_tests_per_contact.png", "false_positive_ratio.png", "times.png", "tightness.png"};
}

std::string culling_gnuplot_script(const std::vector<CullingRow>& rows) {
  // One datablock per (scene, bv) so that each series is drawn as one connected line:
  // patches, bv tests per contact, false-positive ratio, tightness, build, refit, query (ms).
  const std::array<const char*, 2> scenes = {"sphere_on_block", "coaxial_cylinders"};
  const std::array<const char*, 2> volumes = {"aabb", "obb"};
  std::string s;
  for (std::size_t i = 0; i < 2; ++i)
    for (std::size_t j = 0; j < 2; ++j) {
      s += "$d" + std::to_string(2 * i + j) + " << EOD\n";
      for (const auto& r : rows)
        if (r.scene == scenes[i] && r.bv == volumes[j]) {
          const auto field = [](double x) { return std::isnan(x) ? std::string("NaN") : number(x); };
          s += std::to_string(r.patches) + ' ' + field(r.bv_tests_per_contact()) + ' ' +
               field(r.false_positive_ratio()) + ' ' + field(r.tightness) + ' ' + field(r.build_ms) + ' ' +
               field(r.refit_ms) + ' ' + field(r.query_ms) + '\n';
        }
      s += "EOD\n";
    }
  const auto curves = [&](int column) {
    std::string plot = "plot ";
    for (std::size_t k = 0; k < 4; ++k)
      plot += std::string(k == 0 ? "" : ", ") + "$d" + std::to_string(k) + " using 1:" + std::to_string(column) +
              " with linespoints title '" + scenes[k / 2] + " " + volumes[k % 2] + "'";
    return plot + "\n";
  };
  s += "set terminal pngcairo size 900,600 noenhanced\n"
       "set logscale x\nset xlabel 'patches (faces of both surfaces)'\nset key outside right top\nset grid\n";
  s += "set output 'bv_tests_per_contact.png'\nset logscale y\nset ylabel 'BV tests per contact pair'\n" +
       curves(2);
  s += "set output 'false_positive_ratio.png'\nunset logscale y\nset yrange [0:1]\n"
       "set ylabel 'false-positive candidates / candidates'\n" + curves(3);
  s += "set output 'tightness.png'\nset autoscale y\nset logscale y\n"
       "set ylabel 'patch BV volume / (area x 2 x search distance)'\n" + curves(4);
  s += "set terminal pngcairo size 900,1200 noenhanced\nset output 'times.png'\nset multiplot layout 3,1\n";
  const std::array<const char*, 3> labels = {"build", "refit", "query"};
  for (int k = 0; k < 3; ++k)
    s += std::string("set ylabel '") + labels[std::size_t(k)] + " time, both trees (ms)'\n" + curves(5 + k);
  s += "unset multiplot\n";
  return s;
}

}  // namespace fecontact::bench
