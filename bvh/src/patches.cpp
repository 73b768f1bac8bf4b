// SPDX-License-Identifier: BSD-3-Clause
#include "fecontact/bvh/patches.hpp"

#include <numeric>
#include <utility>

namespace fecontact {

Patches face_patches(const Surface& surface) {
  // Filled as whole arrays rather than by resizing the default {0}: g++ 12 warns falsely
  // (-Warray-bounds) when a one-element vector made from an initializer list is grown.
  std::vector<Index> offsets(surface.faces.size() + 1);
  std::vector<Index> values(surface.faces.size());
  std::iota(offsets.begin(), offsets.end(), Index{0});
  std::iota(values.begin(), values.end(), Index{0});
  Patches patches;
  patches.offsets = std::move(offsets);
  patches.values = std::move(values);
  return patches;
}

}  // namespace fecontact
