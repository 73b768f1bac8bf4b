// SPDX-License-Identifier: BSD-3-Clause
// Mass properties of elements given as plain arrays: the wrapper builds a Mesh of one block per
// (type, density) and calls element_mass_properties.

#include <algorithm>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "call.hpp"
#include "fecontact/detail/number_text.hpp"
#include "fecontact/fecontact.h"
#include "fecontact/mass/element_mass.hpp"

namespace fecontact::capi {
namespace {

// The C enumeration is the volume part of ElementType, in its order.
static_assert(int(ElementType::tet4) == FECONTACT_TET4 && int(ElementType::tet10) == FECONTACT_TET10 &&
              int(ElementType::hex8) == FECONTACT_HEX8 && int(ElementType::hex20) == FECONTACT_HEX20 &&
              int(ElementType::hex27) == FECONTACT_HEX27 && int(ElementType::wedge6) == FECONTACT_WEDGE6 &&
              int(ElementType::wedge15) == FECONTACT_WEDGE15 && int(ElementType::pyramid5) == FECONTACT_PYRAMID5);

ElementType volume_type(int code, std::int64_t e) {
  if (code < FECONTACT_TET4 || code > FECONTACT_PYRAMID5)
    throw ArgumentError("element_types[" + std::to_string(e) + "] = " + std::to_string(code) +
                        " is not a volume element type (FECONTACT_TET4 .. FECONTACT_PYRAMID5)");
  return static_cast<ElementType>(code);
}

struct Elements {
  Mesh mesh;
  std::vector<double> densities;  // one per block
};

Elements elements_of(std::int64_t n_elements, const int* types, const std::int64_t* offsets, const std::int64_t* nodes,
                     const double* densities, std::int64_t n_nodes, const double* xyz) {
  require_count(n_elements, "n_elements");
  require_count(n_nodes, "n_nodes");
  require(offsets, "element_offsets");
  if (n_elements > 0) require(types, "element_types");
  if (n_nodes > 0) require(xyz, "xyz");
  require_finite_points(xyz, n_nodes, "xyz");
  if (offsets[0] != 0) throw ArgumentError("element_offsets[0] = " + std::to_string(offsets[0]) + " (0 expected)");
  Elements result;
  result.mesh.coordinates.resize(static_cast<std::size_t>(n_nodes));
  for (std::size_t k = 0; k < result.mesh.coordinates.size(); ++k)
    result.mesh.coordinates[k] = {xyz[3 * k], xyz[3 * k + 1], xyz[3 * k + 2]};
  std::map<std::pair<int, double>, std::size_t> block_of;  // (type, density) -> block
  for (std::int64_t e = 0; e < n_elements; ++e) {
    const ElementType type = volume_type(types[e], e);
    const std::int64_t count = offsets[e + 1] - offsets[e];
    if (count != node_count(type))
      throw ArgumentError("element_offsets: element " + std::to_string(e) + " has " + std::to_string(count) +
                          " nodes; a " + std::string(name(type)) + " has " + std::to_string(node_count(type)));
    const double density = densities ? densities[e] : 1.0;
    if (!(std::isfinite(density) && density > 0))
      throw ArgumentError("densities[" + std::to_string(e) + "] = " + fecontact::detail::number_text(density) +
                          " is not a finite density > 0");
    const auto [entry, added] = block_of.try_emplace({int(type), density}, result.mesh.blocks.size());
    if (added) {
      result.mesh.blocks.emplace_back();
      result.mesh.blocks.back().type = type;
      result.densities.push_back(density);
    }
    ElementBlock& block = result.mesh.blocks[entry->second];
    if (count > 0) require(nodes, "element_nodes");
    for (std::int64_t k = offsets[e]; k < offsets[e + 1]; ++k) {
      const Index node = to_index(nodes, k, "element_nodes");
      if (node >= n_nodes)
        throw ArgumentError("element_nodes[" + std::to_string(k) + "] = " + std::to_string(node) + " (element " +
                            std::to_string(e) + ") is outside the " + std::to_string(n_nodes) + " nodes");
      block.connectivity.push_back(node);
    }
    block.element_ids.push_back(e);  // the C index: what an error message names
  }
  return result;
}

}  // namespace
}  // namespace fecontact::capi

using namespace fecontact::capi;

extern "C" int fecontact_mass_properties(int64_t n_elements, const int* element_types, const int64_t* element_offsets,
                                         const int64_t* element_nodes, const double* densities, int64_t n_nodes,
                                         const double* xyz, double* volume, double* mass, double* center_of_mass,
                                         double* inertia) {
  return guarded("fecontact_mass_properties", -1, [&] {
    const Elements elements =
        elements_of(n_elements, element_types, element_offsets, element_nodes, densities, n_nodes, xyz);
    const fecontact::ElementMassResult result = fecontact::element_mass_properties(elements.mesh, elements.densities);
    if (result.status == fecontact::ElementMassStatus::invalid_elements) {
      const fecontact::InvalidElement& first =
          *std::min_element(result.invalid_elements.begin(), result.invalid_elements.end(),
                            [](const auto& a, const auto& b) { return a.id < b.id; });
      throw ArgumentError("element " + std::to_string(first.id) +
                          " is inverted or degenerate (smallest Jacobian determinant " +
                          fecontact::detail::number_text(first.min_jacobian) + "; " + std::to_string(result.invalid_elements.size()) +
                          " such elements)");
    }
    const fecontact::MassProperties& p = result.properties;
    if (volume) *volume = p.volume;
    if (mass) *mass = p.mass;
    if (center_of_mass) std::copy(p.center_of_mass.data(), p.center_of_mass.data() + 3, center_of_mass);
    if (inertia) std::copy(p.inertia.data(), p.inertia.data() + 9, inertia);  // Eigen: column-major
    return 0;
  });
}
