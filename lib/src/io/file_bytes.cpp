#include "file_bytes.hpp"

#include <cerrno>
#include <fstream>
#include <system_error>

#include "fecontact/io/read_error.hpp"

namespace fecontact::detail {

std::string read_file_bytes(const std::filesystem::path& path) {
  const std::string file = path.string();
  std::error_code error;
  if (std::filesystem::is_directory(path, error)) {
    throw ReadError(file, 0, 0, "cannot read the file: it is a directory");
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    throw ReadError(file, 0, 0, "cannot open the file: " + std::generic_category().message(errno));
  }
  // One read of the whole size: much faster than a character-by-character stream iterator.
  const std::uintmax_t size = std::filesystem::file_size(path, error);
  if (error) throw ReadError(file, 0, 0, "cannot read the file size: " + error.message());
  std::string bytes(static_cast<std::size_t>(size), '\0');
  in.read(bytes.data(), static_cast<std::streamsize>(size));
  if (static_cast<std::uintmax_t>(in.gcount()) != size) {
    throw ReadError(file, 0, 0, "cannot read the file: it ended before its size");
  }
  return bytes;
}

}  // namespace fecontact::detail
