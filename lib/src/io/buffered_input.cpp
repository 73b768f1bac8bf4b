#include "buffered_input.hpp"

#include <algorithm>
#include <cstring>
#include <system_error>

#include "fecontact/io/read_error.hpp"

namespace fecontact::detail {
namespace {
constexpr std::size_t buffer_size = std::size_t{1} << 20;  // also the longest token accepted

bool is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}
}  // namespace

BufferedInput::BufferedInput(const std::filesystem::path& path) : file_(path.string()) {
  std::error_code error;
  size_ = std::filesystem::file_size(path, error);
  if (!error) stream_ = std::fopen(path.c_str(), "rb");
  if (stream_ == nullptr) throw ReadError(file_, 0, 0, "cannot open the file for reading");
  // A small file needs no 1 MiB buffer (one byte more than the file keeps refill's end check).
  buffer_.resize(static_cast<std::size_t>(std::min<std::uint64_t>(buffer_size, size_ + 1)));
}

BufferedInput::~BufferedInput() { std::fclose(stream_); }

bool BufferedInput::refill(std::size_t keep) {
  std::memmove(buffer_.data(), buffer_.data() + keep, end_ - keep);
  offset_ += keep;
  pos_ -= keep;
  end_ -= keep;
  const std::size_t got = std::fread(buffer_.data() + end_, 1, buffer_.size() - end_, stream_);
  end_ += got;
  return got > 0;
}

std::string_view BufferedInput::token() {
  for (;;) {
    while (pos_ < end_ && is_blank(buffer_[pos_])) line_ += buffer_[pos_++] == '\n';
    if (pos_ < end_) break;
    if (!refill(pos_)) return {};
  }
  std::size_t start = pos_;
  for (;;) {
    while (pos_ < end_ && !is_blank(buffer_[pos_])) ++pos_;
    if (pos_ < end_) break;
    if (start == 0 && end_ == buffer_.size()) fail("a token longer than 1 MiB");
    const bool more = refill(start);
    start = 0;
    if (!more) break;
  }
  return {buffer_.data() + start, pos_ - start};
}

std::string BufferedInput::quoted() {
  for (;;) {
    while (pos_ < end_ && (buffer_[pos_] == ' ' || buffer_[pos_] == '\t')) ++pos_;
    if (pos_ < end_ || !refill(pos_)) break;
  }
  if (pos_ == end_ || buffer_[pos_] != '"') fail("expected a double-quoted name");
  std::string text;
  for (++pos_;; ++pos_) {
    if (pos_ == end_ && !refill(pos_)) fail("unterminated quoted name");
    const char c = buffer_[pos_];
    if (c == '"') break;
    if (c == '\n') fail("unterminated quoted name");
    text += c;
  }
  ++pos_;
  return text;
}

void BufferedInput::skip_line_end() {
  for (;;) {
    if (pos_ == end_ && !refill(pos_)) return;
    const char c = buffer_[pos_];
    if (c == '\n') {
      ++pos_;
      ++line_;
      return;
    }
    if (!is_blank(c)) fail("expected the end of the line");
    ++pos_;
  }
}

bool BufferedInput::read_bytes(void* out, std::size_t n) {
  auto* dst = static_cast<char*>(out);
  while (n > 0) {
    if (pos_ == end_ && !refill(pos_)) return false;
    const std::size_t take = std::min(n, end_ - pos_);
    std::memcpy(dst, buffer_.data() + pos_, take);
    line_ += static_cast<std::size_t>(std::count(dst, dst + take, '\n'));
    pos_ += take;
    dst += take;
    n -= take;
  }
  return true;
}

bool BufferedInput::skip_past(std::string_view marker) {
  for (;;) {
    const auto begin = buffer_.begin() + static_cast<std::ptrdiff_t>(pos_);
    const auto last = buffer_.begin() + static_cast<std::ptrdiff_t>(end_);
    const auto hit = std::search(begin, last, marker.begin(), marker.end());
    const auto stop = hit == last
                          ? last - std::min<std::ptrdiff_t>(
                                       last - begin, static_cast<std::ptrdiff_t>(marker.size()) - 1)
                          : hit + static_cast<std::ptrdiff_t>(marker.size());
    line_ += static_cast<std::size_t>(std::count(begin, stop, '\n'));
    pos_ = static_cast<std::size_t>(stop - buffer_.begin());
    if (hit != last) return true;
    if (!refill(pos_)) return false;
  }
}

void BufferedInput::fail(const std::string& message) const { fail_at(line_, message); }

void BufferedInput::fail_at(std::size_t line, const std::string& message) const {
  throw ReadError(file_, line, 0, message);
}

}  // namespace fecontact::detail
