// SPDX-License-Identifier: BSD-3-Clause
#include "quadrature_table.hpp"

#include <array>
#include <span>

#include "fecontact/mass/quadrature.hpp"
#include "fecontact/mesh/shape_functions.hpp"

namespace fecontact::detail {

const QuadratureTable& quadrature_table(ElementType type) {
  static const auto tables = [] {
    std::array<QuadratureTable, element_type_count> all;
    for (int t = 0; t < element_type_count; ++t) {
      const auto type = static_cast<ElementType>(t);
      QuadratureTable& table = all[static_cast<std::size_t>(t)];
      table.nodes = node_count(type);
      const auto n = static_cast<std::size_t>(table.nodes);
      for (const QuadraturePoint& q : mass_quadrature(type)) {
        table.weights.push_back(q.weight);
        table.values.resize(table.values.size() + n);
        table.derivatives.resize(table.derivatives.size() + n);
        shape_functions(type, q.xi, std::span(table.values).last(n),
                        std::span(table.derivatives).last(n));
      }
    }
    return all;
  }();
  return tables[static_cast<std::size_t>(type)];
}

}  // namespace fecontact::detail
