// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// An OBB's enclosing AABB and an AABB as an OBB: how the mixed overlap test and the tests'
// brute-force references move between the two kinds of box.

#include "fecontact/geometry/aabb.hpp"
#include "fecontact/geometry/obb.hpp"

namespace fecontact::detail {

/// The AABB of an OBB (tight for the box).
Aabb bounding_aabb(const Obb& box);

/// The AABB as an OBB with identity axes.
Obb to_obb(const Aabb& box);

}  // namespace fecontact::detail
