// SPDX-License-Identifier: BSD-3-Clause
#include "fecontact/io/read_error.hpp"

namespace fecontact {
namespace {
std::string format(const std::string& file, std::size_t line, std::size_t column,
                   const std::string& message) {
  // Appends only: g++ 12 warns falsely (-Wrestrict) on `":" + std::to_string(...)`.
  std::string where = file;
  if (line > 0) where.append(":").append(std::to_string(line));
  if (column > 0) where.append(":").append(std::to_string(column));
  return where.append(": ").append(message);
}
}  // namespace

ReadError::ReadError(std::string file, std::size_t line, std::size_t column,
                     const std::string& message)
    : std::runtime_error(format(file, line, column, message)),
      file_(std::move(file)),
      line_(line),
      column_(column),
      message_(message) {}

}  // namespace fecontact
