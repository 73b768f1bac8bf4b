#include "fecontact/io/read_error.hpp"

namespace fecontact {
namespace {
std::string format(const std::string& file, std::size_t line, std::size_t column,
                   const std::string& message) {
  std::string where = file;
  // Appended piece by piece: GCC 12's -Wrestrict misfires on ":" + std::to_string(...).
  if (line > 0) where.append(":").append(std::to_string(line));
  if (column > 0) where.append(":").append(std::to_string(column));
  return where + ": " + message;
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
