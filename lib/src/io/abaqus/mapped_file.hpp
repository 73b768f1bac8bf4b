#pragma once
// A read-only memory map of a whole file whose pages can be handed back once read, so that a
// reader streaming through a large deck keeps only a few megabytes of it resident (the pages
// come back from the page cache if read again). POSIX mmap / madvise.

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string_view>

namespace fecontact::detail::abaqus {

class MappedFile {
 public:
  /// The mapped file, or nothing when it cannot be opened or mapped.
  static std::optional<MappedFile> open(const std::filesystem::path& path);

  MappedFile(MappedFile&& other) noexcept;
  MappedFile& operator=(MappedFile&&) = delete;
  MappedFile(const MappedFile&) = delete;
  ~MappedFile();

  std::string_view text() const { return {data_, size_}; }

 private:
  MappedFile(const char* data, std::size_t size) : data_(data), size_(size) {}
  const char* data_ = nullptr;
  std::size_t size_ = 0;
};

/// Follows a scan through `text`, which must lie in a MappedFile, and releases the pages it has
/// left behind, in steps of a few megabytes. (Never on heap memory: released anonymous pages
/// come back as zeros.)
class PageReleaser {
 public:
  explicit PageReleaser(std::string_view text) : text_(text) {}
  /// The scan no longer needs text before `offset`.
  void passed(std::size_t offset) {
    if (offset >= released_ + step) release(offset);
  }

 private:
  static constexpr std::size_t step = std::size_t{8} << 20;
  void release(std::size_t offset);
  std::string_view text_;
  std::size_t released_ = 0;
};

}  // namespace fecontact::detail::abaqus
