// SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Buffered output for benchmarks that write large input files (meshes, decks) at run time.

#include <charconv>
#include <cstdio>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>

namespace fecontact::bench {

/// Streams text, numbers and raw bytes to a file through a 1 MiB buffer.
class FileWriter {
 public:
  explicit FileWriter(const std::filesystem::path& path) : file_(std::fopen(path.c_str(), "wb")) {
    if (file_ == nullptr) throw std::runtime_error("cannot write " + path.string());
  }
  ~FileWriter() {
    flush();
    std::fclose(file_);
  }
  FileWriter(const FileWriter&) = delete;
  FileWriter& operator=(const FileWriter&) = delete;

  void bytes(const void* data, std::size_t n) {
    if (buffer_.size() + n > (1u << 20)) flush();
    buffer_.append(static_cast<const char*>(data), n);
  }
  void text(std::string_view s) { bytes(s.data(), s.size()); }
  /// The value's bytes as they are in memory (little-endian here), for binary formats.
  template <class T>
  void raw(T value) {
    bytes(&value, sizeof value);
  }
  /// The shortest text that reads back to `value`, then `after` unless it is '\0'.
  template <class T>
  void number(T value, char after = '\0') {
    char digits[32];
    const auto end = std::to_chars(digits, digits + sizeof digits, value).ptr;
    bytes(digits, static_cast<std::size_t>(end - digits));
    if (after != '\0') bytes(&after, 1);
  }
  /// `value` in scientific notation with `precision` digits after the point.
  void scientific(double value, int precision) {
    char digits[32];
    const auto end =
        std::to_chars(digits, digits + sizeof digits, value, std::chars_format::scientific, precision).ptr;
    bytes(digits, static_cast<std::size_t>(end - digits));
  }

 private:
  void flush() {
    std::fwrite(buffer_.data(), 1, buffer_.size(), file_);
    buffer_.clear();
  }
  std::FILE* file_;
  std::string buffer_;
};

}  // namespace fecontact::bench
