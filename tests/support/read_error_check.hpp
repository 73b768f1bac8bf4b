#pragma once
// Checks of reader errors: what() holds the expected place and text.

#include <boost/test/unit_test.hpp>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "fecontact/io/read_error.hpp"

namespace fecontact::test {

/// Predicate for BOOST_CHECK_EXCEPTION: true when what() contains `place` (e.g.
/// "path/to/file.obj:7:3: ") and `text`; logs what() so that a failing check shows the message.
inline auto error_mentions(std::string place, std::string text = "") {
  return [place = std::move(place), text = std::move(text)](const ReadError& error) {
    const std::string what = error.what();
    BOOST_TEST_MESSAGE("ReadError: " << what);
    return what.find(place) != std::string::npos && what.find(text) != std::string::npos;
  };
}

/// Checks that `read()` throws a ReadError naming `file` and `line` (0: the file as a whole),
/// whose what() begins with "file:line:" (or "file:") and whose message contains `text`.
/// Returns it for further checks; nothing (the test has failed) when none was thrown.
template <class Read>
std::optional<ReadError> expect_read_error(Read&& read, const std::filesystem::path& file, std::size_t line,
                                           std::string_view text = "") {
  try {
    read();
  } catch (const ReadError& error) {
    BOOST_TEST_MESSAGE("ReadError: " << error.what());
    const std::string place = file.string() + (line > 0 ? ":" + std::to_string(line) : std::string()) + ":";
    BOOST_TEST(error.file() == file.string());
    BOOST_TEST(error.line() == line);
    BOOST_TEST(std::string_view(error.what()).starts_with(place), error.what());
    BOOST_TEST(error.message().find(text) != std::string::npos, error.what());
    return error;
  }
  BOOST_ERROR("no ReadError from " << file << "; expected line " << line << ": " << text);
  return std::nullopt;
}

}  // namespace fecontact::test
