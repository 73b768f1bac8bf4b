// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Cattaneo–Mindlin (Johnson, Contact Mechanics, 1985, §7.1) in examples/implicit_contact: an
// elastic half sphere pressed by P onto a block of the same material, then sheared by T in steps,
// with Coulomb friction on fecontact's mortar data (dual basis) by a stick/slip active set, and
// its stick radius and tangential traction against the closed form. README.md, section 3.

#include <filesystem>
#include <vector>

#include <fecontact/core.hpp>

#include "command_line.hpp"
#include "linear_elasticity.hpp"

namespace implicit {

struct CattaneoMindlinOptions {
  std::filesystem::path geo = FECONTACT_SPHERE_ON_BLOCK_GEO;  // sphere_on_block.geo
  double size_contact = 0.015, size_max = 0.2, growth = 0.3;  // its mesh sizes
  int order = 1;  // of the elements: 1 tet4, 2 tet10 (the .geo file's Mesh.ElementOrder)
  int steps = 5;  // tangential load steps to T = 0.5μP (of 0.1μP), then on to 0.8μP
  // --check's bands, from the default mesh's figures, not the 5 % (README.md, section 3).
  double stick_tolerance = 0.10, traction_tolerance = 0.30;

  /// Takes --cattaneo-geo, --cattaneo-size-contact, --cattaneo-size-max, --cattaneo-growth,
  /// --cattaneo-order, --cattaneo-steps, --stick-tolerance and --traction-tolerance; false for
  /// another option.
  bool parse(solver::Option& option);
};

/// The figures at one load ratio T/(μP).
struct CattaneoMindlinLoad {
  double load_ratio;
  double contact_radius;            // Hertz's a for the run's P (the closed form's input)
  double measured_contact_radius;   // √(2 Σ A_j / π) over the nodes in contact (half model)
  double stick_radius;              // √(2 Σ A_j / π) over the stick nodes
  double closed_form_stick_radius;  // a (1 − T/(μP))^{1/3}
  double traction_profile_error;    // ‖q − q_CM‖ / ‖q_CM‖, L2 over r < 0.9a, weights A_j
  int iterations;                   // stick/slip active-set iterations of the last load step
};

struct CattaneoMindlin {
  std::vector<CattaneoMindlinLoad> loads;  // at T/(μP) = 0.5 and 0.8
  fecontact::ElementType type = fecontact::ElementType::tet4;  // in both bodies
  fecontact::Index elements = 0;           // in both bodies
  fecontact::Index fewest_stick_nodes = 0;  // over every load step: > 0 means no gross sliding
  double mortar_seconds = 0;                // inside fecontact's MortarIntegration::compute
};

/// Meshes `o.geo` with `gmsh` and solves the problem for `material` (both bodies) and friction
/// coefficient 0.3; throws std::runtime_error if a step does not converge or slides (no stick node).
CattaneoMindlin cattaneo_mindlin(const CattaneoMindlinOptions& o, const Material& material,
                                 const std::filesystem::path& gmsh);

}  // namespace implicit
