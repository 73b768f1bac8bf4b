// SPDX-License-Identifier: BSD-3-Clause
#include "fecontact/mass/element_mass.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include <Eigen/LU>

#include "fecontact/detail/assert.hpp"
#include "fecontact/mesh/shape_functions.hpp"
#include "fecontact/detail/parallel.hpp"
#include "moments.hpp"
#include "quadrature_table.hpp"

namespace fecontact {
namespace {

using Eigen::Matrix3d;
using Eigen::Vector3d;

constexpr std::size_t grain = 1024;  // elements per chunk of the ordered reduction

// Moments of one element whose nodes `x` are relative to the reference point; returns the
// smallest det J over the quadrature points.
double element_moments(ElementType type, std::span<const Vector3d> x, detail::Moments& m) {
  if (type == ElementType::tet4) {
    m = detail::tetrahedron_moments(x[0], x[1], x[2], x[3]);
    return 6 * m.volume;
  }
  const detail::QuadratureTable& table = detail::quadrature_table(type);
  const auto n = static_cast<std::size_t>(table.nodes);
  double min_det = std::numeric_limits<double>::infinity();
  for (std::size_t q = 0; q < table.weights.size(); ++q) {
    const double* values = &table.values[q * n];
    const Vector3d* derivatives = &table.derivatives[q * n];
    Vector3d point = Vector3d::Zero();
    Matrix3d jacobian = Matrix3d::Zero();  // ∂x/∂ξ
    for (std::size_t i = 0; i < n; ++i) {
      point += values[i] * x[i];
      jacobian += x[i] * derivatives[i].transpose();
    }
    const double det = jacobian.determinant();
    min_det = std::isnan(det) ? det : std::min(min_det, det);
    const double w = table.weights[q] * det;
    m.volume += w;
    m.first += w * point;
    m.second += w * point * point.transpose();
  }
  m.mass = m.volume;
  return min_det;
}

struct ChunkResult {
  detail::Moments moments;
  std::vector<InvalidElement> invalid;
};

ChunkResult block_moments(const Mesh& mesh, Index block_index, const Vector3d& reference) {
  const ElementBlock& block = mesh.blocks[static_cast<std::size_t>(block_index)];
  FECONTACT_ASSERT(is_volume(block.type), "mass properties need volume elements");
  const auto map_chunk = [&](std::size_t begin, std::size_t end) {
    ChunkResult result;
    std::array<Vector3d, max_element_nodes> local;
    for (std::size_t e = begin; e < end; ++e) {
      const auto nodes = block.element(static_cast<Index>(e));
      for (std::size_t i = 0; i < nodes.size(); ++i)
        local[i] = mesh.coordinates[static_cast<std::size_t>(nodes[i])] - reference;
      detail::Moments m;
      const double min_det = element_moments(block.type, std::span(local).first(nodes.size()), m);
      if (!(min_det > 0))
        result.invalid.push_back({{block_index, static_cast<Index>(e)}, block.element_ids[e], min_det});
      result.moments.add(m, 1);
    }
    return result;
  };
  const auto combine = [](ChunkResult acc, const ChunkResult& chunk) {
    acc.moments.add(chunk.moments, 1);
    acc.invalid.insert(acc.invalid.end(), chunk.invalid.begin(), chunk.invalid.end());
    return acc;
  };
  return detail::ordered_reduce(static_cast<std::size_t>(block.size()), grain, ChunkResult{}, map_chunk,
                        combine);
}

// Centre of the bounding box of the nodes the blocks use: the local reference point.
Vector3d reference_point(const Mesh& mesh, std::span<const Index> blocks) {
  Vector3d lo = Vector3d::Constant(std::numeric_limits<double>::infinity()), hi = -lo;
  for (Index b : blocks)
    for (Index node : mesh.blocks[static_cast<std::size_t>(b)].connectivity) {
      lo = lo.cwiseMin(mesh.coordinates[static_cast<std::size_t>(node)]);
      hi = hi.cwiseMax(mesh.coordinates[static_cast<std::size_t>(node)]);
    }
  return 0.5 * (lo + hi);
}

}  // namespace

ElementMassResult element_mass_properties(const Mesh& mesh, std::span<const Index> blocks,
                                          std::span<const double> densities) {
  FECONTACT_ASSERT(densities.empty() || densities.size() == mesh.blocks.size(),
                   "no densities, or one density per mesh block");
  ElementMassResult result;
  Index elements = 0;
  for (Index b : blocks) {
    FECONTACT_ASSERT(b >= 0 && static_cast<std::size_t>(b) < mesh.blocks.size(), "a mesh block");
    elements += mesh.blocks[static_cast<std::size_t>(b)].size();
  }
  if (elements == 0) {
    result.status = ElementMassStatus::empty;
    return result;
  }
  const Vector3d reference = reference_point(mesh, blocks);
  detail::Moments total;
  for (Index b : blocks) {
    ChunkResult block = block_moments(mesh, b, reference);
    total.add(block.moments, densities.empty() ? 1.0 : densities[static_cast<std::size_t>(b)]);
    result.invalid_elements.insert(result.invalid_elements.end(), block.invalid.begin(),
                                   block.invalid.end());
  }
  result.properties = detail::to_mass_properties(total, reference);
  if (!result.invalid_elements.empty()) result.status = ElementMassStatus::invalid_elements;
  return result;
}

ElementMassResult element_mass_properties(const Mesh& mesh, std::span<const double> densities) {
  std::vector<Index> volume_blocks;
  for (std::size_t b = 0; b < mesh.blocks.size(); ++b)
    if (is_volume(mesh.blocks[b].type)) volume_blocks.push_back(static_cast<Index>(b));
  return element_mass_properties(mesh, volume_blocks, densities);
}

}  // namespace fecontact
