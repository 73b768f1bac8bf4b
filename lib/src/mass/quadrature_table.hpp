// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Private: shape function values and gradients tabulated at the points of mass_quadrature(type),
// computed once per element type, for the element and surface integration loops.

#include <vector>

#include <Eigen/Core>

#include "fecontact/mesh/element_type.hpp"

namespace fecontact::detail {

struct QuadratureTable {
  int nodes = 0;
  std::vector<double> weights;
  std::vector<double> values;                 ///< [point · nodes + node]
  std::vector<Eigen::Vector3d> derivatives;   ///< [point · nodes + node], ∂N/∂(ξ, η, ζ)
};

/// The table of `type` (thread-safe, built on first use).
const QuadratureTable& quadrature_table(ElementType type);

}  // namespace fecontact::detail
