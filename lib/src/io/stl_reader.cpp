// SPDX-License-Identifier: BSD-3-Clause
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

#include "fecontact/detail/ascii.hpp"
#include "fecontact/io/read_error.hpp"
#include "fecontact/mesh/weld.hpp"
#include "mapped_file.hpp"
#include "text_cursor.hpp"
#include "triangle_mesh.hpp"

namespace fecontact {
namespace {

// Binary STL: an 80-byte header, a little-endian uint32 triangle count, then per triangle 50
// bytes: normal and three vertices as little-endian float32 triples, and a 2-byte attribute.
constexpr std::size_t header_bytes = 84;
constexpr std::size_t triangle_bytes = 50;
// Three node indices per triangle, all numbered by Index.
constexpr std::size_t max_triangles = (std::numeric_limits<Index>::max() - 1) / 3;
const std::string too_many = "too many triangles (at most (2^31 - 2) / 3 supported)";

std::uint32_t read_u32_le(const char* p) {
  std::array<unsigned char, 4> b{};
  std::memcpy(b.data(), p, 4);
  return std::uint32_t{b[0]} | std::uint32_t{b[1]} << 8 | std::uint32_t{b[2]} << 16 |
         std::uint32_t{b[3]} << 24;
}

std::uint64_t declared_binary_size(std::string_view bytes) {
  return header_bytes + triangle_bytes * std::uint64_t{read_u32_le(bytes.data() + 80)};
}

// Through a cursor, which hands back the pages it has scanned: an ASCII file of gigabytes is
// not held to find that it has no NUL.
bool holds_nul(const detail::MappedFile& file) {
  detail::TextCursor scan(file);
  while (!scan.at_end()) {
    const auto n = static_cast<std::size_t>(std::min<std::uint64_t>(scan.remaining(), 1 << 20));
    if (std::memchr(scan.bytes(n), '\0', n) != nullptr) return true;
  }
  return false;
}

bool is_binary(const detail::MappedFile& file) {
  const std::string_view bytes = file.text();
  if (bytes.size() >= header_bytes && declared_binary_size(bytes) == bytes.size()) return true;
  const std::size_t start = bytes.find_first_not_of(" \t\r\n");
  const bool starts_solid = start != std::string_view::npos && bytes.size() - start >= 5 &&
                            detail::equals_ignoring_case(bytes.substr(start, 5), "solid");
  return !starts_solid || holds_nul(file);
}

// The triangles as they are read: vertices welded at once, three node indices per triangle.
struct Triangles {
  PointWelder welder;
  std::vector<Index> connectivity;

  void add(const Eigen::Vector3d& p) { connectivity.push_back(welder.add(p)); }
  std::size_t count() const { return connectivity.size() / 3; }
};

void read_binary(const detail::MappedFile& file, Triangles& out) {
  const std::string_view bytes = file.text();
  if (bytes.size() < header_bytes) {
    throw ReadError(file.name(), 0, 0,
                    "not an ASCII STL (no 'solid' at the start) and too short for a binary STL (" +
                        std::to_string(bytes.size()) + " bytes, the header alone has 84)");
  }
  const std::uint32_t count = read_u32_le(bytes.data() + 80);
  if (declared_binary_size(bytes) != bytes.size()) {
    throw ReadError(file.name(), 0, 0,
                    "byte 80: binary STL header declares " + std::to_string(count) +
                        " triangles, which need " + std::to_string(declared_binary_size(bytes)) +
                        " bytes, but the file has " + std::to_string(bytes.size()) +
                        " (truncated, or not an STL file)");
  }
  if (count > max_triangles) throw ReadError(file.name(), 0, 0, too_many);
  out.connectivity.reserve(3 * std::size_t{count});  // the file size above proves the count
  out.welder = PointWelder(count / 2);  // a closed surface has about half as many vertices
  detail::TextCursor in(file);
  in.bytes(header_bytes);
  for (std::size_t t = 0; t < count; ++t) {
    const char* triangle = in.bytes(triangle_bytes);
    for (std::size_t v = 0; v < 3; ++v) {
      Eigen::Vector3d p;
      for (std::size_t c = 0; c < 3; ++c) {
        const std::size_t at = 12 + 12 * v + 4 * c;  // past the normal
        const auto x = std::bit_cast<float>(read_u32_le(triangle + at));
        if (!std::isfinite(x)) {
          throw ReadError(file.name(), 0, 0,
                          "byte " + std::to_string(in.offset() - triangle_bytes + at) +
                              ": coordinate of triangle " + std::to_string(t + 1) +
                              " is not finite");
        }
        p[static_cast<Eigen::Index>(c)] = x;
      }
      out.add(p);
    }
  }
}

// The tokens of an ASCII STL, one after the other across lines.
class AsciiStl {
 public:
  AsciiStl(const detail::MappedFile& file, Triangles& out) : in_(file), out_(out) {}

  void read() {
    expect("solid");
    in_.next_line();  // the solid's name runs to the end of its line
    while (true) {
      const std::string_view token = next("'facet' or 'endsolid'");
      if (detail::equals_ignoring_case(token, "facet")) {
        if (out_.count() == max_triangles) in_.fail(too_many);
        read_facet();
      } else if (detail::equals_ignoring_case(token, "endsolid")) {
        in_.next_line();
        const std::string_view more = in_.token();
        if (more.empty()) return;
        if (!detail::equals_ignoring_case(more, "solid")) throw unexpected(more, "'solid'");
        in_.next_line();  // another solid follows
      } else {
        throw unexpected(token, "'facet' or 'endsolid'");
      }
    }
  }

 private:
  void read_facet() {
    expect("normal");
    read_point();  // the normal: checked, not kept
    expect("outer");
    expect("loop");
    for (int v = 0; v < 3; ++v) {
      expect("vertex");
      out_.add(read_point());
    }
    const std::string_view token = next("'endloop'");
    if (!detail::equals_ignoring_case(token, "endloop"))
      throw unexpected(token, "'endloop' (a facet has exactly 3 vertices)");
    expect("endfacet");
  }

  Eigen::Vector3d read_point() {
    Eigen::Vector3d p;
    for (Eigen::Index c = 0; c < 3; ++c) p[c] = in_.field<double>(next("a number"), "a number");
    return p;
  }

  // A truncated file fails right after its last token: where something more was expected.
  std::string_view next(const std::string& expected) {
    const std::string_view token = in_.token();
    if (token.empty()) in_.fail_at(last_end_, "unexpected end of file, expected " + expected);
    last_end_ = token.data() + token.size();
    return token;
  }

  void expect(std::string_view keyword) {
    std::string expected = "'";  // built by appends: GCC 12's -Wrestrict misfires on "'" + string
    expected.append(keyword).append("'");
    const std::string_view token = next(expected);
    if (!detail::equals_ignoring_case(token, keyword)) throw unexpected(token, expected);
  }

  ReadError unexpected(std::string_view token, const std::string& expected) const {
    const TextPlace place = in_.place(token.data());
    return ReadError(in_.file(), place.line, place.column,
                     "expected " + expected + ", found '" + std::string(token.substr(0, 40)) + "'");
  }

  detail::TextCursor in_;
  Triangles& out_;
  const char* last_end_ = nullptr;
};

}  // namespace

Mesh read_stl(const std::filesystem::path& path) {
  const detail::MappedFile file(path);
  if (file.text().empty()) throw ReadError(file.name(), 0, 0, "empty file, expected an STL solid");
  Triangles triangles;
  if (is_binary(file)) {
    read_binary(file, triangles);
  } else {
    AsciiStl(file, triangles).read();
  }
  if (triangles.connectivity.empty())
    throw ReadError(file.name(), 0, 0, "the STL file holds no triangle");

  std::size_t degenerate = 0;
  for (std::size_t t = 0; t < triangles.connectivity.size(); t += 3) {
    const Index* v = &triangles.connectivity[t];
    degenerate += (v[0] == v[1] || v[1] == v[2] || v[2] == v[0]) ? 1 : 0;
  }
  Mesh mesh = detail::triangle_mesh(path.stem().string(), triangles.welder.take_points(),
                                    std::move(triangles.connectivity));
  if (degenerate > 0) {
    mesh.warnings.push_back(file.name() + ": " + std::to_string(degenerate) +
                            " degenerate triangles (a vertex repeated after welding), kept");
  }
  return mesh;
}

}  // namespace fecontact
