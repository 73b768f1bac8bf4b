// SPDX-License-Identifier: BSD-3-Clause
// Top-down binned SAH (Wald 2007, "On fast construction of SAH-based bounding volume
// hierarchies"): centroids binned along each axis, the cheapest bin boundary chosen by
// C = C_trav·A(node) + A(left)·n_left + A(right)·n_right, against C_leaf = A(node)·n.
#include <algorithm>
#include <array>
#include <limits>

#include "fecontact/geometry/aabb.hpp"
#include "fecontact/detail/parallel.hpp"
#include "topology.hpp"

namespace fecontact::detail {
namespace {

// A box as two corners, grown in place (the hot loop of the binning).
struct Box {
  Eigen::Array3d min = Eigen::Array3d::Constant(std::numeric_limits<double>::infinity());
  Eigen::Array3d max = Eigen::Array3d::Constant(-std::numeric_limits<double>::infinity());
  void grow(const Box& b) { min = min.min(b.min); max = max.max(b.max); }
  void grow(const Eigen::Array3d& p) { min = min.min(p); max = max.max(p); }
  double area() const {
    if (!(min <= max).all()) return 0;
    const Eigen::Array3d d = max - min;
    return 2 * (d.x() * d.y() + d.y() * d.z() + d.z() * d.x());
  }
};

struct Bin {
  Box box;
  Index count = 0;
};

struct Split {
  int axis = -1;
  int bin = 0;  // patches in bins < bin go left
  double cost = std::numeric_limits<double>::infinity();
};

class SahBuilder {
 public:
  SahBuilder(const PatchGeometry& geometry, const BuildConfig& config)
      : config_(config), boxes_(static_cast<std::size_t>(geometry.size())), centroids_(boxes_.size()),
        ids_(boxes_.size()), tree_(boxes_.size()) {
    detail::parallel_for(ids_.size(), 1024, [&](std::size_t i) {
      ids_[i] = static_cast<Index>(i);
      const Aabb box = inflate(fit_aabb(geometry.points_of(ids_[i])), config.tolerance);
      boxes_[i] = {box.min.array(), box.max.array()};
      centroids_[i] = 0.5 * (boxes_[i].min + boxes_[i].max);
    });
  }

  Topology run() {
    split_from_root(static_cast<Index>(ids_.size()), config_.task_grain,
                    [this](Index b, Index e, Index s, Index f) { split(b, e, s, f); });
    return compact(tree_, std::move(ids_));
  }

 private:
  // Bins per unit length along each axis of the centroid bounds (0 where they are flat).
  Eigen::Array3d bin_scale(const Box& centroids) const {
    const Eigen::Array3d extent = centroids.max - centroids.min;
    return (extent > 0).select(config_.bin_count / extent, 0.0);
  }

  int bin_of(Index id, int axis, const Box& centroids, const Eigen::Array3d& scale) const {
    const double x = (centroids_[static_cast<std::size_t>(id)][axis] - centroids.min[axis]) * scale[axis];
    // The comparison form maps NaN to bin 0 before any conversion to int.
    if (!(x > 0)) return 0;
    return x < config_.bin_count ? static_cast<int>(x) : config_.bin_count - 1;
  }

  Split best_split(Index begin, Index end, const Box& centroids, double node_area) const {
    const auto bin_count = static_cast<std::size_t>(config_.bin_count);
    const Eigen::Array3d scale = bin_scale(centroids);
    std::array<std::vector<Bin>, 3> bins;
    std::array<bool, 3> usable{};
    for (int axis = 0; axis < 3; ++axis) {
      usable[axis] = centroids.max[axis] > centroids.min[axis];
      if (usable[axis]) bins[axis].resize(bin_count);
    }
    for (Index i = begin; i < end; ++i) {
      const Index id = ids_[static_cast<std::size_t>(i)];
      for (int axis = 0; axis < 3; ++axis) {
        if (!usable[axis]) continue;
        Bin& bin = bins[axis][static_cast<std::size_t>(bin_of(id, axis, centroids, scale))];
        bin.box.grow(boxes_[static_cast<std::size_t>(id)]);
        ++bin.count;
      }
    }
    Split best;
    std::vector<double> right_cost(bin_count);
    for (int axis = 0; axis < 3; ++axis) {
      if (!usable[axis]) continue;
      Bin right;
      for (std::size_t b = bin_count - 1; b > 0; --b) {
        right.box.grow(bins[axis][b].box);
        right.count += bins[axis][b].count;
        right_cost[b] = right.box.area() * right.count;
      }
      Bin left;
      for (std::size_t b = 1; b < bin_count; ++b) {
        left.box.grow(bins[axis][b - 1].box);
        left.count += bins[axis][b - 1].count;
        if (left.count == 0 || left.count == end - begin) continue;
        const double cost = config_.traversal_cost * node_area + left.box.area() * left.count + right_cost[b];
        if (cost < best.cost) best = {axis, static_cast<int>(b), cost};
      }
    }
    return best;
  }

  // Builds the subtree of ids_[begin, end) in slot `slot`, its descendants from slot `free`.
  void split(Index begin, Index end, Index slot, Index free) {
    const Index count = end - begin;
    Box node_box, centroids;
    for (Index i = begin; i < end; ++i) {
      const auto id = static_cast<std::size_t>(ids_[static_cast<std::size_t>(i)]);
      node_box.grow(boxes_[id]);
      centroids.grow(centroids_[id]);
    }
    const double node_area = node_box.area();
    const Split best = count > 1 ? best_split(begin, end, centroids, node_area) : Split{};
    const bool leaf_is_cheaper = !(best.cost < node_area * count);
    if (count == 1 || (count <= config_.max_leaf_size && (best.axis < 0 || leaf_is_cheaper))) {
      tree_.leaf(slot, free, begin, end);
      return;
    }
    Index middle = begin + count / 2;  // no usable boundary (equal centroids): halve by index
    if (best.axis >= 0) {
      const Eigen::Array3d scale = bin_scale(centroids);
      middle = static_cast<Index>(
          std::partition(ids_.begin() + begin, ids_.begin() + end,
                         [&](Index id) { return bin_of(id, best.axis, centroids, scale) < best.bin; }) -
          ids_.begin());
    }
    split_children(tree_, begin, middle, end, slot, free, config_.task_grain,
                   [this](Index b, Index e, Index s, Index f) { split(b, e, s, f); });
  }

  const BuildConfig& config_;
  std::vector<Box> boxes_;
  std::vector<Eigen::Array3d> centroids_;
  std::vector<Index> ids_;
  SlotTree tree_;
};

}  // namespace

Topology binned_sah_topology(const PatchGeometry& geometry, const BuildConfig& config) {
  return SahBuilder(geometry, config).run();
}

}  // namespace fecontact::detail
