// SPDX-License-Identifier: BSD-3-Clause
// The closest face of a surface to each point: a depth-first descent of the surface's AABB tree,
// nearer child first, pruning every box farther than the closest face found so far (plus the
// tie distance), started from the face of the point before.
#include "fecontact/contact/closest_face_search.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "fecontact/contact/face_geometry.hpp"
#include "fecontact/detail/parallel.hpp"
#include "search_state.hpp"

namespace fecontact {
namespace {

using Eigen::Vector3d;
constexpr double infinity = std::numeric_limits<double>::infinity();

double squared_distance(const Aabb& box, const Vector3d& p) {
  const Eigen::Array3d below = (box.min - p).array().max(0.0), above = (p - box.max).array().max(0.0);
  return (below + above).matrix().squaredNorm();
}

// One face's answer while a point's search runs.
struct Candidate {
  Index face;
  FaceProjection projection;
};

// What one task keeps while it answers its points.
struct Scratch {
  std::vector<Index> stack;  // tree nodes still to visit
  std::vector<Candidate> candidates;  // faces within the bound + the tie distance
};

}  // namespace

struct ClosestFaceSearch::State {
  Surface surface;
  std::vector<Vector3d> coordinates;
  detail::SurfaceTree tree;  // patches of one face each, an AABB tree, the zero-area faces
  double slack = 0;  // rounding of the box and face distances at these coordinates
  std::vector<Scratch> scratch;

  const Bvh<Aabb>& bvh() const { return std::get<Bvh<Aabb>>(*tree.tree); }

  FaceProjection project(Index face, const Vector3d& p) const {
    return project_onto_face(p, gather_face_nodes(surface.faces[static_cast<std::size_t>(face)], coordinates));
  }

  // The mean of the face's corners.
  Vector3d corner_mean(Index face) const {
    const SurfaceFace& f = surface.faces[static_cast<std::size_t>(face)];
    const int corners = corner_count(f.type);
    Vector3d sum = Vector3d::Zero();
    for (int k = 0; k < corners; ++k) sum += coordinates[static_cast<std::size_t>(f.nodes()[static_cast<std::size_t>(k)])];
    return sum / corners;
  }

  // Considers `face` for point p: a candidate when within bound + tie (and max_distance).
  void consider(Index face, const Vector3d& p, double max_distance, double tie, double& bound, Scratch& s) const {
    if (tree.degenerate[static_cast<std::size_t>(face)]) return;
    const FaceProjection q = project(face, p);
    if (!(q.distance <= max_distance) || !(q.distance <= bound + tie)) return;
    s.candidates.push_back({face, q});
    bound = std::min(bound, q.distance);
  }

  ClosestFace find_one(const Vector3d& p, Index start, double max_distance, double tie, Scratch& s) const {
    s.candidates.clear();
    double bound = max_distance;
    if (start >= 0) consider(start, p, max_distance, tie, bound, s);
    // A box is visited unless it is farther than every face that can still count: the closest
    // so far plus the tie distance and the rounding.
    const auto within = [&](double squared) {
      const double reach = bound + tie + slack;
      return reach == infinity || squared <= reach * reach;
    };
    const auto reachable = [&](const Aabb& box) { return within(squared_distance(box, p)); };
    const Bvh<Aabb>& t = bvh();
    s.stack.clear();
    if (!t.empty() && reachable(t.nodes[0].volume)) s.stack.push_back(0);
    while (!s.stack.empty()) {
      const Bvh<Aabb>::Node& node = t.nodes[static_cast<std::size_t>(s.stack.back())];
      s.stack.pop_back();
      if (!reachable(node.volume)) continue;  // the bound fell since it was pushed
      if (node.is_leaf()) {
        for (Index i = node.index; i < node.index + node.prim_count; ++i) {
          if (!reachable(t.prim_volume(node, i))) continue;
          for (const Index face : tree.patches.row(t.prim_ids[static_cast<std::size_t>(i)]))
            if (face != start) consider(face, p, max_distance, tie, bound, s);
        }
        continue;
      }
      const Index left = node.index, right = node.index + 1;
      const double d_left = squared_distance(t.nodes[static_cast<std::size_t>(left)].volume, p);
      const double d_right = squared_distance(t.nodes[static_cast<std::size_t>(right)].volume, p);
      // The nearer child on top: its faces lower the bound before the other child is tested.
      const bool left_nearer = d_left <= d_right;
      if (within(left_nearer ? d_right : d_left)) s.stack.push_back(left_nearer ? right : left);
      if (within(left_nearer ? d_left : d_right)) s.stack.push_back(left_nearer ? left : right);
    }
    return choose(p, bound, tie, s);
  }

  // Of the candidates within tie of the closest (`closest`), the one whose corner mean is
  // nearest, then the lowest face index: a rule on the distances alone, not on the order of the
  // descent. The corner means are needed only where two candidates tie.
  ClosestFace choose(const Vector3d& p, double closest, double tie, const Scratch& s) const {
    ClosestFace best;
    double best_centroid = infinity;
    std::size_t tied = 0;
    for (const Candidate& c : s.candidates) tied += c.projection.distance <= closest + tie;
    for (const Candidate& c : s.candidates) {
      if (!(c.projection.distance <= closest + tie)) continue;
      if (tied == 1) return {c.face, c.projection};
      const double d = (corner_mean(c.face) - p).squaredNorm();
      if (best.face < 0 || d < best_centroid || (d == best_centroid && c.face < best.face)) {
        best = {c.face, c.projection};
        best_centroid = d;
      }
    }
    return best;
  }
};

ClosestFaceSearch::ClosestFaceSearch(Surface surface) : state_(std::make_unique<State>()) {
  state_->surface = std::move(surface);
  state_->tree.patches = face_patches(state_->surface);
}

ClosestFaceSearch::ClosestFaceSearch(ClosestFaceSearch&&) noexcept = default;
ClosestFaceSearch& ClosestFaceSearch::operator=(ClosestFaceSearch&&) noexcept = default;
ClosestFaceSearch::~ClosestFaceSearch() = default;

const Surface& ClosestFaceSearch::surface() const { return state_->surface; }

void ClosestFaceSearch::update(std::span<const Vector3d> coordinates) {
  State& s = *state_;
  double magnitude = 0;
  for (std::size_t f = 0; f < s.surface.faces.size(); ++f)
    for (const Index node : s.surface.faces[f].nodes()) {
      if (node < 0 || static_cast<std::size_t>(node) >= coordinates.size())
        throw std::invalid_argument("ClosestFaceSearch::update: face " + std::to_string(f) + " has node " +
                                    std::to_string(node) + ", outside the " + std::to_string(coordinates.size()) +
                                    " coordinates");
      const Vector3d& x = coordinates[static_cast<std::size_t>(node)];
      if (!x.allFinite())
        throw std::invalid_argument("ClosestFaceSearch::update: node " + std::to_string(node) + " of face " +
                                    std::to_string(f) + " is not finite");
      magnitude = std::max(magnitude, x.cwiseAbs().maxCoeff());
    }
  s.coordinates.assign(coordinates.begin(), coordinates.end());
  s.slack = detail::rounding_slack(magnitude);
  // ContactSearch's own mechanism and default: refit, rebuild once the SAH cost has grown by half.
  detail::update_surface_tree(s.tree, s.surface, BvKind::aabb, 0.0, SearchOptions{}.rebuild_factor, s.coordinates,
                              nullptr);
}

void ClosestFaceSearch::find(std::span<const Vector3d> points, double max_distance, double tie_distance,
                             std::span<ClosestFace> out) {
  State& s = *state_;
  if (!s.tree.tree) throw std::invalid_argument("ClosestFaceSearch::find: no update yet (no coordinates)");
  if (out.size() != points.size())
    throw std::invalid_argument("ClosestFaceSearch::find: " + std::to_string(out.size()) + " answers for " +
                                std::to_string(points.size()) + " points");
  if (!(max_distance >= 0))
    throw std::invalid_argument("ClosestFaceSearch::find: max_distance = " + std::to_string(max_distance) +
                                " is not >= 0");
  if (!(tie_distance >= 0) || tie_distance == infinity)
    throw std::invalid_argument("ClosestFaceSearch::find: tie_distance = " + std::to_string(tie_distance) +
                                " is not finite and >= 0");
  for (std::size_t k = 0; k < points.size(); ++k)
    if (!points[k].allFinite())
      throw std::invalid_argument("ClosestFaceSearch::find: point " + std::to_string(k) + " is not finite");
  const std::size_t chunk_grain = detail::narrow_phase_grain(points.size());
  s.scratch.resize(std::max(s.scratch.size(), detail::chunk_count(points.size(), chunk_grain)));
  detail::parallel_chunks(points.size(), chunk_grain, [&](std::size_t c, std::size_t begin, std::size_t end) {
    Scratch& scratch = s.scratch[c];
    Index start = -1;
    for (std::size_t k = begin; k < end; ++k) {
      out[k] = s.find_one(points[k], start, max_distance, tie_distance, scratch);
      start = out[k].face;
    }
  });
}

}  // namespace fecontact
