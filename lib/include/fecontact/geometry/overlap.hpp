// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Overlap tests between bounding volumes by the separating-axis theorem.

#include "fecontact/geometry/aabb.hpp"
#include "fecontact/geometry/obb.hpp"

namespace fecontact {

/// 15-axis separating-axis test (Gottschalk 1996; Ericson 2005, "Real-Time Collision Detection"
/// §4.4.1). `epsilon` (dimensionless, e.g. 1e-12) is added to the absolute rotation terms so that
/// near-parallel edges, whose cross products are near zero, cannot produce a false separation.
/// Conservative: may report an overlap for boxes closer than about epsilon × their size. Empty
/// boxes overlap nothing.
bool overlap(const Obb& a, const Obb& b, double epsilon);

/// OBB against AABB: the AABB taken as an OBB with identity axes.
bool overlap(const Obb& a, const Aabb& b, double epsilon);

}  // namespace fecontact
