// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Private to the readers: a whole input file mapped read-only, whose pages a reader hands back
// once it has passed them, so that streaming through a large file keeps only a few megabytes of
// it resident (the pages come back from the page cache if read again). POSIX mmap / madvise.

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>

namespace fecontact::detail {

class MappedFile {
 public:
  /// Maps `path`. Throws ReadError (line 0) when it is not a regular file that can be read.
  explicit MappedFile(const std::filesystem::path& path);
  MappedFile(MappedFile&& other) noexcept;
  MappedFile& operator=(MappedFile&&) = delete;
  MappedFile(const MappedFile&) = delete;
  ~MappedFile();

  const std::string& name() const { return name_; }  ///< the path as given, for messages
  std::string_view text() const { return {data_, size_}; }

  /// Hands back the whole pages inside text()[begin, end): read again, they are mapped anew.
  void release(std::size_t begin, std::size_t end) const;

 private:
  std::string name_;
  const char* data_ = nullptr;
  std::size_t size_ = 0;
};

}  // namespace fecontact::detail
