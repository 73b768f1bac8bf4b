// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Reference answers for the BVH suites: patch volumes fitted one by one or read from a tree, and
// all overlapping pairs found without a tree (a sweep over x of padded bounding boxes, then the exact test of
// every candidate: the same pairs as testing all n² pairs, in a time the sanitizer build allows).

#include <algorithm>
#include <functional>
#include <limits>
#include <span>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <Eigen/Geometry>

#include "fecontact/bvh/bounding_volume.hpp"
#include "fecontact/bvh/bvh.hpp"
#include "fecontact/bvh/find_pairs.hpp"
#include "fecontact/bvh/patch_geometry.hpp"
#include "fecontact/geometry/detail/box_conversions.hpp"
#include "fecontact/geometry/overlap.hpp"

namespace fecontact::test {

template <class BV>
std::vector<BV> patch_volumes(const PatchGeometry& geometry, double tolerance) {
  using Ops = BoundingVolumeOps<BV>;
  std::vector<BV> volumes;
  for (Index p = 0; p < geometry.size(); ++p)
    volumes.push_back(Ops::inflate(Ops::fit(Ops::summarize(geometry.points_of(p), geometry.triangles_of(p)), geometry.points_of(p)), tolerance));
  return volumes;
}

/// The volumes a tree tests at its leaves (its packed patch volumes, unpacked), by patch id.
template <class BV>
std::vector<BV> stored_volumes(const Bvh<BV>& tree) {
  std::vector<BV> volumes(tree.prim_ids.size());
  for (const auto& node : tree.nodes)
    for (Index i = node.index; i < node.index + node.prim_count; ++i)
      volumes[std::size_t(tree.prim_ids[std::size_t(i)])] = tree.prim_volume(node, i);
  return volumes;
}

/// The patch volumes grown by the most that storing them in a tree can add: for AABBs (stored as
/// QuantizedBox) one step of 1/65535 of a leaf's extent, at most that of all the volumes, plus the
/// rounding units that dequantize pads with; other volumes are stored as they are.
template <class BV>
std::vector<BV> grown_by_packing(std::vector<BV> volumes) {
  if constexpr (std::is_same_v<BV, Aabb>) {
    Aabb all;
    for (const Aabb& box : volumes) all = merge(all, box);
    if (is_empty(all)) return volumes;
    const double largest = std::max(all.min.cwiseAbs().maxCoeff(), all.max.cwiseAbs().maxCoeff());
    const double growth = (all.max - all.min).maxCoeff() / 65535 * (1 + 1e-9) +
                          40 * std::numeric_limits<double>::epsilon() * largest;
    for (Aabb& box : volumes) box = inflate(box, growth);
  }
  return volumes;
}

/// Empty when a tree search agrees with brute force, else what is wrong: `found` must equal the
/// brute-force pairs of the volumes the trees store (`stored`), hold every pair of the patch
/// volumes fitted one by one (`exact`: packing is conservative), and hold no pair that is not one
/// of those volumes grown by packing (`loose`, from grown_by_packing).
inline std::string brute_force_mismatch(const std::vector<PatchPair>& found, const std::vector<PatchPair>& stored,
                                        const std::vector<PatchPair>& exact, const std::vector<PatchPair>& loose) {
  if (found != stored) return "found " + std::to_string(found.size()) + " pairs, brute force over the stored volumes " + std::to_string(stored.size());
  if (!std::includes(found.begin(), found.end(), exact.begin(), exact.end())) return "a pair of the exact volumes is missing";
  if (!std::includes(loose.begin(), loose.end(), found.begin(), found.end()))
    return "a pair farther apart than packing can explain: " + std::to_string(found.size()) + " found, " +
           std::to_string(exact.size()) + " exact, " + std::to_string(loose.size()) + " within the packing growth";
  return "";
}

inline Aabb padded_box(const Aabb& box) {
  const double pad = 1e-9 * (1 + box.min.cwiseAbs().maxCoeff() + box.max.cwiseAbs().maxCoeff());
  return inflate(box, pad);
}
inline Aabb padded_box(const Obb& box) { return padded_box(detail::bounding_aabb(box)); }

/// All pairs (i of a, j of b) whose volumes overlap; self: a is b, pairs i < j. `keep` filters.
template <class BV>
std::vector<PatchPair> brute_force_pairs(const std::vector<BV>& a, const std::vector<BV>& b, bool self,
                                         const std::function<bool(Index, Index)>& keep = {}) {
  struct Item { Aabb box; Index id; bool from_a; };
  std::vector<Item> items;
  for (std::size_t i = 0; i < a.size(); ++i) items.push_back({padded_box(a[i]), Index(i), true});
  if (!self)
    for (std::size_t j = 0; j < b.size(); ++j) items.push_back({padded_box(b[j]), Index(j), false});
  std::sort(items.begin(), items.end(), [](const Item& x, const Item& y) { return x.box.min.x() < y.box.min.x(); });
  std::vector<PatchPair> pairs;
  for (std::size_t k = 0; k < items.size(); ++k)
    for (std::size_t l = k + 1; l < items.size() && items[l].box.min.x() <= items[k].box.max.x(); ++l) {
      const Item& x = items[k];
      const Item& y = items[l];
      if (!self && x.from_a == y.from_a) continue;
      if (!overlap(x.box, y.box)) continue;
      const Item& from_a = self || x.from_a ? x : y;
      const Item& other = &from_a == &x ? y : x;
      PatchPair pair{from_a.id, other.id};
      if (self && pair.a > pair.b) std::swap(pair.a, pair.b);
      const BV& va = a[std::size_t(pair.a)];
      const BV& vb = self ? a[std::size_t(pair.b)] : b[std::size_t(pair.b)];
      if (!BoundingVolumeOps<BV>::overlap(va, vb)) continue;
      if (keep && !keep(pair.a, pair.b)) continue;
      pairs.push_back(pair);
    }
  std::sort(pairs.begin(), pairs.end());
  return pairs;
}

/// The dual search's slab test, written apart from the library's (normal_slab.hpp), in long
/// double: true when the points of patch q of `b` all lie farther than `gap` beyond one side of
/// patch p's slab (the extent of p's points along the sum of the area vectors of its control-net
/// triangles), or those of p beyond q's slab. A patch without area separates nothing.
inline bool slab_separated(const PatchGeometry& a, Index p, const PatchGeometry& b, Index q, double gap) {
  using Vector = Eigen::Matrix<long double, 3, 1>;
  const auto at = [](std::span<const Eigen::Vector3d> points, Index k) -> Vector {
    return points[std::size_t(k)].cast<long double>();
  };
  const auto beyond_slab = [&](const PatchGeometry& g, Index i, const PatchGeometry& h, Index j) {
    const auto points = g.points_of(i);
    Vector normal = Vector::Zero();
    for (const auto& [x, y, z] : g.triangles_of(i))
      normal += (at(points, y) - at(points, x)).cross(at(points, z) - at(points, x));
    if (normal.norm() == 0) return false;
    normal /= normal.norm();
    const auto extent = [&](std::span<const Eigen::Vector3d> of) {
      long double low = std::numeric_limits<long double>::infinity(), high = -low;
      for (Index k = 0; k < Index(of.size()); ++k) {
        low = std::min(low, normal.dot(at(of, k) - at(points, 0)));
        high = std::max(high, normal.dot(at(of, k) - at(points, 0)));
      }
      return std::pair(low, high);
    };
    const auto [low, high] = extent(points);
    const auto [other_low, other_high] = extent(h.points_of(j));
    return other_low > high + gap || other_high < low - gap;
  };
  return beyond_slab(a, p, b, q) || beyond_slab(b, q, a, p);
}

/// Empty when the pairs of a dual search lie between those of `stored` (the pairs whose stored
/// boxes overlap) that slab_separated keeps with a gap a little smaller and a little larger than
/// `gap` (the search's rounding slack is far below the margin), else what is wrong.
inline std::string dual_mismatch(const std::vector<PatchPair>& found, const std::vector<PatchPair>& stored,
                                 const PatchGeometry& a, const PatchGeometry& b, double gap) {
  constexpr double margin = 1e-9;
  std::vector<PatchPair> surely, possibly;
  for (const PatchPair& pair : stored) {
    if (!slab_separated(a, pair.a, b, pair.b, gap + margin)) possibly.push_back(pair);
    if (!slab_separated(a, pair.a, b, pair.b, gap - margin)) surely.push_back(pair);
  }
  if (!std::includes(found.begin(), found.end(), surely.begin(), surely.end()))
    return "a pair within reach of the slabs is missing";
  if (!std::includes(possibly.begin(), possibly.end(), found.begin(), found.end()))
    return "a pair that the slabs separate was kept";
  return "";
}

}  // namespace fecontact::test
