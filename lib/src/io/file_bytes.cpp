#include "file_bytes.hpp"

#include <cerrno>
#include <fstream>
#include <iterator>
#include <system_error>

#include "fecontact/io/read_error.hpp"

namespace fecontact::detail {

std::string read_file_bytes(const std::filesystem::path& path) {
  std::error_code ignored;
  if (std::filesystem::is_directory(path, ignored)) {
    throw ReadError(path.string(), 0, 0, "cannot read the file: it is a directory");
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    throw ReadError(path.string(), 0, 0,
                    "cannot open the file: " + std::generic_category().message(errno));
  }
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) throw ReadError(path.string(), 0, 0, "cannot read the file");
  return bytes;
}

}  // namespace fecontact::detail
