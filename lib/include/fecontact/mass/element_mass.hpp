// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Mass properties of solid element blocks by exact quadrature (mass_quadrature.hpp): tet4 in
// closed form, every other volume type isoparametrically with the rule of mass_quadrature_degree,
// which is exact for straight and curved elements alike.
//
// All moments are integrated about the bounding-box centre of the selected elements' nodes, not
// about the global origin, so a body far from the origin keeps full precision. Sums are
// ordered_reduce over fixed chunks: the result is bit-identical for any thread count.

#include <span>
#include <vector>

#include "fecontact/mass/mass_properties.hpp"
#include "fecontact/mesh/mesh.hpp"
#include "fecontact/types.hpp"

namespace fecontact {

/// An element whose Jacobian determinant is ≤ 0 (or not finite) at one of its quadrature points
/// (tet4: its signed volume is ≤ 0): inverted, degenerate or wrongly numbered.
struct InvalidElement {
  ElementRef element;
  FileId id = 0;               ///< the element's id in the file
  double min_jacobian = 0;     ///< the smallest det J over its quadrature points (tet4: 6·volume)
};

enum class ElementMassStatus {
  ok,
  empty,             ///< no element selected: properties are all zero
  invalid_elements,  ///< see invalid_elements; properties then hold the signed integrals and
                     ///< must not be used
};

struct ElementMassResult {
  ElementMassStatus status = ElementMassStatus::ok;
  MassProperties properties;
  std::vector<InvalidElement> invalid_elements;  ///< in block order, then element order
};

/// Mass properties of the union of the mesh blocks `blocks` (indices into mesh.blocks, each at
/// most once), with `densities[b]` the density of mesh block b (empty span: density 1 for all;
/// otherwise one per mesh block). Preconditions: every listed block holds a volume element type
/// (is_volume), its connectivity indexes mesh.coordinates.
ElementMassResult element_mass_properties(const Mesh& mesh, std::span<const Index> blocks,
                                          std::span<const double> densities = {});

/// The same for every volume-element block of the mesh (surface-element blocks are left out).
ElementMassResult element_mass_properties(const Mesh& mesh, std::span<const double> densities = {});

}  // namespace fecontact
