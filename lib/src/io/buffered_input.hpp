#pragma once
// A file read through a fixed-size buffer, as whitespace-separated tokens or as raw bytes, with
// the line number and byte offset of the read position for error messages. The buffer keeps the
// readers' memory independent of the file's size (a 1 GB mesh is not held twice).

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace fecontact::detail {

class BufferedInput {
 public:
  /// Opens `path`; throws ReadError when it cannot be read.
  explicit BufferedInput(const std::filesystem::path& path);
  ~BufferedInput();
  BufferedInput(const BufferedInput&) = delete;
  BufferedInput& operator=(const BufferedInput&) = delete;

  const std::string& file() const { return file_; }
  std::size_t line() const { return line_; }               ///< 1-based line of the read position
  std::uint64_t offset() const { return offset_ + pos_; }  ///< byte offset of the read position
  std::uint64_t remaining() const { return size_ - offset(); }  ///< bytes left in the file

  /// The next whitespace-separated token (valid until the next call), empty at end of file.
  std::string_view token();
  /// A double-quoted string on the current line (the quotes dropped), after optional blanks.
  std::string quoted();
  /// Skips blanks up to and including the end of the current line (the text before binary data).
  void skip_line_end();
  /// Copies the next n bytes to out; false if the file ends first.
  bool read_bytes(void* out, std::size_t n);
  /// Moves past the next occurrence of `marker`; false if the file ends first.
  bool skip_past(std::string_view marker);

  /// Throws ReadError for the current line.
  [[noreturn]] void fail(const std::string& message) const;
  [[noreturn]] void fail_at(std::size_t line, const std::string& message) const;

 private:
  /// Moves the bytes from `keep` on to the front and reads more; false at end of file.
  bool refill(std::size_t keep);

  std::string file_;
  std::FILE* stream_ = nullptr;
  std::vector<char> buffer_;
  std::size_t pos_ = 0, end_ = 0;
  std::uint64_t offset_ = 0;  // file offset of buffer_[0]
  std::uint64_t size_ = 0;
  std::size_t line_ = 1;
};

}  // namespace fecontact::detail
