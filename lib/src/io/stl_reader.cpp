#include "fecontact/io/stl_reader.hpp"

#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "fecontact/equals_ignoring_case.hpp"
#include "fecontact/io/read_error.hpp"
#include "fecontact/mesh/weld.hpp"
#include "file_bytes.hpp"
#include "text_tokens.hpp"
#include "triangle_mesh.hpp"

namespace fecontact {
namespace {

// Binary STL: an 80-byte header, a little-endian uint32 triangle count, then per triangle 50
// bytes: normal and three vertices as little-endian float32 triples, and a 2-byte attribute.
constexpr std::size_t header_bytes = 84;
constexpr std::size_t triangle_bytes = 50;

std::uint32_t read_u32_le(const char* p) {
  std::array<unsigned char, 4> b{};
  std::memcpy(b.data(), p, 4);
  return std::uint32_t{b[0]} | std::uint32_t{b[1]} << 8 | std::uint32_t{b[2]} << 16 |
         std::uint32_t{b[3]} << 24;
}

std::uint64_t declared_binary_size(std::string_view bytes) {
  return header_bytes + triangle_bytes * std::uint64_t{read_u32_le(bytes.data() + 80)};
}

bool is_binary(std::string_view bytes) {
  if (bytes.size() >= header_bytes && declared_binary_size(bytes) == bytes.size()) return true;
  const std::size_t start = bytes.find_first_not_of(" \t\r\n");
  const bool starts_solid = start != std::string_view::npos && bytes.size() - start >= 5 &&
                            equals_ignoring_case(bytes.substr(start, 5), "solid");
  return !(starts_solid && bytes.find('\0') == std::string_view::npos);
}

// Three vertices per triangle.
std::vector<Eigen::Vector3d> read_binary(std::string_view bytes, const std::string& file) {
  if (bytes.size() < header_bytes) {
    throw ReadError(file, 0, 0,
                    "not an ASCII STL (no 'solid' at the start) and too short for a binary STL (" +
                        std::to_string(bytes.size()) + " bytes, the header alone has 84)");
  }
  const std::uint32_t count = read_u32_le(bytes.data() + 80);
  if (declared_binary_size(bytes) != bytes.size()) {
    throw ReadError(file, 0, 0,
                    "byte 80: binary STL header declares " + std::to_string(count) +
                        " triangles, which need " + std::to_string(declared_binary_size(bytes)) +
                        " bytes, but the file has " + std::to_string(bytes.size()) +
                        " (truncated, or not an STL file)");
  }
  std::vector<Eigen::Vector3d> vertices;
  vertices.reserve(3 * std::size_t{count});  // the file size above proves the count
  for (std::size_t t = 0; t < count; ++t) {
    const std::size_t first = header_bytes + triangle_bytes * t + 12;  // past the normal
    for (std::size_t v = 0; v < 3; ++v) {
      Eigen::Vector3d p;
      for (std::size_t c = 0; c < 3; ++c) {
        const std::size_t offset = first + 12 * v + 4 * c;
        const auto x = std::bit_cast<float>(read_u32_le(bytes.data() + offset));
        if (!std::isfinite(x)) {
          throw ReadError(file, 0, 0,
                          "byte " + std::to_string(offset) + ": coordinate of triangle " +
                              std::to_string(t + 1) + " is not finite");
        }
        p[static_cast<Eigen::Index>(c)] = x;
      }
      vertices.push_back(p);
    }
  }
  return vertices;
}

// The tokens of an ASCII STL, one after the other across lines.
class AsciiStl {
 public:
  AsciiStl(std::string_view text, const std::string& file) : lines_(text), file_(file) {}

  // Three vertices per triangle.
  std::vector<Eigen::Vector3d> read() {
    std::vector<Eigen::Vector3d> vertices;
    skip_rest_of_line(expect("solid"));
    while (true) {
      const detail::Token token = next("'facet' or 'endsolid'");
      if (equals_ignoring_case(token.text, "facet")) {
        read_facet(vertices);
      } else if (equals_ignoring_case(token.text, "endsolid")) {
        skip_rest_of_line(token);
        if (!has_next()) return vertices;
        skip_rest_of_line(expect("solid"));  // another solid follows
      } else {
        throw unexpected(token, "'facet' or 'endsolid'");
      }
    }
  }

 private:
  void read_facet(std::vector<Eigen::Vector3d>& vertices) {
    expect("normal");
    read_point();  // the normal: checked, not kept
    expect("outer");
    expect("loop");
    for (int v = 0; v < 3; ++v) {
      expect("vertex");
      vertices.push_back(read_point());
    }
    const detail::Token token = next("'endloop'");
    if (!equals_ignoring_case(token.text, "endloop")) {
      throw unexpected(token, "'endloop' (a facet has exactly 3 vertices)");
    }
    expect("endfacet");
  }

  Eigen::Vector3d read_point() {
    Eigen::Vector3d p;
    for (Eigen::Index c = 0; c < 3; ++c) p[c] = detail::parse_double(next("a number"), file_);
    return p;
  }

  bool has_next() {
    while (position_ == tokens_.size()) {
      position_ = 0;
      if (!lines_.next(tokens_)) return false;  // tokens_ is left empty
    }
    return true;
  }

  detail::Token next(const std::string& expected) {
    if (!has_next()) {
      throw ReadError(file_, lines_.line_number(), 0,
                      "unexpected end of file, expected " + expected);
    }
    return tokens_[position_++];
  }

  detail::Token expect(std::string_view keyword) {
    std::string expected = "'";  // built by appends: GCC 12's -Wrestrict misfires on "'" + string
    expected.append(keyword).append("'");
    const detail::Token token = next(expected);
    if (!equals_ignoring_case(token.text, keyword)) throw unexpected(token, expected);
    return token;
  }

  // The name after "solid" or "endsolid" runs to the end of its line.
  void skip_rest_of_line(const detail::Token& keyword) {
    while (has_next() && tokens_[position_].line == keyword.line) ++position_;
  }

  ReadError unexpected(const detail::Token& token, const std::string& expected) const {
    const std::string found(token.text.substr(0, 40));
    return ReadError(file_, token.line, token.column,
                     "expected " + expected + ", found '" + found + "'");
  }

  detail::LineSplitter lines_;
  const std::string& file_;
  std::vector<detail::Token> tokens_;
  std::size_t position_ = 0;
};

}  // namespace

Mesh read_stl(const std::filesystem::path& path) {
  const std::string file = path.string();
  const std::string bytes = detail::read_file_bytes(path);
  if (bytes.empty()) throw ReadError(file, 0, 0, "empty file, expected an STL solid");
  const std::vector<Eigen::Vector3d> soup =
      is_binary(bytes) ? read_binary(bytes, file) : AsciiStl(bytes, file).read();
  if (soup.empty()) throw ReadError(file, 0, 0, "the STL file holds no triangle");
  if (soup.size() >= static_cast<std::size_t>(std::numeric_limits<Index>::max())) {
    throw ReadError(file, 0, 0, "too many triangles (at most (2^31 - 2) / 3 supported)");
  }

  WeldResult welded = weld_exact(soup);
  std::size_t degenerate = 0;
  for (std::size_t t = 0; t < welded.index.size(); t += 3) {
    const Index* v = &welded.index[t];
    degenerate += (v[0] == v[1] || v[1] == v[2] || v[2] == v[0]) ? 1 : 0;
  }
  Mesh mesh = detail::triangle_mesh(path.stem().string(), std::move(welded.points),
                                    std::move(welded.index));
  if (degenerate > 0) {
    mesh.warnings.push_back(file + ": " + std::to_string(degenerate) +
                            " degenerate triangles (a vertex repeated after welding), kept");
  }
  return mesh;
}

}  // namespace fecontact
