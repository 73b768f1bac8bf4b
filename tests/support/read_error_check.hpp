#pragma once
// Predicate for BOOST_CHECK_EXCEPTION on reader errors: what() holds the expected place and text.

#include <boost/test/unit_test.hpp>
#include <string>

#include "fecontact/io/read_error.hpp"

namespace fecontact::test {

/// True when what() contains `place` (e.g. "path/to/file.obj:7:3: ") and `text`; logs what() so
/// that a failing check shows the message.
inline auto error_mentions(std::string place, std::string text = "") {
  return [place = std::move(place), text = std::move(text)](const ReadError& error) {
    const std::string what = error.what();
    BOOST_TEST_MESSAGE("ReadError: " << what);
    return what.find(place) != std::string::npos && what.find(text) != std::string::npos;
  };
}

}  // namespace fecontact::test
