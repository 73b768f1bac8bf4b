// SPDX-License-Identifier: BSD-3-Clause
// Spectral patches in a build without Spectra (Debian libspectra-dev): the call says so.
// contact/CMakeLists.txt compiles this file instead of spectral_patches.cpp.

#include <stdexcept>

#include "fecontact/contact/spectral_patches.hpp"

namespace fecontact {

SpectralPatches spectral_patches(const Surface&, Index) {
  throw std::runtime_error(
      "spectral-patch leaves need Spectra: fecontact was built without it (Debian libspectra-dev); "
      "use face leaves");
}

}  // namespace fecontact
