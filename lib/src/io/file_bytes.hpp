#pragma once
// Private to the readers: a whole input file in memory, so that parsing is a walk over one
// buffer and a binary block's size can be checked against the file before anything is allocated.

#include <filesystem>
#include <string>

namespace fecontact::detail {

/// The bytes of `path`. Throws ReadError (line 0) when the file cannot be opened or read.
std::string read_file_bytes(const std::filesystem::path& path);

}  // namespace fecontact::detail
