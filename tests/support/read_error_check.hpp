// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The check of reader errors: the file, line (and column) and text of the ReadError thrown.

#include <boost/test/unit_test.hpp>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "fecontact/io/read_error.hpp"

namespace fecontact::test {

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

/// The same, and the error names `column` as well.
template <class Read>
std::optional<ReadError> expect_read_error(Read&& read, const std::filesystem::path& file, std::size_t line,
                                           std::size_t column, std::string_view text) {
  auto error = expect_read_error(std::forward<Read>(read), file, line, text);
  if (error) BOOST_TEST(error->column() == column, error->what());
  return error;
}

}  // namespace fecontact::test
