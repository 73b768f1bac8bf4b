#include "fecontact/bvh/patches.hpp"

namespace fecontact {

Patches face_patches(const Surface& surface) {
  Patches patches;
  patches.offsets.resize(surface.faces.size() + 1);
  patches.values.resize(surface.faces.size());
  for (Index f = 0; f < surface.size(); ++f) {
    patches.values[static_cast<std::size_t>(f)] = f;
    patches.offsets[static_cast<std::size_t>(f) + 1] = f + 1;
  }
  return patches;
}

}  // namespace fecontact
