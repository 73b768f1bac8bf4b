// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Spectral-patch leaves need the library built with Spectra (FECONTACT_HAS_SPECTRA, set by
// tests/CMakeLists.txt). A case that builds them has the label "spectra" and the precondition
// spectra_built: without Spectra, Boost.Test skips it with the reason and ctest reports
// contact_spectra skipped.

#include <boost/test/unit_test.hpp>

namespace fecontact::test {

inline constexpr bool spectra_built =
#ifdef FECONTACT_HAS_SPECTRA
    true;
#else
    false;
#endif

/// Precondition: the library was built with Spectra.
inline boost::test_tools::assertion_result spectra_found(boost::unit_test::test_unit_id) {
  boost::test_tools::assertion_result found(spectra_built);
  if (!found) found.message() << "fecontact was built without Spectra (Debian libspectra-dev)";
  return found;
}

}  // namespace fecontact::test
