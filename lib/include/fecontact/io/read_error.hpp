// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The one exception type of the readers: where the input went wrong and what was expected.

#include <cstddef>
#include <stdexcept>
#include <string>

namespace fecontact {

/// Thrown by every reader on malformed input. what() reads "FILE:LINE[:COLUMN]: MESSAGE".
/// line and column are 1-based; 0 means unknown (for a binary block, line is the line of the
/// section header and the message gives the byte offset).
class ReadError : public std::runtime_error {
 public:
  ReadError(std::string file, std::size_t line, std::size_t column, const std::string& message);

  const std::string& file() const { return file_; }
  std::size_t line() const { return line_; }
  std::size_t column() const { return column_; }
  const std::string& message() const { return message_; }

 private:
  std::string file_;
  std::size_t line_;
  std::size_t column_;
  std::string message_;
};

}  // namespace fecontact
