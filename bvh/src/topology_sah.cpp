// Top-down binned SAH (Wald 2007, "On fast construction of SAH-based bounding volume
// hierarchies"): centroids binned along each axis, the cheapest bin boundary chosen by
// C = C_trav·A(node) + A(left)·n_left + A(right)·n_right, against C_leaf = A(node)·n.
#include <algorithm>
#include <array>
#include <limits>

#include "topology.hpp"

namespace fecontact::detail {
namespace {

struct Bin {
  Aabb box;
  Index count = 0;
};

struct Split {
  int axis = -1;
  int bin = 0;  // patches in bins < bin go left
  double cost = std::numeric_limits<double>::infinity();
};

class SahBuilder {
 public:
  SahBuilder(std::span<const Aabb> boxes, const BuildConfig& config)
      : boxes_(boxes), config_(config), ids_(boxes.size()), tree_(boxes.size()) {
    for (std::size_t i = 0; i < ids_.size(); ++i) ids_[i] = static_cast<Index>(i);
  }

  Topology run() {
    if (!ids_.empty()) {
#pragma omp parallel
#pragma omp single
      split(0, static_cast<Index>(ids_.size()), 0, 1);
    }
    return compact(tree_, std::move(ids_));
  }

 private:
  Eigen::Vector3d centroid(Index id) const { return center(boxes_[static_cast<std::size_t>(id)]); }

  int bin_of(Index id, int axis, const Aabb& bounds) const {
    const double extent = bounds.max[axis] - bounds.min[axis];
    const double x = (centroid(id)[axis] - bounds.min[axis]) / extent * config_.bin_count;
    // The comparison form maps NaN to bin 0 before any conversion to int.
    if (!(x > 0)) return 0;
    return x < config_.bin_count ? static_cast<int>(x) : config_.bin_count - 1;
  }

  Split best_split(Index begin, Index end, const Aabb& centroids, double node_area) const {
    Split best;
    std::vector<Bin> bins(static_cast<std::size_t>(config_.bin_count));
    std::vector<double> right_cost(bins.size());
    for (int axis = 0; axis < 3; ++axis) {
      if (!(centroids.max[axis] > centroids.min[axis])) continue;
      std::fill(bins.begin(), bins.end(), Bin{});
      for (Index i = begin; i < end; ++i) {
        const Index id = ids_[static_cast<std::size_t>(i)];
        Bin& bin = bins[static_cast<std::size_t>(bin_of(id, axis, centroids))];
        bin.box = merge(bin.box, boxes_[static_cast<std::size_t>(id)]);
        ++bin.count;
      }
      Bin right;
      for (std::size_t b = bins.size() - 1; b > 0; --b) {
        right.box = merge(right.box, bins[b].box);
        right.count += bins[b].count;
        right_cost[b] = surface_area(right.box) * right.count;
      }
      Bin left;
      for (std::size_t b = 1; b < bins.size(); ++b) {
        left.box = merge(left.box, bins[b - 1].box);
        left.count += bins[b - 1].count;
        if (left.count == 0 || left.count == end - begin) continue;
        const double cost = config_.traversal_cost * node_area + surface_area(left.box) * left.count + right_cost[b];
        if (cost < best.cost) best = {axis, static_cast<int>(b), cost};
      }
    }
    return best;
  }

  // Builds the subtree of ids_[begin, end) in slot `slot`, its descendants from slot `free`.
  void split(Index begin, Index end, Index slot, Index free) {
    const Index count = end - begin;
    Aabb node_box, centroids;
    for (Index i = begin; i < end; ++i) {
      const Index id = ids_[static_cast<std::size_t>(i)];
      node_box = merge(node_box, boxes_[static_cast<std::size_t>(id)]);
      centroids = expand(centroids, centroid(id));
    }
    const double node_area = surface_area(node_box);
    const Split best = count > 1 ? best_split(begin, end, centroids, node_area) : Split{};
    const bool leaf_is_cheaper = !(best.cost < node_area * count);
    if (count == 1 || (count <= config_.max_leaf_size && (best.axis < 0 || leaf_is_cheaper))) {
      tree_.leaf(slot, begin, end);
      return;
    }
    Index middle = begin + count / 2;  // no usable boundary (equal centroids): halve by index
    if (best.axis >= 0) {
      const auto first = ids_.begin() + begin;
      middle = static_cast<Index>(
          std::partition(first, ids_.begin() + end,
                         [&](Index id) { return bin_of(id, best.axis, centroids) < best.bin; }) -
          ids_.begin());
    }
    tree_.inner(slot, free);
    const Index right_free = free + 2 * (middle - begin);
    if (count > config_.task_grain) {
#pragma omp task default(shared) firstprivate(begin, middle, free)
      split(begin, middle, free, free + 2);
      split(middle, end, free + 1, right_free);
#pragma omp taskwait
    } else {
      split(begin, middle, free, free + 2);
      split(middle, end, free + 1, right_free);
    }
  }

  std::span<const Aabb> boxes_;
  const BuildConfig& config_;
  std::vector<Index> ids_;
  SlotTree tree_;
};

}  // namespace

Topology binned_sah_topology(std::span<const Aabb> boxes, const BuildConfig& config) {
  return SahBuilder(boxes, config).run();
}

}  // namespace fecontact::detail
