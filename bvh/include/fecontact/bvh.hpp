// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The public API of fecontact::bvh: bounding-volume hierarchies over element-surface patches.

#include "fecontact/bvh/bounding_volume.hpp"
#include "fecontact/bvh/build.hpp"
#include "fecontact/bvh/bvh.hpp"
#include "fecontact/bvh/dual_search.hpp"
#include "fecontact/bvh/find_pairs.hpp"
#include "fecontact/bvh/patch_geometry.hpp"
#include "fecontact/bvh/patches.hpp"
#include "fecontact/bvh/refit.hpp"
#include "fecontact/bvh/traversal_counters.hpp"
#include "fecontact/bvh/traverse.hpp"
